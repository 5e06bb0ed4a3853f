// The harness's controls around a refund, each as a behaviour: approvals are spent once and bound to
// the registry pin; a crashed refund is reconciled from the order; bounded retries with backoff; fail
// closed when a store or the policy cannot be used.
import { describe, expect, it } from 'vitest';
import { ArgumentPolicyError, HarnessConfigError, ToolFailedError } from '#harness/errors.js';
import type { IdempotencyStore } from '#harness/ports.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { NOW, createFakeTransport, fixedClock, makeOrder } from '../../support/fixtures.js';
import { bareHarness, setupHarness, stepCtx } from '../../support/harness.js';
import { approved, blanket, gatedRun, refundCtx, spend } from './refund-runs.js';

describe('approval binding', () => {
  it('is spent once: a second refund on the same approval with another key is refused', async () => {
    const h = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const approval = await approved(h, run);
    await h.harness.refund(refundCtx(run), { run, approval, spendApproval: spend(h) });
    expect((await h.stores.approvals.get('apr-1'))?.usedBy).toMatch(/^ra1_/);
    expect(await h.stores.approvals.consume('apr-1', 'ra1_another_key_0000', NOW.toISOString())).toBe(false);
    expect(await h.stores.approvals.consume('apr-1', (await h.stores.approvals.get('apr-1'))!.usedBy!, NOW.toISOString())).toBe(true);
  });

  it('is refused when no one can spend it (fail closed)', async () => {
    const h = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const approval = await approved(h, run);
    const error = await h.harness.refund(refundCtx(run), { run, approval }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('approval_already_used');
    expect(h.transport.refunds.size).toBe(0);
  });

  it('binds the registry pin: the same arguments under another pin hash differently', async () => {
    const { refundArgumentsHash } = await import('#harness/policy/index.js');
    const h = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const { argsHash } = await h.harness.previewRefund(stepCtx('RequestApproval'), run);
    const { buildRefundArguments } = await import('#harness/index.js');
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts: run.order! });
    expect(refundArgumentsHash(args)).toBe(argsHash);
    expect(refundArgumentsHash(args, 'sha256:another-pin')).not.toBe(argsHash);
  });
});

describe('idempotency and reconciliation', () => {
  it("a crash after the store accepted is reconciled from the order's refunds, never refunded twice", async () => {
    const refunded = makeOrder({
      lineItems: [{ ...makeOrder().lineItems[0]!, refundableQuantity: 0 }],
      maximumRefundable: { amountMinor: 0, currency: 'USD' },
      refunds: [
        {
          id: 'gid://shopify/Refund/77',
          createdAt: NOW.toISOString(),
          amount: { amountMinor: 1800, currency: 'USD' },
          lineItems: [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1 }],
        },
      ],
    });
    const h = setupHarness({ orders: [refunded] });
    const run = gatedRun(makeOrder());
    const { idempotencyKey, argsHash } = await h.harness.previewRefund(stepCtx('RequestApproval'), run);
    // The crashed attempt wrote its record and dispatched; its answer was never recorded.
    await h.stores.idempotency.begin({ key: idempotencyKey, runId: run.runId, argsHash, createdAt: NOW.toISOString() });
    const receipt = await h.harness.refund(refundCtx(run), { run, approval: null });
    expect(receipt).toMatchObject({ refundId: 'gid://shopify/Refund/77', amountMinor: 1800, idempotencyKey });
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
    expect(h.stores.state.idempotency.get(idempotencyKey)?.status).toBe('succeeded');
    expect(h.stores.state.idempotency.get(idempotencyKey)?.expiresAt).toBeGreaterThanOrEqual(Math.floor(NOW.getTime() / 1000) + 30 * 86_400);
  });

  it('retries refund_create once after a timeout with the same key, waiting 500 ms', async () => {
    const waits: number[] = [];
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock });
    const transport = createFakeTransport();
    const harness = bareHarness(transport, stores, clock, {
      timeoutsMs: { refund_create: 20 },
      sleep: async (ms) => void waits.push(ms),
    });
    transport.script('refund_create', 'lose-response');
    const run = gatedRun(makeOrder());
    const receipt = await harness.refund(refundCtx(run), { run, approval: null });
    const sent = transport.calls.filter((c) => c.name === 'refund_create');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.args.idempotencyKey).toBe(sent[1]!.args.idempotencyKey);
    expect(waits).toEqual([500]);
    expect(transport.refunds.size).toBe(1);
    expect(receipt.refundId).toBe([...transport.refunds.values()][0]!.refundId);
  });

  it('never retries refund_create on a 4xx-like answer (invalid, not found, conflict)', async () => {
    for (const category of ['invalid', 'not_found', 'not_authorized'] as const) {
      const h = setupHarness();
      h.transport.script('refund_create', { ok: false, error: { category, message: 'no' } });
      const run = gatedRun(makeOrder());
      await expect(h.harness.refund(refundCtx(run), { run, approval: null })).rejects.toThrow(ToolFailedError);
      expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(1);
      expect([...h.stores.state.idempotency.values()][0]?.status).toBe('unknown'); // kept, not deleted
    }
  });

  it("refuses when the store's dry run disagrees with the refund about to be sent", async () => {
    const h = setupHarness();
    h.transport.script('preview_refund', {
      ok: true,
      output: {
        orderId: 'gid://shopify/Order/1001',
        amount: { amountMinor: 900, currency: 'USD' },
        subtotal: { amountMinor: 900, currency: 'USD' },
        totalTax: { amountMinor: 0, currency: 'USD' },
        maximumRefundable: { amountMinor: 900, currency: 'USD' },
        lineItems: [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1, subtotal: { amountMinor: 900, currency: 'USD' } }],
        transactions: [],
      },
    });
    const run = gatedRun(makeOrder());
    const error = await h.harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('preview_mismatch');
    expect(h.transport.refunds.size).toBe(0);
  });
});

