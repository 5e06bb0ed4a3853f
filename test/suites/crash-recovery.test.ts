// Crash recovery: a crash injected at every side-effect boundary of the Refund and draft steps
// (record written before dispatch, provider accepted, result not yet recorded, run row not yet
// updated, note posted), then the run resumes in a fresh harness from the state it was in.
// Pass: exactly one refund at the store, and the run ends done, escalated or pending review.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdempotencyStore, ToolTransport } from '#harness/ports.js';
import type { HarnessDeps } from '#harness/harness.js';
import { customerLockName } from '#harness/gateway/customer-lock.js';
import { startDynalite } from './support/dynamo.js';
import { Crash, createCrashSwitch, resumeStep, runFrom, type CrashSwitch } from '../support/world-steps.js';
import { approve, gatedRun, startWorld, type World } from '../support/world.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let world: World;
beforeAll(async () => {
  db = await startDynalite('crash-suite');
});
afterAll(async () => db.close());
beforeEach(async () => {
  world = await startWorld(db);
});
afterEach(async () => world.close());

const ENDINGS = ['done', 'escalated', 'pending_review'];

/** A harness whose ports die at one boundary: `at` returns true where the process crashes. */
function crashingWorld(
  sw: CrashSwitch,
  at: { tool?: [string, 'before' | 'after']; idem?: 'begin' | 'complete'; update?: (patch: Record<string, unknown>) => boolean },
) {
  const tools: ToolTransport = {
    serverId: world.tools.serverId,
    listTools: (caller) => world.tools.listTools!(caller),
    async call(name, args, caller) {
      if (at.tool?.[0] === name && at.tool[1] === 'before') sw.kill(`before ${name}`);
      const result = await world.tools.call(name, args, caller);
      if (at.tool?.[0] === name) sw.kill(`after ${name} answered`);
      return result;
    },
  };
  const real = world.stores.idempotency;
  const idempotency: IdempotencyStore = {
    get: (key) => real.get(key),
    async begin(record) {
      const answer = await real.begin(record);
      if (at.idem === 'begin') sw.kill('after the key was persisted, before dispatch');
      return answer;
    },
    async complete(key, result) {
      if (at.idem === 'complete') sw.kill('provider accepted, result not recorded');
      return real.complete(key, result);
    },
    markUnknown: (key, detail) => real.markUnknown(key, detail),
  };
  const runsReal = world.stores.runs;
  const runs = {
    ...runsReal,
    get: (id: string) => runsReal.get(id),
    async update(id: string, patch: Parameters<typeof runsReal.update>[1]) {
      if (at.update?.(patch as Record<string, unknown>)) sw.kill('before the run row was updated');
      return runsReal.update(id, patch);
    },
    async updateIf(id: string, patch: Parameters<typeof runsReal.update>[1], condition: Parameters<typeof runsReal.updateIf>[2]) {
      if (at.update?.(patch as Record<string, unknown>)) sw.kill('before the run row was updated');
      return runsReal.updateIf(id, patch, condition);
    },
  };
  return { tools: sw.guard(tools), idempotency: sw.guard(idempotency), journal: sw.guard(world.stores.journal), runs: sw.guard(runs) };
}

/** `shared`: the crashed and the resumed process share these harness ports (the table's leases, as deployed). */
async function crashThenResume(runId: string, at: Parameters<typeof crashingWorld>[1], shared: Partial<HarnessDeps> = {}) {
  const sw = createCrashSwitch();
  const ports = crashingWorld(sw, at);
  const crashedWorld = { ...world, stores: { ...world.stores, runs: ports.runs } };
  await expect(
    runFrom(
      crashedWorld,
      world.harness({ tools: ports.tools, idempotency: ports.idempotency, journal: ports.journal, runs: ports.runs, ...shared }),
      runId,
      'Refund',
      sw,
    ),
  ).rejects.toThrow(Crash);
  const crashed = (await world.stores.runs.get(runId))!;
  return runFrom(world, world.harness(shared), runId, resumeStep(crashed));
}

describe('crash recovery: the auto refund of order 1001 ($18)', () => {
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['after the key was persisted, before dispatch', () => crashThenResume('run-c1', { idem: 'begin' })],
    ['just before refund_create left', () => crashThenResume('run-c2', { tool: ['refund_create', 'before'] })],
    ['after the store accepted, the answer lost', () => crashThenResume('run-c3', { tool: ['refund_create', 'after'] })],
    ['after the store accepted, before the result was recorded', () => crashThenResume('run-c4', { idem: 'complete' })],
    ['before the run row recorded the receipt', () => crashThenResume('run-c5', { update: (p) => p.refund !== undefined })],
    ['after the draft note was posted', () => crashThenResume('run-c6', { tool: ['post_draft', 'after'] })],
    [
      'before the run row recorded the draft check',
      () => crashThenResume('run-c7', { update: (p) => typeof (p.draft as { noteId?: unknown } | undefined)?.noteId === 'string' }),
    ],
  ];
  it.each(cases.map(([name, act], i) => ({ name, act, runId: `run-c${i + 1}` })))('$name: one refund, run ends', async ({ act, runId }) => {
    await gatedRun(world, { runId, orderNumber: '1001', requesterEmail: 'ana@example.com' });
    const final = (await act()) as { status: string };
    expect(await world.refundsOf('1001')).toHaveLength(1);
    expect(ENDINGS).toContain(final.status);
    expect(final.status).toBe('done');
    const rows = await world.stores.journal.listByRun(runId);
    expect(rows.filter((r) => r.name === 'refund_create' && r.kind === 'tool' && r.outcome === 'ok').length).toBeGreaterThanOrEqual(1);
  });
});

describe('crash recovery: the approved refund of order 1002 ($62)', () => {
  it('a crash after the store accepted resumes with the same, already spent approval: one refund', async () => {
    const run = await gatedRun(world, { runId: 'run-a1', orderNumber: '1002', requesterEmail: 'ben@example.com' });
    expect(run.gate?.decision).toBe('approval');
    await approve(world, run);
    const final = await crashThenResume('run-a1', { tool: ['refund_create', 'after'] });
    expect(await world.refundsOf('1002')).toEqual([expect.objectContaining({ amountMinor: 6200 })]);
    expect(final.status).toBe('done');
    expect((await world.stores.approvals.get('apr_run-a1'))?.usedBy).toBe(final.refund?.idempotencyKey);
  });
});

describe("crash recovery: the customer's refund lease", () => {
  it('is let go once the resumed run settles the refund the store made, so the next refund of that customer is not held up', async () => {
    const run = await gatedRun(world, { runId: 'run-l1', orderNumber: '1001', requesterEmail: 'ana@example.com' });
    const final = await crashThenResume('run-l1', { tool: ['refund_create', 'after'] }, { locks: world.stores.locks });

    expect(final.status).toBe('done');
    expect(await world.refundsOf('1001')).toHaveLength(1);
    // The dead attempt held the lease (2 min); another run of the same customer may take it now.
    const lease = { name: customerLockName(run.tenant, run.order!.customerId!), owner: 'run-of-the-next-ticket', ttlMs: 60_000 };
    expect(await world.stores.locks.acquire(lease)).toBe(true);
  });
});
