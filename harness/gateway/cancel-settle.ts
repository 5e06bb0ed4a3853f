// What a cancel left on the order: orderCancel takes no idempotency key, so an attempt whose outcome
// is unknown is never sent again blind. The order is read first: cancelled, the refund the cancel
// made since the attempt's record is the receipt; not cancelled, nobody can tell whether the job is
// still running or never started, and a person checks (pending review).
import type { CancelOrderOutput, Order } from '#shared/contracts/tools.js';
import { RefundReceipt } from '../domain/types.js';

/** Refunds up to this long before the record count: the store's clock and ours may differ. */
const CLOCK_SKEW_MS = 5 * 60_000;

type OrderRefund = Order['refunds'][number];

function receiptOf(refund: OrderRefund, order: Pick<Order, 'id' | 'number'>, cancelledAt: string, key: string): RefundReceipt {
  return RefundReceipt.parse({
    refundId: refund.id,
    orderId: order.id,
    orderNumber: order.number,
    amountMinor: refund.amount.amountMinor,
    currency: refund.amount.currency,
    ...(refund.amount.presentment ? { presentment: refund.amount.presentment } : {}),
    createdAt: refund.createdAt,
    idempotencyKey: key,
    cancelledAt,
  });
}

/** The receipt of a cancel_order answer that finished: null when it did not, or names no refund. */
export function receiptFromAnswer(output: CancelOrderOutput, order: Pick<Order, 'id' | 'number'>, key: string): RefundReceipt | null {
  if (output.status !== 'cancelled' || !output.cancelledAt || !output.refund || output.orderId !== order.id) return null;
  return receiptOf(output.refund, order, output.cancelledAt, key);
}

/** The receipt the order shows for a cancel sent at `since`: cancelled, with exactly one refund made since; else null. */
export function receiptFromOrder(order: Order, since: string, key: string): RefundReceipt | null {
  if (!order.cancelledAt) return null;
  const from = Date.parse(since) - CLOCK_SKEW_MS;
  const made = order.refunds.filter((r) => Date.parse(r.createdAt) >= from);
  return made.length === 1 ? receiptOf(made[0]!, order, order.cancelledAt, key) : null;
}
