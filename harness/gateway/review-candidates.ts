// What a person settling a pending review may choose from, and why a refund they name cannot be the
// run's: the order's refunds made since the run dispatched its refund, each either a candidate (exactly
// the run's lines and amount) or set aside with the reason in words. Refunds made before the dispatch
// are never offered: they cannot be the run's. Pure.
import type { Order, RefundCreateInput } from '#shared/contracts/tools.js';
import { formatMoney } from '#shared/money.js';
import { refundMismatch, type RefundMismatch } from './reconcile.js';

/** A refund on the order since the dispatch; `mismatch` null: it can be the run's refund. */
export interface ReviewCandidate {
  refundId: string;
  createdAt: string;
  amountMinor: number;
  currency: string;
  lineItems: Array<{ lineItemId: string; title: string | null; quantity: number }>;
  mismatch: Exclude<RefundMismatch, 'before_dispatch'> | null;
}

export interface ReviewCandidates {
  orderId: string;
  orderNumber: string;
  /** When the run dispatched its refund (its idempotency record, else its refund claim). */
  dispatchedAt: string;
  /** What the run's refund was: its amount and lines. */
  expected: { amountMinor: number; currency: string; lineItems: Array<{ lineItemId: string; title: string | null; quantity: number }> };
  refunds: ReviewCandidate[];
  /** Refunds on the order made before the dispatch: never the run's, only counted. */
  olderCount: number;
}

const titled = (order: Order, lines: ReadonlyArray<{ lineItemId: string; quantity: number }>) =>
  lines.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity, title: order.lineItems.find((li) => li.id === l.lineItemId)?.title ?? null }));

export function reviewCandidates(order: Order, args: RefundCreateInput, dispatchedAt: string): ReviewCandidates {
  const refunds: ReviewCandidate[] = [];
  let olderCount = 0;
  for (const refund of order.refunds) {
    const mismatch = refundMismatch(refund, args, dispatchedAt);
    if (mismatch === 'before_dispatch') {
      olderCount += 1;
      continue;
    }
    const { amountMinor, currency } = refund.amount;
    refunds.push({ refundId: refund.id, createdAt: refund.createdAt, amountMinor, currency, lineItems: titled(order, refund.lineItems), mismatch });
  }
  const expected = { amountMinor: args.amount.amountMinor, currency: args.amount.currency, lineItems: titled(order, args.lineItems) };
  return { orderId: order.id, orderNumber: order.number, dispatchedAt, expected, refunds, olderCount };
}

/** "gid://shopify/Refund/123" as a person sees it in admin: "123". */
export const shortRefundId = (id: string): string => id.split('/').at(-1) ?? id;

/** A UTC instant as a person can read it; the console says it again in the store's time zone. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const linesInWords = (lines: ReturnType<typeof titled>) =>
  lines.map((l) => `${l.quantity} × ${l.title ?? shortRefundId(l.lineItemId)}`).join(', ') || 'no items';

/** Why `refund` cannot be the run's refund, in a sentence that says what to do instead. */
export function notThisRunsRefund(
  order: Order,
  refund: Order['refunds'][number],
  mismatch: RefundMismatch,
  args: RefundCreateInput,
  dispatchedAt: string,
): string {
  const id = shortRefundId(refund.id);
  const instead = 'Choose a refund made since then with the same items and amount, or say that no refund was made.';
  const because: Record<RefundMismatch, string> = {
    before_dispatch: `was made on ${utc(refund.createdAt)}, before this run tried to refund (${utc(dispatchedAt)})`,
    other_amount: `is for ${formatMoney(refund.amount.amountMinor, refund.amount.currency)}, but this run's refund was for ${formatMoney(args.amount.amountMinor, args.amount.currency)}`,
    other_lines: `is for ${linesInWords(titled(order, refund.lineItems))}, but this run refunded ${linesInWords(titled(order, args.lineItems))}`,
  };
  return `Refund ${id} ${because[mismatch]}, so it cannot be this run's refund. ${instead}`;
}
