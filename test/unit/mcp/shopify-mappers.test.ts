// The Shopify mappers on order shapes the Admin API sends: gift-card lines, fulfilments that ship a
// line in parts, amount-only refunds and the order-level remainder, and the money a real order
// carries (discount allocations, tax lines, shipping lines, duties, a tip, what a refund paid back of
// shipping and duties), all valid against the contract.
import { describe, expect, it } from 'vitest';
import { Order } from '#shared/contracts/tools.js';
import { toLineItem, toOrder, type LineItemNode, type MoneyNode, type OrderNode } from '#mcp/adapters/shopify/mappers.js';
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

const LINES = [line('1'), line('2', { quantity: 1, refundableQuantity: 1, originalUnitPriceSet: money('50.00'), isGiftCard: true })];

function orderNode(overrides: Partial<OrderNode> = {}): OrderNode {
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
    const order = toOrder(orderNode(), LINES);
    expect(order.lineItems.map((l) => [l.sku, l.giftCard, l.refundableQuantity])).toEqual([
      ['SKU-1', false, 4],
      ['SKU-2', true, 1],
    ]);
  });

  it('keeps the units of each line a fulfilment shipped, and null where Shopify gives no quantity', () => {
    const order = toOrder(orderNode(), LINES);
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
    const order = toOrder(orderNode(), LINES);
    expect(order.refunds).toEqual([
      { id: 'gid://shopify/Refund/1', createdAt: '2026-11-27T12:00:00Z', amount: { amountMinor: 500, currency: 'USD' }, lineItems: [] },
    ]);
    expect(order.maximumRefundable).toEqual({ amountMinor: 13_300, currency: 'USD' });
  });

  it('says nothing remains when Shopify suggests no refund at all', () => {
    expect(toOrder(orderNode({ suggestedRefund: null }), LINES).maximumRefundable).toEqual({ amountMinor: 0, currency: 'USD' });
  });

  it('produces an order the get_order contract accepts as it is', () => {
    const order = toOrder(orderNode(), LINES);
    expect(Order.parse(order)).toEqual(order);
  });

  it('asks Shopify for isGiftCard and for the quantity of every fulfilment line', () => {
    expect(SHOPIFY_DOCUMENTS.ORDER_LINE_ITEMS_PAGE).toMatch(/refundableQuantity isGiftCard/);
    expect(SHOPIFY_DOCUMENTS.ORDER_BY_ID).toMatch(/fulfillmentLineItems\(first: \d+\) \{ nodes \{ quantity lineItem \{ id \} \}/);
  });

  it('reads what each unit cost: the discount allocations with their code or title and percentage, the tax lines and the duties', () => {
    const discounted = line('3', {
      quantity: 1,
      refundableQuantity: 1,
      originalUnitPriceSet: money('20.00'),
      taxable: true,
      discountedUnitPriceAfterAllDiscountsSet: money('15.00'),
      discountAllocations: [
        { allocatedAmountSet: money('5.00'), discountApplication: { code: 'WELCOME25', value: { percentage: 25 } } },
        { allocatedAmountSet: money('0.50'), discountApplication: { title: 'Winter sale', value: {} } },
      ],
      taxLines: [
        { title: 'NY State Tax', ratePercentage: 4, priceSet: money('0.60') },
        { title: 'NYC Tax', ratePercentage: 4.875, priceSet: money('0.73') },
      ],
      duties: [{ id: 'gid://shopify/Duty/1', price: money('3.10') }],
    });
    const [mapped] = toOrder(orderNode(), [discounted]).lineItems;
    expect(mapped).toMatchObject({
      unitPrice: { amountMinor: 2000 },
      discountedUnitPrice: { amountMinor: 1500 },
      taxable: true,
      discountAllocations: [
        { amount: { amountMinor: 500, currency: 'USD' }, code: 'WELCOME25', title: null, percentage: 25 },
        { amount: { amountMinor: 50, currency: 'USD' }, code: null, title: 'Winter sale', percentage: null },
      ],
      taxLines: [
        { title: 'NY State Tax', ratePercentage: 4, amount: { amountMinor: 60, currency: 'USD' } },
        { title: 'NYC Tax', ratePercentage: 4.875, amount: { amountMinor: 73, currency: 'USD' } },
      ],
      duties: [{ id: 'gid://shopify/Duty/1', price: { amountMinor: 310, currency: 'USD' } }],
    });
  });

  it('reads whether prices include tax, the shipping lines with their discounts and tax, and the tip', () => {
    const order = toOrder(
      orderNode({
        taxesIncluded: false,
        totalTipReceivedSet: money('2.00'),
        shippingLines: {
          nodes: [
            {
              id: 'gid://shopify/ShippingLine/1',
              title: 'Standard',
              originalPriceSet: money('6.95'),
              discountedPriceSet: money('4.95'),
              discountAllocations: [{ allocatedAmountSet: money('2.00'), discountApplication: { code: 'SHIP2' } }],
              taxLines: [{ title: 'NY State Tax', ratePercentage: 4, priceSet: money('0.20') }],
            },
          ],
        },
      }),
      LINES,
    );
    expect(order.taxesIncluded).toBe(false);
    expect(order.tip).toEqual({ amountMinor: 200, currency: 'USD' });
    expect(order.shippingLines).toEqual([
      {
        id: 'gid://shopify/ShippingLine/1',
        title: 'Standard',
        originalPrice: { amountMinor: 695, currency: 'USD' },
        discountedPrice: { amountMinor: 495, currency: 'USD' },
        discountAllocations: [{ amount: { amountMinor: 200, currency: 'USD' }, code: 'SHIP2', title: null, percentage: null }],
        taxLines: [{ title: 'NY State Tax', ratePercentage: 4, amount: { amountMinor: 20, currency: 'USD' } }],
      },
    ]);
    expect(Order.parse(order)).toEqual(order);
  });

  it('reads what an earlier refund paid back of the shipping (tax included) and of each duty', () => {
    const refund = {
      id: 'gid://shopify/Refund/2',
      createdAt: '2026-11-28T12:00:00Z',
      totalRefundedSet: money('30.10'),
      refundLineItems: { nodes: [{ quantity: 1, lineItem: { id: 'gid://shopify/LineItem/1' } }], pageInfo: { hasNextPage: false } },
      refundShippingLines: { nodes: [{ subtotalAmountSet: money('4.95'), taxAmountSet: money('0.20') }] },
      duties: [{ amountSet: money('3.10'), originalDuty: { id: 'gid://shopify/Duty/1' } }],
    };
    const [mapped] = toOrder(orderNode({ refunds: [refund] }), LINES).refunds;
    expect(mapped?.shipping).toEqual({ amountMinor: 515, currency: 'USD' });
    expect(mapped?.duties).toEqual([{ dutyId: 'gid://shopify/Duty/1', amount: { amountMinor: 310, currency: 'USD' } }]);
  });

  it('reports the shipping lines as truncated when they fill their page', () => {
    const shipping = { id: null, title: 'Part', originalPriceSet: money('1.00'), discountedPriceSet: money('1.00') };
    const order = toOrder(orderNode({ shippingLines: { nodes: [shipping, shipping, shipping] } }), LINES);
    expect(order.truncatedLists).toContainEqual({ list: 'shippingLines', seen: 3 });
  });
});

describe('a line item with its variant and product', () => {
  const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' }, presentmentMoney: { amount, currencyCode: 'USD' } });
  const node = {
    id: 'gid://shopify/LineItem/1',
    title: 'Linen shirt',
    sku: 'SHIRT-M',
    quantity: 1,
    refundableQuantity: 1,
    originalUnitPriceSet: money('34.00'),
    variant: { id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue' },
    product: {
      id: 'gid://shopify/Product/8001',
      variants: { nodes: [{ id: 'gid://shopify/ProductVariant/8102', title: 'Large / Blue', sku: 'SHIRT-L', price: '36.50', inventoryQuantity: 0 }] },
    },
  };

  it("maps the variant bought and the product's variants, each price in minor units of the shop's currency", () => {
    expect(toLineItem(node)).toMatchObject({
      variant: { id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue' },
      product: {
        id: 'gid://shopify/Product/8001',
        variants: [
          { id: 'gid://shopify/ProductVariant/8102', title: 'Large / Blue', sku: 'SHIRT-L', price: { amountMinor: 3650, currency: 'USD' }, available: 0 },
        ],
      },
    });
    expect(toLineItem({ ...node, variant: null, product: null })).toMatchObject({ variant: null, product: null });
  });
});
