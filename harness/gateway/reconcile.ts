// Reconciliation of a refund whose outcome was never recorded (a crash after dispatch, a lost
// answer): the order the harness just re-read is searched for a refund of exactly these lines and
// this amount, made since the idempotency record was written. Pure; called by refund().
import type { Order, RefundCreateInput } from '#shared/contracts/tools.js';
import { mergeLines } from '../policy/amount.js';

/** Clock skew allowed between our record and the store's refund timestamp. */
const SKEW_MS = 5 * 60_000;

export function findRecordedRefund(order: Order, args: RefundCreateInput, recordCreatedAt: string): Order['refunds'][number] | null {
  const since = Date.parse(recordCreatedAt) - SKEW_MS;
  const wanted = mergeLines(args.lineItems).sort((a, b) => a.lineItemId.localeCompare(b.lineItemId));
  const matches = order.refunds.filter((refund) => {
    if (Date.parse(refund.createdAt) < since) return false;
    if (refund.amount.amountMinor !== args.amount.amountMinor || refund.amount.currency !== args.amount.currency) return false;
    const lines = mergeLines(refund.lineItems).sort((a, b) => a.lineItemId.localeCompare(b.lineItemId));
    return lines.length === wanted.length && lines.every((l, i) => l.lineItemId === wanted[i]?.lineItemId && l.quantity === wanted[i]?.quantity);
  });
  // Two identical refunds since our record cannot be told apart: not ours to pick, a person decides.
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
