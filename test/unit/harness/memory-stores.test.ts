// The in-memory stores keep the DynamoDB adapter's conditional semantics, so unit tests of the
// harness see the same outcomes as production.
import { describe, expect, it } from 'vitest';
import { createInMemoryStores } from '#harness/adapters/memory/index.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { NOW, fixedClock, makeFacts, makeRun } from './support/fixtures.js';
import { lockContract, runConditionContract } from './support/ordering-contract.js';

describe('in-memory stores', () => {
  it('create-once runs, first-claim events and create-once idempotency records', async () => {
    const stores = createInMemoryStores({ clock: fixedClock() });
    expect(await stores.runs.create(makeRun())).toBe(true);
    expect(await stores.runs.create(makeRun())).toBe(false);
    const claim = { tenant: 'demo', helpdesk: 'sandbox', eventId: 'e', at: NOW.toISOString() };
    expect(await stores.events.claim({ ...claim, runId: 'a' })).toEqual({ firstTime: true, runId: 'a' });
    expect(await stores.events.claim({ ...claim, runId: 'b' })).toEqual({ firstTime: false, runId: 'a' });
    const first = await stores.idempotency.begin({ key: 'k', runId: 'run-1', argsHash: 'h', createdAt: NOW.toISOString() });
    expect((await stores.idempotency.begin({ key: 'k', runId: 'run-2', argsHash: 'x', createdAt: NOW.toISOString() })).record).toEqual(first.record);
  });

  it('returns copies, so a caller cannot change stored state by mutating a result', async () => {
    const stores = createInMemoryStores();
    await stores.runs.create(makeRun());
    const run = await stores.runs.get('run-1');
    run!.status = 'done';
    expect((await stores.runs.get('run-1'))?.status).toBe('running');
  });

  it('indexes runs by tenant and order number once the order is bound', async () => {
    const stores = createInMemoryStores();
    await stores.runs.create(makeRun());
    expect(await stores.findRunsByOrder('demo', '1001')).toEqual([]);
    await stores.runs.update('run-1', { order: makeFacts() });
    expect((await stores.findRunsByOrder('demo', '1001')).map((r) => r.runId)).toEqual(['run-1']);
    expect(await stores.findRunsByOrder('other', '1001')).toEqual([]);
    await expect(stores.runs.update('nope', { state: 'Gate' })).rejects.toThrow(RecordNotFoundError);
  });
});

describe('in-memory conditional run updates', () => {
  runConditionContract(() => ({ runs: createInMemoryStores({ clock: fixedClock() }).runs }), 'mem');
});

describe('in-memory locks', () => {
  lockContract(() => {
    const clock = fixedClock();
    return { locks: createInMemoryStores({ clock }).locks, clock };
  }, 'mem');
});
