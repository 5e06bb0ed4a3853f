// The sandbox store's view objects: orders, lines, refunds, transactions and suggested refunds as
// the Admin API shows them, built over SandboxStoreState for graphql-js's default field resolver.
// Apart from resolvers.ts so the queries and mutations read on their own.
import { GraphQLError } from 'graphql';
import { minorToDecimal } from '#shared/money.js';
import type { SandboxStoreState, StoreLineItem, StoreOrder, StoreRefund, StoreTransaction } from './state.js';
import { paymentsOf, splitAcrossPayments } from './payments.js';
import { linePresentmentMinor, paidCurrency, presentmentAmount, presentmentSuggestion, refundPresentmentMinor } from './presentment.js';
import { financialStatus, suggestRefund } from './refund-rules.js';

export type Args = Record<string, unknown>;
const MAX_PAGE = 250;

function moneyBag(minor: number, currency: string) {
  const money = { amount: minorToDecimal(minor, currency), currencyCode: currency };
  return { shopMoney: money, presentmentMoney: money };
}

/** Both money sets of an order's figure: the shop's, and the presentment one when the customer paid in another currency. */
function orderBag(order: StoreOrder, shopMinor: number, presentmentMinor: number | undefined) {
  if (!order.presentmentCurrency) return moneyBag(shopMinor, order.currency);
  const currency = order.presentmentCurrency;
  return {
    shopMoney: moneyBag(shopMinor, order.currency).shopMoney,
    presentmentMoney: { amount: minorToDecimal(presentmentMinor ?? 0, currency), currencyCode: currency },
  };
}

