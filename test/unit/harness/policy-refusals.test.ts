// Refusals of the pure policy that no other unit test pinned on its own (npm run mutate removed each
// and every unit test still passed): the dispatch check of a cancel, rule by rule, against an
// unshipped order a lead approved; a reading that binds no order while the customer names one; a
// count cited outside its quote; a claim on a line that shipped only in part.
import { describe, expect, it } from 'vitest';
import { ArgumentPolicyError } from '#harness/errors.js';
import type { GateDecision, OrderFacts } from '#harness/domain/types.js';
import { buildCancelArguments, cancelArgumentsHash, checkCancelArguments } from '#harness/policy/cancel-args.js';
import { checkBinding, checkRefundArguments, createPolicy, decideGate, DEFAULT_POLICY, RULES } from '#harness/policy/index.js';
import { buildRefundArguments, gateTerms } from '#harness/gateway/refund-arguments.js';
import type { ApprovalRecord } from '#harness/ports.js';
import { NOW, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';
import { line, order, proposal, rulesOf } from './grounding-support.js';

const CANCEL = createPolicy({ cancelUnfulfilled: true });
/** Order 1003, paid $64.00, nothing shipped, the requester's. */
const unshipped = (overrides: Partial<OrderFacts> = {}): OrderFacts =>
  makeFacts(overrides, makeOrder({ number: '1003', unitPriceMinor: 3200, quantity: 2, fulfillments: [] }));

describe('the dispatch check of a cancel', () => {
  const facts = unshipped();
  const args = buildCancelArguments('run-1', facts);
  const gate: GateDecision = {
    decision: 'approval',
    remedy: 'cancel',
    rules: [RULES.cancelNeedsApproval],
    reasons: [],
    amountMinor: 6400,
    currency: 'USD',
    policyVersion: CANCEL.version,
  };
  const approval: ApprovalRecord = {
    approvalId: 'apr-c',
    status: 'approved',
    argsHash: cancelArgumentsHash(args),
    amountMinor: 6400,
    currency: 'USD',
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    decidedBy: 'lead@example.com',
    decidedAt: NOW.toISOString(),
    reason: null,
    runId: 'run-1',
    tenant: 'demo',
    taskToken: 'tt',
    formToken: 'ft',
    tool: 'cancel_order',
    policyVersion: CANCEL.version,
  };
  const check =
    (overrides: Partial<Parameters<typeof checkCancelArguments>[0]> = {}) =>
    () =>
      checkCancelArguments({
        args,
        runId: 'run-1',
        boundOrderId: facts.orderId,
        facts,
        gate,
        approval,
        policy: CANCEL,
        now: NOW,
        requesterEmail: facts.customerEmail,
        ...overrides,
      });
  const refusedBy = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ArgumentPolicyError);
      return (error as ArgumentPolicyError).rule;
    }
    return 'allowed';
  };

  it('allows the approved cancel of the bound, unshipped order', () => {
    expect(check()()).toBe(cancelArgumentsHash(args));
  });

  it('refuses a cancel of another order than the run is bound to', () => {
    expect(refusedBy(check({ boundOrderId: 'gid://shopify/Order/9999' }))).toBe(RULES.orderNotBound);
    expect(refusedBy(check({ args: { ...args, orderId: 'gid://shopify/Order/9999' } }))).toBe(RULES.orderNotBound);
  });

  it("refuses an order that is not the requester's", () => {
    expect(refusedBy(check({ requesterEmail: 'someone.else@example.com' }))).toBe(RULES.orderNotRequesters);
  });

  it('refuses when the store has not enabled cancelling', () => {
    const plain = createPolicy({});
    expect(refusedBy(check({ policy: plain, gate: { ...gate, policyVersion: plain.version } }))).toBe(RULES.remedyNotRefund);
  });

  it('refuses without a gate that proposed this cancel for approval', () => {
    expect(refusedBy(check({ gate: null }))).toBe(RULES.gateNotPassed);
    expect(refusedBy(check({ gate: { ...gate, decision: 'auto' } }))).toBe(RULES.gateNotPassed);
    expect(refusedBy(check({ gate: { ...gate, remedy: 'refund' } }))).toBe(RULES.gateNotPassed);
  });

  it('refuses when the policy changed since the gate decided', () => {
    expect(refusedBy(check({ gate: { ...gate, policyVersion: 'older' } }))).toBe(RULES.policyChanged);
  });

  it('refuses an order that shipped or was cancelled since', () => {
    const shipped = makeFacts({}, makeOrder({ number: '1003', unitPriceMinor: 3200, quantity: 2 }));
    expect(refusedBy(check({ facts: shipped }))).toBe(RULES.orderNotCancellable);
    expect(refusedBy(check({ facts: unshipped({ cancelledAt: NOW.toISOString() }) }))).toBe(RULES.orderNotCancellable);
  });

  it('refuses an unshipped order with nothing paid left to refund', () => {
    expect(refusedBy(check({ facts: unshipped({ maximumRefundableMinor: 0 }) }))).toBe(RULES.nothingRefundable);
  });

  it('refuses when the amount to refund is no longer what the lead approved', () => {
    expect(refusedBy(check({ gate: { ...gate, amountMinor: 3200 } }))).toBe(RULES.gateAmountMismatch);
  });

  it('refuses without an approval bound to these arguments', () => {
    expect(refusedBy(check({ approval: { ...approval, argsHash: 'sha256:other' } }))).toBe(RULES.approvalArgsMismatch);
  });
});

