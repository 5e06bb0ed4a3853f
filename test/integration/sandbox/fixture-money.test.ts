// A fixture order's money terms are checked before the store starts (local/sandbox/fixture.ts,
// fixture-money-checks.ts): the payments add up to the real order total, discounts name lines the
// order has, shipping discounts and refunded shipping need shipping, an order paid in another
// currency gives every amount's twin, rates have at most four decimals; each issue names its field.
// Earlier refunds pay back what docs/sandbox-money.md section 4 says, as the seeded store shows.
import { describe, expect, it } from 'vitest';
import { demoFixture, SandboxFixture } from '#local/sandbox/index.js';
import { ask, BAG, fixtureWith, order, orderId, startStore, usd, type FixtureOrder } from './money-support.js';

const base = demoFixture();
const at = base.orders.length;

/** The issues zod reports for the demo store with this order added, each as its dotted path and message. */
function issuesOf(extra: Record<string, unknown>): { path: string; message: string }[] {
  const parsed = SandboxFixture.safeParse({ ...base, orders: [...base.orders, extra] });
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
const path = (...rest: (string | number)[]) => ['orders', at, ...rest].join('.');

const lamp = { title: 'Reading lamp', sku: 'LAMP', quantity: 1, unitPriceMinor: 2100 };
const card = { title: 'Gift card', sku: 'GIFT', quantity: 1, unitPriceMinor: 5000, giftCard: true };
const eurLamp = { ...lamp, presentmentUnitPriceMinor: 1950 };

describe('sandbox fixture: money terms that do not hold together are refused, naming the field', () => {
  it('payments must add up to the order total with its shipping, tax, duties and tip, not the lines alone', () => {
    const issues = issuesOf(
      order(6401, {
        lineItems: [lamp],
        shippingLines: [{ title: 'Standard', priceMinor: 695 }],
        payments: [{ gateway: 'shopify_payments', amountMinor: 2100 }],
      }),
    );
    expect(issues).toContainEqual({ path: path('payments'), message: expect.stringMatching(/add up to 2100, not the 2795 the order costs/) });
    expect(
      issuesOf(
        order(6401, {
          lineItems: [lamp],
          shippingLines: [{ title: 'Standard', priceMinor: 695 }],
          payments: [{ gateway: 'shopify_payments', amountMinor: 2795 }],
        }),
      ),
    ).toEqual([]);
  });

  it('a discount naming an unknown line, or a buy X get Y on a gift card', () => {
    expect(
      issuesOf(order(6402, { lineItems: [lamp], discounts: [{ type: 'percentage', code: 'X', percentage: 10, appliesTo: { lines: [{ sku: 'NOPE' }] } }] })),
    ).toContainEqual({
      path: path('discounts', 0, 'appliesTo', 'lines', 0),
      message: 'unknown line item',
    });
    expect(
      issuesOf(order(6402, { lineItems: [lamp, card], discounts: [{ type: 'buy_x_get_y', title: 'Y', line: { sku: 'GIFT' }, buy: 1, get: 1 }] })),
    ).toContainEqual({
      path: path('discounts', 0, 'line'),
      message: 'buy X get Y cannot apply to a gift card',
    });
  });

  it('a shipping discount with no shipping lines, and an earlier refund of shipping the order never had', () => {
    const issues = issuesOf(
      order(6403, {
        lineItems: [lamp],
        discounts: [{ type: 'percentage', code: 'FREESHIP', percentage: 100, appliesTo: 'shipping' }],
        refunds: [{ daysAgo: 1, lineItems: [{ sku: 'LAMP', quantity: 1 }], shipping: true }],
      }),
    );
    expect(issues).toContainEqual({ path: path('discounts', 0, 'appliesTo'), message: 'a shipping discount needs shippingLines on the order' });
    expect(issues).toContainEqual({ path: path('refunds', 0, 'shipping'), message: 'the order has no shipping to refund' });
  });

  it('a rate or a percentage with more than four decimals', () => {
    const issues = issuesOf(
      order(6404, {
        lineItems: [lamp],
        taxLines: [{ title: 'Odd', ratePercentage: 8.87501 }],
        discounts: [{ type: 'percentage', code: 'ODD', percentage: 12.34567 }],
      }),
    );
    expect(issues).toContainEqual({ path: path('taxLines', 0, 'ratePercentage'), message: 'a rate has at most four decimals' });
    expect(issues).toContainEqual({ path: path('discounts', 0, 'percentage'), message: 'a percentage has at most four decimals' });
  });

  it('an order paid in another currency without the presentment twin of a fixed discount, shipping, a duty or the tip', () => {
    const issues = issuesOf(
      order(6405, {
        presentmentCurrency: 'EUR',
        lineItems: [{ ...eurLamp, dutyMinor: 300 }],
        discounts: [{ type: 'fixed_amount', code: 'FIVE', amountMinor: 500 }],
        shippingLines: [{ title: 'Standard', priceMinor: 695 }],
        tipMinor: 200,
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        path('discounts', 0, 'presentmentAmountMinor'),
        path('shippingLines', 0, 'presentmentPriceMinor'),
        path('lineItems', 0, 'presentmentDutyMinor'),
        path('presentmentTipMinor'),
      ]),
    );
  });

  it('a presentment twin on an order without a presentment currency', () => {
    expect(issuesOf(order(6406, { lineItems: [lamp], tipMinor: 200, presentmentTipMinor: 185 }))).toContainEqual({
      path: path('presentmentCurrency'),
      message: 'presentment prices need a presentmentCurrency',
    });
  });

  it('earlier refunds that together pay back more than the order total', () => {
    const mug: FixtureOrder = order(6407, {
      lineItems: [{ title: 'Mug', sku: 'MUG', quantity: 1, unitPriceMinor: 2000 }],
      taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
      refunds: [
        { daysAgo: 2, lineItems: [{ sku: 'MUG', quantity: 1 }] },
        { daysAgo: 1, amountMinor: 500 },
      ],
    });
    expect(issuesOf(mug)).toContainEqual({ path: path('refunds', 1, 'amountMinor'), message: 'refunds 500, more than the 0 the order still has' });
  });
});

describe('sandbox fixture: earlier refunds pay back what section 4 says', () => {
  it('a unit at its discounted, taxed price; shipping: true adds the shipping left; duties: true its duty', async () => {
    const store = await startStore(
      fixtureWith([
        order(6408, {
          lineItems: [
            { title: 'Mug', sku: 'MUG', quantity: 2, unitPriceMinor: 2000, dutyMinor: 150 },
            { title: 'Bowl', sku: 'BOWL', quantity: 1, unitPriceMinor: 1000 },
          ],
          discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25, appliesTo: { lines: [{ sku: 'MUG' }] } }],
          taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
          shippingLines: [{ title: 'Standard', priceMinor: 695 }],
          refunds: [
            { daysAgo: 3, lineItems: [{ sku: 'MUG', quantity: 1 }] },
            { daysAgo: 2, lineItems: [{ sku: 'MUG', quantity: 1 }], shipping: true, duties: true },
          ],
        }),
      ]),
    );
    try {
      const read = await ask(
        store,
        `query ($id: ID!) { order(id: $id) { totalPriceSet { ${BAG} } refunds(first: 5) { totalRefundedSet { ${BAG} }
          refundLineItems(first: 5) { nodes { subtotalSet { ${BAG} } totalTaxSet { ${BAG} } } }
          refundShippingLines(first: 5) { nodes { subtotalAmountSet { ${BAG} } } } duties { amountSet { ${BAG} } } } } }`,
        { id: orderId(6408) },
      );
      // The mugs: 30.00 after 25% off, tax 2.66 (1.33 each); shipping 6.95; the duty 1.50.
      expect(read.order.refunds).toEqual([
        {
          totalRefundedSet: usd('16.33'),
          refundLineItems: { nodes: [{ subtotalSet: usd('15.00'), totalTaxSet: usd('1.33') }] },
          refundShippingLines: { nodes: [] },
          duties: [],
        },
        {
          totalRefundedSet: usd('24.78'),
          refundLineItems: { nodes: [{ subtotalSet: usd('15.00'), totalTaxSet: usd('1.33') }] },
          refundShippingLines: { nodes: [{ subtotalAmountSet: usd('6.95') }] },
          duties: [{ amountSet: usd('1.50') }],
        },
      ]);
    } finally {
      await store.close();
    }
  });
});
