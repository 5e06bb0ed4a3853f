// The tools of the fake MCP transport (fixtures.ts) that read or change the store, served from the
// sandbox store's own state and rules (local/sandbox/store/): plain functions over the test's orders
// and the store, kept apart from the transport's scripting and call recording so each reads alone.
import type { Order, RefundCreateInput, ToolName } from '#shared/contracts/tools.js';
import type { Clock, ToolCallResult } from '#harness/ports.js';
import { financialStatus, IdempotencyKeyMismatchError, suggestRefund } from '#local/sandbox/store/refund-rules.js';
import { toRefundRequest } from '#local/sandbox/store/resolvers.js';
import type { IdempotentRefundResult, SandboxStoreState, StoreOrder, StoreRefund } from '#local/sandbox/store/state.js';
import { describeRefusal, refundCreateVariables } from '#mcp/adapters/shopify/shopify-api.js';
import { toStoreOrder } from './sandbox-order.js';

export type FakeRefund = { refundId: string; orderId: string; amount: { amountMinor: number; currency: string }; createdAt: string; method?: string };
type Failure = Extract<ToolCallResult, { ok: false }>;

/** What the tools read: the test's own orders array (so orders a test adds or edits later count), the store behind them, the clock. */
export interface FakeShop {
  orders: Order[];
  store: SandboxStoreState;
  clock: Clock;
}

const DAY_MS = 86_400_000;
const numericId = (id: string) => id.split('/').at(-1) ?? id;
const failure = (category: Failure['error']['category'], message: string): Failure => ({ ok: false, error: { category, message } });
const money = (order: StoreOrder, amountMinor: number) => ({ amountMinor, currency: order.currency });

/** The store's copy of a test order, made on first use (so orders a test adds or edits before then count). */
function storeOrder({ orders, store }: FakeShop, orderId: string): StoreOrder | undefined {
  const known = store.orderById(orderId);
  if (known) return known;
  const order = orders.find((o) => o.id === orderId);
  if (!order) return undefined;
  store.addOrder(toStoreOrder(order));
  return store.orderById(orderId);
}

/** The test's order as it now stands in the store: the refunds refund_create made here added, as Shopify's order read shows them. */
function currentOrder({ store }: FakeShop, order: Order): Order {
  const held = store.orderById(order.id);
  const made = held ? store.createdRefunds.filter((r) => held.refunds.includes(r)) : [];
  if (!held || made.length === 0) return order;
  const paidBack = new Set(made.flatMap((r) => r.transactionIds));
  return {
    ...order,
    displayFinancialStatus: financialStatus(held),
    lineItems: order.lineItems.map((li) => {
      const item = held.lineItems.find((i) => i.id === li.id)!;
      return { ...li, refundableQuantity: store.refundableQuantity(held, item) };
    }),
    transactions: [
      ...order.transactions,
      ...held.transactions
        .filter((t) => paidBack.has(t.id))
        .map((t) => ({ id: t.id, kind: t.kind, status: t.status, gateway: t.gateway, amount: money(held, t.amountMinor) })),
    ],
    refunds: [
      ...order.refunds,
      ...made.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        amount: money(held, r.amountMinor),
        lineItems: r.lines.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      })),
    ],
    maximumRefundable: money(held, store.maximumRefundableMinor(held)),
  };
}

export const refundOutput = (order: StoreOrder, refund: StoreRefund, method: RefundCreateInput['method'] = 'original_payment'): FakeRefund => ({
  refundId: refund.id,
  orderId: order.id,
  amount: money(order, refund.amountMinor),
  createdAt: refund.createdAt,
  method,
});

// refund_create as the MCP server's Shopify adapter sends it (its refundCreate variables), run by the sandbox store's resolver rules.
export function createRefund(shop: FakeShop, args: Record<string, unknown>): ToolCallResult {
  const orderId = String(args.orderId);
  storeOrder(shop, orderId);
  const variables = refundCreateVariables(args as unknown as RefundCreateInput);
  let result: IdempotentRefundResult;
  try {
    result = shop.store.createRefundOnce(variables.idempotencyKey, variables.input, toRefundRequest(variables.input));
  } catch (error) {
    if (error instanceof IdempotencyKeyMismatchError) return failure('conflict', error.message);
    throw error;
  }
  if (result.refund === null) {
    const { message, orderMissing } = describeRefusal(result.userErrors);
    return failure(orderMissing ? 'not_found' : 'invalid', message);
  }
  const order = result.order ?? storeOrder(shop, orderId)!;
  return { ok: true, output: refundOutput(order, result.refund, (args as unknown as RefundCreateInput).method) };
}