describe('binding a reading that names no order', () => {
  it('refuses when the customer mentions exactly one order the reading did not bind: a person picks', () => {
    const verdict = checkBinding({ orderNumber: null, orderQuote: null, orderNumbersMentioned: [] }, ['My order #1042 arrived with a cracked bowl']);
    expect(verdict).toMatchObject({ kind: 'refuse', rule: RULES.severalOrdersUnbound });
  });

  it('is unnamed when the customer mentions no order at all', () => {
    expect(checkBinding({ orderNumber: null, orderQuote: null, orderNumbersMentioned: [] }, ['The bowl arrived cracked'])).toEqual({ kind: 'unnamed' });
  });
});

describe('a count the model cites outside its quote', () => {
  const mugs = order([{ id: '1', title: 'Stoneware mug', quantity: 4, price: 1800 }]);

  it('is not grounded: the count words must be inside the quoted words', () => {
    const text = 'Two of the mugs arrived chipped. I bought four.';
    const p = proposal(mugs, [['1', 2, 'Two of the mugs arrived chipped']]);
    const cited = { ...p, lineItems: p.lineItems.map((l) => ({ ...l, itemWords: 'mugs', countWords: 'I bought four' })) };
    expect(rulesOf(text, mugs, cited)).toContain(RULES.citedWordsNotInQuote);
    const inside = { ...p, lineItems: p.lineItems.map((l) => ({ ...l, itemWords: 'mugs', countWords: 'Two of the mugs' })) };
    expect(rulesOf(text, mugs, inside)).not.toContain(RULES.citedWordsNotInQuote);
  });
});

describe('a claim on a line that shipped only in part', () => {
  it('asks a person when more units are claimed than shipped', () => {
    const facts = makeFacts({}, makeOrder({ unitPriceMinor: 1800, quantity: 2 }));
    const partly = { ...facts, lineItems: facts.lineItems.map((l) => ({ ...l, fulfilledQuantity: 1 })) };
    const p = makeProposal(partly, { lineItems: [{ lineItemId: partly.lineItems[0]!.id, quantity: 2, quote: 'both mugs in order #1001 arrived cracked' }] });
    const decision = decideGate({
      ticketEmail: partly.customerEmail,
      customerText: ['Broken mugs', 'Both mugs in order #1001 arrived cracked.'],
      ticketReceivedAt: NOW.toISOString(),
      triage: makeTriage(),
      order: partly,
      proposal: p,
      policy: DEFAULT_POLICY,
      now: NOW,
    });
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toContain(RULES.partlyFulfilled);
  });
});

