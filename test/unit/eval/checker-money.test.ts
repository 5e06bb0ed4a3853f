// The golden checker's money (eval/checker/pricing.ts, refund-parts.ts): every worked example of
// docs/sandbox-money.md and docs/policy.md's "The amount", read as labels a one-customer store gives,
// plus the rules around them: pennies spread to the largest remainders, shipping and duties only when
// nothing arrived, the order-level cap, Markets figures worked out in the paid currency, never a tip.
import { describe, expect, it } from 'vitest';
import { deriveLabel } from '../../../eval/checker/index.js';
import { part, percentOf, rateOf, spread } from '../../../eval/checker/arithmetic.js';
import { readStore } from '../../../eval/checker/store.js';
import { DEFAULT_GOLDEN_POLICY, type Claim } from '../../../eval/golden/schema.js';

type Order = Record<string, unknown>;

const store = (order: Order, shop: Record<string, unknown> = {}) =>
  readStore(
    {
      shop: { name: 'Test', currency: 'USD', timeZone: 'UTC', ...shop },
      customers: [{ id: '1', email: 'a@example.com', name: 'A', helpdeskUserId: 'u1' }],
      orders: [{ number: 3000, customerId: '1', createdDaysAgo: 10, fulfilledDaysAgo: 5, ...order }],
      helpdesk: { users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], tickets: [] },
    },
    'test',
  );
const item = (sku: string, unitPriceMinor: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
  title: sku,
  sku,
  quantity,
  unitPriceMinor,
  ...extra,
});
const claim = (lines: [string, number][], over: Partial<Claim> = {}): Claim => ({
  orderNumber: 3000,
  remedy: 'refund',
  reason: 'damaged',
  lines: lines.map(([sku, quantity]) => ({ sku, quantity })),
  ...over,
});
const label = (order: Order, c: Claim, shop: Record<string, unknown> = {}) => deriveLabel({ id: 't', requester: '1', claim: c }, store(order, shop));

const code25 = { type: 'percentage', code: 'SPRING25', percentage: 25 };
const nyc = [{ title: 'NY State and City Tax', ratePercentage: 8.875 }];

describe("the checker's arithmetic", () => {
  it('rounds a percentage half up in integers', () => {
    expect(percentOf(1500, rateOf(8.875))).toBe(133);
    expect(percentOf(1500, rateOf(4))).toBe(60);
    expect(percentOf(1500, rateOf(4.875))).toBe(73);
    expect(() => rateOf(8.87501)).toThrow(/four decimals/);
  });

  it('spreads an amount in proportion, the pennies left to the largest remainders and a tie to the earlier line', () => {
    expect(spread(1000, [4000, 3000, 3000])).toEqual([400, 300, 300]);
    expect(spread(1000, [1000, 1000, 1000])).toEqual([334, 333, 333]);
    expect(spread(100, [1, 2, 0, 3])).toEqual([17, 33, 0, 50]);
    expect(spread(500, [0, 0])).toEqual([0, 0]);
  });

  it('prorates so that every partial refund of a line adds up to the line', () => {
    expect(part(3200, 4, 1, 2)).toBe(1600);
    expect([part(1000, 3, 0, 1), part(1000, 3, 1, 1), part(1000, 3, 2, 1)]).toEqual([333, 334, 333]);
  });
});

