// Presentment currencies in the harness (#23, Shopify Markets): a USD store's order the customer paid
// in euros. The facts keep the euro prices beside the dollar ones; the refund's arguments carry the
// dollar amount the gate decided (limits, idempotency key) and the euro amount the customer gets
// back, the claimed lines at their euro prices, exact in minor units; the dispatch check refuses
// any other euro figure, and the preview is compared in euros too.
import { describe, expect, it } from 'vitest';
import type { Order, PreviewRefundOutput } from '#shared/contracts/tools.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { buildRefundArguments } from '#harness/gateway/refund-arguments.js';
import { comparePresentment } from '#harness/gateway/preview-presentment.js';
import { refundMismatch } from '#harness/gateway/reconcile.js';
import { computePresentmentAmount, presentmentProblem } from '#harness/policy/presentment-amount.js';
import { makeOrder, makeProposal } from '../../support/fixtures.js';

const usdEur = (usd: number, eur: number) => ({ amountMinor: usd, currency: 'USD', presentment: { amountMinor: eur, currency: 'EUR' } });
const LINE = 'gid://shopify/LineItem/10011';

/** Three bowls at $10.00 (€9.25) each, paid €27.75; `refunds` already made. */
function euroOrder(overrides: Partial<Order> = {}): Order {
  const base = makeOrder({ unitPriceMinor: 1000, quantity: 3, title: 'Nesting bowl' });
  return {
    ...base,
    presentmentCurrency: 'EUR',
    lineItems: base.lineItems.map((li) => ({ ...li, unitPrice: usdEur(1000, 925) })),
    transactions: base.transactions.map((t) => ({ ...t, amount: usdEur(3000, 2775) })),
    maximumRefundable: usdEur(3000, 2775),
    ...overrides,
  };
}

describe('presentment facts and amounts', () => {
  it('keeps the euro unit prices, remainder and refunds beside the dollar facts', () => {
    const facts = toOrderFacts(euroOrder(), 0);
    expect(facts.currency).toBe('USD');
    expect(facts.lineItems[0]!.unitPriceMinor).toBe(1000);
    expect(facts.presentment).toEqual({
      currency: 'EUR',
      unitPriceMinor: { [LINE]: 925 },
      maximumRefundableMinor: 2775,
      refundedMinor: 0,
      money: { lines: { [LINE]: { discountMinor: 0, taxMinor: [], duties: [] } }, shipping: null, tipMinor: 0 },
    });
  });

  it('leaves them out for an order paid in the shop currency, or one whose euro figures are not all there', () => {
    expect(toOrderFacts(makeOrder(), 0).presentment).toBeUndefined();
    const unpriced = euroOrder();
    unpriced.lineItems[0]!.unitPrice = { amountMinor: 1000, currency: 'USD' };
    expect(toOrderFacts(unpriced, 0).presentment).toBeUndefined();
  });

  it('prices two claimed bowls at €18.50: their euro prices, never a converted figure', () => {
    const facts = toOrderFacts(euroOrder(), 0);
    expect(computePresentmentAmount(facts, [{ lineItemId: LINE, quantity: 2 }])).toEqual({ amountMinor: 1850, currency: 'EUR' });
    expect(computePresentmentAmount(toOrderFacts(makeOrder(), 0), [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1 }])).toBeNull();
  });

  it('caps the euro figure as the dollar one is: units still refundable, and what remains in euros after earlier refunds', () => {
    const order = euroOrder({
      refunds: [{ id: 'gid://shopify/Refund/1', createdAt: '2026-09-20T00:00:00Z', amount: usdEur(500, 460), lineItems: [] }],
      maximumRefundable: usdEur(2500, 2315),
    });
    order.lineItems[0]!.refundableQuantity = 2;
    const facts = toOrderFacts(order, 0);
    expect(computePresentmentAmount(facts, [{ lineItemId: LINE, quantity: 3 }])).toEqual({ amountMinor: 1850, currency: 'EUR' });
    const amountOnly = toOrderFacts({ ...order, maximumRefundable: usdEur(1000, 900) }, 0);
    expect(computePresentmentAmount(amountOnly, [{ lineItemId: LINE, quantity: 2 }])).toEqual({ amountMinor: 900, currency: 'EUR' });
  });
});

