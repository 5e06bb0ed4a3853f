// The refund policy as code: every gate rule, amount capping, and the dispatch check on the real
// refund_create arguments (approval binding, bound order, refundable remaining).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  RULES,
  checkRefundArguments,
  computeProposalAmount,
  createPolicy,
  decideGate,
  refundArgumentsHash,
  type GateInput,
} from '#harness/policy/index.js';
import { buildRefundArguments } from '#harness/gateway/refund-arguments.js';
import { ArgumentPolicyError, ApprovalRequiredError } from '#harness/errors.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { GateDecision, OrderFacts } from '#harness/domain/types.js';
import { NOW, daysAgo, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';

function gateInput(overrides: Partial<GateInput> = {}): GateInput {
  const order = overrides.order ?? makeFacts();
  return {
    ticketEmail: 'ana@example.com',
    customerText: ['Broken mug', 'The mug in order #1001 arrived cracked.'],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage(),
    order,
    proposal: makeProposal(order),
    policy: DEFAULT_POLICY,
    now: NOW,
    ...overrides,
  };
}

describe('policy document', () => {
  it('carries the default numbers and a version that changes with any number', () => {
    expect(DEFAULT_POLICY.document).toMatchObject({
      autoRefundLimitMinor: 5000,
      fulfilledWithinDays: 30,
      damageLikeReasons: ['damaged', 'defective', 'wrong_item', 'not_received'],
      maxRefundsIn90Days: 2,
      maxRefundsPerRun: 1,
    });
    expect(DEFAULT_POLICY.hash).toMatch(/^[0-9a-f]{64}$/);
    const tenant = createPolicy({ autoRefundLimitMinor: 3000 });
    expect(tenant.version).not.toBe(DEFAULT_POLICY.version);
    expect(createPolicy().version).toBe(DEFAULT_POLICY.version);
  });

  it('rejects a tenant policy that allows several refunds per run', () => {
    expect(() => createPolicy({ maxRefundsPerRun: 2 })).toThrow();
  });
});

describe('computeProposalAmount', () => {
  it('is unit price times claimed quantity', () => {
    const facts = makeFacts({}, makeOrder({ quantity: 3, unitPriceMinor: 1800 }));
    expect(computeProposalAmount(facts, [{ lineItemId: facts.lineItems[0]!.id, quantity: 2 }])).toBe(3600);
  });

  it('caps the quantity at what earlier refunds left refundable', () => {
    const base = makeFacts({}, makeOrder({ quantity: 2, unitPriceMinor: 1800 }));
    const facts: OrderFacts = { ...base, lineItems: [{ ...base.lineItems[0]!, refundableQuantity: 1 }], maximumRefundableMinor: 1800 };
    expect(computeProposalAmount(facts, [{ lineItemId: facts.lineItems[0]!.id, quantity: 2 }])).toBe(1800);
  });

  it('caps the amount at the order maximum refundable after a partial money refund', () => {
    const facts = { ...makeFacts({}, makeOrder({ quantity: 2, unitPriceMinor: 1800 })), maximumRefundableMinor: 2500 };
    expect(computeProposalAmount(facts, [{ lineItemId: facts.lineItems[0]!.id, quantity: 2 }])).toBe(2500);
  });

  it('ignores line items that are not on the order and merges duplicates', () => {
    const facts = makeFacts({}, makeOrder({ quantity: 3, unitPriceMinor: 1000 }));
    const id = facts.lineItems[0]!.id;
    expect(computeProposalAmount(facts, [{ lineItemId: 'gid://shopify/LineItem/999', quantity: 1 }])).toBe(0);
    expect(
      computeProposalAmount(facts, [
        { lineItemId: id, quantity: 2 },
        { lineItemId: id, quantity: 2 },
      ]),
    ).toBe(3000);
  });
});

describe('decideGate', () => {
  it('auto-refunds a damaged item under the limit, fulfilled recently, with no recent refunds', () => {
    const decision = decideGate(gateInput());
    expect(decision).toMatchObject({
      decision: 'auto',
      rules: [RULES.autoWithinPolicy],
      amountMinor: 1800,
      currency: 'USD',
      policyVersion: DEFAULT_POLICY.version,
    });
  });

  const order = makeFacts();
  const line = order.lineItems[0]!;
  const refusals: Array<[string, Partial<GateInput>, string]> = [
    ['the ticket is not a refund request', { triage: makeTriage({ intent: 'other', reason: null }) }, RULES.notRefundRequest],
    ['the order belongs to someone else', { ticketEmail: 'mallory@example.com' }, RULES.orderNotRequesters],
    ['the requester has no email', { ticketEmail: null }, RULES.orderNotRequesters],
    [
      'the item is not on the order',
      { proposal: makeProposal(order, { lineItems: [{ lineItemId: 'gid://shopify/LineItem/999', quantity: 1, quote: 'arrived cracked' }] }) },
      RULES.itemsNotOnOrder,
    ],
    [
      'nothing remains refundable',
      { order: { ...order, lineItems: [{ ...line, refundableQuantity: 0 }], maximumRefundableMinor: 0 } },
      RULES.nothingRefundable,
    ],
    [
      'more is claimed than remains refundable',
      { proposal: makeProposal(order, { lineItems: [{ lineItemId: line.id, quantity: 2, quote: 'arrived cracked' }], amountMinor: 3600 }) },
      RULES.quantityExceedsRefundable,
    ],
    ['the proposal uses another currency', { proposal: makeProposal(order, { currency: 'EUR' }) }, RULES.currencyMismatch],
  ];
  it.each(refusals)('refuses when %s', (_name, overrides, rule) => {
    const decision = decideGate(gateInput(overrides));
    expect(decision.decision).toBe('refuse');
    expect(decision.rules).toContain(rule);
  });

  it("decides on the amount computed from the order, whatever figure the model gives, and shows the model's figure", () => {
    const inflated = decideGate(gateInput({ proposal: makeProposal(order, { amountMinor: 40000 }) }));
    expect(inflated.decision).toBe('auto');
    expect(inflated.amountMinor).toBe(line.unitPriceMinor);
    expect(inflated.reasons.join(' ')).toContain("the agent's own figure was $400.00; the amount is computed from the order: $18.00");
    const none = decideGate(gateInput({ proposal: makeProposal(order, { amountMinor: undefined }) }));
    expect(none).toMatchObject({ decision: 'auto', amountMinor: line.unitPriceMinor });
  });

  it('matches the requester email without regard to case or spaces', () => {
    expect(decideGate(gateInput({ ticketEmail: '  ANA@Example.com ' })).decision).toBe('auto');
  });

  const blanket = makeFacts({}, makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' }));
  const approvals: Array<[string, Partial<GateInput>, string]> = [
    ['the amount is over the auto limit', { order: blanket, proposal: makeProposal(blanket) }, RULES.amountOverAutoLimit],
    ['the item is not fulfilled', { order: { ...order, lineItems: [{ ...line, fulfilledAt: null }] } }, RULES.notFulfilled],
    ['the item was fulfilled more than 30 days ago', { order: { ...order, lineItems: [{ ...line, fulfilledAt: daysAgo(31) }] } }, RULES.fulfilledTooLongAgo],
    [
      'the reason is not damage-like',
      { triage: makeTriage({ reason: 'changed_mind' }), proposal: makeProposal(order, { reason: 'changed_mind' }) },
      RULES.reasonNotDamageLike,
    ],
    ['the customer had 2 refunds in 90 days', { order: { ...order, refundsLast90Days: 2 } }, RULES.tooManyRecentRefunds],
    ['the ticket carries risk flags', { triage: makeTriage({ riskFlags: ['claims_prior_approval'] }) }, RULES.riskFlags],
  ];
  it.each(approvals)('asks for approval when %s', (_name, overrides, rule) => {
    const decision = decideGate(gateInput(overrides));
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toContain(rule);
  });

  it('still auto-refunds at exactly the limit, 30 days, and one earlier refund', () => {
    const facts = makeFacts(
      { refundsLast90Days: 1 },
      makeOrder({
        unitPriceMinor: 5000,
        fulfillments: [{ id: 'f', createdAt: daysAgo(30), status: 'SUCCESS', lineItemIds: ['gid://shopify/LineItem/10011'] }],
      }),
    );
    expect(decideGate(gateInput({ order: facts, proposal: makeProposal(facts) })).decision).toBe('auto');
  });

  it('never auto-refunds an unfulfilled order, even a small damaged one', () => {
    const facts = makeFacts({}, makeOrder({ unitPriceMinor: 500, fulfillments: [] }));
    const decision = decideGate(gateInput({ order: facts, proposal: makeProposal(facts) }));
    expect(decision.decision).toBe('approval');
    expect(decision.rules).toEqual([RULES.notFulfilled]);
  });

  it('uses a tenant limit from its policy document', () => {
    const policy = createPolicy({ autoRefundLimitMinor: 1000 });
    const decision = decideGate(gateInput({ policy }));
    expect(decision).toMatchObject({ decision: 'approval', rules: [RULES.amountOverAutoLimit], policyVersion: policy.version });
  });
});

describe('checkRefundArguments', () => {
  const blanketOrder = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket', customer: { id: 'c2', email: 'ben@example.com' } });
  const facts = makeFacts({}, blanketOrder);
  const proposal = makeProposal(facts);
  const gate: GateDecision = {
    decision: 'approval',
    rules: [RULES.amountOverAutoLimit],
    reasons: [],
    amountMinor: 6200,
    currency: 'USD',
    policyVersion: DEFAULT_POLICY.version,
  };
  const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal, facts });
  const approval = (overrides: Partial<ApprovalRecord> = {}): ApprovalRecord => ({
    approvalId: 'apr-1',
    status: 'approved',
    argsHash: refundArgumentsHash(args),
    amountMinor: 6200,
    currency: 'USD',
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 24 * 3600_000).toISOString(),
    decidedBy: 'lead@example.com',
    decidedAt: NOW.toISOString(),
    reason: null,
    runId: 'run-1',
    tenant: 'demo',
    taskToken: 'task-token-secret',
    formToken: 'form-token-secret',
    tool: 'refund_create',
    policyVersion: DEFAULT_POLICY.version,
    ...overrides,
  });
  const check = (overrides: Partial<Parameters<typeof checkRefundArguments>[0]> = {}) =>
    checkRefundArguments({
      args,
      runId: 'run-1',
      boundOrderId: facts.orderId,
      facts,
      reason: 'damaged',
      gate,
      approval: approval(),
      policy: DEFAULT_POLICY,
      now: NOW,
      ...overrides,
    });

  function expectRule(fn: () => unknown, rule: string) {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ArgumentPolicyError);
      expect((error as ArgumentPolicyError).rule).toBe(rule);
      return;
    }
    throw new Error(`expected rule ${rule} to refuse`);
  }

  it('accepts an approved 6200 refund bound to these exact arguments', () => {
    expect(check()).toMatchObject({ approvalRequired: true, approvalId: 'apr-1', argsHash: refundArgumentsHash(args) });
  });

  it('requires an approval over the limit', () => {
    expect(() => check({ approval: null })).toThrow(ApprovalRequiredError);
    expect(() => check({ approval: approval({ status: 'pending' }) })).toThrow(ApprovalRequiredError);
    expect(() => check({ approval: approval({ status: 'rejected' }) })).toThrow(ApprovalRequiredError);
  });

  it('refuses an approval replayed for a larger amount on the same order', () => {
    const ten = makeFacts({}, makeOrder({ number: '1002', quantity: 10, unitPriceMinor: 6200, title: 'Wool throw blanket', customer: blanketOrder.customer }));
    const bigger = buildRefundArguments({
      tenant: 'demo',
      runId: 'run-1',
      proposal: makeProposal(ten, { lineItems: [{ lineItemId: ten.lineItems[0]!.id, quantity: 10, quote: 'all ten arrived cracked' }], amountMinor: 62000 }),
      facts: ten,
    });
    expectRule(() => check({ args: bigger, facts: ten, gate: { ...gate, amountMinor: 62000 } }), RULES.approvalArgsMismatch);
  });

  it('refuses 62000 when only 6200 is refundable, whatever the gate said', () => {
    expectRule(
      () => check({ args: { ...args, amount: { amountMinor: 62000, currency: 'USD' } }, gate: { ...gate, amountMinor: 62000 } }),
      RULES.amountNotRecomputed,
    );
  });

  it('refuses 5000 on a 6200 line whatever the gate said: the amount is recomputed, never a ceiling', () => {
    expectRule(
      () => check({ args: { ...args, amount: { amountMinor: 5000, currency: 'USD' } }, gate: { ...gate, amountMinor: 5000 } }),
      RULES.amountNotRecomputed,
    );
  });

  it('refuses an approval used after it expired', () => {
    expectRule(() => check({ now: new Date(NOW.getTime() + 24 * 3600_000) }), RULES.approvalExpired);
  });

  it('refuses an approval of another run or another policy version', () => {
    expectRule(() => check({ approval: approval({ runId: 'run-2' }) }), RULES.approvalOtherRun);
    expectRule(() => check({ approval: approval({ policyVersion: 'old' }) }), RULES.approvalPolicyChanged);
  });

  it('refuses a refund to an order the run is not bound to', () => {
    expectRule(() => check({ boundOrderId: 'gid://shopify/Order/1003' }), RULES.orderNotBound);
    expectRule(() => check({ args: { ...args, orderId: 'gid://shopify/Order/1003' } }), RULES.orderNotBound);
  });

  it('refuses line items off the order, quantities over refundable, another currency or another parent transaction', () => {
    expectRule(() => check({ args: { ...args, lineItems: [{ lineItemId: 'gid://shopify/LineItem/999', quantity: 1 }] } }), RULES.itemsNotOnOrder);
    expectRule(() => check({ args: { ...args, lineItems: [{ lineItemId: facts.lineItems[0]!.id, quantity: 2 }] } }), RULES.quantityExceedsRefundable);
    expectRule(() => check({ args: { ...args, amount: { amountMinor: 6200, currency: 'EUR' } } }), RULES.currencyMismatch);
    expectRule(() => check({ args: { ...args, parentTransactionId: 'gid://shopify/OrderTransaction/666' } }), RULES.parentTransactionMismatch);
  });

  it('refuses when the items were refunded meanwhile', () => {
    const spent = { ...facts, lineItems: [{ ...facts.lineItems[0]!, refundableQuantity: 0 }], maximumRefundableMinor: 0 };
    expectRule(() => check({ facts: spent }), RULES.nothingRefundable);
  });

  it('refuses without a passing gate, or for an amount the gate did not decide', () => {
    expectRule(() => check({ gate: null }), RULES.gateNotPassed);
    expectRule(() => check({ gate: { ...gate, decision: 'refuse' } }), RULES.gateNotPassed);
    expectRule(() => check({ gate: { ...gate, amountMinor: 5000 } }), RULES.gateAmountMismatch);
  });

  it('needs no approval for an auto decision under the limit, but does for any approval decision', () => {
    const mugFacts = makeFacts();
    const mugArgs = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(mugFacts), facts: mugFacts });
    const auto: GateDecision = { ...gate, decision: 'auto', amountMinor: 1800 };
    expect(check({ args: mugArgs, facts: mugFacts, boundOrderId: mugFacts.orderId, gate: auto, approval: null })).toMatchObject({
      approvalRequired: false,
      approvalId: null,
    });
    expect(() => check({ args: mugArgs, facts: mugFacts, boundOrderId: mugFacts.orderId, gate: { ...auto, decision: 'approval' }, approval: null })).toThrow(
      ApprovalRequiredError,
    );
  });
});
