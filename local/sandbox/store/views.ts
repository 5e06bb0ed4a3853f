// The sandbox store's view objects: orders and refunds as the Admin API shows them, built over
// SandboxStoreState for graphql-js's default field resolver. Lines, refund lines and transactions
// are line-views.ts's, the money fields money-views.ts's, suggestedRefund suggestion-view.ts's, an
// order's returns return-views.ts's. Apart from resolvers.ts so the queries and mutations read on their own.
import { lineItemView, refundLineView, transactionView } from './line-views.js';
import { orderMoneyView, refundMoneyView } from './money-views.js';
import { paymentsOf } from './payments.js';
import { paidCurrency, presentmentAmount, refundPresentmentMinor } from './presentment.js';
import { financialStatus, orderTotalMinor } from './refund-rules.js';
import { anyLineItem, returnsOf } from './return-units.js';
import { orderReturnStatus, returnView, type OrderViews } from './return-views.js';
import type { SandboxStoreState, StoreOrder, StoreRefund } from './state.js';
import { suggestedRefundView } from './suggestion-view.js';
import { connection, limit, orderBag, type Args } from './view-kit.js';

export { connection, transactionView, type Args };

/** What the views read: the store, and how far a fault skews an order's suggested refund (faults.ts). */
export interface ViewContext {
  state: SandboxStoreState;
  suggestionSkewMinor?: (order: StoreOrder) => number;
}

const receivedPresentment = (order: StoreOrder) => paymentsOf(order).reduce((n, t) => n + presentmentAmount(t), 0);
const refundedPresentment = (order: StoreOrder) => order.transactions.filter((t) => t.kind === 'REFUND').reduce((n, t) => n + presentmentAmount(t), 0);

/** The fixture's lines start with the name; `formatted(withName: false)` leaves it out, as Shopify does. */
function addressView(lines: string[]) {
  return { name: lines[0] ?? null, formatted: (args: Args) => (args.withName === true ? lines : lines.slice(1)) };
}

/** How a return's view builds the views of its order and refunds. */
export const orderViewsOf = (ctx: ViewContext): OrderViews => ({
  order: (order) => orderView(ctx, order),
  refund: (order, refund) => refundView(ctx, order, refund),
});

/** A refund, with its lines, shipping, duties and transactions, and the order it belongs to. */
export const refundView = (ctx: ViewContext, order: StoreOrder, r: StoreRefund): Record<string, unknown> => ({
  id: r.id,
  createdAt: r.createdAt,
  note: r.note,
  order: () => orderView(ctx, order),
  totalRefundedSet: orderBag(order, r.amountMinor, refundPresentmentMinor(r)),
  refundLineItems: (args: Args) =>
    connection(
      r.lines.map((l) => refundLineView(ctx.state, order, l)),
      args,
      'RefundLineItem',
    ),
  ...refundMoneyView(order, r),
  transactions: (args: Args) =>
    connection(
      order.transactions.filter((t) => r.transactionIds.includes(t.id)).map((t) => transactionView(order, t)),
      args,
      'OrderTransaction',
    ),
  return: () => {
    const ret = returnsOf(order).find((x) => x.refundIds.includes(r.id));
    return ret ? returnView(ctx.state, order, ret, orderViewsOf(ctx)) : null;
  },
});

/** An order as the Admin API shows it; its connections and suggestedRefund resolve on demand. */
export function orderView(ctx: ViewContext, order: StoreOrder): Record<string, unknown> {
  const { state } = ctx;
  const customer = state.customers.get(order.customerId);
  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    processedAt: order.createdAt,
    currencyCode: order.currency,
    presentmentCurrencyCode: paidCurrency(order),
    note: order.note,
    cancelledAt: order.cancelledAt ?? null,
    email: customer?.email ?? null,
    customAttributes: order.customAttributes,
    shippingAddress: order.shippingAddress ? addressView(order.shippingAddress) : null,
    customer: customer
      ? {
          id: customer.id,
          email: customer.email,
          displayName: customer.name,
          firstName: customer.name.split(' ')[0],
          lastName: customer.name.split(' ').slice(1).join(' ') || null,
        }
      : null,
    displayFinancialStatus: () => financialStatus(order),
    displayFulfillmentStatus: () => state.fulfillmentStatus(order),
    refundable: state.maximumRefundableMinor(order) > 0,
    // The order total: lines after discounts, tax, shipping, duties and tip (docs/sandbox-money.md section 3).
    totalPriceSet: orderBag(order, orderTotalMinor(order, 'shop'), orderTotalMinor(order, 'presentment')),
    totalReceivedSet: orderBag(order, state.receivedMinor(order), receivedPresentment(order)),
    totalRefundedSet: () => orderBag(order, state.refundedMinor(order), refundedPresentment(order)),
    ...orderMoneyView(order),
    lineItems: (args: Args) =>
      connection(
        order.lineItems.map((li) => lineItemView(state, order, li)),
        args,
        'LineItem',
      ),
    fulfillments: (args: Args) => fulfillmentViews(state, order, args),
    refunds: (args: Args) => limit(order.refunds, args).map((r) => refundView(ctx, order, r)),
    transactions: (args: Args) => limit(order.transactions, args).map((t) => transactionView(order, t)),
    suggestedRefund: (args: Args) => suggestedRefundView(state, order, args, ctx.suggestionSkewMinor?.(order) ?? 0),
    returns: (args: Args) =>
      connection(
        returnsOf(order).map((r) => returnView(state, order, r, orderViewsOf(ctx))),
        args,
        'Return',
      ),
    returnStatus: () => orderReturnStatus(order),
  };
}

/** An order's fulfillments (the first `first`), each with its lines. */
function fulfillmentViews(state: SandboxStoreState, order: StoreOrder, args: Args) {
  return limit(order.fulfillments, args).map((f, i) => ({
    id: f.id,
    createdAt: f.createdAt,
    deliveredAt: f.deliveredAt,
    status: 'SUCCESS',
    name: `${order.name}-F${i + 1}`,
    fulfillmentLineItems: (a: Args) =>
      connection(
        f.lines.map((l) => {
          // An exchange's fulfilment ships a line the exchange added (return-process.ts).
          const item = anyLineItem(order, l.lineItemId);
          return { id: l.id, quantity: l.quantity, lineItem: item ? lineItemView(state, order, item) : null };
        }),
        a,
        'FulfillmentLineItem',
      ),
  }));
}
