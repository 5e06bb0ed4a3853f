// Settle: a record for the attempt's idempotency key means an earlier attempt got as far as
// dispatch. Succeeded: its receipt is the answer. In flight or unknown: the order just re-read is
// searched for a refund of exactly these lines and amount since the record (reconcile.ts); found,
// the record is completed with it and that is the answer. Otherwise refund() goes on and resends
// the same key (refund-dispatch.ts), so the store answers the refund if it was made after all.
import type { RefundCreateOutput } from '#shared/contracts/tools.js';
import { RefundReceipt } from '../domain/types.js';
import type { IdempotencyRecord, StepContext } from '../ports.js';
import { RULES } from '../policy/rules.js';
import { REFUND_TOOL, store, type RefundAttempt, type RefundDeps } from './refund-context.js';
import { findRecordedRefund } from './reconcile.js';

export function toReceipt(output: RefundCreateOutput, key: string, orderNumber: string): RefundReceipt {
  return RefundReceipt.parse({
    refundId: output.refundId,
    orderId: output.orderId,
    orderNumber,
    amountMinor: output.amount.amountMinor,
    currency: output.amount.currency,
    ...(output.amount.presentment ? { presentment: output.amount.presentment } : {}),
    createdAt: output.createdAt,
    idempotencyKey: key,
    ...(output.method === 'store_credit' ? { method: 'store_credit' } : {}),
  });
}

/** The receipt a record already holds, journaled as reconciled: the refund is not sent again. */
export async function answerFromRecord(
  deps: RefundDeps,
  ctx: StepContext,
  record: IdempotencyRecord,
  argsHash: string,
  detail: string,
): Promise<RefundReceipt> {
  const receipt = RefundReceipt.parse(record.result);
  await deps.caller.journalTool({
    ctx,
    name: REFUND_TOOL,
    argsHash,
    outcome: 'ok',
    detail: `refund ${receipt.refundId} ${detail}; not sent again`,
    latencyMs: 0,
    idempotencyKey: record.key,
    rule: RULES.refundReconciled,
  });
  return receipt;
}

/** What settling found: the earlier attempt's receipt, or none and the record it left (null when there is none). */
export type Settlement = { receipt: RefundReceipt } | { receipt: null; earlier: IdempotencyRecord | null };

/** The earlier attempt's receipt, when its record or the order shows one; otherwise the unsettled record, for a resend. */
export async function settleExisting(deps: RefundDeps, attempt: RefundAttempt): Promise<Settlement> {
  const { ctx, order, args, key, keyHash, bound } = attempt;
  const existing = await store('the idempotency store', () => deps.idempotency.get(key));
  if (!existing) return { receipt: null, earlier: null };
  if (existing.status === 'succeeded') return { receipt: await answerFromRecord(deps, ctx, existing, keyHash, 'already done') };
  const found = findRecordedRefund(order, args, existing.createdAt);
  if (!found) return { receipt: null, earlier: existing };
  const receipt = toReceipt(
    { refundId: found.id, orderId: order.id, amount: found.amount, createdAt: found.createdAt, method: args.method },
    key,
    bound.orderNumber,
  );
  await store('the idempotency store', () => deps.idempotency.complete(key, receipt));
  return { receipt: await answerFromRecord(deps, ctx, { ...existing, result: receipt }, keyHash, 'found on the order') };
}
