// The remedies a tenant may enable beside a refund (docs/policy.md "Other remedies"), at the gate and at
// dispatch: store credit under a refund's conditions, issued only as the gate decided it; a cancel of
// an unshipped order, always approved; refunded units restocked at the tenant's location only for a
// reason that leaves them sellable.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, RULES, checkRefundArguments, createPolicy, decideGate, type GateInput } from '#harness/policy/index.js';
import { buildRefundArguments, gateTerms } from '#harness/gateway/refund-arguments.js';
import { ArgumentPolicyError } from '#harness/errors.js';
import type { OrderFacts, Proposal } from '#harness/domain/types.js';
import { NOW, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

const STORE_CREDIT = createPolicy({ storeCredit: true });
const CANCEL = createPolicy({ cancelUnfulfilled: true });
const CREDIT_WORDS = 'Could I get store credit for it instead?';

function gateInput(overrides: Partial<GateInput> & { text?: string[]; proposal?: Proposal } = {}): GateInput {
  const order = overrides.order ?? makeFacts();
  const { text, ...rest } = overrides;
  return {
    ticketEmail: 'ana@example.com',
    customerText: text ?? ['Broken mug', `The mug in order #1001 arrived cracked. ${CREDIT_WORDS}`],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage(),
    order,
    proposal: makeProposal(order, { remedy: 'store_credit', remedyWords: 'store credit' }),
    policy: STORE_CREDIT,
    now: NOW,
    ...rest,
  };
}

describe('store credit at the gate', () => {
  it('is refused to a person where the tenant has not enabled it', () => {
    const decision = decideGate(gateInput({ policy: DEFAULT_POLICY }));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toEqual([RULES.remedyNotRefund]);
    expect(decision.reasons.join(' ')).toContain('store credit, which this store has not enabled');
  });

  it('is automatic under a refund’s conditions, for the same amount, marked store credit', () => {
    const decision = decideGate(gateInput());
    expect(decision).toMatchObject({ decision: 'auto', amountMinor: 1800, remedy: 'store_credit' });
  });

  it('needs approval over the automatic limit, like a refund', () => {
    const order = makeFacts({}, makeOrder({ unitPriceMinor: 6200 }));
    const decision = decideGate(gateInput({ order, proposal: makeProposal(order, { remedy: 'store_credit', remedyWords: 'store credit' }) }));
    expect(decision).toMatchObject({ decision: 'approval', remedy: 'store_credit', amountMinor: 6200 });
    expect(decision.rules).toContain(RULES.amountOverAutoLimit);
  });

  it('goes to a person when the words cited for it are not the customer’s, or are missing', () => {
    const invented = decideGate(gateInput({ proposal: makeProposal(makeFacts(), { remedy: 'store_credit', remedyWords: 'a gift voucher please' }) }));
    expect(invented.decision).toBe('approval');
    expect(invented.rules).toContain(RULES.remedyNotGrounded);
    const none = decideGate(gateInput({ proposal: makeProposal(makeFacts(), { remedy: 'store_credit', remedyWords: null }) }));
    expect(none.rules).toContain(RULES.remedyNotGrounded);
  });

  it('goes to a person when the customer turns store credit down elsewhere than the words cited', () => {
    const text = ['Teapot', 'The mug in order #1001 arrived cracked. Last time you offered me store credit. I do not want store credit this time.'];
    const decision = decideGate(
      gateInput({ text, proposal: makeProposal(makeFacts(), { remedy: 'store_credit', remedyWords: 'you offered me store credit' }) }),
    );
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toContain(RULES.remedyContradicted);
  });

  it('goes to a person when the words cited for store credit are the customer’s but ask for money back', () => {
    const text = ['Broken mug', 'The mug in order #1001 arrived cracked. I want my money back.'];
    const decision = decideGate(gateInput({ text, proposal: makeProposal(makeFacts(), { remedy: 'store_credit', remedyWords: 'I want my money back' }) }));
    expect(decision.decision).toBe('approval');
    expect(decision.reasons.join(' ')).toContain('do not speak of store credit');
  });

  it('goes to a person when the customer turns store credit down', () => {
    const decision = decideGate(gateInput({ text: ['Broken mug', 'The mug in order #1001 arrived cracked. I do not want store credit.'] }));
    expect(decision.decision).toBe('approval');
    expect(decision.reasons.join(' ')).toContain('turns store credit down');
  });

  it('is refused for an order with no customer account', () => {
    const order = makeFacts({ customerId: null });
    const decision = decideGate(gateInput({ order, proposal: makeProposal(order, { remedy: 'store_credit', remedyWords: 'store credit' }) }));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toContain(RULES.storeCreditNeedsAccount);
  });
});

/** Order 1003, paid $64.00, nothing shipped. */
function unshipped(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return makeFacts(overrides, makeOrder({ number: '1003', unitPriceMinor: 3200, quantity: 2, fulfillments: [] }));
}
const cancelProposal = (order: OrderFacts) =>
  makeProposal(order, { remedy: 'cancel', lineItems: [], reason: 'changed_mind', remedyWords: 'please cancel my order' });

describe('cancelling an unshipped order at the gate', () => {
  const text = ['Cancel order 1003', "I ordered by mistake, please cancel my order 1003. It hasn't shipped yet."];

  it('always needs a lead’s approval, for everything still refundable on the order', () => {
    const order = unshipped();
    const decision = decideGate(gateInput({ policy: CANCEL, order, text, proposal: cancelProposal(order) }));
    expect(decision).toMatchObject({ decision: 'approval', remedy: 'cancel', amountMinor: 6400 });
    expect(decision.rules).toEqual([RULES.cancelNeedsApproval]);
  });

  it('also needs approval under the automatic limit', () => {
    const order = unshipped({ maximumRefundableMinor: 1000 });
    const decision = decideGate(gateInput({ policy: CANCEL, order, text, proposal: cancelProposal(order) }));
    expect(decision).toMatchObject({ decision: 'approval', amountMinor: 1000 });
  });

  it('is refused when part of the order has shipped, or it is already cancelled', () => {
    const shipped = makeFacts({}, makeOrder({ number: '1003' }));
    const onShipped = decideGate(gateInput({ policy: CANCEL, order: shipped, text, proposal: cancelProposal(shipped) }));
    expect(onShipped.decision).toBe('refuse');
    expect(onShipped.rules).toContain(RULES.orderNotCancellable);
    const cancelled = unshipped({ cancelledAt: NOW.toISOString() });
    expect(decideGate(gateInput({ policy: CANCEL, order: cancelled, text, proposal: cancelProposal(cancelled) })).rules).toContain(RULES.orderNotCancellable);
  });

  it('is refused to a person where the tenant has not enabled it', () => {
    const order = unshipped();
    const decision = decideGate(gateInput({ policy: DEFAULT_POLICY, order, text, proposal: cancelProposal(order) }));
    expect(decision.decision).toBe('refuse');
    expect(decision.reasons.join(' ')).toContain('cancel the order, which this store has not enabled');
  });
});

describe('at dispatch: the money goes back the way the gate decided', () => {
  const facts = makeFacts();
  const refundProposal = makeProposal(facts);
  const creditGate = decideGate(gateInput());
  const refundGate = decideGate(
    gateInput({ policy: STORE_CREDIT, proposal: refundProposal, text: ['Broken mug', 'The mug in order #1001 arrived cracked. Refund please.'] }),
  );
  const check =
    (args: ReturnType<typeof buildRefundArguments>, gate = creditGate, policy = STORE_CREDIT) =>
    () =>
      checkRefundArguments({ args, runId: 'run-1', boundOrderId: facts.orderId, facts, reason: 'damaged', gate, approval: null, policy, now: NOW });
  const refusedWith = (fn: () => unknown, rule: string) => {
    expect(fn).toThrow(ArgumentPolicyError);
    try {
      fn();
    } catch (error) {
      expect((error as ArgumentPolicyError).context.rule).toBe(rule);
    }
  };

  it('builds store credit arguments from the gate and lets them through', () => {
    const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: refundProposal, facts, ...gateTerms(creditGate) });
    expect(args.method).toBe('store_credit');
    expect(check(args)).not.toThrow();
  });

  it('refuses store credit the gate did not decide, and a refund where it decided store credit', () => {
    const credit = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: refundProposal, facts, ...gateTerms(creditGate) });
    refusedWith(check(credit, refundGate), RULES.remedyMismatch);
    const refund = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: refundProposal, facts, ...gateTerms(refundGate) });
    refusedWith(check(refund, creditGate), RULES.remedyMismatch);
  });

  it('refuses a cancel decision sent as a refund', () => {
    const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: refundProposal, facts, amountMinor: 1800 });
    refusedWith(check(args, { ...refundGate, remedy: 'cancel' }, STORE_CREDIT), RULES.remedyMismatch);
  });
});

