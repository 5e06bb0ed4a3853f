// Exchanges at the gate (docs/policy.md "Returns and exchanges"), where the tenant enables returns: the
// same product shipped again, the variant picked by code from the customer's words and the store's
// variant titles; in stock and costing no more than what comes back, or a person decides; the limits on
// the value shipped again; a damaged item below the keep-it amount replaced at once, nothing back.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, RULES, createPolicy, decideGate, type GateInput } from '#harness/policy/index.js';
import { variantNamed } from '#harness/policy/exchanges.js';
import type { OrderFacts, Proposal } from '#harness/domain/types.js';
import { NOW, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const RETURNS = createPolicy({
  returns: { enabled: true, feeMinor: 500, windowDays: 30, receiveWithinDays: 30, keepItBelowMinor: 2000, damagedBackFromMinor: null, notifyCustomer: false },
});
const V = (n: number) => `gid://shopify/ProductVariant/${n}`;
const variant = (n: number, title: string, unitPriceMinor: number, available: number | null = 5) => ({
  id: V(n),
  title,
  sku: `SKU-${n}`,
  unitPriceMinor,
  available,
});

function withVariants(order: OrderFacts, own: number, variants: ReturnType<typeof variant>[]): OrderFacts {
  const [line] = order.lineItems;
  return { ...order, lineItems: [{ ...line!, variant: { id: V(own), title: variants.find((v) => v.id === V(own))!.title }, variants }] };
}

const SHIRTS = [variant(1, 'Medium / White', 3400), variant(2, 'Large / White', 3400), variant(3, 'Large / Blue', 3400), variant(4, 'Small / White', 2900, 0)];
const SHIRT = withVariants(makeFacts({}, makeOrder({ unitPriceMinor: 3400, title: 'Linen shirt' })), 1, SHIRTS);
const MUG = withVariants(makeFacts({}, makeOrder({ unitPriceMinor: 1800, title: 'Stoneware mug' })), 11, [variant(11, 'Default Title', 1800, 3)]);
const SWAP = 'The linen shirt from order #1001 is tight. Could I swap it for a large in the same colour?';

function exchange(order: OrderFacts, overrides: Partial<Proposal> = {}): Proposal {
  return makeProposal(order, {
    remedy: 'exchange',
    reason: 'changed_mind',
    lineItems: [{ lineItemId: order.lineItems[0]!.id, quantity: 1, quote: 'The linen shirt from order #1001 is tight' }],
    remedyWords: 'Could I swap it',
    exchangeWords: 'a large in the same colour',
    ...overrides,
  });
}

function gateInput(overrides: Partial<GateInput> & { text?: string } = {}): GateInput {
  const { text, ...rest } = overrides;
  const order = rest.order ?? SHIRT;
  return {
    ticketEmail: 'ana@example.com',
    customerText: ['Shirt', text ?? SWAP],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage({ reason: 'changed_mind', itemHints: ['shirt'] }),
    order,
    proposal: exchange(order),
    policy: RETURNS,
    now: NOW,
    ...rest,
  };
}

describe('the variant an exchange ships', () => {
  const line = SHIRT.lineItems[0]!;

  it('is the one whose option the words name, the others kept from the variant bought', () => {
    expect(variantNamed(line, 'a large in the same colour')?.title).toBe('Large / White');
    expect(variantNamed(line, 'the large blue one')?.title).toBe('Large / Blue');
  });

  it('is the variant bought when no words name another (a replacement), and none when the words name no variant', () => {
    expect(variantNamed(line, null)?.title).toBe('Medium / White');
    expect(variantNamed(line, 'something nicer')).toBeNull();
  });
});

describe('an exchange at the gate, where the tenant enables returns', () => {
  it('ships a large for the medium at once when it costs the same: nothing refunded, no fee, the parcel awaited', () => {
    const decision = decideGate(gateInput());
    expect(decision).toMatchObject({ decision: 'auto', remedy: 'exchange', amountMinor: 0 });
    expect(decision.returnTerms).toEqual({
      lines: [{ lineItemId: SHIRT.lineItems[0]!.id, quantity: 1 }],
      feeMinor: 0,
      worthMinor: 3400,
      receiveWithinDays: 30,
      exchange: [{ lineItemId: SHIRT.lineItems[0]!.id, variantId: V(2), title: 'Large / White', sku: 'SKU-2', quantity: 1, unitPriceMinor: 3400 }],
    });
  });

  it('refunds the difference of a cheaper variant on receipt', () => {
    const cheaper = withVariants(SHIRT, 1, [SHIRTS[0]!, variant(5, 'Large / White', 3000)]);
    expect(decideGate(gateInput({ order: cheaper, proposal: exchange(cheaper) }))).toMatchObject({ decision: 'auto', remedy: 'exchange', amountMinor: 400 });
  });

  it.each([
    ['out of stock', withVariants(SHIRT, 1, [SHIRTS[0]!, variant(2, 'Large / White', 3400, 0)]), RULES.exchangeOutOfStock],
    ['costing more', withVariants(SHIRT, 1, [SHIRTS[0]!, variant(2, 'Large / White', 3900)]), RULES.exchangeCostsMore],
    ['a variant the store does not list', withVariants(SHIRT, 1, [SHIRTS[0]!, variant(2, 'Small / White', 3400)]), RULES.exchangeUnknownVariant],
  ])('goes to a person for a variant %s', (_what, order, rule) => {
    const decision = decideGate(gateInput({ order, proposal: exchange(order) }));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toContain(rule);
  });

  it('goes to a person for a change of mind that names no size or colour (the same item again, or another product)', () => {
    const text = "The linen shirt from order #1001 isn't my thing. Could I swap it for the napkins instead?";
    const decision = decideGate(gateInput({ text, proposal: exchange(SHIRT, { exchangeWords: null, remedy: 'replacement' }) }));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toContain(RULES.exchangeUnknownVariant);
  });

  it('asks a lead first when the value shipped again is over the limit', () => {
    const coat = withVariants(makeFacts({}, makeOrder({ unitPriceMinor: 8000, title: 'Linen shirt' })), 1, [
      variant(1, 'Medium / White', 8000),
      variant(2, 'Large / White', 8000),
    ]);
    const decision = decideGate(gateInput({ order: coat, proposal: exchange(coat) }));
    expect(decision).toMatchObject({ decision: 'approval', remedy: 'exchange', rules: [RULES.amountOverAutoLimit] });
    expect(decision.reasons[0]).toContain('the value shipped again, $80.00');
  });

  it('replaces a damaged $18 mug at once, the same variant, nothing coming back (below the $20 keep-it amount)', () => {
    const text = 'My mug from order #1001 arrived cracked. Could you send me a replacement?';
    const proposal = makeProposal(MUG, {
      remedy: 'replacement',
      reason: 'damaged',
      reasonWords: 'arrived cracked',
      remedyWords: 'send me a replacement',
      lineItems: [{ lineItemId: MUG.lineItems[0]!.id, quantity: 1, quote: 'My mug from order #1001 arrived cracked' }],
    });
    const decision = decideGate(gateInput({ order: MUG, proposal, text, triage: makeTriage({ reason: 'damaged', itemHints: ['mug'] }) }));
    expect(decision).toMatchObject({ decision: 'auto', remedy: 'exchange', amountMinor: 0 });
    expect(decision.returnTerms).toMatchObject({ shipsAtOnce: true, exchange: [{ variantId: V(11), quantity: 1, unitPriceMinor: 1800 }] });
  });

  it("checks the damage a replacement rests on like a refund's: words not the customer's send it to a person", () => {
    const text = 'The linen shirt from order #1001 is tight. Could I swap it for a large?';
    const proposal = exchange(SHIRT, { reason: 'defective', reasonWords: 'the stitching came undone', exchangeWords: 'a large' });
    const decision = decideGate(gateInput({ text, proposal }));
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toContain(RULES.reasonNotGrounded);
  });

  it('leaves a replacement to a person where returns are off, as before', () => {
    const decision = decideGate(gateInput({ policy: DEFAULT_POLICY }));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toContain(RULES.remedyNotRefund);
  });

  it("does not take variant words that are not the customer's", () => {
    const decision = decideGate(gateInput({ proposal: exchange(SHIRT, { exchangeWords: 'the large blue one' }) }));
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toContain(RULES.remedyNotGrounded);
  });
});
