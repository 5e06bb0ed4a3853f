// The sandbox store's suggestedRefund on orders with discounts, tax, shipping, duties and a tip
// (docs/sandbox-money.md sections 4 and 5), over real HTTP: each line's prorated discounted total and
// tax, the shipping left when asked, the asked duties, in both money sets, capped by what the
// payments took in less every refund (so the tip is in the maximum, never in a suggestion).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import { fixtureWith, lineId, order, saleId, startStore, suggest, usd, usdEur } from './money-support.js';

const one = (number: number, k = 1, quantity = 1) => ({ lines: [{ lineItemId: lineId(number, k), quantity }] });

let store: SandboxStore;
beforeAll(async () => {
  store = await startStore(
    fixtureWith([
      order(6201, {
        lineItems: [{ title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 2000 }],
        discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
        taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
      }),
      order(6202, {
        lineItems: [{ title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 2000 }],
        discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
        taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
        taxesIncluded: true,
      }),
      order(6203, {
        lineItems: [
          { title: 'Lamp', quantity: 1, unitPriceMinor: 4000 },
          { title: 'Vase', quantity: 1, unitPriceMinor: 3000 },
          { title: 'Bowl', quantity: 1, unitPriceMinor: 3000 },
        ],
        discounts: [{ type: 'fixed_amount', code: 'TENOFF', amountMinor: 1000 }],
      }),
      order(6204, {
        lineItems: [{ title: 'Tumbler', sku: 'GLASS', quantity: 4, unitPriceMinor: 1000 }],
        discounts: [{ type: 'percentage', title: 'Spring sale', percentage: 20 }],
        refunds: [{ daysAgo: 2, lineItems: [{ sku: 'GLASS', quantity: 1 }] }],
      }),
      order(6205, {
        lineItems: [{ title: 'Beeswax candle', sku: 'CANDLE', quantity: 3, unitPriceMinor: 1200 }],
        discounts: [{ type: 'buy_x_get_y', title: 'Candle trio', line: { sku: 'CANDLE' }, buy: 2, get: 1 }],
      }),
      order(6206, {
        lineItems: [{ title: 'Reading lamp', quantity: 1, unitPriceMinor: 2100 }],
        shippingLines: [{ title: 'Standard', priceMinor: 695 }],
      }),
      order(6207, {
        presentmentCurrency: 'EUR',
        lineItems: [{ title: 'Linen throw', quantity: 1, unitPriceMinor: 8000, presentmentUnitPriceMinor: 7400, dutyMinor: 650, presentmentDutyMinor: 600 }],
      }),
      order(6208, {
        lineItems: [{ title: 'Bud vase', quantity: 1, unitPriceMinor: 3000 }],
        tipMinor: 500,
      }),
      order(6209, {
        lineItems: [
          { title: 'Lamp', quantity: 1, unitPriceMinor: 2000 },
          { title: 'Shade', quantity: 1, unitPriceMinor: 1000 },
        ],
        taxLines: [
          { title: 'State', ratePercentage: 4 },
          { title: 'County', ratePercentage: 4.5 },
        ],
        shippingLines: [{ title: 'Express', priceMinor: 1000, taxable: true }],
        discounts: [{ type: 'fixed_amount', code: 'SHIP2', amountMinor: 200, appliesTo: 'shipping' }],
      }),
    ]),
  );
});
afterAll(() => store.close());

