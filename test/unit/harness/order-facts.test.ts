// toOrderFacts: the order as Shopify has it becomes the facts the policy decides on — each line's
// own fulfilment and delivery, gift cards marked, every refund (amount-only ones included) and
// Shopify's remainder as it is.
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/tools.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { CustomerRefundFact, OrderFacts } from '#harness/domain/types.js';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const MUG = 'gid://shopify/LineItem/1';
const PLATE = 'gid://shopify/LineItem/2';
const GIFT = 'gid://shopify/LineItem/3';
const DAY1 = '2026-09-01T10:00:00Z';
const DAY2 = '2026-09-03T10:00:00Z';
const DAY3 = '2026-09-05T10:00:00Z';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'gid://shopify/Order/1',
    number: '1',
    name: '#1',
    createdAt: '2026-08-30T10:00:00Z',
    currency: 'USD',
    customer: { id: 'gid://shopify/Customer/1', email: 'ana@example.com' },
    displayFinancialStatus: 'PAID',
    lineItems: [
      { id: MUG, title: 'Mug', sku: 'MUG', quantity: 1, refundableQuantity: 1, unitPrice: usd(1800), giftCard: false },
      { id: PLATE, title: 'Plate', sku: 'PLATE', quantity: 4, refundableQuantity: 4, unitPrice: usd(2200), giftCard: false },
      { id: GIFT, title: 'Gift card', sku: null, quantity: 1, refundableQuantity: 1, unitPrice: usd(5000), giftCard: true },
    ],
    fulfillments: [
      {
        id: 'gid://shopify/Fulfillment/1',
        createdAt: DAY1,
        status: 'SUCCESS',
        deliveredAt: null,
        lineItemIds: [MUG, PLATE, GIFT],
        lineItems: [
          { lineItemId: MUG, quantity: 1 },
          { lineItemId: PLATE, quantity: 4 },
          { lineItemId: GIFT, quantity: 1 },
        ],
      },
    ],
    transactions: [{ id: 'gid://shopify/OrderTransaction/1', kind: 'SALE', status: 'SUCCESS', gateway: 'shopify_payments', amount: usd(15_600) }],
    refunds: [],
    maximumRefundable: usd(15_600),
    note: null,
    ...overrides,
  };
}

type Line = OrderFacts['lineItems'][number];
const lineOf = (facts: OrderFacts, id: string): Line => facts.lineItems.find((l) => l.id === id)!;

