// Resolvers of the sandbox store: plain view objects over SandboxStoreState, read by graphql-js's
// default field resolver. Mirrors Shopify's behaviour where the adapter depends on it: connections
// need `first`, orders' `query` filters, suggestedRefund and the @idempotent refundCreate.
import { getDirectiveValues, GraphQLError, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { minorToDecimal } from '#shared/money.js';
import type { IdempotentRefundResult, RefundRequest, SandboxStoreState, StoreLineItem, StoreOrder, StoreRefund, StoreTransaction } from './state.js';
import { paymentsOf, splitAcrossPayments } from './payments.js';
import { linePresentmentMinor, paidCurrency, presentmentAmount, presentmentSuggestion, refundPresentmentMinor } from './presentment.js';
import { financialStatus, IdempotencyKeyMismatchError, suggestRefund } from './refund-rules.js';
import type { CancelJob, CancelJobs } from './cancel.js';

type Args = Record<string, unknown>;
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

function connection<T>(items: T[], args: Args, kind: string) {
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

/**
 * Shopify search syntax, the subset used here: `name:1001`, `name:'#1001'`, `customer_id:7001`,
 * `email:"ana@example.com"` (the order's email, which is its customer's here; case-insensitive).
 */
export function orderMatches(order: StoreOrder, query: string, emailOf: (order: StoreOrder) => string | null): boolean {
  const terms = query.match(/\w+:(?:'[^']*'|"[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const sep = term.indexOf(':');
    const key = term.slice(0, sep).toLowerCase();
    const value = term.slice(sep + 1).replace(/^['"]|['"]$/g, '');
    if (key === 'name') return order.name === (value.startsWith('#') ? value : `#${value}`);
    if (key === 'customer_id') return order.customerId.split('/').at(-1) === value.split('/').at(-1);
    if (key === 'email') return emailOf(order)?.toLowerCase() === value.toLowerCase();
    return true; // Shopify ignores unknown filters (with a search warning).
  });
}

/** The fixture's lines start with the name; `formatted(withName: false)` leaves it out, as Shopify does. */
function addressView(lines: string[]) {
  return { name: lines[0] ?? null, formatted: (args: Args) => (args.withName === true ? lines : lines.slice(1)) };
}

/** What the store tells the outside world about: its webhooks (store/webhooks.ts), its data file (server.ts). */
export interface StoreEvents {
  /** The state changed (a refund was made): called before the mutation answers. */
  changed?(): void;
  refundCreated?(order: StoreOrder, refund: StoreRefund): void;
}

/** orderCancel's jobs (cancel.ts), and whether a new job stalls (the cancelJobNeverFinishes fault). */
export interface CancelSupport {
  jobs: CancelJobs;
  stalls(): boolean;
}

/** refundCreate's `input` (as GraphQL passes it) as the store's refund request. */
export function toRefundRequest(input: Record<string, unknown>): RefundRequest {
  return {
    orderId: String(input.orderId),
    note: typeof input.note === 'string' ? input.note : null,
    currency: typeof input.currency === 'string' ? input.currency : null,
    refundLineItems: (input.refundLineItems as RefundRequest['refundLineItems'] | null | undefined) ?? [],
    transactions: ((input.transactions as RefundRequest['transactions'] | null | undefined) ?? []).map((t) => ({ ...t, amount: String(t.amount) })),
    storeCredit: (
      (input.refundMethods as { storeCreditRefund?: { amount: { amount: unknown; currencyCode: string } } | null }[] | null | undefined) ?? []
    ).flatMap((m) =>
      m.storeCreditRefund ? [{ amount: String(m.storeCreditRefund.amount.amount), currencyCode: m.storeCreditRefund.amount.currencyCode }] : [],
    ),
  };
}

export function createResolvers(state: SandboxStoreState, schema: GraphQLSchema, events: StoreEvents = {}, cancels?: CancelSupport) {
  const transactionView = (order: StoreOrder, t: StoreTransaction): Record<string, unknown> => ({
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
  const lineItemView = (order: StoreOrder, li: StoreLineItem) => ({
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
    order: StoreOrder,
    line: { id: string | null; lineItemId: string; quantity: number; subtotalMinor: number; restockType?: string },
  ) => {
    const item = order.lineItems.find((li) => li.id === line.lineItemId);
    return {
      id: line.id,
      quantity: line.quantity,
      restockType: line.restockType ?? 'NO_RESTOCK',
      restocked: line.restockType !== undefined,
      lineItem: item ? lineItemView(order, item) : null,
      priceSet: orderBag(order, item?.unitPriceMinor ?? 0, item ? linePresentmentMinor(item) : 0),
      subtotalSet: orderBag(order, line.subtotalMinor, item ? linePresentmentMinor(item) * line.quantity : 0),
      totalTaxSet: moneyBag(0, order.currency),
    };
  };

  const refundView = (order: StoreOrder, r: StoreRefund) => ({
    id: r.id,
    createdAt: r.createdAt,
    note: r.note,
    order: () => orderView(order),
    totalRefundedSet: orderBag(order, r.amountMinor, refundPresentmentMinor(r)),
    refundLineItems: (args: Args) =>
      connection(
        r.lines.map((l) => refundLineView(order, l)),
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

  const suggestedRefund = (order: StoreOrder, args: Args) => {
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
      refundLineItems: lines.map((l) => refundLineView(order, { id: null, ...l })),
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

  function orderView(order: StoreOrder) {
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
          order.lineItems.map((li) => lineItemView(order, li)),
          args,
          'LineItem',
        ),
      fulfillments: (args: Args) =>
        limit(order.fulfillments, args).map((f, i) => ({
          id: f.id,
          createdAt: f.createdAt,
          deliveredAt: f.deliveredAt,
          status: 'SUCCESS',
          name: `${order.name}-F${i + 1}`,
          fulfillmentLineItems: (a: Args) =>
            connection(
              f.lines.map((l) => {
                const item = order.lineItems.find((li) => li.id === l.lineItemId);
                return { id: l.id, quantity: l.quantity, lineItem: item ? lineItemView(order, item) : null };
              }),
              a,
              'FulfillmentLineItem',
            ),
        })),
      refunds: (args: Args) => limit(order.refunds, args).map((r) => refundView(order, r)),
      transactions: (args: Args) => limit(order.transactions, args).map((t) => transactionView(order, t)),
      suggestedRefund: (args: Args) => suggestedRefund(order, args),
    };
  }

  const idempotent = schema.getDirective('idempotent');
  const jobView = (job: CancelJob) => ({ id: job.id, done: job.done, query: () => (job.done ? queries : null) });

  const queries = {
    shop: () => ({ name: state.shop.name, currencyCode: state.shop.currency, ianaTimezone: state.shop.timeZone }),
    order: (args: Args) => {
      cancels?.jobs.settleAll();
      const order = state.orderById(String(args.id));
      return order ? orderView(order) : null;
    },
    orders: (args: Args) => {
      const emailOf = (o: StoreOrder) => state.customers.get(o.customerId)?.email ?? null;
      let orders = state.orders.filter((o) => (typeof args.query === 'string' ? orderMatches(o, args.query, emailOf) : true));
      if (args.reverse === true) orders = [...orders].reverse();
      return connection(orders.map(orderView), args, 'Order');
    },
    customer: (args: Args) => {
      const c = state.customers.get(String(args.id));
      return c ? { id: c.id, email: c.email, displayName: c.name } : null;
    },
    job: (args: Args) => {
      const job = cancels?.jobs.poll(String(args.id));
      return job ? jobView(job) : null;
    },
  };

  return {
    ...queries,
    orderCancel: (args: Args) => {
      if (!cancels) throw new GraphQLError('orderCancel is not served by this store', { extensions: { code: 'BAD_REQUEST' } });
      const method = args.refundMethod as { originalPaymentMethodsRefund?: boolean | null; storeCreditRefund?: unknown } | null | undefined;
      if (method?.storeCreditRefund) {
        return {
          job: null,
          orderCancelUserErrors: [{ field: ['refundMethod'], message: 'The sandbox cancels to the original payments only', code: 'INVALID' }],
          userErrors: [],
        };
      }
      const request = {
        orderId: String(args.orderId),
        restock: args.restock === true,
        refund: args.refund === true || method?.originalPaymentMethodsRefund === true,
        staffNote: typeof args.staffNote === 'string' ? args.staffNote : null,
      };
      const result = cancels.jobs.request(request, cancels.stalls());
      // The deprecated userErrors carry the same errors without their code, as Shopify sends both.
      const userErrors = result.userErrors.map(({ field, message }) => ({ field, message }));
      return { job: result.job ? jobView(result.job) : null, orderCancelUserErrors: result.userErrors, userErrors };
    },
    refundCreate: (args: Args, _ctx: unknown, info: GraphQLResolveInfo) => {
      const fieldNode = info.fieldNodes[0];
      const directive = idempotent && fieldNode ? getDirectiveValues(idempotent, fieldNode, info.variableValues) : undefined;
      const key = directive?.key;
      if (typeof key !== 'string') {
        throw new GraphQLError('The @idempotent directive is required for this mutation.', { extensions: { code: 'BAD_REQUEST' } });
      }
      if (key.trim() === '') throw new GraphQLError('Idempotency key cannot be an empty string.', { extensions: { code: 'BAD_REQUEST' } });
      const input = args.input as Record<string, unknown>;
      let result: IdempotentRefundResult;
      try {
        result = state.createRefundOnce(key, input, toRefundRequest(input));
      } catch (error) {
        if (!(error instanceof IdempotencyKeyMismatchError)) throw error;
        throw new GraphQLError(error.message, { extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' } });
      }
      if (result.replayed) {
        const { order, refund } = result;
        return { refund: order ? refundView(order, refund) : null, order: order ? orderView(order) : null, userErrors: [] };
      }
      if (result.refund === null) return { refund: null, order: result.order ? orderView(result.order) : null, userErrors: result.userErrors };
      events.changed?.();
      // A new refund only: a replayed key created nothing, so it sends nothing.
      events.refundCreated?.(result.order, result.refund);
      return { refund: refundView(result.order, result.refund), order: orderView(result.order), userErrors: [] };
    },
  };
}
