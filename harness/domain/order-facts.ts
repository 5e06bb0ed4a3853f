// Turns an order read through get_order into the facts the policy decides on. The harness and
// CheckOrder both use it, so the gate and the dispatch check see the same numbers.
import type { Order } from '#mcp/contracts/tools.js';
import type { OrderFacts } from './types.js';

const PAYMENT_KINDS = new Set(['SALE', 'CAPTURE']);

export function toOrderFacts(order: Order, refundsLast90Days: number): OrderFacts {
  const fulfilledAt = new Map<string, string>();
  for (const f of order.fulfillments) {
    for (const id of f.lineItemIds) {
      const seen = fulfilledAt.get(id);
      if (!seen || f.createdAt < seen) fulfilledAt.set(id, f.createdAt);
    }
  }
  const parent = order.transactions.find((t) => PAYMENT_KINDS.has(t.kind.toUpperCase()) && t.status.toUpperCase() === 'SUCCESS');
  return {
    orderId: order.id,
    orderNumber: order.number,
    currency: order.currency,
    customerId: order.customer?.id ?? null,
    customerEmail: order.customer?.email ?? null,
    lineItems: order.lineItems.map((li) => ({
      id: li.id,
      title: li.title,
      quantity: li.quantity,
      refundableQuantity: li.refundableQuantity,
      unitPriceMinor: li.unitPrice.amountMinor,
      fulfilledAt: fulfilledAt.get(li.id) ?? null,
    })),
    maximumRefundableMinor: order.maximumRefundable.amountMinor,
    parentTransaction: parent ? { id: parent.id, gateway: parent.gateway } : null,
    refundsLast90Days,
  };
}