describe('the amount on orders with money terms', () => {
  it('refunds a $20.00 mug bought with a 25% code at 8.875% tax as $15.00 + $1.33', () => {
    const mug = { lineItems: [item('MUG', 2000), item('BOWL', 1500)], discounts: [code25], taxLines: nyc };
    expect(label(mug, claim([['MUG', 1]]))).toMatchObject({ outcome: 'auto_refund', amountMinor: 1633 });
    // The same rate split as NY State 4% and New York City 4.875%: 60 + 73.
    const split = {
      ...mug,
      taxLines: [
        { title: 'NY State Tax', ratePercentage: 4 },
        { title: 'New York City Tax', ratePercentage: 4.875 },
      ],
    };
    expect(label(split, claim([['MUG', 1]])).amountMinor).toBe(1633);
  });

  it('refunds the same mug as $15.00 where prices include tax, on the order or on the shop', () => {
    const mug = { lineItems: [item('MUG', 2000), item('BOWL', 1500)], discounts: [code25], taxLines: nyc };
    expect(label({ ...mug, taxesIncluded: true }, claim([['MUG', 1]])).amountMinor).toBe(1500);
    expect(label(mug, claim([['MUG', 1]]), { taxesIncluded: true }).amountMinor).toBe(1500);
    expect(label({ ...mug, taxesIncluded: false }, claim([['MUG', 1]]), { taxesIncluded: true }).amountMinor).toBe(1633);
  });

  it('gives a line its share of a fixed code: $10.00 across $40, $30 and $30 leaves the second line $27.00', () => {
    const order = { lineItems: [item('A', 4000), item('B', 3000), item('C', 3000)], discounts: [{ type: 'fixed_amount', code: 'TENOFF', amountMinor: 1000 }] };
    expect(label(order, claim([['B', 1]])).amountMinor).toBe(2700);
  });

  it('refunds two of four $10.00 glasses at 20% off, one refunded before, as their prorated $16.00, for approval', () => {
    const order = {
      lineItems: [item('GLASS', 1000, 4), item('JUG', 3000)],
      discounts: [{ type: 'percentage', title: 'Glassware week', percentage: 20, appliesTo: { lines: [{ sku: 'GLASS' }] } }],
      refunds: [{ daysAgo: 3, lineItems: [{ sku: 'GLASS', quantity: 1 }] }],
    };
    expect(label(order, claim([['GLASS', 2]]))).toMatchObject({ outcome: 'approval', amountMinor: 1600, approvalRules: ['line_partly_refunded'] });
  });

  it('discounts the free unit of buy 2 get 1 on the line: three $12.00 candles come to $24.00, $8.00 a unit', () => {
    const order = {
      lineItems: [item('CANDLE', 1200, 3), item('MUG', 1800)],
      discounts: [{ type: 'buy_x_get_y', title: 'B2G1', line: { sku: 'CANDLE' }, buy: 2, get: 1 }],
    };
    expect(label(order, claim([['CANDLE', 1]])).amountMinor).toBe(800);
    expect(label(order, claim([['CANDLE', 3]])).amountMinor).toBe(2400);
  });

  it('asks for approval when tax carries $48.00 over the limit: $48.00 + 8% is 5184', () => {
    const order = { lineItems: [item('LAMP', 4800), item('BULB', 700)], taxLines: [{ title: 'State tax', ratePercentage: 8 }] };
    expect(label(order, claim([['LAMP', 1]]))).toMatchObject({ outcome: 'approval', amountMinor: 5184, approvalRules: ['amount_over_auto_limit'] });
  });

  it('applies line offers before order-wide discounts, and no discount or tax to a gift card', () => {
    const order = {
      lineItems: [item('MUG', 2000), item('GIFT', 5000, 1, { giftCard: true })],
      discounts: [{ type: 'fixed_amount', code: 'FIVE', amountMinor: 500 }],
      taxLines: [{ title: 'State tax', ratePercentage: 10 }],
    };
    // The whole $5.00 falls on the mug: 1500 + 150.
    expect(label(order, claim([['MUG', 1]])).amountMinor).toBe(1650);
    const stacked = {
      lineItems: [item('MUG', 2000), item('BOWL', 2000)],
      discounts: [code25, { type: 'percentage', title: 'Mugs', percentage: 10, appliesTo: { lines: [{ sku: 'MUG' }] } }],
    };
    // Mug: 2000 − 200 (line offer) = 1800, then 25% of the order (3800 → 950) spread 1800:2000 → 450: 1350.
    expect(label(stacked, claim([['MUG', 1]])).amountMinor).toBe(1350);
  });
});

