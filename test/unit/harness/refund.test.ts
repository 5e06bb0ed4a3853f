// refund(): the only path to refund_create. Re-reads the order, re-checks the policy on the exact
// arguments, checks the approval binding, persists the idempotency key before dispatch and
// refunds at most once per run.
import { describe, expect, it } from 'vitest';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { GateDecision } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import {
  AmbiguousOutcomeError,
  ApprovalRequiredError,
  ArgumentPolicyError,
  PENDING_REVIEW_REASON,
  TemporarilyUnavailableError,
  ToolNotAllowedError,
} from '#harness/errors.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';
import { setupHarness, stepCtx } from '../../support/harness.js';

const ben = { id: 'gid://shopify/Customer/2', email: 'ben@example.com' };
const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket', customer: ben });
const tenBlankets = makeOrder({ number: '1002', quantity: 10, unitPriceMinor: 6200, title: 'Wool throw blanket', customer: ben });
const otherOrder = makeOrder({ number: '1004', unitPriceMinor: 6200, title: 'Wool throw blanket', customer: ben });

/** A run that went through CheckOrder, ProposeRefund and Gate for `order`. */
function gatedRun(order: Order, quantity = 1, overrides: Partial<Run> = {}): Run {
  const facts = toOrderFacts(order, 0);
  // The customer's words state the quantity claimed, as the grounding rules require.
  const item = facts.lineItems[0]!.title.toLowerCase();
  const words = quantity === 1 ? `the ${item} arrived cracked` : `${quantity} of the ${item} arrived cracked`;
  const proposal = makeProposal(facts, {
    lineItems: [{ lineItemId: facts.lineItems[0]!.id, quantity, quote: words }],
    amountMinor: facts.lineItems[0]!.unitPriceMinor * quantity,
  });
  const ticket = { ...makeRun().ticket, body: `Order #${order.number}: ${words}.`, requesterEmail: order.customer?.email ?? null };
  const triage = makeTriage({ orderNumber: order.number });
  const gate: GateDecision = decideGate({
    ticketEmail: ticket.requesterEmail,
    customerText: [ticket.subject, ticket.body],
    ticketReceivedAt: ticket.receivedAt,
    triage,
    order: facts,
    proposal,
    policy: DEFAULT_POLICY,
    now: NOW,
  });
  return makeRun({ ticket, triage, order: facts, proposal, gate, state: 'Refund', ...overrides });
}

const refundCtx = (run: Run) => stepCtx('Refund', { boundOrderId: run.order?.orderId ?? null });

async function approvalFor(harness: ReturnType<typeof setupHarness>['harness'], run: Run, overrides: Partial<ApprovalRecord> = {}): Promise<ApprovalRecord> {
  const { argsHash, amountMinor, currency } = await harness.previewRefund(stepCtx('RequestApproval'), run);
  return {
    approvalId: 'apr-1',
    status: 'approved',
    argsHash,
    amountMinor,
    currency,
    requestedAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 24 * 3600_000).toISOString(),
    decidedBy: 'lead@example.com',
    decidedAt: NOW.toISOString(),
    reason: null,
    runId: run.runId,
    tenant: run.tenant,
    taskToken: 'sfn-task-token-0123456789abcdef',
    formToken: 'form-token-0123456789abcdef',
    tool: 'refund_create',
    policyVersion: DEFAULT_POLICY.version,
    ...overrides,
  };
}

