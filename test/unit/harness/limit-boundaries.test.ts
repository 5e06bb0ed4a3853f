// Each money boundary pinned at each layer on its own: the automatic limit ($50.00 passes, $50.01
// needs a person) at the gate and again at dispatch, where a forged "auto" gate for $50.01 is
// refused for the limit itself; and the harness's own refusal of an idempotency key first used for other
// arguments, before the store (whose own check would otherwise hide a missing one). npm run mutate
// moves each of these by one unit and expects a test here to fail.
import { describe, expect, it } from 'vitest';
import { ArgumentPolicyError } from '#harness/errors.js';
import { buildRefundArguments } from '#harness/gateway/refund-arguments.js';
import { DEFAULT_POLICY, RULES, checkRefundArguments, decideGate } from '#harness/policy/index.js';
import type { GateDecision } from '#harness/domain/types.js';
import { NOW, autoGate, makeFacts, makeOrder, makeProposal, makeTriage } from '../../support/fixtures.js';
import { setupHarness, stepCtx } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const LIMIT = DEFAULT_POLICY.document.autoRefundLimitMinor;
const priced = (unitPriceMinor: number) => makeOrder({ unitPriceMinor });

function gateAt(amountMinor: number): GateDecision {
  const facts = makeFacts({}, priced(amountMinor));
  return decideGate({
    ticketEmail: 'ana@example.com',
    customerText: ['Broken mug', 'The mug in order #1001 arrived cracked.'],
    ticketReceivedAt: NOW.toISOString(),
    triage: makeTriage(),
    order: facts,
    proposal: makeProposal(facts),
    policy: DEFAULT_POLICY,
    now: NOW,
  });
}

/** The dispatch check alone, handed a gate that says "auto" whatever the amount. */
function dispatchWithAutoGate(amountMinor: number) {
  const facts = makeFacts({}, priced(amountMinor));
  const args = buildRefundArguments({ tenant: 'demo', runId: 'run-1', proposal: makeProposal(facts), facts });
  const gate = autoGate(amountMinor);
  return () =>
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
    });
}

describe('the automatic limit at the gate, on its own', () => {
  it('is $50.00 in the default policy', () => {
    expect(LIMIT).toBe(5000);
  });

  it('refunds $50.00 automatically', () => {
    expect(gateAt(LIMIT)).toMatchObject({ decision: 'auto', amountMinor: LIMIT });
  });

  it('asks a person for $50.01, naming the limit as the only reason', () => {
    expect(gateAt(LIMIT + 1)).toMatchObject({ decision: 'approval', rules: [RULES.amountOverAutoLimit], amountMinor: LIMIT + 1 });
  });
});

describe('the automatic limit at dispatch, on its own', () => {
  it('sends $50.00 under an automatic gate without an approval', () => {
    expect(dispatchWithAutoGate(LIMIT)()).toMatchObject({ approvalRequired: false, approvalId: null });
  });

  it('refuses $50.01 recorded as automatic, naming the limit, approval or not', () => {
    expect(dispatchWithAutoGate(LIMIT + 1)).toThrow(ArgumentPolicyError);
    expect(dispatchWithAutoGate(LIMIT + 1)).toThrow(/over the \$50\.00 automatic limit/);
  });

  it('refuses $50.01 through the harness with nothing sent to the store', async () => {
    const h = setupHarness({ orders: [priced(LIMIT + 1)] });
    const honest = gatedRun(priced(LIMIT + 1));
    expect(honest.gate?.decision).toBe('approval');
    const forged = { ...honest, gate: { ...honest.gate!, decision: 'auto' as const, rules: [RULES.autoWithinPolicy] } };
    const refused = await h.harness.refund(refundCtx(forged), { run: forged, approval: null }).catch((e: unknown) => e);
    expect((refused as ArgumentPolicyError).rule).toBe(RULES.autoOverLimitAtDispatch);
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
  });

  it('refunds $50.00 through the harness automatically', async () => {
    const h = setupHarness({ orders: [priced(LIMIT)] });
    const run = gatedRun(priced(LIMIT));
    expect(run.gate?.decision).toBe('auto');
    await expect(h.harness.refund(refundCtx(run), { run, approval: null })).resolves.toMatchObject({ amountMinor: LIMIT });
  });
});

describe("the harness's idempotency key, on its own", () => {
  it('refuses a key first used for other arguments before anything reaches the store', async () => {
    const h = setupHarness({ orders: [makeOrder()] });
    const run = gatedRun(makeOrder());
    const { idempotencyKey, argsHash } = await h.harness.previewRefund(stepCtx('RequestApproval'), run);
    await h.stores.idempotency.begin({ key: idempotencyKey, runId: run.runId, argsHash: `${argsHash}-other`, createdAt: NOW.toISOString() });
    const error = await h.harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe(RULES.idempotencyKeyReused);
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
  });

  it('answers the same key with the same arguments from its record, never sending twice', async () => {
    const h = setupHarness({ orders: [makeOrder()] });
    const run = gatedRun(makeOrder());
    const first = await h.harness.refund(refundCtx(run), { run, approval: null });
    const again = await h.harness.refund(refundCtx(run), { run, approval: null });
    expect(again.refundId).toBe(first.refundId);
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(1);
  });
});