describe("the refund's arguments in the customer's currency", () => {
  const facts = toOrderFacts(euroOrder(), 0);
  const proposal = { ...makeProposal(facts), lineItems: [{ lineItemId: LINE, quantity: 2, quote: 'two bowls arrived chipped' }] };

  it('carry the gate’s dollar amount and the lines’ euro amount beside it, with the same idempotency key as without', () => {
    const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal, facts, amountMinor: 2000 });
    expect(args.amount).toEqual(usdEur(2000, 1850));
    const shopOnly = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal, facts: { ...facts, presentment: undefined }, amountMinor: 2000 });
    expect(shopOnly.amount).toEqual({ amountMinor: 2000, currency: 'USD' });
    expect(args.idempotencyKey).toBe(shopOnly.idempotencyKey);
  });

  it('are refused at dispatch with any other euro figure beyond the tolerance, another currency, or none', () => {
    const lines = { lines: [{ lineItemId: LINE, quantity: 2 }], shipping: false, duties: false };
    expect(presentmentProblem(facts, lines, { amountMinor: 1851, currency: 'EUR' }, 1)).toBeNull();
    expect(presentmentProblem(facts, lines, { amountMinor: 1852, currency: 'EUR' }, 1)).toMatch(/1852 EUR is not the 1850/);
    expect(presentmentProblem(facts, lines, { amountMinor: 1850, currency: 'EUR' })).toBeNull();
    expect(presentmentProblem(facts, lines, { amountMinor: 1851, currency: 'EUR' })).toMatch(/1851 EUR is not the 1850/);
    expect(presentmentProblem(facts, lines, { amountMinor: 1850, currency: 'GBP' })).toMatch(/GBP is not the one the customer paid \(EUR\)/);
    expect(presentmentProblem(facts, lines, undefined)).toMatch(/must be made in EUR/);
    expect(presentmentProblem(toOrderFacts(makeOrder(), 0), lines, { amountMinor: 1850, currency: 'EUR' })).toMatch(/paid in the shop currency/);
    expect(presentmentProblem(toOrderFacts(makeOrder(), 0), lines, undefined)).toBeNull();
  });

  it('are compared with the preview in euros: the preview must offer at least the euro amount, in euros', () => {
    const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal, facts, amountMinor: 2000 });
    const preview = (amount: PreviewRefundOutput['amount'], left = usdEur(3000, 2775)): PreviewRefundOutput => ({
      orderId: facts.orderId,
      amount,
      subtotal: amount,
      totalTax: { amountMinor: 0, currency: 'USD' },
      maximumRefundable: left,
      lineItems: [{ lineItemId: LINE, quantity: 2, subtotal: amount }],
      transactions: [],
    });
    expect(comparePresentment(args, preview(usdEur(2000, 1850)))).toBeNull();
    expect(comparePresentment(args, preview(usdEur(2000, 1800)))).toMatch(/computes €18\.00 for these items now, less than the €18\.50 asked/);
    // More offered than asked: the gate kept the policy's own cap below the store's figure.
    expect(comparePresentment(args, preview(usdEur(2000, 1900)))).toBeNull();
    expect(comparePresentment(args, preview(usdEur(2000, 1850), usdEur(2000, 1700)))).toMatch(/still refundable/);
    expect(comparePresentment(args, preview({ amountMinor: 2000, currency: 'USD' }))).toMatch(/not in EUR/);
    expect(comparePresentment({ ...args, amount: { amountMinor: 2000, currency: 'USD' } }, preview({ amountMinor: 2000, currency: 'USD' }))).toBeNull();
  });

  it('finds its own refund on the order by the euros paid back, whatever the store’s dollar conversion came to', () => {
    const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal, facts, amountMinor: 2000 });
    const made = (amount: ReturnType<typeof usdEur>) => ({
      id: 'gid://shopify/Refund/9',
      createdAt: '2026-09-23T12:00:00Z',
      amount,
      lineItems: [{ lineItemId: LINE, quantity: 2 }],
    });
    expect(refundMismatch(made(usdEur(1999, 1850)), args, '2026-09-23T11:59:00Z')).toBeNull();
    expect(refundMismatch(made(usdEur(2000, 1849)), args, '2026-09-23T11:59:00Z')).toBe('other_amount');
  });
});