describe('refund', () => {
  it('auto-refunds once: re-reads the order, persists the key before dispatch, completes it and journals', async () => {
    const { harness, stores, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    expect(run.gate?.decision).toBe('auto');
    let statusAtDispatch: string | undefined;
    const call = transport.call.bind(transport);
    transport.call = async (name, args, caller) => {
      if (name === 'refund_create') statusAtDispatch = stores.state.idempotency.get(String(args.idempotencyKey))?.status;
      return call(name, args, caller);
    };

    const receipt = await harness.refund(refundCtx(run), { run, approval: null });

    expect(receipt).toMatchObject({ orderId: 'gid://shopify/Order/1001', orderNumber: '1001', amountMinor: 1800, currency: 'USD' });
    expect(receipt.idempotencyKey).toMatch(/^ra1_[0-9a-f]{64}$/);
    expect(statusAtDispatch).toBe('in_flight');
    // An automatic refund re-counts the customer's refunds at dispatch (get_refund_history).
    expect(transport.calls.map((c) => c.name)).toEqual(['get_order', 'get_refund_history', 'preview_refund', 'refund_create']);
    expect(transport.calls[3]!.args).toMatchObject({
      orderId: 'gid://shopify/Order/1001',
      amount: { amountMinor: 1800, currency: 'USD' },
      parentTransactionId: 'gid://shopify/OrderTransaction/1001',
      gateway: 'bogus',
      idempotencyKey: receipt.idempotencyKey,
    });
    expect(stores.state.idempotency.get(receipt.idempotencyKey)).toMatchObject({ status: 'succeeded', result: receipt });
    const rows = await stores.journal.listByRun('run-1');
    expect(rows.map((r) => [r.kind, r.name, r.outcome, r.idempotencyKey])).toEqual([
      ['tool', 'get_order', 'ok', null],
      ['tool', 'get_refund_history', 'ok', null],
      ['tool', 'preview_refund', 'ok', null],
      ['decision', 'refund_create', 'ok', receipt.idempotencyKey],
      ['tool', 'refund_create', 'ok', receipt.idempotencyKey],
    ]);
    expect(rows[3]).toMatchObject({ decision: 'allow', rule: 'auto_within_policy', approvalId: null });
  });

  it('dispatches an approved 6200 refund bound to its exact arguments', async () => {
    const { harness, transport } = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    expect(run.gate?.decision).toBe('approval');
    const approval = await approvalFor(harness, run);
    await expect(harness.refund(refundCtx(run), { run, approval: null })).rejects.toThrow(ApprovalRequiredError);
    const receipt = await harness.refund(refundCtx(run), { run, approval, spendApproval: async () => true });
    expect(receipt.amountMinor).toBe(6200);
    expect(transport.refunds.size).toBe(1);
  });

  it('cannot dispatch an approved 6200 as 62000', async () => {
    const { harness, stores, transport } = setupHarness({ orders: [tenBlankets] });
    const approved = gatedRun(tenBlankets, 1);
    const approval = await approvalFor(harness, approved);
    const inflated = gatedRun(tenBlankets, 10);
    expect(inflated.gate).toMatchObject({ decision: 'approval', amountMinor: 62000 });

    const error = await harness.refund(refundCtx(inflated), { run: inflated, approval }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('approval_args_mismatch');
    expect(transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
    const refused = (await stores.journal.listByRun('run-1')).find((r) => r.outcome === 'refused');
    expect(refused).toMatchObject({ name: 'refund_create', detail: expect.stringContaining('exact refund arguments') });
    expect(JSON.stringify(await stores.journal.listByRun('run-1'))).not.toMatch(/sfn-task-token|form-token/);
  });

  it('cannot dispatch an approved refund to another order', async () => {
    const { harness, transport } = setupHarness({ orders: [blanket, otherOrder] });
    const approval = await approvalFor(harness, gatedRun(blanket));
    const moved = gatedRun(otherOrder);
    const error = await harness.refund(refundCtx(moved), { run: moved, approval }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('approval_args_mismatch');
    const stale = gatedRun(blanket);
    const wrongCtx = stepCtx('Refund', { boundOrderId: otherOrder.id });
    expect(((await harness.refund(wrongCtx, { run: stale, approval }).catch((e: unknown) => e)) as ArgumentPolicyError).rule).toBe('order_not_bound');
    expect(transport.refunds.size).toBe(0);
  });

  it('cannot dispatch an approved refund after the approval expired', async () => {
    const { harness, clock, transport } = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const approval = await approvalFor(harness, run);
    clock.advance(24 * 3600_000 + 1);
    const error = await harness.refund(refundCtx(run), { run, approval }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('approval_expired');
    expect(transport.refunds.size).toBe(0);
  });

  it('refuses when the re-read order shows the item was refunded since the gate', async () => {
    const refundedSince = makeOrder({
      lineItems: [{ ...makeOrder().lineItems[0]!, refundableQuantity: 0 }],
      maximumRefundable: { amountMinor: 0, currency: 'USD' },
    });
    const { harness, transport } = setupHarness({ orders: [refundedSince] });
    const run = gatedRun(makeOrder());
    const error = await harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('nothing_refundable');
    expect(transport.refunds.size).toBe(0);
  });

  it('refunds only from the Refund step', async () => {
    const { harness, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    await expect(harness.refund(stepCtx('ProposeRefund', { boundOrderId: run.order!.orderId }), { run, approval: null })).rejects.toThrow(ToolNotAllowedError);
    expect(transport.calls).toHaveLength(0);
  });

  it('returns the recorded receipt when the run already refunded, without calling anything', async () => {
    const { harness, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    const receipt = await harness.refund(refundCtx(run), { run, approval: null });
    transport.calls.length = 0;
    await expect(harness.refund(refundCtx(run), { run: { ...run, refund: receipt }, approval: null })).resolves.toEqual(receipt);
    expect(transport.calls).toHaveLength(0);
  });

  it('refuses a second refund in the same run for another amount', async () => {
    const order = makeOrder({ quantity: 3 });
    const { harness, transport } = setupHarness({ orders: [order] });
    await harness.refund(refundCtx(gatedRun(order, 1)), { run: gatedRun(order, 1), approval: null });
    const second = gatedRun(order, 2); // two units are still refundable: only the per-run cap stands in the way
    const error = await harness.refund(refundCtx(second), { run: second, approval: null }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('max_refunds_per_run');
    expect(transport.refunds.size).toBe(1);
  });

  it('keeps the key after a timeout; the retry finds the refund on the re-read order and sends nothing', async () => {
    const { harness, stores, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    transport.script('refund_create', 'lose-response', 'hang');

    const first = await harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(TemporarilyUnavailableError);
    expect((first as Error).name).toBe('TemporarilyUnavailableError');
    expect((first as Error).cause).toBeInstanceOf(AmbiguousOutcomeError);
    const key = [...stores.state.idempotency.keys()][0]!;
    expect(stores.state.idempotency.get(key)?.status).toBe('unknown');

    const receipt = await harness.refund(refundCtx(run), { run, approval: null });
    expect(transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(2); // both in the first attempt
    expect(transport.refunds.size).toBe(1);
    expect(receipt.refundId).toBe([...transport.refunds.values()][0]!.refundId);
    expect(stores.state.idempotency.get(key)?.status).toBe('succeeded');
  });

  it('resends the same key when the re-read order does not show the refund yet, and the store answers the original', async () => {
    const order = makeOrder();
    const { harness, stores, transport } = setupHarness({ orders: [order] });
    const run = gatedRun(order);
    transport.script('refund_create', 'lose-response', 'hang');
    await harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    // A stale read: the order as it was before the refund. The store's dry run would now disagree (nothing left to refund).
    transport.script('get_order', { ok: true, output: { order } });

    const receipt = await harness.refund(refundCtx(run), { run, approval: null });
    const sent = transport.calls.filter((c) => c.name === 'refund_create');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((c) => c.args.idempotencyKey)).size).toBe(1);
    expect(transport.calls.filter((c) => c.name === 'preview_refund')).toHaveLength(1); // the first attempt's only
    expect(transport.refunds.size).toBe(1);
    expect(transport.store.createdRefunds).toHaveLength(1);
    expect(receipt.refundId).toBe([...transport.refunds.values()][0]!.refundId);
    const key = String(sent[0]!.args.idempotencyKey);
    expect(stores.state.idempotency.get(key)?.status).toBe('succeeded');
    const rows = await stores.journal.listByRun(run.runId);
    const allowed = rows.filter((r) => r.name === 'refund_create' && r.decision === 'allow').map((r) => r.detail);
    expect(allowed).toEqual(['dispatch allowed (auto)', 'dispatch allowed (auto); the same key resent, outcome unknown before']);
  });

  it("a resend whose refund was never made is created once, under the store's own checks", async () => {
    const { harness, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    transport.script('refund_create', 'hang', 'hang'); // never reached the store
    await harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect(transport.store.createdRefunds).toHaveLength(0);

    const receipt = await harness.refund(refundCtx(run), { run, approval: null });
    expect(transport.store.createdRefunds.map((r) => r.id)).toEqual([receipt.refundId]);
    expect(receipt.amountMinor).toBe(1800);
  });

  it('escalates when the store answers for another amount than was sent', async () => {
    const { harness, stores, transport } = setupHarness();
    const run = gatedRun(makeOrder());
    transport.script('refund_create', {
      ok: true,
      output: { refundId: 'r', orderId: 'gid://shopify/Order/1001', amount: { amountMinor: 99, currency: 'USD' }, createdAt: NOW.toISOString() },
    });
    await expect(harness.refund(refundCtx(run), { run, approval: null })).rejects.toThrow(AmbiguousOutcomeError);
    expect([...stores.state.idempotency.values()][0]?.status).toBe('unknown');
  });

  it('says in a typed field whether a person must settle an unknown outcome or a retry with the same key may', async () => {
    const other = setupHarness();
    const run = gatedRun(makeOrder());
    other.transport.script('refund_create', {
      ok: true,
      output: { refundId: 'r', orderId: 'gid://shopify/Order/1001', amount: { amountMinor: 99, currency: 'USD' }, createdAt: NOW.toISOString() },
    });
    const review = await other.harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect((review as AmbiguousOutcomeError).kind).toBe('pending_review');
    expect((review as Error).message).toBe(`${PENDING_REVIEW_REASON}: refund_create answered for another order or amount`);

    const lost = setupHarness();
    lost.transport.script('refund_create', 'lose-response', 'hang');
    const retry = await lost.harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect(retry).toBeInstanceOf(TemporarilyUnavailableError);
    expect(((retry as Error).cause as AmbiguousOutcomeError).kind).toBe('retry_same_key');
  });

  it('previews the same hash the dispatch check computes', async () => {
    const { harness } = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const preview = await harness.previewRefund(stepCtx('RequestApproval'), run);
    expect(preview).toMatchObject({ amountMinor: 6200, currency: 'USD' });
    const approval = await approvalFor(harness, run);
    expect(approval.argsHash).toBe(preview.argsHash);
  });
});