describe('policy at dispatch', () => {
  it("refuses an order that is not the requester's, recorded as a decision row with its rule", async () => {
    const h = setupHarness();
    const run = gatedRun(makeOrder());
    const stolen = { ...run, ticket: { ...run.ticket, requesterEmail: 'mallory@example.com' } };
    const error = await h.harness.refund(refundCtx(stolen), { run: stolen, approval: null }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('order_not_requesters');
    const decision = (await h.stores.journal.listByRun('run-1')).find((r) => r.kind === 'decision');
    expect(decision).toMatchObject({ name: 'refund_create', decision: 'refuse', rule: 'order_not_requesters', outcome: 'refused' });
  });

  it("reads the store's own figure for the claim, then journals each line's grounding and the gate as decision rows with the rules that decided", async () => {
    const h = setupHarness({ orders: [blanket] });
    const run = gatedRun(blanket);
    const gate = await h.harness.decideGate(stepCtx('Gate'), {
      ticketEmail: run.ticket.requesterEmail,
      customerText: [run.ticket.subject, run.ticket.body],
      ticketReceivedAt: run.ticket.receivedAt,
      triage: run.triage!,
      order: run.order!,
      proposal: run.proposal!,
    });
    expect(gate.decision).toBe('approval');
    const rows = await h.stores.journal.listByRun('run-1');
    expect(rows.shift(), "the store's suggestion for the claimed lines, read by the harness").toMatchObject({
      kind: 'tool',
      name: 'preview_refund',
      outcome: 'ok',
    });
    expect(gate.amountMinor).toBe(6200);
    // The quote names the mug, not the blanket claimed: that line is not grounded, and the journal says why.
    expect(rows[0], 'one grounding verdict per claimed line, with its quote').toMatchObject({
      kind: 'decision',
      name: 'grounding',
      outcome: 'refused',
      rule: 'quote_does_not_name_line',
      detail: expect.stringContaining('"The mug in order #1001'),
    });
    expect(rows[1]).toMatchObject({ kind: 'decision', name: 'gate', decision: 'approval', rule: expect.stringContaining('amount_over_auto_limit') });
  });

  it("refuses every refund and gate when the tenant's policy document is invalid", async () => {
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock });
    const transport = createFakeTransport();
    const harness = bareHarness(transport, stores, clock, {
      policyDocument: { version: 'x', autoRefundLimitMinor: -5 },
    });
    const run = gatedRun(makeOrder());
    const error = await harness.refund(refundCtx(run), { run, approval: null }).catch((e: unknown) => e);
    expect((error as ArgumentPolicyError).rule).toBe('policy_invalid');
    await expect(
      harness.decideGate(stepCtx('Gate'), {
        ticketEmail: run.ticket.requesterEmail,
        customerText: [run.ticket.subject, run.ticket.body],
        ticketReceivedAt: run.ticket.receivedAt,
        triage: run.triage!,
        order: run.order!,
        proposal: run.proposal!,
      }),
    ).rejects.toThrow(HarnessConfigError);
    expect(transport.calls).toHaveLength(0);
  });

  it('refuses, with nothing dispatched, when the idempotency store is unavailable', async () => {
    const broken: IdempotencyStore = {
      begin: () => Promise.reject(new Error('ResourceNotFoundException')),
      get: () => Promise.reject(new Error('ResourceNotFoundException')),
      complete: () => Promise.reject(new Error('down')),
      markUnknown: () => Promise.reject(new Error('down')),
    };
    const h = setupHarness({ idempotency: broken });
    const run = gatedRun(makeOrder());
    await expect(h.harness.refund(refundCtx(run), { run, approval: null })).rejects.toThrow(/idempotency store unavailable/);
    expect(h.transport.calls.filter((c) => c.name === 'refund_create')).toHaveLength(0);
  });
});
