// The Shopify port of the MCP server and its Admin GraphQL implementation: find an order by number,
// list a customer's refunds (all pages, or says truncated), create an idempotent refund.
// Called by the tool handlers in mcp-lambda/server; built once per Lambda container.
import type { Order, RefundCreateInput, RefundCreateOutput, ToolOutput } from '../../contracts/tools.js';
import { InvalidError, NotFoundError } from '../../errors.js';
import { minorToDecimal } from '../../money.js';
import type { GraphqlClient } from './client.js';
import { toMoney, toOrder, toRefundSummary, type LineItemNode, type MoneyNode, type OrderNode, type RefundNode } from './mappers.js';
import { CUSTOMER_ORDER_REFUNDS, ORDER_BY_NAME, ORDER_LINE_ITEMS_PAGE, REFUND_CREATE } from './queries.js';

export interface ShopifyApi {
  getOrderByNumber(orderNumber: string): Promise<Order>;
  getRefundHistory(input: { customerId: string; sinceDays: number; now: Date }): Promise<RefundHistory>;
  createRefund(input: RefundCreateInput): Promise<RefundCreateOutput>;
}

export interface ShopifyApiOptions {
  graphql: GraphqlClient;
  /** Orders per page when listing a customer's orders. */
  pageSize?: number;
  /** Pages read before answering `truncated: true`. */
  maxPages?: number;
}

type RefundHistory = ToolOutput<'get_refund_history'>;
type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type HistoryOrder = { id: string; name: string; currencyCode: string; refunds: RefundNode[] };
type RefundCreateData = {
  refundCreate: {
    refund: { id: string; createdAt: string | null; totalRefundedSet: MoneyNode } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
};

const DAY_MS = 86_400_000;
const numericId = (id: string) => id.split('/').at(-1) ?? id;

export function createShopifyApi(options: ShopifyApiOptions): ShopifyApi {
  const { graphql } = options;
  const pageSize = options.pageSize ?? 50;
  const maxPages = options.maxPages ?? 20;

  async function remainingLineItems(orderId: string, first: Page<LineItemNode>): Promise<LineItemNode[]> {
    const items = [...first.nodes];
    let page = first.pageInfo;
    while (page.hasNextPage) {
      const data = await graphql.request<{ order: { lineItems: Page<LineItemNode> } | null }>(ORDER_LINE_ITEMS_PAGE, {
        id: orderId, after: page.endCursor,
      });
      if (!data.order) throw new NotFoundError(`order ${orderId} disappeared while reading its line items`);
      items.push(...data.order.lineItems.nodes);
      page = data.order.lineItems.pageInfo;
    }
    return items;
  }

  return {
    async getOrderByNumber(orderNumber) {
      if (!/^\d{1,12}$/.test(orderNumber)) throw new InvalidError('an order number is digits only');
      const name = `#${orderNumber}`;
      const data = await graphql.request<{ orders: { nodes: OrderNode[] } }>(ORDER_BY_NAME, { query: `name:'${name}'` });
      // Shopify's search can match loosely: keep the exact name only.
      const node = data.orders.nodes.find((o) => o.name === name);
      if (!node) throw new NotFoundError(`no order ${name} in this store`);
      return toOrder(node, await remainingLineItems(node.id, node.lineItems));
    },

    async getRefundHistory({ customerId, sinceDays, now }) {
      const since = now.getTime() - sinceDays * DAY_MS;
      const refunds: RefundHistory['refunds'] = [];
      let ordersSeen = 0;
      let after: string | null = null;
      for (let pages = 0; pages < maxPages; pages += 1) {
        const data: { orders: Page<HistoryOrder> } = await graphql.request(CUSTOMER_ORDER_REFUNDS, {
          query: `customer_id:${numericId(customerId)}`, first: pageSize, after,
        });
        for (const order of data.orders.nodes) {
          ordersSeen += 1;
          for (const refund of order.refunds) {
            if (refund.createdAt !== null && Date.parse(refund.createdAt) >= since) {
              refunds.push({ ...toRefundSummary(refund), orderId: order.id, orderNumber: order.name.replace(/^#/, '') });
            }
          }
        }
        if (!data.orders.pageInfo.hasNextPage) return { customerId, refunds, ordersSeen, truncated: false };
        after = data.orders.pageInfo.endCursor;
      }
      return { customerId, refunds, ordersSeen, truncated: true };
    },

    async createRefund(input) {
      const { currency, amountMinor } = input.amount;
      const data = await graphql.request<RefundCreateData>(REFUND_CREATE, {
        idempotencyKey: input.idempotencyKey,
        input: {
          orderId: input.orderId,
          currency,
          note: input.note,
          notify: false,
          refundLineItems: input.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity, restockType: 'NO_RESTOCK' })),
          transactions: [{
            orderId: input.orderId, parentId: input.parentTransactionId, gateway: input.gateway,
            kind: 'REFUND', amount: minorToDecimal(amountMinor, currency),
          }],
        },
      });
      const payload = data.refundCreate;
      if (!payload) throw new InvalidError('Shopify returned no refundCreate payload');
      if (payload.userErrors.length > 0) {
        const message = payload.userErrors.map((e) => `${(e.field ?? []).join('.') || 'input'}: ${e.message}`).join('; ');
        const orderMissing = payload.userErrors.some((e) => e.field?.[0] === 'orderId');
        throw orderMissing ? new NotFoundError(`Shopify refused the refund: ${message}`) : new InvalidError(`Shopify refused the refund: ${message}`);
      }
      if (!payload.refund) throw new InvalidError('Shopify returned neither a refund nor an error');
      return {
        refundId: payload.refund.id,
        orderId: input.orderId,
        amount: toMoney(payload.refund.totalRefundedSet),
        createdAt: payload.refund.createdAt ?? '',
      };
    },
  };
}
