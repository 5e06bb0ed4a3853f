// The sandbox store's pricing, pure (local/sandbox/store/pricing.ts, proration.ts, arithmetic.ts):
// every worked example of docs/sandbox-money.md, worked out from a fixture order's money terms with
// no store and no network, and the rounding rules that keep every penny of a line accounted for once.
import { describe, expect, it } from 'vitest';
import { halfUp, part, percentOf, scaledRate, spread } from '#local/sandbox/store/arithmetic.js';
import { linePaidMinor, orderTotalMinor } from '#local/sandbox/store/ledger.js';
import { priceOrder, type PricingTerms } from '#local/sandbox/store/pricing.js';
import { nothingRefunded, refundParts, withRefund, type RefundAsk } from '#local/sandbox/store/proration.js';

const NY = [
  { title: 'NY State Tax', ratePercentage: 4 },
  { title: 'New York City Tax', ratePercentage: 4.875 },
];
const mug = { sku: 'MUG', quantity: 1, unitPriceMinor: 2000 };
const ask = (lines: RefundAsk['lines'], extra: Partial<RefundAsk> = {}): RefundAsk => ({ lines, shipping: null, duties: [], ...extra });

describe('sandbox pricing: the integer arithmetic', () => {
  it('rounds half up, and takes a percentage with four decimals as an integer rate', () => {
    expect([halfUp(5, 2), halfUp(7, 3), halfUp(1, 2), halfUp(1, 3)]).toEqual([3, 2, 1, 0]);
    expect(scaledRate(8.875)).toBe(88_750);
    expect(percentOf(1500, scaledRate(8.875))).toBe(133);
  });

  it('spreads an amount in proportion, the pennies left to the largest remainders and a tie to the earlier line', () => {
    expect(spread(1000, [4000, 3000, 3000])).toEqual([400, 300, 300]);
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(10, [3, 0, 4])).toEqual([4, 0, 6]);
  });

  it('prorates a figure so the parts of one-unit refunds add up to it exactly', () => {
    const parts = [part(1000, 3, 0, 1), part(1000, 3, 1, 1), part(1000, 3, 2, 1)];
    expect(parts).toEqual([333, 334, 333]);
    expect(parts.reduce((n, p) => n + p, 0)).toBe(1000);
  });
});

describe('sandbox pricing: lines and discounts (docs/sandbox-money.md section 1)', () => {
  it('a $20.00 mug with a 25% code costs 15.00, taxed 8.875% it was paid 16.33', () => {
    const pricing = priceOrder({
      lineItems: [mug],
      discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
      taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
    });
    const line = pricing.shop.ledger.lines[0]!;
    expect(pricing.shop.allocations.lines[0]).toEqual([500]);
    expect(line).toMatchObject({ discountedTotalMinor: 1500, taxMinors: [133] });
    expect(linePaidMinor(pricing.shop.ledger, line)).toBe(1633);
    expect(refundParts(pricing.shop.ledger, nothingRefunded(pricing.shop.ledger), ask([{ index: 0, quantity: 1 }])).worthMinor).toBe(1633);
  });

  it('the same mug with prices including tax was paid 15.00, of which 1.22 is tax', () => {
    const pricing = priceOrder(
      { lineItems: [mug], discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }], taxLines: [{ title: 'NY', ratePercentage: 8.875 }] },
      true,
    );
    const parts = refundParts(pricing.shop.ledger, nothingRefunded(pricing.shop.ledger), ask([{ index: 0, quantity: 1 }]));
    expect(pricing.shop.ledger.lines[0]!.taxMinors).toEqual([122]);
    expect(parts).toMatchObject({ subtotalMinor: 1500, lineTaxMinor: 122, worthMinor: 1500 });
  });

  it('a fixed $10.00 code across $40, $30 and $30 lines takes 400 / 300 / 300', () => {
    const pricing = priceOrder({
      lineItems: [
        { quantity: 1, unitPriceMinor: 4000 },
        { quantity: 1, unitPriceMinor: 3000 },
        { quantity: 1, unitPriceMinor: 3000 },
      ],
      discounts: [{ type: 'fixed_amount', code: 'TEN', amountMinor: 1000 }],
    });
    expect(pricing.shop.ledger.lines.map((l) => l.discountedTotalMinor)).toEqual([3600, 2700, 2700]);
  });

  it('four $10.00 glasses at 20% off, one refunded before, two more pay back 16.00', () => {
    const pricing = priceOrder({ lineItems: [{ quantity: 4, unitPriceMinor: 1000 }], discounts: [{ type: 'percentage', title: 'Spring', percentage: 20 }] });
    const ledger = pricing.shop.ledger;
    const earlier = withRefund(nothingRefunded(ledger), refundParts(ledger, nothingRefunded(ledger), ask([{ index: 0, quantity: 1 }])));
    expect(ledger.lines[0]!.discountedTotalMinor).toBe(3200);
    expect(refundParts(ledger, earlier, ask([{ index: 0, quantity: 2 }])).subtotalMinor).toBe(1600);
  });

  it('buy 2 get 1 free on three $12.00 candles takes one candle off: 24.00', () => {
    const pricing = priceOrder({
      lineItems: [{ sku: 'CANDLE', quantity: 3, unitPriceMinor: 1200 }],
      discounts: [{ type: 'buy_x_get_y', title: 'Candle trio', line: { sku: 'CANDLE' }, buy: 2, get: 1 }],
    });
    expect(pricing.shop.allocations.lines[0]).toEqual([1200]);
    expect(pricing.shop.ledger.lines[0]!.discountedTotalMinor).toBe(2400);
  });

  it('applies line offers before order-wide discounts, whatever order the fixture lists them in', () => {
    const pricing = priceOrder({
      lineItems: [
        { sku: 'A', quantity: 1, unitPriceMinor: 10_000 },
        { sku: 'B', quantity: 1, unitPriceMinor: 10_000 },
      ],
      discounts: [
        { type: 'percentage', code: 'ALL10', percentage: 10 },
        { type: 'percentage', title: 'A half off', percentage: 50, appliesTo: { lines: [{ sku: 'A' }] } },
      ],
    });
    // A: 10000 − 5000 = 5000, then 10% of the 15000 left spread 500 / 1000.
    expect(pricing.shop.allocations.lines).toEqual([
      [500, 5000],
      [1000, 0],
    ]);
  });

  it('gives a gift card no discount and no tax', () => {
    const pricing = priceOrder({
      lineItems: [mug, { quantity: 1, unitPriceMinor: 5000, giftCard: true }],
      discounts: [{ type: 'percentage', code: 'ALL', percentage: 10 }],
      taxLines: NY,
    });
    expect(pricing.shop.ledger.lines[1]).toMatchObject({ discountedTotalMinor: 5000, taxMinors: [] });
    expect(pricing.taxable).toEqual([true, false]);
  });
});

