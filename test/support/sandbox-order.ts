// Maps an order the unit tests build directly (the tool contract's Order, with refundable quantities
// and the order's remainder stated outright) onto the sandbox store's order, so the fake transport
// (fixtures.ts) runs the store's own rules (local/sandbox/store/) instead of keeping a copy. The
// refunds the order lists become the store's refunds; what the test states as refunded beyond them
// (fewer refundable units, a lower remainder) becomes one earlier refund, dated when the order was placed.
import type { Order } from '#shared/contracts/tools.js';
import type { StoreOrder, StoreRefund, StoreTransaction } from '#local/sandbox/store/state.js';

class InconsistentTestOrderError extends Error {
  override readonly name = 'InconsistentTestOrderError';
  constructor(order: Order, what: string) {
    super(`test order ${order.number}: ${what}, which Shopify never reports`);
  }
}

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

/**
 * What the test states beyond the refunds it lists (fewer refundable units, a lower remainder), as the
 * lines and amount of one earlier refund, so the store's arithmetic agrees with the order.
 */
function earlierRefund(order: Order, sales: Order['transactions']) {
  const listedUnits = (lineItemId: string) => sum(order.refunds.flatMap((r) => r.lineItems.filter((l) => l.lineItemId === lineItemId).map((l) => l.quantity)));
  const earlierLines = order.lineItems.flatMap((li) => {
    const units = li.quantity - li.refundableQuantity - listedUnits(li.id);
    if (units < 0) throw new InconsistentTestOrderError(order, `line ${li.id} has more units in its listed refunds than quantity less refundableQuantity`);
    return units > 0 ? [{ lineItemId: li.id, quantity: units }] : [];
  });
  const totalMinor = sum(order.lineItems.map((li) => li.unitPrice.amountMinor * li.quantity));
  const receivedMinor = sum(sales.map((t) => t.amount.amountMinor));
  const earlierMinor = Math.min(totalMinor, receivedMinor) - order.maximumRefundable.amountMinor - sum(order.refunds.map((r) => r.amount.amountMinor));
  if (earlierMinor < 0) {
    throw new InconsistentTestOrderError(order, 'maximumRefundable is above what its lines cost and its sales received, less the refunds it lists');
  }
  return { earlierLines, earlierMinor };
}

const toStoreLineItem = (li: Order['lineItems'][number]): StoreOrder['lineItems'][number] => ({
  id: li.id,
  title: li.title,
  sku: li.sku,
  quantity: li.quantity,
  unitPriceMinor: li.unitPrice.amountMinor,
  customAttributes: [],
  giftCard: li.giftCard ?? false,
});

export function toStoreOrder(order: Order): StoreOrder {
  const sales = order.transactions.filter((t) => t.kind === 'SALE');
  const sale = sales[0];
  const unitOf = (lineItemId: string) => order.lineItems.find((li) => li.id === lineItemId)?.unitPrice.amountMinor ?? 0;
  const transactions: StoreTransaction[] = sales.map((t) => ({
    id: t.id,
    kind: 'SALE',
    status: 'SUCCESS',
    gateway: t.gateway,
    amountMinor: t.amount.amountMinor,
    createdAt: order.createdAt,
    parentId: null,
  }));

  const refunds: StoreRefund[] = [];
  const addRefund = (id: string, createdAt: string, lines: { lineItemId: string; quantity: number }[], amountMinor: number) => {
    const paid: StoreTransaction[] =
      amountMinor > 0 && sale ? [{ id: `${id}-tx`, kind: 'REFUND', status: 'SUCCESS', gateway: sale.gateway, amountMinor, createdAt, parentId: sale.id }] : [];
    transactions.push(...paid);
    refunds.push({
      id,
      createdAt,
      note: null,
      lines: lines.map((l, i) => ({ id: `${id}-line-${i}`, lineItemId: l.lineItemId, quantity: l.quantity, subtotalMinor: unitOf(l.lineItemId) * l.quantity })),
      amountMinor,
      transactionIds: paid.map((t) => t.id),
    });
  };
  for (const r of order.refunds) addRefund(r.id, r.createdAt, r.lineItems, r.amount.amountMinor);

  const { earlierLines, earlierMinor } = earlierRefund(order, sales);
  if (earlierLines.length > 0 || earlierMinor > 0) addRefund(`${order.id}/earlier`, order.createdAt, earlierLines, earlierMinor);

  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    currency: order.currency,
    customerId: order.customer?.id ?? '',
    note: null,
    customAttributes: [],
    shippingAddress: null,
    lineItems: order.lineItems.map(toStoreLineItem),
    transactions,
    refunds,
    fulfillments: [],
  };
}