describe('restock at the tenant’s location', () => {
  const policy = createPolicy({ restockLocationId: 'gid://shopify/Location/7' });
  const order = makeFacts();
  const text = (reason: string) => ['Return', `The mug in order #1001 ${reason}. Refund please.`];

  it('restocks units refunded for a change of mind, never damaged ones', () => {
    const changed = decideGate(
      gateInput({
        policy,
        order,
        text: text('is not what I wanted'),
        triage: makeTriage({ reason: 'changed_mind' }),
        proposal: makeProposal(order, { reason: 'changed_mind' }),
      }),
    );
    expect(changed.restockLocationId).toBe('gid://shopify/Location/7');
    const damaged = decideGate(gateInput({ policy, order, text: text('arrived cracked'), proposal: makeProposal(order) }));
    expect(damaged.restockLocationId).toBeUndefined();
  });

  it('refuses a restock location the gate did not decide', () => {
    const gate = decideGate(gateInput({ policy, order, text: text('arrived cracked'), proposal: makeProposal(order) }));
    const args = {
      ...buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(order), facts: order, ...gateTerms(gate) }),
      restockLocationId: 'gid://shopify/Location/9',
    };
    expect(() =>
      checkRefundArguments({ args, runId: 'run-1', boundOrderId: order.orderId, facts: order, reason: 'damaged', gate, approval: null, policy, now: NOW }),
    ).toThrow(/restock location/);
  });
});
