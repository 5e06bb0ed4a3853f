// A customer's refunds and orders, read page by page through Shopify's order search. Both reads stop
// after a bounded number of pages and then answer `truncated: true` rather than read on, so a
// customer with a long history costs a tool call a known number of requests.
import { InvalidError } from '#shared/contracts/errors.js';
import type { ToolOutput } from '#shared/contracts/tools.js';
import type { GraphqlClient } from './client.js';
import { toRefundSummary, type RefundNode } from './mappers.js';
import { CUSTOMER_ORDER_REFUNDS, ORDERS_BY_EMAIL, PAGE } from './queries.js';

export type RefundHistory = ToolOutput<'get_refund_history'>;
export type CustomerOrders = ToolOutput<'find_customer_orders'>;
export type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type EmailOrder = { id: string; name: string; createdAt: string; email: string | null };
type HistoryOrder = { id: string; name: string; currencyCode: string; refunds: RefundNode[] };

/** How much of a customer's orders the reads go through. */
export interface CustomerReadLimits {
  /** Orders per page of the refund history. */
  historyPageSize: number;
  /** Orders per page of the search by email. */
  emailPageSize: number;
  /** Pages read before answering `truncated: true`. */
  maxPages: number;
  /** Orders found by email returned at most. */
  maxCustomerOrders: number;
}

const DAY_MS = 86_400_000;
const numericId = (id: string) => id.split('/').at(-1) ?? id;
const CUSTOMER_ID = /^(gid:\/\/shopify\/Customer\/)?\d{1,20}$/;

/** A value for Shopify's search syntax, in double quotes so `@`, `.` and `+` stay one term. */
const searchValue = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The customer's refunds made since `sinceDays` before `now`, across all their orders. */
export async function getRefundHistory(
  graphql: GraphqlClient,
  limits: CustomerReadLimits,
  { customerId, sinceDays, now }: { customerId: string; sinceDays: number; now: Date },
): Promise<RefundHistory> {
  if (!CUSTOMER_ID.test(customerId)) throw new InvalidError('a customer id is a Shopify GID (gid://shopify/Customer/…) or its number');
  const since = now.getTime() - sinceDays * DAY_MS;
  const refunds: RefundHistory['refunds'] = [];
  let ordersSeen = 0;
  // A customer's order with more refunds (or refund lines) than one page is not read in full.
  let partial = false;
  let after: string | null = null;
  for (let pages = 0; pages < limits.maxPages; pages += 1) {
    const data: { orders: Page<HistoryOrder> } = await graphql.request(CUSTOMER_ORDER_REFUNDS, {
      query: `customer_id:${numericId(customerId)}`,
      first: limits.historyPageSize,
      after,
    });
    for (const order of data.orders.nodes) {
      ordersSeen += 1;
      if (order.refunds.length >= PAGE.historyRefunds || order.refunds.some((r) => r.refundLineItems.pageInfo?.hasNextPage)) partial = true;
      for (const refund of order.refunds) {
        if (refund.createdAt !== null && Date.parse(refund.createdAt) >= since) {
          refunds.push({ ...toRefundSummary(refund), orderId: order.id, orderNumber: order.name.replace(/^#/, '') });
        }
      }
    }
    if (!data.orders.pageInfo.hasNextPage) return { customerId, refunds, ordersSeen, truncated: partial };
    after = data.orders.pageInfo.endCursor;
  }
  return { customerId, refunds, ordersSeen, truncated: true };
}

/** The orders placed with this email (exact address, case-insensitive), up to maxCustomerOrders. */
export async function findOrdersByEmail(graphql: GraphqlClient, limits: CustomerReadLimits, email: string): Promise<CustomerOrders> {
  const wanted = email.trim().toLowerCase();
  if (!/^[^\s@"\\]+@[^\s@"\\]+$/.test(wanted)) throw new InvalidError('a customer email is one address, e.g. ana@example.com');
  const orders: CustomerOrders['orders'] = [];
  let after: string | null = null;
  for (let pages = 0; pages < limits.maxPages; pages += 1) {
    const data: { orders: Page<EmailOrder> } = await graphql.request(ORDERS_BY_EMAIL, {
      query: `email:${searchValue(wanted)}`,
      first: limits.emailPageSize,
      after,
    });
    for (const node of data.orders.nodes) {
      // Shopify's search can match loosely: keep the exact address only.
      if (node.email?.toLowerCase() !== wanted) continue;
      if (orders.length === limits.maxCustomerOrders) return { orders, truncated: true };
      orders.push({ id: node.id, number: node.name.replace(/^#/, ''), createdAt: node.createdAt });
    }
    if (!data.orders.pageInfo.hasNextPage) return { orders, truncated: false };
    if (orders.length === limits.maxCustomerOrders) return { orders, truncated: true };
    after = data.orders.pageInfo.endCursor;
  }
  return { orders, truncated: true };
}