// The store's suggestedRefund over the order (with the shipping and duties asked), mapped into preview_refund's output.
function preview(shop: FakeShop, args: Record<string, unknown>): ToolCallResult {
  const order = storeOrder(shop, String(args.orderId));
  if (!order) return failure('not_found', 'order not found');
  const duties = ((args.refundDuties as string[] | undefined) ?? []).map((dutyId) => ({ dutyId, refundType: 'FULL' as const }));
  const suggested = suggestRefund(order, args.lineItems as Array<{ lineItemId: string; quantity: number }>, {
    shipping: args.refundShipping === true ? { fullRefund: true } : null,
    duties,
  });
  const sale = order.transactions.find((t) => t.kind === 'SALE');
  const maximumRefundable = money(order, suggested.maximumRefundableMinor);
  return {
    ok: true,
    output: {
      orderId: order.id,
      amount: money(order, suggested.amountMinor),
      subtotal: money(order, suggested.subtotalMinor),
      totalTax: money(order, suggested.totalTaxMinor),
      maximumRefundable,
      lineItems: suggested.lines.map((l) => ({
        lineItemId: l.lineItemId,
        quantity: l.quantity,
        subtotal: money(order, l.subtotalMinor),
        tax: money(order, l.totalTaxMinor),
      })),
      shipping: {
        amount: money(order, suggested.shipping.amountMinor),
        tax: money(order, suggested.shipping.taxMinor),
        maximumRefundable: money(order, suggested.shipping.maximumRefundableMinor),
      },
      duties: { total: money(order, suggested.dutiesMinor), items: suggested.duties.map((d) => ({ dutyId: d.dutyId, amount: money(order, d.amountMinor) })) },
      transactions: sale ? [{ parentTransactionId: sale.id, gateway: sale.gateway, amount: money(order, suggested.amountMinor), maximumRefundable }] : [],
    },
  };
}

// The refunds of the customer's orders made in the last `sinceDays` days, as the MCP server reads them.
function refundHistory(shop: FakeShop, args: Record<string, unknown>): ToolCallResult {
  const { orders, clock } = shop;
  const customerId = String(args.customerId);
  const since = clock.now().getTime() - Number(args.sinceDays ?? 90) * DAY_MS;
  const mine = orders.filter((o) => o.customer && numericId(o.customer.id) === numericId(customerId)).flatMap((o) => storeOrder(shop, o.id) ?? []);
  const refunds = mine.flatMap((order) =>
    order.refunds
      .filter((r) => Date.parse(r.createdAt) >= since)
      .map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        amount: money(order, r.amountMinor),
        lineItems: r.lines.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
        orderId: order.id,
        orderNumber: order.name.replace(/^#/, ''),
      })),
  );
  return { ok: true, output: { customerId, refunds, ordersSeen: mine.length, truncated: false } };
}

/** Answers one tool call as the MCP server would; a tool the fake does not know is invalid. */
export function serveTool(shop: FakeShop, name: ToolName, args: Record<string, unknown>): ToolCallResult {
  const { orders } = shop;
  switch (name) {
    case 'get_order': {
      const order = orders.find((o) => o.number === args.orderNumber);
      return order ? { ok: true, output: { order: currentOrder(shop, order) } } : failure('not_found', `order ${String(args.orderNumber)} not found`);
    }
    case 'get_refund_history':
      return refundHistory(shop, args);
    case 'find_customer_orders': {
      const email = String(args.customerEmail).toLowerCase();
      const found = orders.filter((o) => o.customer?.email?.toLowerCase() === email).map((o) => ({ id: o.id, number: o.number, createdAt: o.createdAt }));
      return { ok: true, output: { orders: found, truncated: false } };
    }
    case 'refund_create':
      return createRefund(shop, args);
    case 'post_draft':
      return { ok: true, output: { ticketId: String(args.ticketId), noteId: 'note-1', public: false } };
    case 'preview_refund':
      return preview(shop, args);
    default:
      return failure('invalid', `the fake transport does not serve ${name}`);
  }
}
