// Maps an order the unit tests build directly (the tool contract's Order, with refundable quantities
// and the order's remainder stated outright) onto the sandbox store's order, so the fake transport
// (fixtures.ts) asks the store's own refund rules (local/sandbox/store/refund-rules.ts) instead of
// keeping a copy. What the test states as already refunded becomes one earlier refund.
import type { Order } from '#shared/contracts/tools.js';
import type { StoreOrder } from '#local/sandbox/store/state.js';

export function toStoreOrder(order: Order): StoreOrder {
  const totalMinor = order.lineItems.reduce((n, li) => n + li.unitPrice.amountMinor * li.quantity, 0);
  const receivedMinor = order.transactions.filter((t) => t.kind === 'SALE').reduce((n, t) => n + t.amount.amountMinor, 0);
  const alreadyRefundedMinor = Math.min(totalMinor, receivedMinor) - order.maximumRefundable.amountMinor;
  if (alreadyRefundedMinor < 0) {
    throw new Error(`test order ${order.number}: maximumRefundable is above what its lines cost and its sales received, which Shopify never reports`);
  }
  const earlierLines = order.lineItems
    .filter((li) => li.quantity > li.refundableQuantity)
    .map((li, i) => ({ id: `earlier-${i}`, lineItemId: li.id, quantity: li.quantity - li.refundableQuantity, subtotalMinor: 0 }));
  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    currency: order.currency,
    customerId: order.customer?.id ?? '',
    note: null,
    customAttributes: [],
    shippingAddress: null,
    lineItems: order.lineItems.map((li) => ({
      id: li.id,
      title: li.title,
      sku: li.sku,
      quantity: li.quantity,
      unitPriceMinor: li.unitPrice.amountMinor,
      customAttributes: [],
      giftCard: li.giftCard ?? false,
    })),
    transactions: order.transactions
      .filter((t) => t.kind === 'SALE')
      .map((t) => ({
        id: t.id,
        kind: 'SALE',
        status: 'SUCCESS',
        gateway: t.gateway,
        amountMinor: t.amount.amountMinor,
        createdAt: order.createdAt,
        parentId: null,
      })),
    refunds:
      earlierLines.length > 0 || alreadyRefundedMinor > 0
        ? [{ id: 'earlier', createdAt: order.createdAt, note: null, lines: earlierLines, amountMinor: alreadyRefundedMinor, transactionIds: [] }]
        : [],
    fulfillments: [],
  };
}
