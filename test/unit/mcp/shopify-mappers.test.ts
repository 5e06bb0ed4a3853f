// The Shopify mappers on order shapes the Admin API sends: gift-card lines, fulfilments that ship a
// line in parts, amount-only refunds and the order-level remainder, all valid against the contract.
import { describe, expect, it } from 'vitest';
import { Order } from '#shared/contracts/tools.js';
import { toOrder, type LineItemNode, type MoneyNode, type OrderNode } from '#mcp/adapters/shopify/mappers.js';
import { SHOPIFY_DOCUMENTS } from '#mcp/adapters/shopify/index.js';

const money = (amount: string): MoneyNode => ({ shopMoney: { amount, currencyCode: 'USD' } });
const line = (id: string, overrides: Partial<LineItemNode> = {}): LineItemNode => ({
  id: `gid://shopify/LineItem/${id}`,
  title: `Line ${id}`,
  sku: `SKU-${id}`,
  quantity: 4,
  refundableQuantity: 4,
  originalUnitPriceSet: money('22.00'),
  customAttributes: [],
  isGiftCard: false,
  ...overrides,
});

function orderNode(overrides: Partial<OrderNode> = {}): OrderNode {
  const lines = [line('1'), line('2', { quantity: 1, refundableQuantity: 1, originalUnitPriceSet: money('50.00'), isGiftCard: true })];
  return {
    id: 'gid://shopify/Order/1006',
    name: '#1006',
    createdAt: '2026-11-22T12:00:00Z',
    currencyCode: 'USD',
    displayFinancialStatus: 'PARTIALLY_REFUNDED',
    note: null,
    customAttributes: [],
    shippingAddress: null,
    customer: { id: 'gid://shopify/Customer/7006', email: 'farah@example.com' },
    lineItems: { nodes: lines, pageInfo: { hasNextPage: false, endCursor: null } },
    fulfillments: [
      {
        id: 'gid://shopify/Fulfillment/10061',
        createdAt: '2026-11-24T12:00:00Z',
        deliveredAt: '2026-11-26T12:00:00Z',
        status: 'SUCCESS',
        fulfillmentLineItems: {
          nodes: [
            { quantity: 1, lineItem: { id: 'gid://shopify/LineItem/2' } },
            { quantity: 2, lineItem: { id: 'gid://shopify/LineItem/1' } },
          ],
          pageInfo: { hasNextPage: false },
        },
      },
      {
        id: 'gid://shopify/Fulfillment/10062',
        createdAt: '2026-11-28T12:00:00Z',
        deliveredAt: null,
        status: 'SUCCESS',
        fulfillmentLineItems: { nodes: [{ quantity: null, lineItem: { id: 'gid://shopify/LineItem/1' } }], pageInfo: { hasNextPage: false } },
      },
    ],
    transactions: [{ id: 'gid://shopify/OrderTransaction/10061', kind: 'SALE', status: 'SUCCESS', gateway: 'shopify_payments', amountSet: money('138.00') }],
    refunds: [
      {
        id: 'gid://shopify/Refund/1',
        createdAt: '2026-11-27T12:00:00Z',
        totalRefundedSet: money('5.00'),
        refundLineItems: { nodes: [], pageInfo: { hasNextPage: false } },
      },
    ],
    suggestedRefund: { maximumRefundableSet: money('133.00') },
    ...overrides,
  };
}

describe('Shopify mappers', () => {
  it('marks gift-card lines from isGiftCard, keeping the refundable quantity Shopify reports', () => {
    const order = toOrder(orderNode(), orderNode().lineItems.nodes);
    expect(order.lineItems.map((l) => [l.sku, l.giftCard, l.refundableQuantity])).toEqual([
      ['SKU-1', false, 4],
      ['SKU-2', true, 1],
    ]);
  });

  it('keeps the units of each line a fulfilment shipped, and null where Shopify gives no quantity', () => {
    const order = toOrder(orderNode(), orderNode().lineItems.nodes);
    expect(order.fulfillments).toEqual([
      {
        id: 'gid://shopify/Fulfillment/10061',
        createdAt: '2026-11-24T12:00:00Z',
        deliveredAt: '2026-11-26T12:00:00Z',
        status: 'SUCCESS',
        lineItemIds: ['gid://shopify/LineItem/2', 'gid://shopify/LineItem/1'],
        lineItems: [
          { lineItemId: 'gid://shopify/LineItem/2', quantity: 1 },
          { lineItemId: 'gid://shopify/LineItem/1', quantity: 2 },
        ],
      },
      {
        id: 'gid://shopify/Fulfillment/10062',
        createdAt: '2026-11-28T12:00:00Z',
        deliveredAt: null,
        status: 'SUCCESS',
        lineItemIds: ['gid://shopify/LineItem/1'],
        lineItems: [{ lineItemId: 'gid://shopify/LineItem/1', quantity: null }],
      },
    ]);
  });

  it('reads an amount-only refund with no lines, and the remainder it left from suggestedRefund', () => {
    const order = toOrder(orderNode(), orderNode().lineItems.nodes);
    expect(order.refunds).toEqual([
      { id: 'gid://shopify/Refund/1', createdAt: '2026-11-27T12:00:00Z', amount: { amountMinor: 500, currency: 'USD' }, lineItems: [] },
    ]);
    expect(order.maximumRefundable).toEqual({ amountMinor: 13_300, currency: 'USD' });
  });

  it('says nothing remains when Shopify suggests no refund at all', () => {
    expect(toOrder(orderNode({ suggestedRefund: null }), orderNode().lineItems.nodes).maximumRefundable).toEqual({ amountMinor: 0, currency: 'USD' });
  });

  it('produces an order the get_order contract accepts as it is', () => {
    const order = toOrder(orderNode(), orderNode().lineItems.nodes);
    expect(Order.parse(order)).toEqual(order);
  });

  it('asks Shopify for isGiftCard and for the quantity of every fulfilment line', () => {
    expect(SHOPIFY_DOCUMENTS.ORDER_BY_ID).toMatch(/refundableQuantity isGiftCard/);
    expect(SHOPIFY_DOCUMENTS.ORDER_LINE_ITEMS_PAGE).toMatch(/isGiftCard/);
    expect(SHOPIFY_DOCUMENTS.ORDER_BY_ID).toMatch(/fulfillmentLineItems\(first: \d+\) \{ nodes \{ quantity lineItem \{ id \} \}/);
  });
});
