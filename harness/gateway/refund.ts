// refund(): the only path to refund_create.
// run → re-read order → build args → settle: idempotency record? (succeeded: answer; in flight/unknown:
// reconcile from the order's refunds; refund-settle.ts) → authorise: dispatch check (+ approval
// binding), refunds per run, customer's refund lock (one dispatch at a time per customer) → [auto:
// re-read the customer's refund history and count it again] → approval spent once
// (refund-authorise.ts) → dispatch: preview_refund dry run, compared → idempotency record BEFORE
// dispatch → refund_create with the key (pin checked, bounded retries) → complete / markUnknown
// (refund-dispatch.ts) → lock released (kept to its expiry on an unknown outcome) → receipt.
// Every verdict is journaled.
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import type { RefundReceipt, GatedRun } from '../domain/types.js';
import { ArgumentPolicyError } from '../errors.js';
import type { StepContext } from '../ports.js';
import { refundArgumentsHash } from '../policy/refund-args.js';
import { RULES } from '../policy/rules.js';
import { buildRefundArguments, gateTerms } from './refund-arguments.js';
import { authorise, authoriseUnderLock, withCustomerLock } from './refund-authorise.js';
import { checkRequest, invalidPolicy, policyOrRefuse, REFUND_TOOL, type RefundAttempt, type RefundDeps, type RefundRequest } from './refund-context.js';
import { dispatchRefund } from './refund-dispatch.js';
import { settleExisting } from './refund-settle.js';

export type { RefundDeps, RefundRequest } from './refund-context.js';

/** Facts for the check come from the store, read now by the harness itself; the arguments are built from them, never from a model. */
async function readAttempt(deps: RefundDeps, ctx: StepContext, run: GatedRun): Promise<RefundAttempt> {
  const bound = run.order!;
  const boundCtx = { ...ctx, boundOrderId: bound.orderId };
  const { order } = await deps.caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
  const facts = toOrderFacts(order, bound.refundsLast90Days);
  const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts, ...gateTerms(run.gate) });
  return { ctx, run, bound, boundCtx, order, facts, args, key: args.idempotencyKey, keyHash: refundArgumentsHash(args, deps.spec.pin), earlier: null };
}

async function refund(deps: RefundDeps, ctx: StepContext, request: RefundRequest): Promise<RefundReceipt> {
  const { run } = request;
  await checkRequest(deps, ctx, run, REFUND_TOOL);
  if (run.refund) return run.refund; // at most one refund per run: a finished one is the answer
  const policy = await policyOrRefuse(deps, ctx, REFUND_TOOL);
  const attempt = await readAttempt(deps, ctx, run);
  // A record for this key means an earlier attempt got as far as dispatch: settle it first.
  const settled = await settleExisting(deps, attempt);
  if (settled.receipt) {
    // Settled: the customer's lease an earlier attempt of this run left behind is not needed any more.
    if (attempt.facts.customerId) await deps.customerLock.release({ tenant: run.tenant, customerId: attempt.facts.customerId, owner: run.runId });
    return settled.receipt;
  }
  const authorised = await authorise(deps, { ...attempt, earlier: settled.earlier }, request, policy);
  return withCustomerLock(deps, authorised, async (held) => {
    await authoriseUnderLock(deps, authorised);
    return dispatchRefund(deps, authorised, held);
  });
}

/** The arguments previewRefund hashes for an approval: from the run's stored order facts. */
function preview(deps: RefundDeps, run: GatedRun): { args: RefundCreateInput; argsHash: string } {
  if ('invalid' in deps.policy) throw invalidPolicy(deps.policy.invalid);
  if (!run.proposal || !run.order) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no proposal or order yet');
  const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal, facts: run.order, ...gateTerms(run.gate) });
  return { args, argsHash: refundArgumentsHash(args, deps.spec.pin) };
}

export function createRefundExecutor(deps: RefundDeps) {
  return {
    refund: (ctx: StepContext, request: RefundRequest) => refund(deps, ctx, request),
    preview: (run: GatedRun) => preview(deps, run),
  };
}
