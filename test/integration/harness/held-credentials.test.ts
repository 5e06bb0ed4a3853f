// Held credentials and the audit queries, on dynalite with the real MCP server and sandbox store:
// no token (the harness's MCP bearer, the Shopify token, the helpdesk token) ever appears in a model
// prompt, a journal row, a metric line or a log line; and each audit question is one query.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import type { ModelProvider, ModelRequest } from '#harness/ports.js';
import { HELPDESK_TOKEN, STORE_TOKEN } from '../../support/sandboxes.js';
import { startDynalite } from '../../support/dynalite.js';
import { recordingMetrics } from '../../support/metrics.js';
import { runFrom } from '../../support/world-steps.js';
import { CALLER_TOKENS, approve, gatedRun, startWorld, type World } from '../../support/world.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let world: World;
const prompts: ModelRequest<unknown>[] = [];
const offline = createOfflineModelProvider();
const recording: ModelProvider = { name: 'offline', complete: (request) => (prompts.push(request as ModelRequest<unknown>), offline.complete(request)) };

beforeAll(async () => {
  db = await startDynalite('credentials');
  world = await startWorld(db, recording);
});
afterAll(async () => {
  await world.close();
  await db.close();
});

describe('held credentials', () => {
  it('never puts a token in a prompt, a journal row, a metric or a log line', async () => {
    const logs: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))),
    );
    const { metrics, lines } = recordingMetrics();
    const run = await gatedRun(world, { runId: 'run-cred', orderNumber: '1001', requesterEmail: 'ana@example.com' });
    const final = await runFrom(world, world.harness({ metrics }), run.runId);
    spies.forEach((s) => s.mockRestore());
    expect(final.status).toBe('done');
    expect(prompts.length).toBeGreaterThan(0);
    const everything = JSON.stringify({
      prompts: prompts.map((p) => ({ system: p.system, input: p.input })),
      journal: await world.stores.journal.listByRun(run.runId),
      metrics: lines,
      logs,
    });
    for (const secret of [...Object.values(CALLER_TOKENS), STORE_TOKEN, HELPDESK_TOKEN, 'Bearer ']) expect(everything).not.toContain(secret);
  });
});

describe('audit queries', () => {
  it('everything about a run, who refunded order 1002 with whose approval at what cost, and runs by status', async () => {
    const run = await gatedRun(world, { runId: 'run-audit', orderNumber: '1002', requesterEmail: 'ben@example.com' });
    await approve(world, run);
    const final = await runFrom(world, world.harness(), run.runId);
    expect(final.status).toBe('done');

    const rows = await world.stores.journal.listByRun('run-audit');
    expect(rows.map((r) => `${r.kind}:${r.name}:${r.outcome}`)).toEqual(
      expect.arrayContaining(['decision:refund_create:ok', 'tool:refund_create:ok', 'tool:post_draft:ok']),
    );
    expect(rows.find((r) => r.kind === 'tool' && r.name === 'refund_create')).toMatchObject({
      approvalId: 'apr_run-audit',
      idempotencyKey: final.refund!.idempotencyKey,
    });

    const [who] = (await world.stores.findRunsByOrder('demo', '1002')).filter((r) => r.refund);
    expect(who).toMatchObject({ runId: 'run-audit', refund: { amountMinor: 6200 }, approval: { decidedBy: 'lead@demo-store.example' }, costMicros: 0 });

    const done = await world.stores.runs.listByStatus!('demo', 'done', 10);
    expect(done.map((r) => r.runId)).toContain('run-audit');
    expect((await world.stores.runs.listByStatus!('demo', 'pending_review', 10)).map((r) => r.runId)).not.toContain('run-audit');
  });

  it('keeps idempotency keys with a TTL longer than any approval wait', async () => {
    const record = await world.stores.idempotency.get((await world.stores.runs.get('run-audit'))!.refund!.idempotencyKey);
    expect(record?.status).toBe('succeeded');
    expect(record!.expiresAt! - Date.parse(record!.createdAt) / 1000).toBeGreaterThanOrEqual(30 * 86_400 - 1);
  });
});
