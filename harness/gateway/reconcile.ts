// Which refund on an order can be a run's own: one made since the run dispatched (its idempotency
// record was written), of exactly the run's lines and amount. Reconciliation of a refund whose outcome
// was never recorded (a crash after dispatch, a lost answer) takes the one such refund; a person
// settling a pending review (settle-review.ts) may choose only such a refund. Pure.
import type { Order, RefundCreateInput } from '#shared/contracts/tools.js';
import { mergeLines } from '../policy/amount.js';

/** Clock skew allowed between our record and the store's refund timestamp. */
export const SKEW_MS = 5 * 60_000;

type OrderRefund = Order['refunds'][number];

/** Why a refund on the order cannot be the run's: made before its dispatch, for another amount, on other lines. */
export type RefundMismatch = 'before_dispatch' | 'other_amount' | 'other_lines';

const sortedLines = (lines: RefundCreateInput['lineItems']) => mergeLines(lines).sort((a, b) => a.lineItemId.localeCompare(b.lineItemId));

/** Null when `refund` can be the run's refund (made since `dispatchedAt`, exactly `args`' lines and amount). */
export function refundMismatch(refund: OrderRefund, args: RefundCreateInput, dispatchedAt: string): RefundMismatch | null {
  if (Date.parse(refund.createdAt) < Date.parse(dispatchedAt) - SKEW_MS) return 'before_dispatch';
  // Paid in another currency (Shopify Markets): compared in it, the currency the refund was made in.
  const [made, sent] = [refund.amount.presentment ?? refund.amount, args.amount.presentment ?? args.amount];
  if (made.amountMinor !== sent.amountMinor || made.currency !== sent.currency) return 'other_amount';
  const wanted = sortedLines(args.lineItems);
  const lines = sortedLines(refund.lineItems);
  const same = lines.length === wanted.length && lines.every((l, i) => l.lineItemId === wanted[i]?.lineItemId && l.quantity === wanted[i]?.quantity);
  return same ? null : 'other_lines';
}

export function findRecordedRefund(order: Order, args: RefundCreateInput, recordCreatedAt: string): OrderRefund | null {
  const matches = order.refunds.filter((refund) => refundMismatch(refund, args, recordCreatedAt) === null);
  // Two identical refunds since our record cannot be told apart: not ours to pick, a person decides.
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
