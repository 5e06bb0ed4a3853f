// The DynamoDB adapters against dynalite on loopback: conditional writes become domain outcomes,
// the journal reads back in order, the byOrder index answers "which run refunded order 1001",
// and the harness's refund survives a resume and a timeout with one refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoStores, type DynamoStores } from '#harness/adapters/dynamo/index.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Run } from '#harness/domain/types.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import { createHarness } from '#harness/tool-gateway.js';
import { createOfflineModelProvider } from '#harness/models/index.js';
import { TemporarilyUnavailableError } from '#harness/errors.js';
import type { ApprovalRecord, NewJournalRow } from '#harness/ports.js';
import { NOW, countingIds, createFakeTransport, fixedClock, makeOrder, makeProposal, makeRun, makeTriage } from '../../unit/harness/support/fixtures.js';
import { lockContract, runConditionContract } from '../../unit/harness/support/ordering-contract.js';
import { startDynalite } from './dynalite.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let stores: DynamoStores;
const clock = fixedClock();
const ids = countingIds('r');

beforeAll(async () => {
  db = await startDynalite();
  stores = createDynamoStores({ client: db.doc, tableName: db.tableName, clock, ids });
});
afterAll(async () => {
  await db?.close();
});

function journalRow(runId: string, name: string): NewJournalRow {
  return { runId, at: NOW.toISOString(), step: 'CheckOrder', kind: 'tool', name, provider: 'mcp', argsHash: 'h', outcome: 'ok', detail: 'd', latencyMs: 1, costMicros: 0, model: null, inputTokens: null, outputTokens: null, idempotencyKey: null };
}

function gatedRun(runId: string): Run {
  const facts = toOrderFacts(makeOrder(), 0);
  const proposal = makeProposal(facts);
  const triage = makeTriage();
  const gate = decideGate({ ticketEmail: 'ana@example.com', customerText: ['The mug in order #1001 arrived cracked.'], ticketReceivedAt: NOW.toISOString(), triage, order: facts, proposal, policy: DEFAULT_POLICY, now: NOW });
  return makeRun({ runId, triage, order: facts, proposal, gate, state: 'Refund' });
}

describe('runs', () => {
  it('creates a run once; a second create with the same id reports false', async () => {
    const run = makeRun({ runId: 'run-create' });
    expect(await stores.runs.create(run)).toBe(true);
    expect(await stores.runs.create({ ...run, status: 'done' })).toBe(false);
    expect((await stores.runs.get('run-create'))?.status).toBe('running');
    expect(await stores.runs.get('run-missing')).toBeNull();
  });

  it('updates fields, keeps identity fields, and adds cost atomically', async () => {
    await stores.runs.create(makeRun({ runId: 'run-update' }));
    clock.advance(1000);
    const updated = await stores.runs.update('run-update', { state: 'CheckOrder', triage: makeTriage(), tenant: 'other' } as Parameters<typeof stores.runs.update>[1]);
    expect(updated).toMatchObject({ state: 'CheckOrder', tenant: 'demo', triage: { orderNumber: '1001' } });
    expect(updated.updatedAt).toBe(clock.now().toISOString());
    await Promise.all([stores.runs.addCost('run-update', 2400), stores.runs.addCost('run-update', 8200)]);
    expect((await stores.runs.get('run-update'))?.costMicros).toBe(10600);
  });

  it('refuses to update or charge a run that does not exist', async () => {
    await expect(stores.runs.update('run-nope', { state: 'Gate' })).rejects.toThrow(RecordNotFoundError);
    await expect(stores.runs.addCost('run-nope', 1)).rejects.toThrow(RecordNotFoundError);
  });

  it('answers which runs touched order 1001 with one index query, once the order is bound', async () => {
    const facts = toOrderFacts(makeOrder({ number: '7001' }), 0);
    await stores.runs.create(makeRun({ runId: 'run-o1', createdAt: '2026-09-01T00:00:00.000Z' }));
    await stores.runs.create(makeRun({ runId: 'run-o2', createdAt: '2026-09-02T00:00:00.000Z' }));
    await stores.runs.create(makeRun({ runId: 'run-o3', tenant: 'other-shop', createdAt: '2026-09-03T00:00:00.000Z' }));
    expect(await stores.findRunsByOrder('demo', '7001')).toEqual([]);
    await stores.runs.update('run-o2', { order: facts });
    await stores.runs.update('run-o1', { order: facts, refund: { refundId: 'gid://shopify/Refund/9', orderId: facts.orderId, orderNumber: '7001', amountMinor: 1800, currency: 'USD', createdAt: NOW.toISOString(), idempotencyKey: 'ra1_x' } });
    await stores.runs.update('run-o3', { order: facts });
    const found = await stores.findRunsByOrder('demo', '7001');
    expect(found.map((r) => r.runId)).toEqual(['run-o1', 'run-o2']);
    expect(found.find((r) => r.refund)?.runId).toBe('run-o1');
  });

  it('lists runs newest first', async () => {
    const listed = await stores.runs.list(2);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.createdAt >= listed[1]!.createdAt).toBe(true);
  });
});

