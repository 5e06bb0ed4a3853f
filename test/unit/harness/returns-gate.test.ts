// Returns at the gate (docs/policy.md "Returns and exchanges"): where the tenant enables them, a refund
// asked for a change of mind, or the customer's own request to send the item back, becomes a return
// whose refund on receipt is the units' amount less the flat fee. The limits are decided once, on that
// refund, before the return is opened; the damage-like reason condition does not apply.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, RULES, createPolicy, decideGate, previewFor, type GateInput } from '#harness/policy/index.js';
import type { OrderFacts, Proposal } from '#harness/domain/types.js';
import { NOW, daysAgo, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const RETURNS = createPolicy({
  returns: { enabled: true, feeMinor: 500, windowDays: 30, receiveWithinDays: 30, keepItBelowMinor: 2000, damagedBackFromMinor: null, notifyCustomer: false },
});
const SHIRT = makeFacts({}, makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt' }));
const CHANGED_MIND = 'I ordered the linen shirt in order #1001 but it does not fit me. Can I send it back for a refund?';

function changedMind(order: OrderFacts = SHIRT, overrides: Partial<Proposal> = {}): Proposal {
  return makeProposal(order, {
    reason: 'changed_mind',
    lineItems: [{ lineItemId: order.lineItems[0]!.id, quantity: 1, quote: 'I ordered the linen shirt in order #1001' }],
    ...overrides,
  });
}

function gateInput(overrides: Partial<GateInput> & { text?: string[] } = {}): GateInput {
  const order = overrides.order ?? SHIRT;
  const { text, ...rest } = overrides;
  return {
    ticketEmail: 'ana@example.com',
    customerText: text ?? ['Shirt', CHANGED_MIND],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage({ reason: 'changed_mind', itemHints: ['shirt'] }),
    order,
    proposal: changedMind(order),
    policy: RETURNS,
    now: NOW,
    ...rest,
  };
}

describe('a return at the gate, where the tenant enables returns', () => {
  it('opens a change-of-mind return of a $34 item at once, refunding $29 on receipt (a $5 fee)', () => {
    const decision = decideGate(gateInput());
    expect(decision).toMatchObject({ decision: 'auto', remedy: 'return', amountMinor: 2900 });
    expect(decision.returnTerms).toEqual({
      lines: [{ lineItemId: SHIRT.lineItems[0]!.id, quantity: 1 }],
      feeMinor: 500,
      worthMinor: 3400,
      receiveWithinDays: 30,
    });
    expect(decision.rules).not.toContain(RULES.reasonNotDamageLike);
  });

  it('still sends a change of mind to a lead where returns are off, as a refund', () => {
    const decision = decideGate(gateInput({ policy: DEFAULT_POLICY }));
    expect(decision.decision).toBe('approval');
    expect(decision.remedy).toBeUndefined();
    expect(decision.rules).toContain(RULES.reasonNotDamageLike);
  });

  it('decides the limits on the refund on receipt: over the limit, a lead approves first', () => {
    const order = makeFacts({}, makeOrder({ unitPriceMinor: 8000, title: 'Linen shirt' }));
    const decision = decideGate(gateInput({ order, proposal: changedMind(order) }));
    expect(decision).toMatchObject({ decision: 'approval', remedy: 'return', amountMinor: 7500, rules: [RULES.amountOverAutoLimit] });
    expect(decision.reasons[0]).toContain('$75.00');
  });

  it('takes the fee off before the limit: $54 less $5 is within a $50 limit', () => {
    const order = makeFacts({}, makeOrder({ unitPriceMinor: 5400, title: 'Linen shirt' }));
    expect(decideGate(gateInput({ order, proposal: changedMind(order) }))).toMatchObject({ decision: 'auto', amountMinor: 4900 });
  });

  it('leaves a change-of-mind refund outside the return window (30 days from fulfilment) to a lead, as a refund', () => {
    const base = makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt' });
    const order = makeFacts({}, { ...base, fulfillments: [{ ...base.fulfillments[0]!, createdAt: daysAgo(31) }] });
    const decision = decideGate(gateInput({ order, proposal: changedMind(order) }));
    expect(decision).toMatchObject({ decision: 'approval', amountMinor: 3400 });
    expect(decision.remedy).toBeUndefined();
    expect(decision.rules).toContain(RULES.fulfilledTooLongAgo);
  });

  it('proposes a return the customer asks for outside the window to a lead, as a return', () => {
    const base = makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt' });
    const order = makeFacts({}, { ...base, fulfillments: [{ ...base.fulfillments[0]!, createdAt: daysAgo(31) }] });
    const decision = decideGate(gateInput({ order, proposal: changedMind(order, { remedy: 'return', remedyWords: 'Can I send it back' }) }));
    expect(decision).toMatchObject({ decision: 'approval', remedy: 'return', amountMinor: 2900, rules: [RULES.fulfilledTooLongAgo] });
    expect(decision.reasons[0]).toContain('30-day return window');
  });

  it('asks nothing back for a damaged item the customer offers to send back: a refund as it stands', () => {
    const mug = makeFacts({}, makeOrder({ unitPriceMinor: 1800 }));
    const text = ['Mug', 'The mug in order #1001 arrived cracked. Can I send it back?'];
    const proposal = makeProposal(mug, { remedy: 'return', remedyWords: 'Can I send it back' });
    const decision = decideGate(gateInput({ text, order: mug, proposal, triage: makeTriage() }));
    expect(decision).toMatchObject({ decision: 'auto', amountMinor: 1800 });
    expect(decision.remedy).toBeUndefined();
  });

  it('needs a lead when nothing of the item has shipped: nothing can come back', () => {
    const order = makeFacts({}, makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt', fulfillments: [] }));
    const decision = decideGate(gateInput({ order, proposal: changedMind(order) }));
    expect(decision).toMatchObject({ decision: 'approval', rules: [RULES.notFulfilled] });
  });

  it('needs a lead for a customer with two refunds in 90 days', () => {
    const order = makeFacts({ refundsLast90Days: 2, recentRefunds: undefined }, makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt' }));
    const decision = decideGate(gateInput({ order, proposal: changedMind(order) }));
    expect(decision.rules).toContain(RULES.tooManyRecentRefunds);
  });

  it("carries out the customer's own request to send the item back as a return, resting on their words", () => {
    const proposal = changedMind(SHIRT, { remedy: 'return', remedyWords: 'Can I send it back' });
    const asked = decideGate(gateInput({ proposal }));
    expect(asked.rules).toEqual([RULES.autoWithinPolicy]);
    expect(asked).toMatchObject({ decision: 'auto', remedy: 'return', amountMinor: 2900 });
    const invented = decideGate(gateInput({ proposal: { ...proposal, remedyWords: 'please email me a return label' } }));
    expect(invented.decision).toBe('approval');
    expect(invented.rules).toContain(RULES.remedyNotGrounded);
  });

  it('refuses a return to a person where the store has not enabled returns', () => {
    const proposal = changedMind(SHIRT, { remedy: 'return', remedyWords: 'Can I send it back' });
    const decision = decideGate(gateInput({ proposal, policy: DEFAULT_POLICY }));
    expect(decision).toMatchObject({ decision: 'refuse', rules: [RULES.remedyNotRefund] });
    expect(decision.reasons[0]).toContain('not enabled returns');
  });

  it('keeps a damaged item a refund unless the tenant asks for damaged items back from an amount', () => {
    const mug = makeFacts({}, makeOrder({ unitPriceMinor: 3000 }));
    const text = ['Mug', 'The mug in order #1001 arrived cracked.'];
    const damaged = { text, order: mug, proposal: makeProposal(mug), triage: makeTriage() };
    expect(decideGate(gateInput(damaged)).remedy).toBeUndefined();
    const backFrom25 = createPolicy({ returns: { ...RETURNS.document.returns, damagedBackFromMinor: 2500 } });
    expect(decideGate(gateInput({ ...damaged, policy: backFrom25 }))).toMatchObject({ remedy: 'return', amountMinor: 2500 });
  });

  it('never refunds the shipping on a return, and asks the store only for the units', () => {
    const input = gateInput();
    expect(previewFor(input)).toEqual({ orderId: SHIRT.orderId, lineItems: [{ lineItemId: SHIRT.lineItems[0]!.id, quantity: 1 }] });
  });

  it('decides no return of nothing: a claim of no line is refused as a refund’s would be', () => {
    const decision = decideGate(gateInput({ proposal: changedMind(SHIRT, { lineItems: [] }) }));
    expect(decision.decision).toBe('refuse');
    expect(decision.returnTerms).toBeUndefined();
  });

  it('takes no more fee than the units are worth', () => {
    const cheap = makeFacts({}, makeOrder({ unitPriceMinor: 300, title: 'Linen shirt' }));
    const decision = decideGate(gateInput({ order: cheap, proposal: changedMind(cheap) }));
    expect(decision).toMatchObject({ remedy: 'return', amountMinor: 0 });
    expect(decision.returnTerms?.feeMinor).toBe(300);
  });
});
