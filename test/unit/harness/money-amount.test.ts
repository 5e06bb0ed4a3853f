// The amount as real orders carry it (docs/policy.md "The amount"): what the customer paid for each
// claimed unit (after every discount on its line, plus its tax where prices exclude tax), shipping
// and duties only when nothing arrived, never a tip, pennies prorated so partial refunds add up;
// and the store's own figure beside the policy's: within a cent per claimed line the store's is
// refunded and the limits compare the larger, beyond it a person decides with both figures.
import { describe, expect, it } from 'vitest';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { computeRefund, unitsShare } from '#harness/policy/amount.js';
import { refundParts } from '#harness/policy/refund-parts.js';
import { priceRefund } from '#harness/policy/refund-pricing.js';
import { checkRefundArguments, createPolicy, DEFAULT_POLICY, decideGate, RULES } from '#harness/policy/index.js';
import type { ArgumentPolicyError } from '#harness/errors.js';
import type { PreviewRefundOutput, RefundCreateInput } from '#shared/contracts/tools.js';
import { NOW, autoGate, makeProposal, makeTriage } from '../../support/fixtures.js';
import { moneyOrder, type MoneyOrderSpec } from '../../support/money-orders.js';

const facts = (spec: MoneyOrderSpec) => toOrderFacts(moneyOrder(spec), 0);
const line = (n: number) => `gid://shopify/LineItem/1001${n}`;
const claim = (n: number, quantity = 1) => ({ lineItemId: line(n), quantity });
const lines = (...claimed: { lineItemId: string; quantity: number }[]) => ({ lines: claimed, shipping: false, duties: false });

/** A second line and a $6.95 shipping charge, so no cap hides the amount of the first. */
const WITH_NAPKINS = { title: 'Linen napkins', unitMinor: 2400 };
const SHIPPING = { priceMinor: 695 };

describe('what the customer paid for the claimed units', () => {
  it('a $20 mug with 25% off and 8.875% tax on top comes to $16.33', () => {
    const order = facts({
      lines: [
        {
          title: 'Stoneware mug',
          unitMinor: 2000,
          discounts: [{ amountMinor: 500, code: 'WELCOME25', percentage: 25 }],
          taxes: [{ title: 'NY', ratePercentage: 8.875, amountMinor: 133 }],
        },
        WITH_NAPKINS,
      ],
      shipping: SHIPPING,
    });
    expect(computeRefund(order, lines(claim(1)))!).toMatchObject({
      lines: [{ quantity: 1, listMinor: 2000, discountMinor: 500, taxMinor: 133, paidMinor: 1633 }],
      shippingMinor: 0,
      totalMinor: 1633,
    });
  });

  it('the same order where prices include tax comes to $15.00: the tax is inside the price', () => {
    const order = facts({
      taxesIncluded: true,
      lines: [
        {
          title: 'Stoneware mug',
          unitMinor: 2000,
          discounts: [{ amountMinor: 500, percentage: 25 }],
          taxes: [{ title: 'VAT', ratePercentage: 20, amountMinor: 250 }],
        },
        WITH_NAPKINS,
      ],
      shipping: SHIPPING,
    });
    expect(computeRefund(order, lines(claim(1)))!).toMatchObject({ taxesIncluded: true, lines: [{ taxMinor: 250, paidMinor: 1500 }], totalMinor: 1500 });
  });

  it("a fixed $10 code across $40, $30 and $30 lines: the second line's $3.00 share comes off, $27.00", () => {
    const share = (amountMinor: number) => [{ amountMinor, code: 'TENOFF' }];
    const order = facts({
      lines: [
        { title: 'Oak board', unitMinor: 4000, discounts: share(400) },
        { title: 'Walnut board', unitMinor: 3000, discounts: share(300) },
        { title: 'Cherry board', unitMinor: 3000, discounts: share(300) },
      ],
      shipping: SHIPPING,
    });
    expect(computeRefund(order, lines(claim(2)))!.totalMinor).toBe(2700);
  });

  it('four $10 glasses at 20% off with one refunded earlier: two more come to $16.00', () => {
    const order = facts({
      lines: [{ title: 'Tumbler glass', unitMinor: 1000, quantity: 4, refunded: 1, discounts: [{ amountMinor: 800, percentage: 20 }] }, WITH_NAPKINS],
      shipping: SHIPPING,
      refundedMinor: 800,
    });
    expect(computeRefund(order, lines(claim(1, 2)))!.totalMinor).toBe(1600);
  });

  it('prorates pennies so a line refunded a unit at a time adds up to exactly what was paid for it, tax included', () => {
    expect([0, 1, 2].map((before) => unitsShare(1000, 3, before, 1))).toEqual([333, 334, 333]);
    expect([0, 1, 2].map((before) => unitsShare(89, 3, before, 1)).reduce((n, v) => n + v, 0)).toBe(89);
  });

  it('prorates each tax line on its own (state and county), as the store does', () => {
    const order = facts({
      lines: [
        {
          title: 'Candle',
          unitMinor: 1000,
          quantity: 3,
          taxes: [
            { title: 'State', ratePercentage: 4, amountMinor: 120 },
            { title: 'County', ratePercentage: 4.5, amountMinor: 135 },
          ],
        },
      ],
    });
    expect(computeRefund(order, lines(claim(1, 1)))!.lines[0]).toMatchObject({ taxMinor: 40 + 45, paidMinor: 1085 });
  });

  it('never counts a tip: the order has less left to refund than its payments took in', () => {
    const order = facts({ lines: [{ title: 'Stoneware mug', unitMinor: 1800 }], tipMinor: 500, refundedMinor: 1000 });
    expect(order.tipMinor).toBe(500);
    expect(computeRefund(order, lines(claim(1)))!.totalMinor).toBe(800);
  });
});

