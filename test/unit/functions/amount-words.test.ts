// What a refund's amount is made of, as every surface words it (functions/shared/words/amount-words.ts,
// issue #35): per claimed line what the customer paid for those units and why, in the currency they
// paid; the shipping and duties refunded with them; a cap by the order's remainder; the store's
// rounding. A run whose gate has no breakdown (an older row) gets none.
import { describe, expect, it } from 'vitest';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { amountWords, gateAmountWords } from '#functions/shared/words/amount-words.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { RefundParts } from '#harness/domain/money-types.js';
import { computeRefund } from '#harness/policy/amount.js';
import { NOW } from '../../support/fixtures.js';
import { moneyOrder, type MoneyOrderSpec } from '../../support/money-orders.js';
import { EURO_MUG, LOST_LAMP, WELCOME_MUG, lineId, paidRun } from './support/paid-case.js';

const US = createFormats({ locale: 'en-US', timeZone: 'UTC', now: NOW });
const claim = (line: number, quantity = 1): RefundParts => ({ lines: [{ lineItemId: lineId(line), quantity }], shipping: false, duties: false });

/** The words of these parts of the order, as the policy computes them in `which` currency. */
function wordsOf(spec: MoneyOrderSpec, parts: RefundParts, which: 'shop' | 'presentment' = 'shop', fmt = US) {
  const order = toOrderFacts(moneyOrder(spec), 0);
  return amountWords({ breakdown: computeRefund(order, parts, which)!, order, money: fmt.money, locale: fmt.locale });
}
const lineWords = (spec: MoneyOrderSpec, parts: RefundParts, which: 'shop' | 'presentment' = 'shop', fmt = US) =>
  wordsOf(spec, parts, which, fmt).lines.map((l) => l.words);

describe('what the customer paid for a claimed line, and why', () => {
  it('a $20 mug at 25% off with $1.33 tax on top: paid $16.33', () => {
    expect(lineWords(WELCOME_MUG, claim(1))).toEqual(['paid $16.33 ($20.00 less a 25% discount, plus $1.33 tax)']);
    expect(wordsOf(WELCOME_MUG, claim(1)).lines[0]).toMatchObject({
      item: '1 × Stoneware mug',
      paid: '$16.33',
      price: '$20.00',
      discount: '25%',
      tax: '$1.33',
      taxIncluded: false,
    });
  });

  it('an item with no discount and no tax: only what was paid', () => {
    expect(lineWords({ lines: [{ title: 'Stoneware mug', unitMinor: 1800 }] }, claim(1))).toEqual(['paid $18.00']);
  });

  it('a fixed $10 code spread over three lines: its $3.00 share, not a percentage', () => {
    const share = (amountMinor: number) => [{ amountMinor, code: 'TENOFF' }];
    const boards: MoneyOrderSpec = {
      lines: [
        { title: 'Oak board', unitMinor: 4000, discounts: share(400) },
        { title: 'Walnut board', unitMinor: 3000, discounts: share(300) },
        { title: 'Cherry board', unitMinor: 3000, discounts: share(300) },
      ],
    };
    expect(lineWords(boards, claim(2))).toEqual(['paid $27.00 ($30.00 less a $3.00 discount)']);
  });

  it('prices that include tax: the tax is inside the price, in the euros the customer paid', () => {
    expect(lineWords(EURO_MUG, claim(1), 'presentment')).toEqual(['paid €15.00 (€20.00 less a 25% discount, tax included)']);
    const paris = createFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris', now: NOW });
    expect(lineWords(EURO_MUG, claim(1), 'presentment', paris)).toEqual(['paid 15,00\u00a0€ (20,00\u00a0€ less a 25\u00a0% discount, tax included)']);
  });

  it('tax alone on top of the price', () => {
    const mug = { lines: [{ title: 'Stoneware mug', unitMinor: 4800, taxes: [{ title: 'State', ratePercentage: 8, amountMinor: 384 }] }] };
    expect(lineWords(mug, claim(1))).toEqual(['paid $51.84 ($48.00 plus $3.84 tax)']);
  });

  it('several units: the count beside the unit price', () => {
    const glasses = { lines: [{ title: 'Tumbler glass', unitMinor: 1000, quantity: 4, discounts: [{ amountMinor: 800, percentage: 20 }] }] };
    expect(lineWords(glasses, claim(1, 2))).toEqual(['paid $16.00 (2 × $10.00 less a 20% discount)']);
    expect(lineWords({ lines: [{ title: 'Tumbler glass', unitMinor: 1000, quantity: 4 }] }, claim(1, 3))).toEqual(['paid $30.00 (3 × $10.00)']);
  });

  it('a percentage that is not the share taken off these units is said as an amount ("50% off one of two")', () => {
    const pair = { lines: [{ title: 'Candle', unitMinor: 1000, quantity: 2, discounts: [{ amountMinor: 500, percentage: 50 }] }] };
    expect(lineWords(pair, claim(1, 2))).toEqual(['paid $15.00 (2 × $10.00 less a $5.00 discount)']);
  });

  it('says "an" before an 8% or an $11.00 discount', () => {
    const eight = { lines: [{ title: 'Candle', unitMinor: 1000, discounts: [{ amountMinor: 80, percentage: 8 }] }] };
    expect(lineWords(eight, claim(1))).toEqual(['paid $9.20 ($10.00 less an 8% discount)']);
    const eleven = { lines: [{ title: 'Lamp', unitMinor: 5000, discounts: [{ amountMinor: 1100, code: 'LAMP' }] }] };
    expect(lineWords(eleven, claim(1))).toEqual(['paid $39.00 ($50.00 less an $11.00 discount)']);
  });
});

