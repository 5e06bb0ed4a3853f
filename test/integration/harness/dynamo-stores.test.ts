// The harness's refund over the DynamoDB adapters on dynalite (loopback): it survives a resume and a
// timeout with one refund. What each store does alone is the store contract (test/contract/stores/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryLockStore } from '#harness/adapters/memory/locks.js';
import { createDynamoStores, type DynamoStores } from '#functions/shared/stores/dynamo/index.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Run } from '#functions/shared/domain/run.js';
import { DEFAULT_POLICY, decideGate } from '#harness/policy/index.js';
import { createHarness } from '#harness/harness.js';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import { TemporarilyUnavailableError } from '#harness/errors.js';
import { NOW, countingIds, createFakeTransport, fixedClock, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';
import { startDynalite } from '../../support/dynalite.js';

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

function gatedRun(runId: string): Run {
  const facts = toOrderFacts(makeOrder(), 0);
  const proposal = makeProposal(facts);
  const triage = makeTriage();
  const gate = decideGate({
    ticketEmail: 'ana@example.com',
    customerText: ['The mug in order #1001 arrived cracked.'],
    ticketReceivedAt: NOW.toISOString(),
    triage,
    order: facts,
    proposal,
    policy: DEFAULT_POLICY,
    now: NOW,
  });
  return makeRun({ runId, triage, order: facts, proposal, gate, state: 'Refund' });
}

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
      budget: stores.budget,
      // Each harness its own lease, as before createHarness required one (a resumed process starts clean).
      locks: createInMemoryLockStore({ clock }),
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
      `refund ${receipt.refundId}: $18.00`,
      expect.stringContaining('already done'),
    ]);
  });

  it('a refund that timed out is settled on the retry from the order, which shows it: one refund, not sent again', async () => {
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
    expect(sent.map((c) => c.args.idempotencyKey)).toEqual([key, key]); // the first attempt's two, none on the retry
    expect(transport.refunds.size).toBe(1);
    expect(receipt).toMatchObject({ idempotencyKey: key, amountMinor: 1800, refundId: [...transport.refunds.values()][0]!.refundId });
    const rows = await stores.journal.listByRun('run-timeout');
    const toolRows = rows.filter((r) => r.name === 'refund_create' && r.kind === 'tool');
    expect(toolRows.map((r) => r.outcome)).toEqual(['error', 'ok']);
    expect(toolRows[1]!.detail).toContain('found on the order');
    expect((await stores.idempotency.get(key))?.status).toBe('succeeded');
  });
});