describe('sandbox store: suggestedRefund with discounts and tax', () => {
  it('a $20.00 mug at 25% off with 8.875% tax suggests 16.33: 15.00 and 1.33 tax', async () => {
    const s = await suggest(store, 6201, one(6201));
    expect(s).toMatchObject({ amountSet: usd('16.33'), subtotalSet: usd('15.00'), discountedSubtotalSet: usd('15.00'), totalTaxSet: usd('1.33') });
    expect(s.refundLineItems).toEqual([
      { quantity: 1, lineItem: { id: lineId(6201) }, priceSet: usd('20.00'), subtotalSet: usd('15.00'), totalTaxSet: usd('1.33') },
    ]);
    expect(s.suggestedTransactions).toEqual([
      {
        kind: 'SUGGESTED_REFUND',
        gateway: 'shopify_payments',
        amountSet: usd('16.33'),
        maximumRefundableSet: usd('16.33'),
        parentTransaction: { id: saleId(6201) },
      },
    ]);
  });

  it('the same mug with prices including tax suggests 15.00, reporting the 1.22 of tax inside it', async () => {
    expect(await suggest(store, 6202, one(6202))).toMatchObject({ amountSet: usd('15.00'), subtotalSet: usd('15.00'), totalTaxSet: usd('1.22') });
  });

  it('a fixed $10.00 code across $40, $30 and $30: the second line suggests 27.00', async () => {
    expect((await suggest(store, 6203, one(6203, 2))).amountSet).toEqual(usd('27.00'));
  });

  it('four $10.00 glasses at 20% off, one refunded earlier: two more suggest 16.00, of the 24.00 left', async () => {
    const s = await suggest(store, 6204, one(6204, 1, 2));
    expect(s).toMatchObject({ amountSet: usd('16.00'), maximumRefundableSet: usd('24.00') });
  });

  it('buy 2 get 1 on three $12.00 candles: all three suggest 24.00, one alone its third, 8.00', async () => {
    expect((await suggest(store, 6205, one(6205, 1, 3))).amountSet).toEqual(usd('24.00'));
    expect((await suggest(store, 6205, one(6205))).amountSet).toEqual(usd('8.00'));
  });
});

describe('sandbox store: suggestedRefund with shipping, duties and a tip', () => {
  it('a $21.00 lamp with $6.95 shipping: with refundShipping it suggests 27.95, the shipping 6.95', async () => {
    const s = await suggest(store, 6206, { ...one(6206), shipping: true });
    expect(s).toMatchObject({
      amountSet: usd('27.95'),
      subtotalSet: usd('21.00'),
      shipping: { amountSet: usd('6.95'), taxSet: usd('0.00'), maximumRefundableSet: usd('6.95') },
    });
    const without = await suggest(store, 6206, one(6206));
    expect(without).toMatchObject({ amountSet: usd('21.00'), shipping: { amountSet: usd('0.00'), maximumRefundableSet: usd('6.95') } });
  });

  it('a part of the shipping (shippingAmount) suggests that part', async () => {
    expect((await suggest(store, 6206, { shippingAmount: '2.50' })).shipping.amountSet).toEqual(usd('2.50'));
  });

  it('a taxable shipping line with a shipping discount: the 8.00 left and its state and county tax', async () => {
    // Lamp 20.00 + 0.80 + 0.90; shipping 10.00 − 2.00 = 8.00, taxed 0.32 + 0.36.
    const s = await suggest(store, 6209, { ...one(6209), shipping: true });
    expect(s).toMatchObject({
      shipping: { amountSet: usd('8.00'), taxSet: usd('0.68'), maximumRefundableSet: usd('8.00') },
      totalTaxSet: usd('2.38'),
      amountSet: usd('30.38'),
    });
  });

  it('an order paid in euros with a duty: refundDuties adds it, in both currencies', async () => {
    const s = await suggest(store, 6207, { ...one(6207), duties: [{ dutyId: 'gid://shopify/Duty/620701', refundType: 'FULL' }] });
    expect(s).toMatchObject({ amountSet: usdEur('86.50', '80.00'), subtotalSet: usdEur('80.00', '74.00'), totalDutiesSet: usdEur('6.50', '6.00') });
    expect(s.refundDuties).toEqual([{ amountSet: usdEur('6.50', '6.00'), originalDuty: { id: 'gid://shopify/Duty/620701' } }]);
    const without = await suggest(store, 6207, one(6207));
    expect(without).toMatchObject({ amountSet: usdEur('80.00', '74.00'), totalDutiesSet: usdEur('0.00', '0.00'), refundDuties: [] });
  });

  it('a tip is in the maximum refundable, and in no suggestion', async () => {
    const s = await suggest(store, 6208, { full: true, shipping: true });
    expect(s).toMatchObject({ amountSet: usd('30.00'), maximumRefundableSet: usd('35.00') });
  });
});