describe('count words that do not say the claimed count', () => {
  const cited = (facts: OrderFacts, quantity: number, quote: string, countWords: string) => {
    const p = proposal(facts, [['1', quantity, quote]]);
    return { ...p, lineItems: p.lineItems.map((l) => ({ ...l, itemWords: 'mugs', countWords })) };
  };
  const mugs = (quantity: number) => order([{ id: '1', title: 'Enamel mug', quantity, price: 1800 }]);

  it('refuses to ground two units on words that state no count', () => {
    const text = 'The mugs arrived chipped.';
    expect(rulesOf(text, mugs(4), cited(mugs(4), 2, 'The mugs arrived chipped', 'The mugs'))).toContain(RULES.quantityNotGrounded);
  });

  it('reads the cited number in its clause: "three" of "two of the three mugs" is the whole, not the part', () => {
    const text = 'Two of the three mugs arrived cracked.';
    expect(rulesOf(text, mugs(3), cited(mugs(3), 3, 'Two of the three mugs arrived cracked', 'three'))).toContain(RULES.quantityNotGrounded);
  });

  it('refuses an over-claim the count words cannot show: two bought, one with a problem, two claimed', () => {
    const text = 'I got two enamel mugs and one has a huge dent.';
    expect(rulesOf(text, mugs(2), cited(mugs(2), 2, 'I got two enamel mugs and one has a huge dent', 'two'))).toContain(RULES.quantityNotGrounded);
  });
});

describe('a damage claim on a line whose own quoted words say it is fine', () => {
  const set = order([
    { id: '1', title: 'Ceramic teapot', quantity: 1, price: 4200 },
    { id: '2', title: 'Cork coasters', quantity: 1, price: 1200 },
  ]);

  it.each([
    ['La tetera llegó rota. Los posavasos están bien.', 'Los posavasos están bien', 'posavasos'],
    ['The teapot arrived cracked. The coasters are fine.', 'The coasters are fine', 'coasters'],
  ])('asks a person: %s', (text, quote, itemWords) => {
    const p = proposal(set, [
      ['1', 1, text.split('.')[0]!],
      ['2', 1, quote],
    ]);
    const claimed = { ...p, lineItems: p.lineItems.map((l, i) => (i === 1 ? { ...l, itemWords } : l)) };
    expect(rulesOf(text, set, claimed)).toContain(RULES.lineExcludedByCustomer);
  });
});

describe('a claim against "all but one" in the quote', () => {
  const bowls = order([{ id: '1', title: 'Ceramic bowl', quantity: 4, price: 1500 }]);
  const text = 'All but one of the bowls arrived broken.';

  it('grounds three of four', () => {
    expect(rulesOf(text, bowls, proposal(bowls, [['1', 3, 'All but one of the bowls arrived broken']]))).not.toContain(RULES.quantityNotGrounded);
  });

  it('does not ground any other count', () => {
    expect(rulesOf(text, bowls, proposal(bowls, [['1', 2, 'All but one of the bowls arrived broken']]))).toContain(RULES.quantityNotGrounded);
  });
});

describe('a claim against "all of them" in the quote', () => {
  const bowls = order([{ id: '1', title: 'Ceramic bowl', quantity: 4, price: 1500 }]);
  const text = 'All of the bowls arrived broken.';

  it('grounds every unit', () => {
    expect(rulesOf(text, bowls, proposal(bowls, [['1', 4, 'All of the bowls arrived broken']]))).not.toContain(RULES.quantityNotGrounded);
  });

  it('does not ground fewer', () => {
    expect(rulesOf(text, bowls, proposal(bowls, [['1', 2, 'All of the bowls arrived broken']]))).toContain(RULES.quantityNotGrounded);
  });
});

describe("the model's own words against its claim", () => {
  const set = order([
    { id: '1', title: 'Ceramic teapot', quantity: 1, price: 4200 },
    { id: '2', title: 'Cork coasters', quantity: 1, price: 1200 },
  ]);
  const text = 'The teapot and the coasters came in one box. The teapot arrived cracked, I am keeping the coasters.';

  it('asks a person when the agent claims a line it says the customer leaves out', () => {
    const said = 'The teapot and the coasters arrived cracked. Actually forget the coasters.';
    const quote = 'The teapot and the coasters arrived cracked';
    const claimed = proposal(set, [
      ['1', 1, quote],
      ['2', 1, quote],
    ]);
    expect(rulesOf(said, set, claimed)).not.toContain(RULES.lineExcludedByCustomer);
    const p = { ...claimed, exclusions: [{ lineItemId: line('2'), words: 'forget the coasters' }] };
    expect(rulesOf(said, set, p)).toContain(RULES.lineExcludedByCustomer);
  });

  it('does not ground a reason on words the customer did not write', () => {
    const p = proposal(set, [['1', 1, 'The teapot arrived cracked']], { reasonWords: 'arrived shattered in pieces' });
    expect(rulesOf(text, set, p)).toContain(RULES.reasonNotGrounded);
    const own = proposal(set, [['1', 1, 'The teapot arrived cracked']], { reasonWords: 'arrived cracked' });
    expect(rulesOf(text, set, own)).not.toContain(RULES.reasonNotGrounded);
  });

  it('does not ground a refund on asking words the customer did not write', () => {
    const p = proposal(set, [['1', 1, 'The teapot arrived cracked']], { remedyWords: 'please refund me in full' });
    expect(rulesOf(text, set, p)).toContain(RULES.remedyNotGrounded);
  });
});

