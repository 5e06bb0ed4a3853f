// Fault injection on tools: the sandbox store times out, throttles or answers 5xx in the middle of a
// run. refund_create is retried inside the call only on those, with the same key; the step is
// retried like the state machine would. Pass: never a duplicate refund, and the run either finishes
// or goes to a person (escalated / pending review) with its idempotency record kept.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDynalite } from './support/dynamo.js';
import { runFrom } from '../support/world-steps.js';
import { gatedRun, startWorld, type World } from '../support/world.js';

let db: Awaited<ReturnType<typeof startDynalite>>;
let world: World;
let n = 0;
beforeAll(async () => {
  db = await startDynalite('faults-suite');
});
afterAll(async () => db.close());
beforeEach(async () => {
  world = await startWorld(db);
});
afterEach(async () => world.close());

async function runWithFaults(arm: () => void, options: { refundTimeoutMs?: number } = {}) {
  const run = await gatedRun(world, { runId: `run-f${++n}`, orderNumber: '1001', requesterEmail: 'ana@example.com' });
  arm();
  const waits: number[] = [];
  const harness = world.harness({
    sleep: async (ms) => void waits.push(ms),
    ...(options.refundTimeoutMs ? { timeoutsMs: { refund_create: options.refundTimeoutMs, get_order: 3000, preview_refund: 3000 } } : {}),
  });
  const final = await runFrom(world, harness, run.runId);
  return { final, waits, rows: await world.stores.journal.listByRun(run.runId) };
}

describe('fault injection on tools', () => {
  it('a 503 on the first store call of refund_create: retried once with the same key, one refund', async () => {
    // get_order and preview_refund go first; the 3rd store request is the refund mutation.
    const { final, rows } = await runWithFaults(() => {
      let seen = 0;
      const faults = world.sandboxes.store.faults;
      const take = (faults as unknown as { take: () => unknown }).take.bind(faults);
      (faults as unknown as { take: () => unknown }).take = () => (++seen === 3 ? { kind: 'http', status: 503 } : take());
    });
    expect(final.status).toBe('done');
    expect(await world.refundsOf('1001')).toHaveLength(1);
    const sent = rows.filter((r) => r.kind === 'tool' && r.name === 'refund_create');
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('Shopify throttling on every read for a while: the reads retry, the run finishes, one refund', async () => {
    const { final } = await runWithFaults(() => world.sandboxes.store.faults.throttleNext(2, { restoreRate: 1000 }));
    expect(final.status).toBe('done');
    expect(await world.refundsOf('1001')).toHaveLength(1);
  });

  it('the answer to refund_create never comes back (timeout): the same key is retried after 500 ms, one refund', async () => {
    const run = await gatedRun(world, { runId: `run-f${++n}`, orderNumber: '1001', requesterEmail: 'ana@example.com' });
    const waits: number[] = [];
    const keys: unknown[] = [];
    let lost = false;
    const tools = {
      serverId: world.tools.serverId,
      listTools: (caller: Parameters<typeof world.tools.call>[2]) => world.tools.listTools!(caller),
      call: (name: Parameters<typeof world.tools.call>[0], args: Record<string, unknown>, caller: Parameters<typeof world.tools.call>[2]) => {
        if (name === 'refund_create') keys.push(args.idempotencyKey);
        if (name === 'refund_create' && !lost) {
          lost = true;
          void world.tools.call(name, args, caller); // the store does the refund; the answer is lost
          return new Promise<never>(() => {});
        }
        return world.tools.call(name, args, caller);
      },
    };
    const harness = world.harness({ tools, sleep: async (ms) => void waits.push(ms), timeoutsMs: { refund_create: 300 } });
    const final = await runFrom(world, harness, run.runId);
    expect(await world.refundsOf('1001')).toHaveLength(1);
    expect(final.status).toBe('done');
    expect(waits).toEqual([500]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('5xx on every store call: no refund, the run goes to a person, the key is kept', async () => {
    const { final, rows } = await runWithFaults(() => world.sandboxes.store.faults.failNext(1000, 502));
    expect(await world.refundsOf('1001')).toHaveLength(0);
    expect(final.status).toBe('escalated');
    expect(final.refund).toBeNull();
    expect(rows.some((r) => r.outcome === 'error')).toBe(true);
  });

  it('5xx from the refund mutation on both attempts and the step retries: never a second refund', async () => {
    const { final } = await runWithFaults(() => {
      let seen = 0;
      const faults = world.sandboxes.store.faults;
      const take = (faults as unknown as { take: () => unknown }).take.bind(faults);
      // Every refund mutation of the first step attempt fails; later attempts go through.
      (faults as unknown as { take: () => unknown }).take = () => (++seen >= 3 && seen <= 4 ? { kind: 'http', status: 503 } : take());
    });
    expect(await world.refundsOf('1001')).toHaveLength(1);
    expect(final.status).toBe('done');
  });
});
