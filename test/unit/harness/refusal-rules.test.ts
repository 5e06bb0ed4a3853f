// The guards on the harness's path to the money tools that no other unit test pinned on its own
// (npm run mutate removed each and every unit test still passed): a step context for another run, a
// run with nothing gated, an order without a customer to count for, a refund lock store that is down,
// and a cancel whose approval cannot be spent. Each refuses with its rule, sends nothing to the store
// and, where the refusal is a decision, journals it.
import { describe, expect, it } from 'vitest';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { ArgumentPolicyError, TemporarilyUnavailableError } from '#harness/errors.js';
import { cancelKey } from '#harness/gateway/cancel.js';
import { createPolicy, decideGate } from '#harness/policy/index.js';
import type { ApprovalRecord, LockStore } from '#harness/ports.js';
import { NOW, countingIds, createFakeTransport, fixedClock, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';
import { bareHarness, setupHarness, stepCtx } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const refusal = (promise: Promise<unknown>) => promise.then(() => 'allowed' as const).catch((e: unknown) => e);

describe('a refund refused before the order is read', () => {
  it('refuses a step context for another run or another tenant, reading and sending nothing, and journals why', async () => {
    const run = gatedRun(makeOrder());
    const otherRun = { ...refundCtx(run), runId: 'run-2' };
    const otherTenant = { ...refundCtx(run), tenant: 'acme' };
    for (const ctx of [otherRun, otherTenant]) {
      const h = setupHarness();

      const error = await refusal(h.harness.refund(ctx, { run, approval: null }));

      expect(error).toBeInstanceOf(ArgumentPolicyError);
      expect((error as ArgumentPolicyError).rule).toBe('order_not_bound');
      expect(h.transport.calls).toEqual([]);
      expect(h.transport.refunds.size).toBe(0);
      const rows = await h.stores.journal.listByRun(ctx.runId);
      expect(rows).toEqual([
        expect.objectContaining({ kind: 'decision', name: 'refund_create', outcome: 'refused', decision: 'refuse', rule: 'order_not_bound' }),
      ]);
    }
  });

  it('refuses a run that has no bound order or no proposal (the gate never passed), reading and sending nothing', async () => {
    const ordered = gatedRun(makeOrder());
    const noProposal = { ...ordered, proposal: null };
    const noOrder = makeRun({ state: 'Refund' });
    for (const run of [noProposal, noOrder]) {
      const h = setupHarness();

      const error = await refusal(h.harness.refund(refundCtx(run), { run, approval: null }));

      expect(error).toBeInstanceOf(ArgumentPolicyError);
      expect((error as ArgumentPolicyError).rule).toBe('gate_not_passed');
      expect(h.transport.calls).toEqual([]);
      expect(await h.stores.journal.listByRun(run.runId)).toEqual([
        expect.objectContaining({ kind: 'decision', name: 'refund_create', decision: 'refuse', rule: 'gate_not_passed' }),
      ]);
    }
  });

  it('gives no approval preview for a run without a proposal or an order', async () => {
    const h = setupHarness();
    const ordered = gatedRun(makeOrder());

    for (const run of [
      { ...ordered, proposal: null },
      { ...ordered, order: null },
    ]) {
      const error = await refusal(h.harness.previewRefund(stepCtx('RequestApproval'), run));
      expect(error).toBeInstanceOf(ArgumentPolicyError);
      expect((error as ArgumentPolicyError).rule).toBe('gate_not_passed');
    }
    expect(h.transport.calls).toEqual([]);
  });
});

describe('a refund refused at dispatch', () => {
  it("refuses an order that carries no customer id, since the customer's refunds cannot be counted, before any history read or refund", async () => {
    // The requester's email is on the order, so every other check passes; only the customer's id is missing.
    const anonymous = makeOrder({ customer: { id: '', email: 'ana@example.com' } });
    const h = setupHarness({ orders: [anonymous] });
    const run = gatedRun(anonymous);
    expect(run.gate?.decision).toBe('auto');

    const error = await refusal(h.harness.refund(refundCtx(run), { run, approval: null }));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('order_not_requesters');
    expect(h.transport.calls.map((c) => c.name)).toEqual(['get_order']);
    const decision = (await h.stores.journal.listByRun(run.runId)).find((r) => r.kind === 'decision');
    expect(decision).toMatchObject({ name: 'refund_create', outcome: 'refused', decision: 'refuse', rule: 'order_not_requesters' });
  });

  it('refuses, retryably and with nothing sent, when the customer refund lock store fails, without waiting as if the lock were busy', async () => {
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock, ids: countingIds() });
    const transport = createFakeTransport();
    const waits: number[] = [];
    const down = new Error('ProvisionedThroughputExceededException');
    const locks: LockStore = { acquire: () => Promise.reject(down), release: () => Promise.reject(down) };
    const harness = bareHarness(transport, stores, clock, {
      locks,
      customerLock: { attempts: 3, waitMs: 200 },
      sleep: async (ms) => void waits.push(ms),
    });
    const run = gatedRun(makeOrder());

    const error = await refusal(harness.refund(refundCtx(run), { run, approval: null }));

    expect(error).toBeInstanceOf(TemporarilyUnavailableError);
    expect((error as TemporarilyUnavailableError).context.rule).toBe('store_unavailable');
    expect((error as TemporarilyUnavailableError).cause).toBe(down);
    expect(waits).toEqual([]);
    expect(transport.calls.some((c) => c.name === 'refund_create' || c.name === 'get_refund_history')).toBe(false);
  });
});

