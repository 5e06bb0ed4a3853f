// The skewSuggestedRefund fault (local/sandbox/store/faults.ts), turned over POST /sandbox/faults: a
// store whose suggestedRefund disagrees with the agent's arithmetic. Its amount, in both money sets,
// and its first suggested transaction are off by the fault's minor units, for the order named or for
// all, until reset; refundCreate still takes the true figures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import { fixtureWith, lineId, order, orderId, refund, startStore, suggest, toSale, usd, usdEur } from './money-support.js';

const faults = (body: unknown) => fetch(`${store.url}/sandbox/faults`, { method: 'POST', body: JSON.stringify(body) });
const mug = (number: number) => ({ lines: [{ lineItemId: lineId(number), quantity: 1 }] });

let store: SandboxStore;
beforeAll(async () => {
  store = await startStore(
    fixtureWith([
      order(6501, {
        lineItems: [{ title: 'Stoneware mug', quantity: 1, unitPriceMinor: 2000 }],
        discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
        taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
        payments: [
          { gateway: 'gift_card', amountMinor: 1000 },
          { gateway: 'shopify_payments', amountMinor: 633 },
        ],
      }),
      order(6502, {
        presentmentCurrency: 'EUR',
        lineItems: [{ title: 'Bud vase', quantity: 1, unitPriceMinor: 2000, presentmentUnitPriceMinor: 1850 }],
      }),
    ]),
  );
});
afterEach(async () => {
  await faults({ reset: true });
});
afterAll(() => store.close());

describe('sandbox store: a suggestedRefund that disagrees (skewSuggestedRefund)', () => {
  it('adds the skew to the amount and to the first payment’s share, for the order named only', async () => {
    expect((await faults({ skewSuggestedRefund: { minor: 7, orderNumber: '6501' } })).status).toBe(204);
    const skewed = await suggest(store, 6501, mug(6501));
    expect(skewed.amountSet).toEqual(usd('16.40'));
    expect(skewed.suggestedTransactions.map((t: { amountSet: unknown }) => t.amountSet)).toEqual([usd('10.07'), usd('6.33')]);
    expect((await suggest(store, 6502, mug(6502))).amountSet).toEqual(usdEur('20.00', '18.50'));
  });

  it('takes a negative skew, in both money sets, for every order when none is named', async () => {
    await faults({ skewSuggestedRefund: { minor: -50 } });
    expect((await suggest(store, 6502, mug(6502))).amountSet).toEqual(usdEur('19.50', '18.00'));
    expect((await suggest(store, 6501, mug(6501))).amountSet).toEqual(usd('15.83'));
  });

  it('leaves refundCreate alone: it still refuses more than the order has', async () => {
    await faults({ skewSuggestedRefund: { minor: 100, orderNumber: '#6501' } });
    const over = await refund(store, { orderId: orderId(6501), transactions: [{ ...toSale(6501, '16.34'), gateway: 'gift_card' }] });
    expect(over.userErrors).toEqual([{ field: ['transactions', '0', 'amount'], message: 'Amount cannot be greater than the refundable amount' }]);
  });

  it('is gone after a reset, and refuses a skew that is not whole minor units', async () => {
    await faults({ skewSuggestedRefund: { minor: 7 } });
    await faults({ reset: true });
    expect((await suggest(store, 6501, mug(6501))).amountSet).toEqual(usd('16.33'));
    expect((await faults({ skewSuggestedRefund: { minor: 0.5 } })).status).toBe(400);
  });
});
