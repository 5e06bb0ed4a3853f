// process_return against Shopify: read the return, check what may be processed (return-process-plan.ts),
// and with a refund read the store's suggestedRefund for those units to split the amount over the
// order's payments (return-refund-split.ts); then returnProcess. The refund this call made is the one
// the return did not have before. returnProcess takes no idempotency key: a unit is processed once,
// so the same processing sent again is refused (conflict), and the caller settles from get_returns.
import type { ProcessReturnInput, ProcessReturnOutput } from '#shared/contracts/tools.js';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import type { GraphqlClient } from './client.js';
import { toMoney, type SuggestedRefundNode } from './mappers.js';
import { SUGGESTED_REFUND } from './queries.js';
import { refusesQuantities, returnRefusal, type ReturnUserError } from './return-errors.js';
import type { ReturnNode } from './return-mapping.js';
import { checkProcessable, refundLinesOf, returnProcessVariables } from './return-process-plan.js';
import { readReturn, summarize, type ReturnWithOrder } from './return-reads.js';
import { RETURN_PROCESS } from './return-queries.js';
import { splitReturnRefund, type ReturnRefundTransaction } from './return-refund-split.js';

type ReturnProcessData = { returnProcess: { return: ReturnNode | null; userErrors: ReturnUserError[] } | null };
type SuggestionData = { order: { suggestedRefund: SuggestedRefundNode | null } | null };

/** The refund's transactions: the amount (in the currency the customer paid) split as the store suggests for these units. */
async function refundTransactions(graphql: GraphqlClient, node: ReturnWithOrder, input: ProcessReturnInput): Promise<ReturnRefundTransaction[] | null> {
  if (!input.refund) return null;
  const { amount } = input.refund;
  const asked = amount.presentment ?? { amountMinor: amount.amountMinor, currency: amount.currency };
  const lines = refundLinesOf(node, input).map((l) => ({ ...l, restockType: 'NO_RESTOCK' }));
  const data = await graphql.request<SuggestionData>(SUGGESTED_REFUND, { id: node.order.id, refundLineItems: lines, refundShipping: false, refundDuties: [] });
  if (!data.order) throw new NotFoundError(`no order ${node.order.id} in this store`);
  if (!data.order.suggestedRefund) throw new InvalidError(`Shopify suggests no refund for these units of order ${node.order.id}`);
  return splitReturnRefund(asked, data.order.suggestedRefund);
}

/** A refusal of the quantities may be this very processing, made meanwhile: the return read again says so (conflict). */
async function refusal(graphql: GraphqlClient, input: ProcessReturnInput, errors: ReturnUserError[]): Promise<Error> {
  const refused = returnRefusal(`process return ${input.returnId}`, errors);
  if (!refusesQuantities(errors)) return refused;
  try {
    checkProcessable(await readReturn(graphql, input.returnId), input);
  } catch (error) {
    if (error instanceof ConflictError) return error;
  }
  return refused;
}

export async function processReturn(graphql: GraphqlClient, input: ProcessReturnInput): Promise<ProcessReturnOutput> {
  const before = await readReturn(graphql, input.returnId);
  checkProcessable(before, input);
  const transactions = await refundTransactions(graphql, before, input);
  const data = await graphql.request<ReturnProcessData>(RETURN_PROCESS, returnProcessVariables(input, transactions));
  const payload = data.returnProcess;
  if (!payload) throw new InvalidError('Shopify returned no returnProcess payload');
  if (payload.userErrors.length > 0) throw await refusal(graphql, input, payload.userErrors);
  if (!payload.return) throw new InvalidError('Shopify returned neither a return nor an error');
  const [summary] = await summarize(graphql, [payload.return], before.order.currencyCode);
  const earlier = new Set(before.refunds.nodes.map((r) => r.id));
  // Shopify lists a return's refunds oldest first: the one made now is the last one new to it.
  const made = transactions ? payload.return.refunds.nodes.filter((r) => !earlier.has(r.id)).at(-1) : undefined;
  return {
    return: summary!,
    refund: made ? { refundId: made.id, amount: toMoney(made.totalRefundedSet), createdAt: made.createdAt ?? '' } : null,
  };
}