describe('a customer asking for the missing item to be sent', () => {
  const kettle = order([{ id: '1', title: 'Copper kettle', quantity: 1, price: 4500 }]);

  it('contradicts a refund of it: a person decides', () => {
    const text = 'My order came without the kettle. Could you please send the kettle that was missing?';
    const p = proposal(kettle, [['1', 1, 'My order came without the kettle']], { reason: 'not_received' });
    expect(rulesOf(text, kettle, p)).toContain(RULES.remedyContradicted);
  });
});

describe('store credit at dispatch', () => {
  const STORE_CREDIT = createPolicy({ storeCredit: true });
  const gate: GateDecision = {
    decision: 'auto',
    remedy: 'store_credit',
    rules: [RULES.autoWithinPolicy],
    reasons: [],
    amountMinor: 1800,
    currency: 'USD',
    policyVersion: STORE_CREDIT.version,
  };
  const dispatch = (facts: OrderFacts) => () =>
    checkRefundArguments({
      args: buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(facts), facts, ...gateTerms(gate) }),
      runId: 'run-1',
      boundOrderId: facts.orderId,
      facts,
      reason: 'damaged',
      gate,
      approval: null,
      policy: STORE_CREDIT,
      now: NOW,
    });

  it('is issued to an order with a customer account', () => {
    expect(dispatch(makeFacts())()).toMatchObject({ approvalRequired: false });
  });

  it('is refused to an order without a customer account to hold it', () => {
    expect(dispatch(makeFacts({ customerId: null }))).toThrow(expect.objectContaining({ rule: RULES.storeCreditNeedsAccount }));
  });
});

describe('the dispatch check of an automatic refund, rule by rule', () => {
  const facts = makeFacts();
  const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(facts), facts });
  const gate: GateDecision = {
    decision: 'auto',
    rules: [RULES.autoWithinPolicy],
    reasons: [],
    amountMinor: 1800,
    currency: 'USD',
    policyVersion: DEFAULT_POLICY.version,
  };
  const ruleOf = (overrides: Partial<Parameters<typeof checkRefundArguments>[0]>) => {
    try {
      checkRefundArguments({
        args,
        runId: 'run-1',
        boundOrderId: facts.orderId,
        facts,
        reason: 'damaged',
        gate,
        approval: null,
        policy: DEFAULT_POLICY,
        now: NOW,
        ...overrides,
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ArgumentPolicyError);
      return (error as ArgumentPolicyError).rule;
    }
    return 'allowed';
  };

  it('allows the $18.00 the gate decided', () => {
    expect(ruleOf({})).toBe('allowed');
  });

  it('refuses a zero amount, even one the gate agreed to', () => {
    expect(ruleOf({ args: { ...args, amount: { ...args.amount, amountMinor: 0 } }, gate: { ...gate, amountMinor: 0 } })).toBe(RULES.amountNotPositive);
  });

  it('refuses an amount in the currency the customer paid when the order was paid in the shop currency', () => {
    expect(ruleOf({ args: { ...args, amount: { ...args.amount, presentment: { amountMinor: 1700, currency: 'EUR' } } } })).toBe(RULES.currencyMismatch);
  });

  it('refuses when the policy changed since the gate decided', () => {
    expect(ruleOf({ gate: { ...gate, policyVersion: 'older' } })).toBe(RULES.policyChanged);
  });
});

describe('a refund proposal that claims nothing', () => {
  it('is refused: no line item, nothing unclear, a refund asked', () => {
    const mugs = order([{ id: '1', title: 'Stoneware mug', quantity: 1, price: 1800 }]);
    const empty = proposal(mugs, []);
    expect(rulesOf('The mug arrived cracked, refund please.', mugs, empty)).toContain(RULES.nothingClaimed);
  });
});