describe('shipping and duties: only when nothing arrived', () => {
  const lamp = { lines: [{ title: 'Brass lamp', unitMinor: 2100 }], shipping: SHIPPING };

  it('a $21 lamp whose parcel never arrived comes back with its $6.95 shipping: $27.95', () => {
    const order = facts(lamp);
    const parts = refundParts(order, { lineItems: [claim(1)], reason: 'not_received' }, DEFAULT_POLICY);
    expect(parts).toMatchObject({ shipping: true, duties: false });
    expect(computeRefund(order, parts)!).toMatchObject({ shippingMinor: 695, totalMinor: 2795 });
  });

  it('not for damage, nor when only part of the order is missing, nor when the tenant turned it off', () => {
    const order = facts(lamp);
    expect(refundParts(order, { lineItems: [claim(1)], reason: 'damaged' }, DEFAULT_POLICY).shipping).toBe(false);
    const two = facts({ ...lamp, lines: [...lamp.lines, WITH_NAPKINS] });
    expect(refundParts(two, { lineItems: [claim(1)], reason: 'not_received' }, DEFAULT_POLICY).shipping).toBe(false);
    expect(refundParts(order, { lineItems: [claim(1)], reason: 'not_received' }, createPolicy({ refundShipping: 'never' })).shipping).toBe(false);
    expect(refundParts(order, { lineItems: [claim(1)], reason: 'damaged' }, createPolicy({ refundShipping: 'whole_order' })).shipping).toBe(true);
  });

  it('with its tax and after its discount where prices exclude tax', () => {
    const order = facts({ ...lamp, shipping: { priceMinor: 695, discountMinor: 200, taxes: [{ title: 'State', ratePercentage: 4, amountMinor: 20 }] } });
    const parts = refundParts(order, { lineItems: [claim(1)], reason: 'not_received' }, DEFAULT_POLICY);
    expect(computeRefund(order, parts)!).toMatchObject({ shippingMinor: 515, totalMinor: 2615 });
  });

  it('a cross-border order that never arrived comes back with its duties, in dollars and in the euros the customer paid', () => {
    const order = facts({
      presentmentCurrency: 'EUR',
      lines: [{ title: 'Wool throw', unitMinor: 4000, duties: [{ id: 'gid://shopify/Duty/1', amountMinor: 500 }], paid: { unitMinor: 3700, duties: [460] } }],
      shipping: { priceMinor: 1000, paid: { priceMinor: 925 } },
    });
    const parts = refundParts(order, { lineItems: [claim(1)], reason: 'not_received' }, DEFAULT_POLICY);
    expect(parts).toMatchObject({ shipping: true, duties: true });
    expect(computeRefund(order, parts, 'shop')!).toMatchObject({ dutiesMinor: 500, dutyIds: ['gid://shopify/Duty/1'], totalMinor: 5500 });
    expect(computeRefund(order, parts, 'presentment')!).toMatchObject({ currency: 'EUR', dutiesMinor: 460, shippingMinor: 925, totalMinor: 5085 });
  });
});