describe('toOrderFacts', () => {
  it.each<{ name: string; order: Order; expected: Record<string, Partial<Line>> }>([
    {
      name: 'one fulfilment of every line: each line fulfilled in full that day',
      order: order(),
      expected: {
        [MUG]: { fulfilledAt: DAY1, fulfilledQuantity: 1, deliveredAt: null, giftCard: false },
        [PLATE]: { fulfilledAt: DAY1, fulfilledQuantity: 4 },
        [GIFT]: { fulfilledAt: DAY1, fulfilledQuantity: 1, giftCard: true },
      },
    },
    {
      name: 'partial fulfilment over two fulfilments: each line keeps its own first date and its own units',
      order: order({
        fulfillments: [
          { id: 'f1', createdAt: DAY1, status: 'SUCCESS', deliveredAt: DAY2, lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: 2 }] },
          {
            id: 'f2',
            createdAt: DAY3,
            status: 'SUCCESS',
            deliveredAt: null,
            lineItemIds: [PLATE, MUG],
            lineItems: [
              { lineItemId: PLATE, quantity: 1 },
              { lineItemId: MUG, quantity: 1 },
            ],
          },
        ],
      }),
      expected: {
        [MUG]: { fulfilledAt: DAY3, fulfilledQuantity: 1, deliveredAt: null },
        [PLATE]: { fulfilledAt: DAY1, fulfilledQuantity: 3, deliveredAt: DAY2 },
        [GIFT]: { fulfilledAt: null, fulfilledQuantity: 0, deliveredAt: null, giftCard: true },
      },
    },
    {
      name: 'the earliest delivery the carrier reported for a line, whichever fulfilment carried it',
      order: order({
        fulfillments: [
          { id: 'f1', createdAt: DAY1, status: 'SUCCESS', deliveredAt: null, lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: 2 }] },
          { id: 'f2', createdAt: DAY2, status: 'SUCCESS', deliveredAt: DAY3, lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: 2 }] },
        ],
      }),
      expected: { [PLATE]: { fulfilledAt: DAY1, fulfilledQuantity: 4, deliveredAt: DAY3 } },
    },
    {
      name: 'a fulfilment without per-line quantities (an older server) counts each line it names in full',
      order: order({ fulfillments: [{ id: 'f1', createdAt: DAY2, status: 'SUCCESS', lineItemIds: [PLATE] }] }),
      expected: { [PLATE]: { fulfilledAt: DAY2, fulfilledQuantity: 4, deliveredAt: null }, [MUG]: { fulfilledAt: null, fulfilledQuantity: 0 } },
    },
    {
      name: 'a quantity Shopify leaves out counts the full line',
      order: order({
        fulfillments: [{ id: 'f1', createdAt: DAY2, status: 'SUCCESS', lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: null }] }],
      }),
      expected: { [PLATE]: { fulfilledQuantity: 4 } },
    },
    {
      name: 'a cancelled fulfilment shipped nothing',
      order: order({
        fulfillments: [
          { id: 'f1', createdAt: DAY1, status: 'CANCELLED', deliveredAt: null, lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: 4 }] },
          { id: 'f2', createdAt: DAY3, status: 'SUCCESS', deliveredAt: null, lineItemIds: [PLATE], lineItems: [{ lineItemId: PLATE, quantity: 1 }] },
        ],
      }),
      expected: { [PLATE]: { fulfilledAt: DAY3, fulfilledQuantity: 1 } },
    },
    {
      name: 'fulfilled units never exceed the line (overlapping reports)',
      order: order({
        fulfillments: [
          { id: 'f1', createdAt: DAY1, status: 'SUCCESS', lineItemIds: [MUG], lineItems: [{ lineItemId: MUG, quantity: 1 }] },
          { id: 'f2', createdAt: DAY2, status: 'SUCCESS', lineItemIds: [MUG] },
        ],
      }),
      expected: { [MUG]: { fulfilledAt: DAY1, fulfilledQuantity: 1 } },
    },
    {
      name: 'an unfulfilled order: no line fulfilled',
      order: order({ fulfillments: [] }),
      expected: { [MUG]: { fulfilledAt: null, fulfilledQuantity: 0, deliveredAt: null }, [GIFT]: { giftCard: true } },
    },
  ])('$name', ({ order: o, expected }) => {
    const facts = toOrderFacts(o, 0);
    for (const [id, line] of Object.entries(expected)) expect(lineOf(facts, id)).toMatchObject(line);
  });

  it.each<{ name: string; order: Order; maximumRefundableMinor: number; refunds: OrderFacts['refunds'] }>([
    {
      name: 'no refunds: the whole order remains',
      order: order(),
      maximumRefundableMinor: 15_600,
      refunds: [],
    },
    {
      name: 'an amount-only refund (goodwill) lowers the remainder and names no line',
      order: order({
        refunds: [{ id: 'gid://shopify/Refund/9', createdAt: DAY2, amount: usd(500), lineItems: [] }],
        maximumRefundable: usd(15_100),
      }),
      maximumRefundableMinor: 15_100,
      refunds: [{ refundId: 'gid://shopify/Refund/9', createdAt: DAY2, amountMinor: 500, lineItems: [] }],
    },
    {
      name: 'a partial-amount refund of a line: its units and the smaller amount it paid back',
      order: order({
        lineItems: order().lineItems.map((li) => (li.id === PLATE ? { ...li, refundableQuantity: 3 } : li)),
        refunds: [{ id: 'gid://shopify/Refund/10', createdAt: DAY3, amount: usd(1100), lineItems: [{ lineItemId: PLATE, quantity: 1 }] }],
        maximumRefundable: usd(14_500),
      }),
      maximumRefundableMinor: 14_500,
      refunds: [{ refundId: 'gid://shopify/Refund/10', createdAt: DAY3, amountMinor: 1100, lineItems: [{ lineItemId: PLATE, quantity: 1 }] }],
    },
    {
      name: 'both kinds together, as Shopify lists them',
      order: order({
        refunds: [
          { id: 'r1', createdAt: DAY1, amount: usd(700), lineItems: [] },
          { id: 'r2', createdAt: DAY2, amount: usd(2200), lineItems: [{ lineItemId: PLATE, quantity: 1 }] },
        ],
        maximumRefundable: usd(12_700),
      }),
      maximumRefundableMinor: 12_700,
      refunds: [
        { refundId: 'r1', createdAt: DAY1, amountMinor: 700, lineItems: [] },
        { refundId: 'r2', createdAt: DAY2, amountMinor: 2200, lineItems: [{ lineItemId: PLATE, quantity: 1 }] },
      ],
    },
  ])('$name', ({ order: o, maximumRefundableMinor, refunds }) => {
    const facts = toOrderFacts(o, 0);
    expect(facts.maximumRefundableMinor).toBe(maximumRefundableMinor);
    expect(facts.refunds).toEqual(refunds);
  });

  it("takes the remainder from Shopify's figure, not from the line prices", () => {
    // Every unit is still refundable, yet a goodwill refund left less than their price.
    const facts = toOrderFacts(order({ refunds: [{ id: 'r1', createdAt: DAY1, amount: usd(15_000), lineItems: [] }], maximumRefundable: usd(600) }), 0);
    expect(facts.lineItems.every((l) => l.refundableQuantity === l.quantity)).toBe(true);
    expect(facts.maximumRefundableMinor).toBe(600);
  });

  it("carries the customer's recent refunds when given, and leaves them out otherwise", () => {
    const recent: CustomerRefundFact[] = [{ refundId: 'r7', orderNumber: '981', createdAt: DAY1, amountMinor: 2200, currency: 'USD' }];
    expect(toOrderFacts(order(), 1, recent)).toMatchObject({ refundsLast90Days: 1, recentRefunds: recent });
    expect(toOrderFacts(order(), 1)).not.toHaveProperty('recentRefunds');
  });

  it('marks only gift-card lines, and a line without the flag (an older server) as not one', () => {
    const legacy = order({ lineItems: order().lineItems.map(({ giftCard: _omit, ...li }) => li) });
    expect(toOrderFacts(order(), 0).lineItems.map((l) => l.giftCard)).toEqual([false, false, true]);
    expect(toOrderFacts(legacy, 0).lineItems.map((l) => l.giftCard)).toEqual([false, false, false]);
  });
});