describe('shipping, duties and tips', () => {
  const lamp = { lineItems: [item('LAMP', 2100)], shippingLines: [{ title: 'Standard', priceMinor: 695 }] };

  it('refunds a $21.00 lamp with its $6.95 shipping when it never arrived: 2795, automatic', () => {
    expect(label(lamp, claim([['LAMP', 1]], { reason: 'not_received' }))).toMatchObject({ outcome: 'auto_refund', amountMinor: 2795 });
  });

  it('keeps the shipping when the item arrived damaged, or when only part of the order did not arrive', () => {
    expect(label(lamp, claim([['LAMP', 1]])).amountMinor).toBe(2100);
    const two = { ...lamp, lineItems: [item('LAMP', 2100), item('BULB', 700, 2)] };
    expect(label(two, claim([['LAMP', 1]], { reason: 'not_received' })).amountMinor).toBe(2100);
    expect(
      label(
        two,
        claim(
          [
            ['LAMP', 1],
            ['BULB', 1],
          ],
          { reason: 'not_received' },
        ),
      ).amountMinor,
    ).toBe(2800);
    expect(
      label(
        two,
        claim(
          [
            ['LAMP', 1],
            ['BULB', 2],
          ],
          { reason: 'not_received' },
        ),
      ).amountMinor,
    ).toBe(4195);
  });

  it('refunds shipping with its tax and after its discount, and only the shipping that was not refunded before', () => {
    const order = {
      lineItems: [item('MUG', 2000)],
      taxLines: [{ title: 'State tax', ratePercentage: 8 }],
      shippingLines: [{ title: 'Express', priceMinor: 1200, taxable: true }],
      discounts: [{ type: 'percentage', code: 'HALFSHIP', percentage: 50, appliesTo: 'shipping' }],
    };
    // 2000 + 160, shipping 600 + 48.
    expect(label(order, claim([['MUG', 1]], { reason: 'not_received' })).amountMinor).toBe(2808);
  });

  it('lowers what the order has left by an earlier shipping refund, tied to lines or not', () => {
    const twoMugs = { lineItems: [item('MUG', 1800, 2)], shippingLines: [{ title: 'Standard', priceMinor: 500 }] };
    const withShipping = { ...twoMugs, refunds: [{ daysAgo: 2, lineItems: [{ sku: 'MUG', quantity: 1 }], shipping: true }] };
    // Lines paid 3600 less the earlier 1800 + 500: 1300 left for the second mug.
    expect(label(withShipping, claim([['MUG', 1]])).amountMinor).toBe(1300);
    // The second mug not received after all: nothing arrived, but the shipping went back already.
    expect(label(withShipping, claim([['MUG', 1]], { reason: 'not_received' })).amountMinor).toBe(1800);
  });

  it("refunds a Markets order's duties when nothing arrived, worked out in the currency paid, and never the tip", () => {
    const order = {
      presentmentCurrency: 'EUR',
      lineItems: [item('KETTLE', 4500, 1, { presentmentUnitPriceMinor: 4150, dutyMinor: 450, presentmentDutyMinor: 415 })],
      shippingLines: [{ title: 'International', priceMinor: 1500, presentmentPriceMinor: 1380 }],
      tipMinor: 300,
      presentmentTipMinor: 275,
    };
    expect(label(order, claim([['KETTLE', 1]], { reason: 'not_received' }))).toMatchObject({
      outcome: 'approval',
      amountMinor: 6450,
      approvalRules: ['amount_over_auto_limit'],
      presentment: { amountMinor: 5945, currency: 'EUR' },
    });
    expect(label(order, claim([['KETTLE', 1]]))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 4500,
      presentment: { amountMinor: 4150, currency: 'EUR' },
    });
  });

  it('works the paid currency out on its own, tax inside the price and fixed amounts in that currency', () => {
    const order = {
      presentmentCurrency: 'EUR',
      taxesIncluded: true,
      taxLines: [{ title: 'VAT', ratePercentage: 21 }],
      lineItems: [item('A', 3000, 1, { presentmentUnitPriceMinor: 2790 }), item('B', 2000, 1, { presentmentUnitPriceMinor: 1860 })],
      discounts: [{ type: 'fixed_amount', code: 'WELCOME5', amountMinor: 500, presentmentAmountMinor: 465 }],
      refunds: [{ daysAgo: 1, lineItems: [{ sku: 'B', quantity: 1 }] }],
    };
    // USD: 500 over 3000:2000 → 300 / 200, so A is 2700. EUR: 465 over 2790:1860 → 279 / 186, so A is 2511.
    expect(label(order, claim([['A', 1]]))).toMatchObject({ amountMinor: 2700, presentment: { amountMinor: 2511, currency: 'EUR' } });
    const amountOnly = { ...order, refunds: [{ daysAgo: 1, amountMinor: 100 }] };
    expect(() => label(amountOnly, claim([['A', 1]]))).toThrow(/only its amount/);
  });

  it('cancels an unshipped order for its lines, shipping and duties less earlier refunds, never its tip', () => {
    const order = {
      fulfilledDaysAgo: null,
      lineItems: [item('MUG', 2000, 2)],
      discounts: [code25],
      taxLines: [{ title: 'State tax', ratePercentage: 5 }],
      shippingLines: [{ title: 'Standard', priceMinor: 600 }],
      tipMinor: 500,
      refunds: [{ daysAgo: 1, amountMinor: 100 }],
    };
    // 3000 + 150 + 600 − 100.
    const cancel = deriveLabel(
      { id: 't', requester: '1', claim: claim([], { remedy: 'cancel', reason: 'changed_mind' }) },
      { ...store(order), policy: { ...DEFAULT_GOLDEN_POLICY, storeCredit: true, cancelUnfulfilled: true } },
    );
    expect(cancel).toMatchObject({ outcome: 'approval', amountMinor: 3650, remedy: 'cancel' });
  });
});