export function connection<T>(items: T[], args: Args, kind: string) {
  const first = args.first;
  if (typeof first !== 'number') throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if (first < 0 || first > MAX_PAGE) throw new GraphQLError(`first must be between 0 and ${MAX_PAGE}`, { extensions: { code: 'BAD_REQUEST' } });
  let start = 0;
  if (typeof args.after === 'string') {
    const match = /^(\w+):(\d+)$/.exec(Buffer.from(args.after, 'base64url').toString());
    if (!match || match[1] !== kind) throw new GraphQLError('Invalid cursor', { extensions: { code: 'BAD_REQUEST' } });
    start = Number(match[2]) + 1;
  }
  const cursor = (i: number) => Buffer.from(`${kind}:${i}`).toString('base64url');
  const page = items.slice(start, start + first);
  const edges = page.map((node, i) => ({ cursor: cursor(start + i), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

const receivedPresentment = (order: StoreOrder) => paymentsOf(order).reduce((n, t) => n + presentmentAmount(t), 0);
const refundedPresentment = (order: StoreOrder) => order.transactions.filter((t) => t.kind === 'REFUND').reduce((n, t) => n + presentmentAmount(t), 0);

const limit = <T>(items: T[], args: Args): T[] => (typeof args.first === 'number' ? items.slice(0, args.first) : items);

/** The fixture's lines start with the name; `formatted(withName: false)` leaves it out, as Shopify does. */
function addressView(lines: string[]) {
  return { name: lines[0] ?? null, formatted: (args: Args) => (args.withName === true ? lines : lines.slice(1)) };
}

/** An order's transaction, with its parent payment for a refund. */
export const transactionView = (order: StoreOrder, t: StoreTransaction): Record<string, unknown> => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  gateway: t.gateway,
  formattedGateway: t.gateway,
  amountSet: orderBag(order, t.amountMinor, presentmentAmount(t)),
  createdAt: t.createdAt,
  processedAt: t.createdAt,
  parentTransaction: () => {
    const parent = order.transactions.find((p) => p.id === t.parentId);
    return parent ? transactionView(order, parent) : null;
  },
});

// Shopify reports refundableQuantity for gift-card lines too; refusing them is the policy's job.
const lineItemView = (state: SandboxStoreState, order: StoreOrder, li: StoreLineItem) => ({
  id: li.id,
  title: li.title,
  name: li.title,
  sku: li.sku,
  quantity: li.quantity,
  isGiftCard: li.giftCard,
  currentQuantity: state.refundableQuantity(order, li),
  refundableQuantity: state.refundableQuantity(order, li),
  originalUnitPriceSet: orderBag(order, li.unitPriceMinor, linePresentmentMinor(li)),
  discountedUnitPriceAfterAllDiscountsSet: orderBag(order, li.unitPriceMinor, linePresentmentMinor(li)),
  originalTotalSet: orderBag(order, li.unitPriceMinor * li.quantity, linePresentmentMinor(li) * li.quantity),
  customAttributes: li.customAttributes,
});

const refundLineView = (
  state: SandboxStoreState,
  order: StoreOrder,
  line: { id: string | null; lineItemId: string; quantity: number; subtotalMinor: number; restockType?: string },
) => {
  const item = order.lineItems.find((li) => li.id === line.lineItemId);
  return {
    id: line.id,
    quantity: line.quantity,
    restockType: line.restockType ?? 'NO_RESTOCK',
    restocked: line.restockType !== undefined,
    lineItem: item ? lineItemView(state, order, item) : null,
    priceSet: orderBag(order, item?.unitPriceMinor ?? 0, item ? linePresentmentMinor(item) : 0),
    subtotalSet: orderBag(order, line.subtotalMinor, item ? linePresentmentMinor(item) * line.quantity : 0),
    totalTaxSet: moneyBag(0, order.currency),
  };
};

/** A refund, with its lines and transactions, and the order it belongs to. */
export const refundView = (state: SandboxStoreState, order: StoreOrder, r: StoreRefund) => ({
  id: r.id,
  createdAt: r.createdAt,
  note: r.note,
  order: () => orderView(state, order),
  totalRefundedSet: orderBag(order, r.amountMinor, refundPresentmentMinor(r)),
  refundLineItems: (args: Args) =>
    connection(
      r.lines.map((l) => refundLineView(state, order, l)),
      args,
      'RefundLineItem',
    ),
  transactions: (args: Args) =>
    connection(
      order.transactions.filter((t) => r.transactionIds.includes(t.id)).map((t) => transactionView(order, t)),
      args,
      'OrderTransaction',
    ),
});

/** Order.suggestedRefund: what refunding these lines (or all) would pay back, split across the payments. */
const suggestedRefund = (state: SandboxStoreState, order: StoreOrder, args: Args) => {
  const requested =
    args.suggestFullRefund === true
      ? order.lineItems.map((li) => ({ lineItemId: li.id, quantity: li.quantity }))
      : ((args.refundLineItems as { lineItemId: string; quantity: number }[] | null | undefined) ?? []);
  const { lines, subtotalMinor: subtotal, amountMinor: amount, maximumRefundableMinor: max } = suggestRefund(order, requested);
  // The same in the currency the customer paid (presentment.ts); the shop's figures when they are one.
  const paid = presentmentSuggestion(order, lines);
  const shares = splitAcrossPayments(order, amount);
  const paidShare = (id: string) => paid.shares.find((p) => p.payment.id === id);
  return {
    amountSet: orderBag(order, amount, paid.amountMinor),
    subtotalSet: orderBag(order, subtotal, paid.subtotalMinor),
    discountedSubtotalSet: orderBag(order, subtotal, paid.subtotalMinor),
    totalTaxSet: orderBag(order, 0, 0),
    maximumRefundableSet: orderBag(order, max, paid.maximumRefundableMinor),
    refundLineItems: lines.map((l) => refundLineView(state, order, { id: null, ...l })),
    // One per payment with something left, in the order they were made (payments.ts: an assumption).
    suggestedTransactions: shares.map((share) => ({
      kind: 'SUGGESTED_REFUND',
      gateway: share.payment.gateway,
      formattedGateway: share.payment.gateway,
      amountSet: orderBag(order, share.amountMinor, paidShare(share.payment.id)?.amountMinor),
      maximumRefundableSet: orderBag(order, share.remainingMinor, paidShare(share.payment.id)?.remainingMinor),
      parentTransaction: transactionView(order, share.payment),
    })),
  };
};

/** An order as the Admin API shows it; its connections and suggestedRefund resolve on demand. */
export function orderView(state: SandboxStoreState, order: StoreOrder) {
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
    totalPriceSet: orderBag(order, state.receivedMinor(order), receivedPresentment(order)),
    totalReceivedSet: orderBag(order, state.receivedMinor(order), receivedPresentment(order)),
    totalRefundedSet: () => orderBag(order, state.refundedMinor(order), refundedPresentment(order)),
    lineItems: (args: Args) =>
      connection(
        order.lineItems.map((li) => lineItemView(state, order, li)),
        args,
        'LineItem',
      ),
    fulfillments: (args: Args) => fulfillmentViews(state, order, args),
    refunds: (args: Args) => limit(order.refunds, args).map((r) => refundView(state, order, r)),
    transactions: (args: Args) => limit(order.transactions, args).map((t) => transactionView(order, t)),
    suggestedRefund: (args: Args) => suggestedRefund(state, order, args),
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
          const item = order.lineItems.find((li) => li.id === l.lineItemId);
          return { id: l.id, quantity: l.quantity, lineItem: item ? lineItemView(state, order, item) : null };
        }),
        a,
        'FulfillmentLineItem',
      ),
  }));
}