describe('what goes back beside the lines', () => {
  it('the shipping of an order that never arrived, with its tax', () => {
    const words = wordsOf(LOST_LAMP, { ...claim(1), shipping: true });
    expect(words.notes).toEqual(['shipping refunded: $7.50 ($6.95 plus $0.55 tax)']);
    expect(words.shipping).toBe('$7.50');
  });

  it("the duties of a cross-border order, in the customer's currency", () => {
    const throwBlanket: MoneyOrderSpec = {
      presentmentCurrency: 'EUR',
      lines: [{ title: 'Wool throw', unitMinor: 4000, duties: [{ id: 'gid://shopify/Duty/1', amountMinor: 500 }], paid: { unitMinor: 3700, duties: [460] } }],
      shipping: { priceMinor: 1000, paid: { priceMinor: 925 } },
    };
    const words = wordsOf(throwBlanket, { ...claim(1), shipping: true, duties: true }, 'presentment');
    expect(words.notes).toEqual(['shipping refunded: €9.25', 'duties refunded: €4.60']);
    expect(words).toMatchObject({ currency: 'EUR', shipping: '€9.25', duties: '€4.60' });
  });

  it('a cap by what the order had left to refund', () => {
    const words = wordsOf({ lines: [{ title: 'Stoneware mug', unitMinor: 1800 }], refundedMinor: 1000 }, claim(1));
    expect(words.notes).toEqual(['the order had only $8.00 left to refund, less than these parts come to ($18.00), so the refund is $8.00']);
  });

  it("the store's figure when it is the one refunded, a cent from the parts", () => {
    const run = paidRun(WELCOME_MUG);
    const store = { ...run, gate: { ...run.gate!, amountMinor: 1634, policyAmountMinor: 1633 } };
    expect(gateAmountWords(store, US)?.notes).toEqual(["the store computes $16.34 for these items (the parts come to $16.33); the store's figure is refunded"]);
    expect(gateAmountWords(run, US)?.notes).toEqual([]);
  });
});

describe("a run's gate decision in words", () => {
  it("words the real gate's breakdown, in the currency the customer paid", () => {
    expect(gateAmountWords(paidRun(WELCOME_MUG), US)?.lines.map((l) => l.words)).toEqual(['paid $16.33 ($20.00 less a 25% discount, plus $1.33 tax)']);
    expect(gateAmountWords(paidRun(EURO_MUG), US)).toMatchObject({
      currency: 'EUR',
      lines: [{ words: 'paid €15.00 (€20.00 less a 25% discount, tax included)' }],
    });
  });

  it('has nothing to say for an older run whose gate has no breakdown', () => {
    const run = paidRun(WELCOME_MUG);
    const { breakdown: _b, ...older } = run.gate!;
    expect(gateAmountWords({ ...run, gate: older }, US)).toBeNull();
    expect(gateAmountWords({ ...run, gate: null }, US)).toBeNull();
  });
});