describe("the store's figure beside the policy's", () => {
  const order = facts({
    lines: [
      {
        title: 'Stoneware mug',
        unitMinor: 2000,
        discounts: [{ amountMinor: 500, percentage: 25 }],
        taxes: [{ title: 'NY', ratePercentage: 8.875, amountMinor: 133 }],
      },
      WITH_NAPKINS,
    ],
    shipping: SHIPPING,
  });
  const parts = lines(claim(1));
  const store = (amountMinor: number, quantity = 1): PreviewRefundOutput => ({
    orderId: order.orderId,
    amount: { amountMinor, currency: 'USD' },
    subtotal: { amountMinor: 1500, currency: 'USD' },
    totalTax: { amountMinor: 133, currency: 'USD' },
    maximumRefundable: { amountMinor: 10_000, currency: 'USD' },
    lineItems: [{ lineItemId: line(1), quantity, subtotal: { amountMinor: 1500, currency: 'USD' } }],
    transactions: [],
  });

  it("refunds at the store's figure within a cent per claimed line, and compares the larger with the limits", () => {
    expect(priceRefund(order, parts, store(1634))).toMatchObject({ amountMinor: 1634, policyMinor: 1633, limitMinor: 1634, disagreement: null });
    expect(priceRefund(order, parts, store(1632))).toMatchObject({ amountMinor: 1632, limitMinor: 1633, disagreement: null });
  });

  it("takes the store's shipping where prices include tax as its amount: the VAT is inside it, never added again", () => {
    const lamp = facts({
      taxesIncluded: true,
      lines: [{ title: 'Brass lamp', unitMinor: 2100, taxes: [{ title: 'VAT', ratePercentage: 21, amountMinor: 364 }] }],
      shipping: { priceMinor: 695, taxes: [{ title: 'VAT', ratePercentage: 21, amountMinor: 121 }] },
    });
    const parts = refundParts(lamp, { lineItems: [claim(1)], reason: 'not_received' }, DEFAULT_POLICY);
    const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
    const suggestion: PreviewRefundOutput = {
      ...store(2795),
      orderId: lamp.orderId,
      shipping: { amount: usd(695), tax: usd(121), maximumRefundable: usd(695) },
    };
    expect(priceRefund(lamp, parts, suggestion)).toMatchObject({ amountMinor: 2795, shipping: { amountMinor: 695 }, disagreement: null });
  });

  it('goes to a person with both figures in a sentence when they differ by more', () => {
    const priced = priceRefund(order, parts, store(1640));
    expect(priced.disagreement).toEqual({
      rule: RULES.storeAmountDiffers,
      reason: 'the store computes $16.40 for these items and the policy $16.33, more than $0.01 apart; a person checks the order',
    });
  });

  it("refunds the policy's own cap where it is below the store's figure: a $100 gift card and an $18 mug after a $10 refund leave $8", () => {
    const gifted = facts({
      lines: [
        { title: 'Stoneware mug', unitMinor: 1800 },
        { title: 'Gift card', unitMinor: 10_000, giftCard: true },
      ],
      refundedMinor: 1000,
    });
    const suggestion = { ...store(1800), orderId: gifted.orderId };
    expect(priceRefund(gifted, lines(claim(1)), suggestion)).toMatchObject({ amountMinor: 800, limitMinor: 800, disagreement: null });
  });

  it('goes to a person when the store would refund other units than claimed', () => {
    expect(priceRefund(order, parts, store(1633, 0)).disagreement?.reason).toMatch(/would refund 0 of line 10011, not the 1 claimed/);
  });
});

describe("the gate on a refund of the shipping: the customer's words say nothing arrived", () => {
  const lamp = facts({ lines: [{ title: 'Brass lamp', unitMinor: 2100 }], shipping: SHIPPING });
  const gate = (text: string) =>
    decideGate({
      ticketEmail: 'ana@example.com',
      customerText: [text],
      ticketReceivedAt: NOW.toISOString(),
      triage: makeTriage({ reason: 'not_received' }),
      order: lamp,
      proposal: makeProposal(lamp, { reason: 'not_received', lineItems: [{ lineItemId: line(1), quantity: 1, quote: text }] }),
      policy: DEFAULT_POLICY,
      now: NOW,
    });

  it.each([
    ['The brass lamp from order 1001 never arrived.'],
    ["My order 1001 still hasn't arrived, the brass lamp."],
    ['Hola, la lámpara del pedido 1001 nunca llegó.'],
    ["La lampe de la commande 1001 n'est jamais arrivée."],
    ['Die Lampe aus Bestellung 1001 ist nie angekommen.'],
  ])('refunds $27.95 automatically on "%s"', (text) => {
    expect(gate(text)).toMatchObject({ decision: 'auto', amountMinor: 2795 });
  });

  it('asks a person when a reading says "not received" but the words say the lamp arrived broken', () => {
    const decided = gate('The brass lamp from order 1001 arrived smashed.');
    expect(decided).toMatchObject({ decision: 'approval', amountMinor: 2795 });
    expect(decided.rules).toContain(RULES.shippingNotGrounded);
  });
});