describe('the variants a line may be exchanged for', () => {
  const shirt = {
    id: MUG,
    title: 'Linen shirt',
    sku: 'SHIRT-M',
    quantity: 1,
    refundableQuantity: 1,
    unitPrice: usd(3400),
    giftCard: false,
    variant: { id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue' },
    product: {
      id: 'gid://shopify/Product/8001',
      variants: [
        { id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue', sku: 'SHIRT-M', price: usd(3400), available: 5 },
        { id: 'gid://shopify/ProductVariant/8102', title: 'Large / Blue', sku: 'SHIRT-L', price: usd(3600), available: null },
      ],
    },
  };

  it("carries the variant bought and its product's variants with their price and stock", () => {
    const [line] = toOrderFacts(order({ lineItems: [shirt] }), 0).lineItems;
    expect(line!.variant).toEqual({ id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue' });
    expect(line!.variants).toEqual([
      { id: 'gid://shopify/ProductVariant/8101', title: 'Medium / Blue', sku: 'SHIRT-M', unitPriceMinor: 3400, available: 5 },
      { id: 'gid://shopify/ProductVariant/8102', title: 'Large / Blue', sku: 'SHIRT-L', unitPriceMinor: 3600, available: null },
    ]);
  });

  it('adds nothing for a line that names no variant (the row stays as small as before)', () => {
    const [line] = toOrderFacts(order({ lineItems: [{ ...shirt, variant: null, product: null }] }), 0).lineItems;
    expect(line).not.toHaveProperty('variant');
    expect(line).not.toHaveProperty('variants');
  });
});
