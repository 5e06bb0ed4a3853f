// The Shopify port of the MCP server and its Admin GraphQL implementation: find an order by number
// or id, list a customer's orders by email and a customer's refunds (customer-reads.ts), preview a refund (Shopify's
// suggestedRefund, no side effect), create an idempotent refund split across the payments Shopify suggests (refund-split.ts)
// or paid as store credit, and cancel an order (order-cancel.ts); open, read, process, close and cancel
// returns (return-open.ts, return-reads.ts, return-process.ts, return-status.ts).
// Built once per Lambda container.
import type {
  CancelOrderInput,
  CancelOrderOutput,
  GetReturnsOutput,
  OpenReturnInput,
  OpenReturnOutput,
  Order,
  PreviewRefundInput,
  PreviewRefundOutput,
  ProcessReturnInput,
  ProcessReturnOutput,
  RefundCreateInput,
  RefundCreateOutput,
  ReturnStatusOutput,
} from '#shared/contracts/tools.js';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import { minorToDecimal } from '#shared/money.js';
import { withSignal, type GraphqlClient } from './client.js';
import { checkOrderId } from './ids.js';
import { findOrdersByEmail, getRefundHistory, type CustomerOrders, type CustomerReadLimits, type Page, type RefundHistory } from './customer-reads.js';
import { toMoney, toOrder, toPreview, type LineItemNode, type MoneyNode, type OrderNode, type RefundNode, type SuggestedRefundNode } from './mappers.js';
import { createOrderCanceller, type CancelPollOptions } from './order-cancel.js';
import {
  checkRefundParts,
  checkStoreCreditRefund,
  earlierRefundOfRun,
  refundMoney,
  refundTransactions,
  RefundSplitMismatchError,
  type RefundTransaction,
} from './refund-split.js';
import { openReturn } from './return-open.js';
import { processReturn } from './return-process.js';
import { getReturns } from './return-reads.js';
import { cancelReturn, closeReturn } from './return-status.js';
import { MAX_CUSTOMER_ORDERS, ORDER_BY_ID, ORDER_BY_NAME, ORDER_LINE_ITEMS_PAGE, ORDER_REFUNDS, PAGE, REFUND_CREATE, SUGGESTED_REFUND } from './queries.js';

export interface ShopifyApi {
  getOrderByNumber(orderNumber: string): Promise<Order>;
  getOrderById(orderId: string): Promise<Order>;
  previewRefund(input: PreviewRefundInput): Promise<PreviewRefundOutput>;
  getRefundHistory(input: { customerId: string; sinceDays: number; now: Date }): Promise<RefundHistory>;
  /** The orders placed with this email (exact address, case-insensitive), up to a cap. */
  findOrdersByEmail(email: string): Promise<CustomerOrders>;
  createRefund(input: RefundCreateInput): Promise<RefundCreateOutput>;
  cancelOrder(input: CancelOrderInput): Promise<CancelOrderOutput>;
  /** Opens a return (returnCreate) of shipped units; no idempotency key: read getReturns before sending it again. */
  openReturn(input: OpenReturnInput): Promise<OpenReturnOutput>;
  getReturns(orderId: string): Promise<GetReturnsOutput>;
  /** Processes units that came back (returnProcess), with a refund split over the payments when asked; a unit is processed once. */
  processReturn(input: ProcessReturnInput): Promise<ProcessReturnOutput>;
  closeReturn(returnId: string): Promise<ReturnStatusOutput>;
  cancelReturn(returnId: string): Promise<ReturnStatusOutput>;
  /** The same API for one tool call: its requests and throttle waits stop when `signal` aborts (the call's deadline). */
  forCall?(signal: AbortSignal): ShopifyApi;
}

export interface ShopifyApiOptions {
  graphql: GraphqlClient;
  /** Orders per page when listing a customer's orders, by id or by email (tests use small pages). */
  pageSize?: number;
  /** Pages of a customer's orders read before answering `truncated: true`. */
  maxPages?: number;
  /** Orders found by email returned at most; more answers `truncated: true` (default 50). */
  maxCustomerOrders?: number;
  /** How cancel_order polls orderCancel's job (tests use short waits). */
  cancelPoll?: CancelPollOptions;
}