describe('sandbox pricing: tax, shipping, duties, tip (sections 2 and 3)', () => {
  it('splits 8.875% as NY State 4% and New York City 4.875%: 60 + 73', () => {
    const pricing = priceOrder({ lineItems: [mug], discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }], taxLines: NY });
    expect(pricing.shop.ledger.lines[0]!.taxMinors).toEqual([60, 73]);
  });

  it('discounts a taxable shipping line, then taxes what is left of it', () => {
    const pricing = priceOrder({
      lineItems: [mug],
      taxLines: NY,
      shippingLines: [{ title: 'Standard', priceMinor: 1000, taxable: true }],
      discounts: [{ type: 'percentage', code: 'SHIPHALF', percentage: 50, appliesTo: 'shipping' }],
    });
    expect(pricing.shop.allocations.shipping).toEqual([[500]]);
    expect(pricing.shop.ledger.shipping).toEqual([{ discountedMinor: 500, taxMinors: [20, 24] }]);
    expect(pricing.shop.ledger.lines[0]!.discountedTotalMinor).toBe(2000);
  });

  it('adds duties and the tip on top: the order total', () => {
    const terms: PricingTerms = {
      lineItems: [{ quantity: 1, unitPriceMinor: 2100, dutyMinor: 300 }],
      shippingLines: [{ title: 'Standard', priceMinor: 695 }],
      tipMinor: 200,
      taxLines: [{ title: 'VAT', ratePercentage: 20 }],
      taxesIncluded: true,
    };
    expect(orderTotalMinor(priceOrder(terms).shop.ledger)).toBe(2100 + 695 + 300 + 200);
  });

  it('prices a presentment order again from its own figures, never converting', () => {
    const pricing = priceOrder({
      presentmentCurrency: 'EUR',
      lineItems: [{ quantity: 3, unitPriceMinor: 1000, presentmentUnitPriceMinor: 925, dutyMinor: 400, presentmentDutyMinor: 370 }],
      discounts: [{ type: 'fixed_amount', code: 'FIVE', amountMinor: 500, presentmentAmountMinor: 460 }],
      taxLines: [{ title: 'VAT', ratePercentage: 7.5 }],
    });
    expect(pricing.shop.ledger.lines[0]).toMatchObject({ discountedTotalMinor: 2500, taxMinors: [188], dutyMinor: 400 });
    expect(pricing.presentment?.ledger.lines[0]).toMatchObject({ discountedTotalMinor: 2315, taxMinors: [174], dutyMinor: 370 });
  });
});

describe('sandbox pricing: refunds (section 4)', () => {
  it('three units refunded one at a time add up exactly to the line total and its tax', () => {
    const pricing = priceOrder({
      lineItems: [{ quantity: 3, unitPriceMinor: 1000 }],
      discounts: [{ type: 'fixed_amount', code: 'ONE', amountMinor: 1 }],
      taxLines: NY,
    });
    const ledger = pricing.shop.ledger;
    let soFar = nothingRefunded(ledger);
    const parts = [0, 1, 2].map(() => {
      const p = refundParts(ledger, soFar, ask([{ index: 0, quantity: 1 }]));
      soFar = withRefund(soFar, p);
      return p.lines[0]!;
    });
    expect(parts.map((p) => p.subtotalMinor)).toEqual([1000, 999, 1000]);
    expect(parts.reduce((n, p) => n + p.subtotalMinor, 0)).toBe(ledger.lines[0]!.discountedTotalMinor);
    expect(parts.reduce((n, p) => n + p.taxMinor, 0)).toBe(ledger.lines[0]!.taxMinors.reduce((n, t) => n + t, 0));
  });

  it('pays back the shipping left once, and a duty once', () => {
    const ledger = priceOrder({ lineItems: [{ quantity: 1, unitPriceMinor: 2100, dutyMinor: 300 }], shippingLines: [{ title: 'Standard', priceMinor: 695 }] })
      .shop.ledger;
    const first = refundParts(ledger, nothingRefunded(ledger), ask([{ index: 0, quantity: 1 }], { shipping: { full: true }, duties: [0] }));
    expect(first.worthMinor).toBe(2100 + 695 + 300);
    const again = refundParts(ledger, withRefund(nothingRefunded(ledger), first), ask([], { shipping: { full: true }, duties: [0] }));
    expect(again.worthMinor).toBe(0);
  });
});
