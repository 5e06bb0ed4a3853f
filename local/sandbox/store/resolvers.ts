// Resolvers of the sandbox store: plain view objects over SandboxStoreState (views.ts), read by
// graphql-js's default field resolver. Mirrors Shopify's behaviour where the adapter depends on it:
// connections need `first`, orders' `query` filters, suggestedRefund and the @idempotent refundCreate.
import { getDirectiveValues, GraphQLError, type GraphQLDirective, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { IdempotentRefundResult, RefundRequest, SandboxStoreState, StoreOrder, StoreRefund } from './state.js';
import { IdempotencyKeyMismatchError } from './refund-rules.js';
import type { CancelJob, CancelJobs } from './cancel.js';
import type { ReturnDesk } from './return-desk.js';
import { returnResolvers } from './return-resolvers.js';
import { connection, orderView, refundView, type Args, type ViewContext } from './views.js';

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
    ...shippingAndDuties(input),
  };
}

/** RefundInput's shipping and refundDuties, when given. */
function shippingAndDuties(input: Record<string, unknown>): Pick<RefundRequest, 'shipping' | 'refundDuties'> {
  const shipping = input.shipping as { amount?: unknown; fullRefund?: boolean | null } | null | undefined;
  const duties = input.refundDuties as { dutyId: string; refundType?: 'FULL' | 'PROPORTIONAL' | null }[] | null | undefined;
  return {
    ...(shipping
      ? {
          shipping: {
            amount: shipping.amount === undefined || shipping.amount === null ? null : String(shipping.amount as string | number),
            fullRefund: shipping.fullRefund === true,
          },
        }
      : {}),
    ...(duties ? { refundDuties: duties.map((d) => ({ dutyId: String(d.dutyId), refundType: d.refundType ?? null })) } : {}),
  };
}

/**
 * The resolvers over `state`. `suggestionSkewMinor`: how far suggestedRefund's amount is off for an
 * order (the skewSuggestedRefund fault; 0 without it). `returns`: the returns desk (return-desk.ts),
 * whose queries and mutations join these.
 */
export function createResolvers(
  state: SandboxStoreState,
  schema: GraphQLSchema,
  events: StoreEvents = {},
  cancels?: CancelSupport,
  suggestionSkewMinor?: (order: StoreOrder) => number,
  returns?: ReturnDesk,
) {
  const ctx: ViewContext = { state, ...(suggestionSkewMinor ? { suggestionSkewMinor } : {}) };
  const idempotent = schema.getDirective('idempotent');
  const jobView = (job: CancelJob) => ({ id: job.id, done: job.done, query: () => (job.done ? queries : null) });

  const queries = {
    shop: () => ({ name: state.shop.name, currencyCode: state.shop.currency, ianaTimezone: state.shop.timeZone }),
    order: (args: Args) => {
      cancels?.jobs.settleAll();
      const order = state.orderById(String(args.id));
      return order ? orderView(ctx, order) : null;
    },
    orders: (args: Args) => {
      const emailOf = (o: StoreOrder) => state.customers.get(o.customerId)?.email ?? null;
      let orders = state.orders.filter((o) => (typeof args.query === 'string' ? orderMatches(o, args.query, emailOf) : true));
      if (args.reverse === true) orders = [...orders].reverse();
      return connection(
        orders.map((o) => orderView(ctx, o)),
        args,
        'Order',
      );
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
    ...(returns ? returnResolvers(ctx, returns) : {}),
    orderCancel: (args: Args) => orderCancel(cancels, jobView, args),
    refundCreate: (args: Args, _context: unknown, info: GraphQLResolveInfo) => refundCreate(ctx, events, idempotent, args, info),
  };
}

/** orderCancel: a cancel job to the original payments (store credit is refused), with Shopify's two lists of user errors. */
function orderCancel<J>(cancels: CancelSupport | undefined, jobView: (job: CancelJob) => J, args: Args) {
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
}

/** refundCreate under its required @idempotent key: a replay answers the refund the key made; a new refund is announced. */
function refundCreate(ctx: ViewContext, events: StoreEvents, idempotent: GraphQLDirective | null | undefined, args: Args, info: GraphQLResolveInfo) {
  const fieldNode = info.fieldNodes[0];
  const directive = idempotent && fieldNode ? getDirectiveValues(idempotent, fieldNode, info.variableValues) : undefined;
  const key = directive?.key;
  if (typeof key !== 'string') {
    throw new GraphQLError('The @idempotent directive is required for this mutation.', { extensions: { code: 'BAD_REQUEST' } });
  }
  if (key.trim() === '') throw new GraphQLError('Idempotency key cannot be an empty string.', { extensions: { code: 'BAD_REQUEST' } });
  const input = args.input as Record<string, unknown>;
  const { state } = ctx;
  let result: IdempotentRefundResult;
  try {
    result = state.createRefundOnce(key, input, toRefundRequest(input));
  } catch (error) {
    if (!(error instanceof IdempotencyKeyMismatchError)) throw error;
    throw new GraphQLError(error.message, { extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' } });
  }
  if (result.replayed) {
    const { order, refund } = result;
    return { refund: order ? refundView(ctx, order, refund) : null, order: order ? orderView(ctx, order) : null, userErrors: [] };
  }
  if (result.refund === null) return { refund: null, order: result.order ? orderView(ctx, result.order) : null, userErrors: result.userErrors };
  events.changed?.();
  // A new refund only: a replayed key created nothing, so it sends nothing.
  events.refundCreated?.(result.order, result.refund);
  return { refund: refundView(ctx, result.order, result.refund), order: orderView(ctx, result.order), userErrors: [] };
}