type RefundCreateData = {
  refundCreate: {
    refund: { id: string; createdAt: string | null; totalRefundedSet: MoneyNode } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
};

type Decimal = string;
export type RefundCreateVariables = {
  idempotencyKey: string;
  input: {
    orderId: string;
    currency: string;
    note: string;
    notify: false;
    refundLineItems: { lineItemId: string; quantity: number; restockType: string; locationId?: string }[];
    /** The order's shipping refunded in full (the amount checked against the suggestion first: refund-split.ts). */
    shipping?: { fullRefund: true };
    refundDuties?: { dutyId: string; refundType: 'FULL' }[];
    /** Original payments: one REFUND per payment. Absent for store credit. */
    transactions?: { orderId: string; parentId: string; gateway: string; kind: 'REFUND'; amount: Decimal }[];
    /** Store credit: absent for original payments. */
    refundMethods?: { storeCreditRefund: { amount: { amount: Decimal; currencyCode: string } } }[];
  };
};

/**
 * refundCreate's variables for a refund_create call: a REFUND transaction per payment refunded (by
 * default the one named parent for the whole amount), or for store credit one storeCreditRefund and
 * no transaction; restock at the named location (RETURN) or none; no customer email. The refund is
 * made in the currency the customer paid (`amount.presentment`, else the shop's), as `currency`
 * and every amount.
 */
export function refundCreateVariables(
  input: RefundCreateInput,
  transactions: readonly RefundTransaction[] = [{ parentId: input.parentTransactionId, gateway: input.gateway, amountMinor: refundMoney(input).amountMinor }],
): RefundCreateVariables {
  const { currency, amountMinor } = refundMoney(input);
  const restock = input.restockLocationId ? { restockType: 'RETURN', locationId: input.restockLocationId } : { restockType: 'NO_RESTOCK' };
  const base = {
    orderId: input.orderId,
    currency,
    note: input.note,
    notify: false as const,
    refundLineItems: input.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity, ...restock })),
    ...(input.shipping ? { shipping: { fullRefund: true as const } } : {}),
    ...(input.duties ? { refundDuties: input.duties.dutyIds.map((dutyId) => ({ dutyId, refundType: 'FULL' as const })) } : {}),
  };
  if (input.method === 'store_credit') {
    const amount = { amount: minorToDecimal(amountMinor, currency), currencyCode: currency };
    return { idempotencyKey: input.idempotencyKey, input: { ...base, refundMethods: [{ storeCreditRefund: { amount } }] } };
  }
  return {
    idempotencyKey: input.idempotencyKey,
    input: {
      ...base,
      transactions: transactions.map((t) => ({
        orderId: input.orderId,
        parentId: t.parentId,
        gateway: t.gateway,
        kind: 'REFUND' as const,
        amount: minorToDecimal(t.amountMinor, currency),
      })),
    },
  };
}

/** refundCreate's user errors as one message; an error on `orderId` means the order is not there. */
export function describeRefusal(userErrors: readonly { field: string[] | null; message: string }[]): { message: string; orderMissing: boolean } {
  const message = userErrors.map((e) => `${(e.field ?? []).join('.') || 'input'}: ${e.message}`).join('; ');
  return { message: `Shopify refused the refund: ${message}`, orderMissing: userErrors.some((e) => e.field?.[0] === 'orderId') };
}

/** Every line item of the order, a page at a time. */
async function lineItemsOf(graphql: GraphqlClient, orderId: string): Promise<LineItemNode[]> {
  const items: LineItemNode[] = [];
  let after: string | null = null;
  do {
    const data: { order: { lineItems: Page<LineItemNode> } | null } = await graphql.request(ORDER_LINE_ITEMS_PAGE, { id: orderId, after });
    if (!data.order) throw new NotFoundError(`order ${orderId} disappeared while reading its line items`);
    items.push(...data.order.lineItems.nodes);
    after = data.order.lineItems.pageInfo.hasNextPage ? data.order.lineItems.pageInfo.endCursor : null;
  } while (after !== null);
  return items;
}

async function getOrderById(graphql: GraphqlClient, orderId: string): Promise<Order> {
  checkOrderId(orderId);
  const data = await graphql.request<{ order: OrderNode | null }>(ORDER_BY_ID, { id: orderId });
  if (!data.order) throw new NotFoundError(`no order ${orderId} in this store`);
  return toOrder(data.order, await lineItemsOf(graphql, data.order.id));
}

async function getOrderByNumber(graphql: GraphqlClient, orderNumber: string): Promise<Order> {
  if (!/^\d{1,12}$/.test(orderNumber)) throw new InvalidError('an order number is digits only');
  const name = `#${orderNumber}`;
  const data = await graphql.request<{ orders: { nodes: { id: string; name: string }[] } }>(ORDER_BY_NAME, { query: `name:'${name}'` });
  // Shopify's search can match loosely: keep the exact name only.
  const match = data.orders.nodes.find((o) => o.name === name);
  if (!match) throw new NotFoundError(`no order ${name} in this store`);
  return getOrderById(graphql, match.id);
}

/** What the suggestion is asked for: these lines, and the order's shipping and these duties in full when given. */
type SuggestionParts = Pick<PreviewRefundInput, 'orderId' | 'lineItems' | 'refundShipping' | 'refundDuties'>;

async function suggestedRefund(
  graphql: GraphqlClient,
  parts: SuggestionParts,
): Promise<SuggestedRefundNode & { customerId: string | null; taxesIncluded: boolean }> {
  const { orderId, lineItems } = parts;
  checkOrderId(orderId);
  type Data = {
    order: { id: string; taxesIncluded?: boolean; customer: { id: string } | null; suggestedRefund: SuggestedRefundNode | null } | null;
  };
  const data = await graphql.request<Data>(SUGGESTED_REFUND, {
    id: orderId,
    refundLineItems: lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity, restockType: 'NO_RESTOCK' })),
    refundShipping: parts.refundShipping === true,
    refundDuties: (parts.refundDuties ?? []).map((dutyId) => ({ dutyId, refundType: 'FULL' })),
  });
  if (!data.order) throw new NotFoundError(`no order ${orderId} in this store`);
  if (!data.order.suggestedRefund) throw new InvalidError(`Shopify suggests no refund for order ${orderId}`);
  return { ...data.order.suggestedRefund, customerId: data.order.customer?.id ?? null, taxesIncluded: data.order.taxesIncluded === true };
}