const CANCEL = createPolicy({ cancelUnfulfilled: true });
/** Order 1003: two $32 napkins, paid, nothing shipped; the requester asks to cancel it. */
const unshipped = makeOrder({ number: '1003', unitPriceMinor: 3200, quantity: 2, title: 'Linen napkin', fulfillments: [] });

function cancelRun(): Run {
  const facts = toOrderFacts(unshipped, 0);
  const proposal = makeProposal(facts, { remedy: 'cancel', lineItems: [], reason: 'changed_mind', remedyWords: 'please cancel my order' });
  const ticket = { ...makeRun().ticket, subject: 'Cancel order 1003', body: "I ordered by mistake, please cancel my order 1003. It hasn't shipped yet." };
  const triage = makeTriage({ orderNumber: '1003', orderNumbersMentioned: ['1003'] });
  const gate = decideGate({
    ticketEmail: ticket.requesterEmail,
    customerText: [ticket.subject, ticket.body],
    ticketReceivedAt: ticket.receivedAt,
    triage,
    order: facts,
    proposal,
    policy: CANCEL,
    now: NOW,
  });
  return makeRun({ ticket, triage, order: facts, proposal, gate, state: 'Refund' });
}

/** A harness under the cancelling policy, and the lead's approval of the run's exact cancel_order call. */
async function approvedCancel() {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock, ids: countingIds() });
  const transport = createFakeTransport([unshipped]);
  const harness = bareHarness(transport, stores, clock, { policy: CANCEL, sleep: async () => {} });
  const run = cancelRun();
  const preview = await harness.previewRefund(stepCtx('RequestApproval'), run);
  const approval: ApprovalRecord = {
    approvalId: 'apr-c',
    status: 'approved',
    argsHash: preview.argsHash,
    amountMinor: preview.amountMinor,
    currency: preview.currency,
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    decidedBy: 'lead@demo.example',
    decidedAt: NOW.toISOString(),
    reason: null,
    runId: run.runId,
    tenant: run.tenant,
    taskToken: 'tt',
    formToken: 'ft',
    tool: 'cancel_order',
    policyVersion: CANCEL.version,
  };
  await stores.approvals.create(approval);
  const spend = (key: string, at: string) => stores.approvals.consume('apr-c', key, at);
  return { harness, stores, transport, run, approval, spend, key: cancelKey({ tenant: run.tenant, runId: run.runId, orderId: unshipped.id }) };
}

describe('cancelling an unshipped order', () => {
  it('sends cancel_order once when the approval is spent on the run’s cancel', async () => {
    const { harness, stores, transport, run, approval, spend, key } = await approvedCancel();
    expect(run.gate).toMatchObject({ decision: 'approval', remedy: 'cancel', amountMinor: 6400 });
    const refund = { id: 'gid://shopify/Refund/63', createdAt: NOW.toISOString(), amount: { amountMinor: 6400, currency: 'USD' }, lineItems: [] };
    transport.script('cancel_order', {
      ok: true,
      output: { orderId: unshipped.id, jobId: 'gid://shopify/Job/1', status: 'cancelled', cancelledAt: NOW.toISOString(), refund },
    });

    const receipt = await harness.refund(refundCtx(run), { run, approval, spendApproval: spend });

    expect(receipt).toMatchObject({ refundId: 'gid://shopify/Refund/63', amountMinor: 6400, cancelledAt: NOW.toISOString(), idempotencyKey: key });
    expect(transport.calls.filter((c) => c.name === 'cancel_order')).toHaveLength(1);
    expect((await stores.approvals.get('apr-c'))?.usedBy).toBe(key);
  });

  it('refuses the cancel, sending nothing, when its approval was already spent on another call', async () => {
    const { harness, stores, transport, run, approval, spend, key } = await approvedCancel();
    expect(await spend('rc1_another_call', NOW.toISOString())).toBe(true);

    const error = await refusal(harness.refund(refundCtx(run), { run, approval, spendApproval: spend }));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('approval_already_used');
    expect(transport.calls.map((c) => c.name)).toEqual(['get_order']);
    expect(await stores.idempotency.get(key)).toBeNull();
    const rows = await stores.journal.listByRun(run.runId);
    expect(rows.find((r) => r.kind === 'decision')).toMatchObject({
      name: 'cancel_order',
      outcome: 'refused',
      decision: 'refuse',
      rule: 'approval_already_used',
      idempotencyKey: key,
    });
  });

  it('refuses the cancel when the step passes no way to spend the approval (fail closed)', async () => {
    const { harness, transport, run, approval } = await approvedCancel();

    const error = await refusal(harness.refund(refundCtx(run), { run, approval }));

    expect((error as ArgumentPolicyError).rule).toBe('approval_already_used');
    expect(transport.calls.some((c) => c.name === 'cancel_order')).toBe(false);
  });

  it('gives no approval preview for a cancel run without a bound order', async () => {
    const { harness, transport } = await approvedCancel();
    const run = { ...cancelRun(), order: null };

    const error = await refusal(harness.previewRefund(stepCtx('RequestApproval'), run));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('gate_not_passed');
    expect(transport.calls).toEqual([]);
  });
});