describe("dispatch recomputes the refund's parts from the order read again", () => {
  const crossBorder = facts({
    lines: [{ title: 'Brass lamp', unitMinor: 2100, duties: [{ id: 'gid://shopify/Duty/1', amountMinor: 300 }] }],
    shipping: SHIPPING,
  });
  const gate = autoGate;
  const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
  const sent = (overrides: Partial<RefundCreateInput>): RefundCreateInput => ({
    orderId: crossBorder.orderId,
    lineItems: [claim(1)],
    amount: usd(3095),
    shipping: { amount: usd(695) },
    duties: { dutyIds: ['gid://shopify/Duty/1'], amount: usd(300) },
    parentTransactionId: crossBorder.parentTransaction!.id,
    gateway: crossBorder.parentTransaction!.gateway,
    note: 'test',
    idempotencyKey: 'ra1_test-key',
    ...overrides,
  });
  const ruleOf = (args: RefundCreateInput, reason: 'not_received' | 'damaged' = 'not_received') => {
    try {
      checkRefundArguments({
        args,
        runId: 'run-1',
        boundOrderId: crossBorder.orderId,
        facts: crossBorder,
        reason,
        gate: gate(args.amount.amountMinor),
        approval: null,
        policy: DEFAULT_POLICY,
        now: NOW,
      });
      return null;
    } catch (error) {
      return (error as ArgumentPolicyError).rule;
    }
  };

  it('sends a lost lamp with its shipping and its duty at what the order comes to: $30.95', () => {
    expect(ruleOf(sent({}))).toBeNull();
  });

  it('refuses a refund that leaves out the shipping or the duties the policy refunds', () => {
    expect(ruleOf(sent({ shipping: undefined, amount: usd(2400) }))).toBe(RULES.amountNotRecomputed);
    expect(ruleOf(sent({ duties: undefined, amount: usd(2795) }))).toBe(RULES.amountNotRecomputed);
  });

  it('refuses shipping or duties the policy does not refund (a damaged lamp)', () => {
    expect(ruleOf(sent({}), 'damaged')).toBe(RULES.amountNotRecomputed);
    expect(ruleOf(sent({ shipping: undefined, amount: usd(2400) }), 'damaged')).toBe(RULES.amountNotRecomputed);
  });

  it("refuses even a cent of shipping the policy does not refund, within the total's tolerance", () => {
    expect(ruleOf(sent({ shipping: { amount: usd(1) }, duties: undefined, amount: usd(2101) }), 'damaged')).toBe(RULES.amountNotRecomputed);
  });

  it('refuses a shipping part or a duty other than the order now comes to, even when the total is right', () => {
    expect(ruleOf(sent({ shipping: { amount: usd(697) }, amount: usd(3097) }))).toBe(RULES.amountNotRecomputed);
    expect(ruleOf(sent({ shipping: { amount: usd(705) } }))).toBe(RULES.amountNotRecomputed);
    expect(ruleOf(sent({ duties: { dutyIds: ['gid://shopify/Duty/9'], amount: usd(300) } }))).toBe(RULES.amountNotRecomputed);
  });
});

describe('the gate on taxed orders', () => {
  const run = (spec: MoneyOrderSpec) => {
    const order = facts(spec);
    return decideGate({
      ticketEmail: 'ana@example.com',
      customerText: ['Broken mug', 'The mug in order #1001 arrived cracked.'],
      ticketReceivedAt: NOW.toISOString(),
      triage: makeTriage(),
      order,
      proposal: makeProposal(order),
      policy: DEFAULT_POLICY,
      now: NOW,
    });
  };

  it('sends a $48 item with 8% tax on top to a lead at $51.84, the limit compared on what leaves the store', () => {
    const gate = run({
      lines: [{ title: 'Stoneware mug', unitMinor: 4800, taxes: [{ title: 'State', ratePercentage: 8, amountMinor: 384 }] }, WITH_NAPKINS],
      shipping: SHIPPING,
    });
    expect(gate).toMatchObject({ decision: 'approval', rules: [RULES.amountOverAutoLimit], amountMinor: 5184 });
    expect(gate.breakdown).toMatchObject({ lines: [{ listMinor: 4800, discountMinor: 0, taxMinor: 384, paidMinor: 5184 }] });
  });

  it('refunds a $60 item at 25% off automatically: $45.00 paid is under the limit though its list price is not', () => {
    const gate = run({
      lines: [{ title: 'Stoneware mug', unitMinor: 6000, discounts: [{ amountMinor: 1500, percentage: 25 }] }, WITH_NAPKINS],
      shipping: SHIPPING,
    });
    expect(gate).toMatchObject({ decision: 'auto', amountMinor: 4500 });
  });
});