/** This run's refund already on the order (a resend after an unknown outcome), or else the refusal. */
async function earlierRefund(graphql: GraphqlClient, input: RefundCreateInput, refusal: Error): Promise<RefundCreateOutput> {
  const data = await graphql.request<{ order: { refunds: (RefundNode & { note: string | null })[] } | null }>(ORDER_REFUNDS, { id: input.orderId });
  const earlier = data.order ? earlierRefundOfRun(input, data.order.refunds) : null;
  if (earlier === null) throw refusal;
  return earlier;
}

async function sendRefund(graphql: GraphqlClient, input: RefundCreateInput, transactions: RefundTransaction[] | undefined): Promise<RefundCreateOutput> {
  const data = await graphql.request<RefundCreateData>(REFUND_CREATE, refundCreateVariables(input, transactions));
  const payload = data.refundCreate;
  if (!payload) throw new InvalidError('Shopify returned no refundCreate payload');
  if (payload.userErrors.length > 0) {
    const { message, orderMissing } = describeRefusal(payload.userErrors);
    throw orderMissing ? new NotFoundError(message) : new InvalidError(message);
  }
  if (!payload.refund) throw new InvalidError('Shopify returned neither a refund nor an error');
  return {
    refundId: payload.refund.id,
    orderId: input.orderId,
    amount: toMoney(payload.refund.totalRefundedSet),
    createdAt: payload.refund.createdAt ?? '',
    method: input.method ?? 'original_payment',
  };
}

// The suggestion read again for exactly these lines: its transactions are the ones sent. Lines
// the store no longer has may be this very refund, made by an attempt whose answer was lost:
// the key decides, as Shopify's @idempotent does (sent as it stands, Shopify refunds no unit twice,
// so a new key is refused with a user error). A key used with other transactions (the suggestion
// has moved since its payments were refunded) is answered by this run's refund on the order.
async function createRefund(graphql: GraphqlClient, input: RefundCreateInput): Promise<RefundCreateOutput> {
  let transactions: RefundTransaction[] | undefined;
  try {
    const suggestion = await suggestedRefund(graphql, {
      orderId: input.orderId,
      lineItems: input.lineItems,
      refundShipping: input.shipping !== undefined,
      refundDuties: input.duties?.dutyIds,
    });
    checkRefundParts(input, suggestion);
    if (input.method === 'store_credit') {
      // Store credit goes on the customer's account: an order without a customer has none.
      if (suggestion.customerId === null) throw new InvalidError(`order ${input.orderId} has no customer to give store credit to`);
      checkStoreCreditRefund(input, suggestion);
    } else transactions = refundTransactions(input, suggestion);
  } catch (error) {
    if (!(error instanceof RefundSplitMismatchError && error.linesRefunded)) throw error;
  }
  try {
    return await sendRefund(graphql, input, transactions);
  } catch (error) {
    if (error instanceof ConflictError) return earlierRefund(graphql, input, error);
    throw error;
  }
}

export function createShopifyApi(options: ShopifyApiOptions): ShopifyApi {
  const { graphql } = options;
  const limits: CustomerReadLimits = {
    historyPageSize: options.pageSize ?? PAGE.historyOrders,
    emailPageSize: options.pageSize ?? PAGE.customerOrders,
    maxPages: options.maxPages ?? 20,
    maxCustomerOrders: options.maxCustomerOrders ?? MAX_CUSTOMER_ORDERS,
  };
  const cancelOrder = createOrderCanceller(graphql, options.cancelPoll);

  return {
    forCall: (signal) => createShopifyApi({ ...options, graphql: withSignal(graphql, signal) }),
    getOrderByNumber: (orderNumber) => getOrderByNumber(graphql, orderNumber),
    getOrderById: (orderId) => getOrderById(graphql, orderId),
    async previewRefund(input) {
      return toPreview(input.orderId, await suggestedRefund(graphql, input));
    },
    cancelOrder(input) {
      checkOrderId(input.orderId);
      return cancelOrder(input);
    },
    getRefundHistory: (input) => getRefundHistory(graphql, limits, input),
    findOrdersByEmail: (email) => findOrdersByEmail(graphql, limits, email),
    createRefund: (input) => createRefund(graphql, input),
    openReturn: (input) => openReturn(graphql, input),
    getReturns: (orderId) => getReturns(graphql, orderId),
    processReturn: (input) => processReturn(graphql, input),
    closeReturn: (returnId) => closeReturn(graphql, returnId),
    cancelReturn: (returnId) => cancelReturn(graphql, returnId),
  };
}