describe('journal', () => {
  it('reads a run\'s rows back in the order they were written, even within one millisecond', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await stores.journal.append(journalRow('run-j', name));
    await stores.journal.append(journalRow('run-other', 'x'));
    const rows = await stores.journal.listByRun('run-j');
    expect(rows.map((r) => r.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows[0]!.seq).toMatch(/^2026-09-23T12:00:00\.000Z#\d{8}#/);
  });
});

describe('idempotency', () => {
  it('begin twice: the second call sees the first record and does not overwrite it', async () => {
    const first = await stores.idempotency.begin({ key: 'k-1', runId: 'run-1', argsHash: 'h1', createdAt: NOW.toISOString() });
    const second = await stores.idempotency.begin({ key: 'k-1', runId: 'run-2', argsHash: 'h2', createdAt: NOW.toISOString() });
    // expiresAt is the table's TTL attribute: 30 days after creation, longer than any approval wait.
    expect(first).toEqual({ created: true, record: { key: 'k-1', runId: 'run-1', argsHash: 'h1', status: 'in_flight', result: null, createdAt: NOW.toISOString(), expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 86_400 } });
    expect(second).toEqual({ created: false, record: first.record });
  });

  it('completes with the result; a late markUnknown cannot undo a success', async () => {
    await stores.idempotency.begin({ key: 'k-2', runId: 'run-1', argsHash: 'h', createdAt: NOW.toISOString() });
    await stores.idempotency.markUnknown('k-2', 'timeout');
    expect((await stores.idempotency.begin({ key: 'k-2', runId: 'run-1', argsHash: 'h', createdAt: NOW.toISOString() })).record.status).toBe('unknown');
    await stores.idempotency.complete('k-2', { refundId: 'r-1' });
    await stores.idempotency.markUnknown('k-2', 'late timeout');
    const { record } = await stores.idempotency.begin({ key: 'k-2', runId: 'run-1', argsHash: 'h', createdAt: NOW.toISOString() });
    expect(record).toMatchObject({ status: 'succeeded', result: { refundId: 'r-1' } });
    await expect(stores.idempotency.complete('k-missing', {})).rejects.toThrow(RecordNotFoundError);
  });
});

describe('approvals', () => {
  const record: ApprovalRecord = {
    approvalId: 'apr-d1', status: 'pending', argsHash: 'h', amountMinor: 6200, currency: 'USD', requestedAt: NOW.toISOString(),
    expiresAt: '2026-09-24T12:00:00.000Z', decidedBy: null, decidedAt: null, reason: null, runId: 'run-a', tenant: 'demo',
    taskToken: 'task-token', formToken: 'form-1', tool: 'refund_create', policyVersion: DEFAULT_POLICY.version,
  };

  it('decides once, only with the form token', async () => {
    await stores.approvals.create(record);
    await expect(stores.approvals.create(record)).rejects.toThrow(/already exists/);
    const decision = { approvalId: 'apr-d1', status: 'approved' as const, decidedBy: 'lead@example.com', decidedAt: NOW.toISOString(), reason: null };
    expect(await stores.approvals.decide({ ...decision, formToken: 'forged' })).toBeNull();
    expect(await stores.approvals.decide({ ...decision, formToken: 'form-1' })).toMatchObject({ status: 'approved', decidedBy: 'lead@example.com', taskToken: 'task-token' });
    expect(await stores.approvals.decide({ ...decision, status: 'rejected', formToken: 'form-1' })).toBeNull();
    expect((await stores.approvals.get('apr-d1'))?.status).toBe('approved');
    expect(await stores.approvals.get('apr-none')).toBeNull();
  });

  it("records RequestApproval's progress while pending, and refuses it once decided or for an unknown approval", async () => {
    await stores.approvals.create({ ...record, approvalId: 'apr-d2' });

    expect(await stores.approvals.recordProgress('apr-d2', { taskToken: 'task-token-2' })).toBe(true);
    expect(await stores.approvals.recordProgress('apr-d2', { holdingNoteAt: NOW.toISOString(), emailedTo: ['lead@example.com'] })).toBe(true);
    expect(await stores.approvals.get('apr-d2')).toMatchObject({ taskToken: 'task-token-2', holdingNoteAt: NOW.toISOString(), emailedTo: ['lead@example.com'], formToken: 'form-1' });

    await stores.approvals.decide({ approvalId: 'apr-d2', formToken: 'form-1', status: 'approved', decidedBy: 'lead@example.com', decidedAt: NOW.toISOString(), reason: null });
    expect(await stores.approvals.recordProgress('apr-d2', { taskToken: 'task-token-3' })).toBe(false);
    expect((await stores.approvals.get('apr-d2'))?.taskToken).toBe('task-token-2');
    expect(await stores.approvals.recordProgress('apr-none', { taskToken: 'x' })).toBe(false);
  });
});

describe('conditional run updates', () => {
  runConditionContract(() => ({ runs: stores.runs }), 'ddb');
});

describe('locks', () => {
  // A clock of their own: leases expire as it advances.
  lockContract(() => {
    const lockClock = fixedClock();
    return { locks: createDynamoStores({ client: db.doc, tableName: db.tableName, clock: lockClock, ids }).locks, clock: lockClock };
  }, 'ddb');
});

describe('event ledger', () => {
  it('maps a retried webhook to the run its first delivery started', async () => {
    const claim = { tenant: 'demo', helpdesk: 'zendesk', eventId: 'evt-9', at: NOW.toISOString() };
    expect(await stores.events.claim({ ...claim, runId: 'run-first' })).toEqual({ firstTime: true, runId: 'run-first' });
    expect(await stores.events.claim({ ...claim, runId: 'run-second' })).toEqual({ firstTime: false, runId: 'run-first' });
  });
});

describe('refund over DynamoDB', () => {
  const harnessOver = (transport: ReturnType<typeof createFakeTransport>) =>
    createHarness({
      tools: transport,
      journal: stores.journal,
      idempotency: stores.idempotency,
      models: createOfflineModelProvider(),
      clock,
      ids,
      runs: stores.runs,
      timeoutsMs: { refund_create: 50, get_order: 200 },
      sleep: async () => {},
    });
  const ctx = (run: Run) => ({ tenant: run.tenant, runId: run.runId, step: 'Refund' as const, boundOrderId: run.order!.orderId });

  it('a resumed refund whose record succeeded returns the receipt without calling refund_create', async () => {
    const run = gatedRun('run-resume');
    await stores.runs.create(run);
    const firstTransport = createFakeTransport();
    const receipt = await harnessOver(firstTransport).refund(ctx(run), { run, approval: null });
    // The Lambda died before it saved the receipt on the run; a new container resumes the step.
    const resumedTransport = createFakeTransport();
    const again = await harnessOver(resumedTransport).refund(ctx(run), { run, approval: null });
    expect(again).toEqual(receipt);
    expect(resumedTransport.calls.map((c) => c.name)).toEqual(['get_order']);
    const rows = await stores.journal.listByRun('run-resume');
    expect(rows.filter((r) => r.name === 'refund_create' && r.kind === 'tool').map((r) => r.detail)).toEqual([
      expect.stringContaining('refund gid://shopify/Refund/1'),
      expect.stringContaining('already done'),
    ]);
  });

  it('a refund that timed out is retried with the same key and yields one refund', async () => {
    const run = gatedRun('run-timeout');
    await stores.runs.create(run);
    const transport = createFakeTransport();
    transport.script('refund_create', 'lose-response', 'hang'); // both in-call attempts time out
    const harness = harnessOver(transport);

    const first = await harness.refund(ctx(run), { run, approval: null }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(TemporarilyUnavailableError);
    const sentFirst = transport.calls.find((c) => c.name === 'refund_create')!;
    const key = String(sentFirst.args.idempotencyKey);
    expect((await stores.idempotency.begin({ key, runId: run.runId, argsHash: 'probe', createdAt: NOW.toISOString() })).record.status).toBe('unknown');

    const receipt = await harness.refund(ctx(run), { run, approval: null });

    const sent = transport.calls.filter((c) => c.name === 'refund_create');
    expect(sent.map((c) => c.args.idempotencyKey)).toEqual([key, key, key]);
    expect(transport.refunds.size).toBe(1);
    expect(receipt).toMatchObject({ idempotencyKey: key, amountMinor: 1800, refundId: [...transport.refunds.values()][0]!.refundId });
    const rows = await stores.journal.listByRun('run-timeout');
    expect(rows.filter((r) => r.name === 'refund_create' && r.kind === 'tool').map((r) => r.outcome)).toEqual(['error', 'ok']);
  });
});
