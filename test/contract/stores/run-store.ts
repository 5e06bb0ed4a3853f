// The RunStore contract (functions/shared/stores/ports.ts), the same for every adapter: create once, read back
// whole, update and the conditional updateIf in one write, cost added atomically, the operator's
// list, the byStatus listing by when a run took its status, and the byOrder look-up.
import { describe, expect, it } from 'vitest';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunCondition, RunStore } from '#functions/shared/stores/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { makeFacts, makeOrder, makeTriage } from '../../support/fixtures.js';
import { NOW, at, makeRun, freshStores } from './fixtures.js';

const cancellation = { at: NOW.toISOString(), by: 'api' as const, reason: 'customer withdrew', state: 'RequestApproval' };
const intent = { at: NOW.toISOString(), amountMinor: 1800, currency: 'USD' };

export function describeRunStoreContract(name: string, makeStores: MakeStores) {
  describe(`RunStore contract: ${name}`, () => {
    describeCreateAndUpdate(makeStores);
    describeUpdateIf(makeStores);
    describeListings(makeStores);
  });
}

function describeCreateAndUpdate(makeStores: MakeStores) {
  it('creates a run that get returns whole, and answers null for an unknown id', async () => {
    const { runs } = await freshStores(makeStores);
    const run = makeRun({ runId: 'run-1', triage: makeTriage(), order: makeFacts(), followUps: [{ eventId: 'e2', receivedAt: at(60), excerpt: 'any news?' }] });

    expect(await runs.create(run)).toBe(true);

    expect(await runs.get('run-1')).toEqual(run);
    expect(await runs.get('run-unknown')).toBeNull();
  });

  it('creates conditionally: a second create with the same id answers false and changes nothing', async () => {
    const { runs } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-1' }));

    expect(await runs.create(makeRun({ runId: 'run-1', status: 'done', tenant: 'other' }))).toBe(false);

    expect(await runs.get('run-1')).toMatchObject({ status: 'running', tenant: 'demo' });
  });

  it('updates the patched fields, stamps updatedAt from the clock, and keeps runId, tenant and createdAt', async () => {
    const { runs, clock } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-1' }));
    clock.advance(1000);

    const patch = { state: 'CheckOrder', triage: makeTriage(), runId: 'run-2', tenant: 'other', createdAt: at(99) };
    const updated = await runs.update('run-1', patch as Parameters<RunStore['update']>[1]);

    const expected = makeRun({ runId: 'run-1', state: 'CheckOrder', triage: makeTriage(), updatedAt: at(1) });
    expect(updated).toEqual(expected);
    expect(await runs.get('run-1')).toEqual(expected);
    expect(await runs.get('run-2')).toBeNull();
  });

  it('takes updatedAt from the patch when given, skips undefined fields and clears a field set to null', async () => {
    const { runs } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-1', triage: makeTriage(), order: makeFacts() }));

    const updated = await runs.update('run-1', { order: null, triage: undefined, state: 'Escalate', updatedAt: at(30) });

    expect(updated).toMatchObject({ order: null, triage: makeTriage(), state: 'Escalate', updatedAt: at(30) });
    expect(await runs.get('run-1')).toEqual(updated);
  });

  it('refuses to update or charge a run that does not exist, and creates nothing', async () => {
    const { runs } = await freshStores(makeStores);

    await expect(runs.update('run-missing', { state: 'Gate' })).rejects.toThrow(RecordNotFoundError);
    await expect(runs.update('run-missing', { status: 'done' })).rejects.toThrow(RecordNotFoundError);
    await expect(runs.addCost('run-missing', 1)).rejects.toThrow(RecordNotFoundError);
    expect(await runs.get('run-missing')).toBeNull();
  });

  it('adds cost atomically, however many additions race', async () => {
    const { runs } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-1', costMicros: 100 }));

    await Promise.all([2400, 8200, 1, 0, 5000].map((micros) => runs.addCost('run-1', micros)));

    expect((await runs.get('run-1'))?.costMicros).toBe(15_701);
  });

  it('hands out copies: changing a run given or returned changes nothing stored', async () => {
    const { runs } = await freshStores(makeStores);
    const run = makeRun({ runId: 'run-1' });
    await runs.create(run);
    run.status = 'done';
    const read = (await runs.get('run-1'))!;
    read.ticket.subject = 'changed';
    const updated = await runs.update('run-1', { state: 'Gate' });
    updated.state = 'changed';

    expect(await runs.get('run-1')).toMatchObject({ status: 'running', state: 'Gate', ticket: { subject: 'Broken mug' } });
  });
}

function describeUpdateIf(makeStores: MakeStores) {
  async function withRun(overrides: Partial<Run> = {}) {
    const stores = await freshStores(makeStores);
    await stores.runs.create(makeRun({ runId: 'run-1', ...overrides }));
    return stores;
  }

  const cases: Array<{ kind: string; condition: RunCondition; holdsOn: Partial<Run>; failsOn: Partial<Run> }> = [
    {
      kind: 'statusIn',
      condition: { statusIn: ['awaiting_approval', 'pending_review'] },
      holdsOn: { status: 'pending_review' },
      failsOn: { status: 'running' },
    },
    { kind: 'notCancelled', condition: { notCancelled: true }, holdsOn: {}, failsOn: { cancellation, status: 'cancelled' } },
    { kind: 'noRefundIntent', condition: { noRefundIntent: true }, holdsOn: {}, failsOn: { refundIntent: intent } },
  ];

  for (const { kind, condition, holdsOn, failsOn } of cases) {
    it(`writes when ${kind} holds, and answers null and writes nothing when it does not`, async () => {
      const holds = await withRun(holdsOn);
      const fails = await withRun(failsOn);

      expect(await holds.runs.updateIf('run-1', { state: 'Refund' }, condition)).toMatchObject({ state: 'Refund' });
      expect(await fails.runs.updateIf('run-1', { state: 'Refund' }, condition)).toBeNull();

      expect((await holds.runs.get('run-1'))?.state).toBe('Refund');
      expect(await fails.runs.get('run-1')).toEqual(makeRun({ runId: 'run-1', ...failsOn }));
    });
  }

  it('writes only when every part of the condition holds', async () => {
    const { runs } = await withRun({ status: 'awaiting_approval', refundIntent: intent });

    expect(await runs.updateIf('run-1', { status: 'running' }, { statusIn: ['awaiting_approval'], notCancelled: true, noRefundIntent: true })).toBeNull();
    expect(await runs.updateIf('run-1', { status: 'running' }, { statusIn: ['running'], notCancelled: true })).toBeNull();
    expect(await runs.updateIf('run-1', { status: 'running' }, { statusIn: ['awaiting_approval'], notCancelled: true })).toMatchObject({ status: 'running' });
  });

  it('never writes with an empty statusIn, and always with an empty condition', async () => {
    const { runs } = await withRun();

    expect(await runs.updateIf('run-1', { state: 'Gate' }, { statusIn: [] })).toBeNull();
    expect(await runs.updateIf('run-1', { state: 'Refund' }, {})).toMatchObject({ state: 'Refund' });
  });

  it('orders a cancel and a refund claim: whichever is written first, the other is refused', async () => {
    const stores = await freshStores(makeStores);
    await stores.runs.create(makeRun({ runId: 'run-claimed' }));
    await stores.runs.create(makeRun({ runId: 'run-cancelled' }));
    const live = { statusIn: ['running', 'awaiting_approval', 'pending_review'] as const, notCancelled: true };
    const cancel = { cancellation, status: 'cancelled' as const };

    expect(await stores.runs.updateIf('run-claimed', { refundIntent: intent }, live)).toMatchObject({ refundIntent: intent });
    expect(await stores.runs.updateIf('run-claimed', cancel, { ...live, noRefundIntent: true })).toBeNull();
    expect(await stores.runs.updateIf('run-cancelled', cancel, { ...live, noRefundIntent: true })).toMatchObject({ status: 'cancelled' });
    expect(await stores.runs.updateIf('run-cancelled', { refundIntent: intent }, live)).toBeNull();

    expect(await stores.runs.get('run-claimed')).toMatchObject({ status: 'running', refundIntent: intent });
    expect((await stores.runs.get('run-cancelled'))?.refundIntent).toBeUndefined();
  });

  it('lets exactly one of many racing writes with the same condition through', async () => {
    const { runs } = await withRun();

    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        runs.updateIf('run-1', { cancellation: { ...cancellation, reason: `cancel ${i}` }, status: 'cancelled' }, { notCancelled: true }),
      ),
    );

    const winners = outcomes.filter((o) => o !== null);
    expect(winners).toHaveLength(1);
    expect((await runs.get('run-1'))?.cancellation).toEqual(winners[0]!.cancellation);
  });

  it('throws RecordNotFoundError for a run that does not exist, whether or not the condition could hold', async () => {
    const { runs } = await freshStores(makeStores);

    await expect(runs.updateIf('run-missing', { state: 'Gate' }, { notCancelled: true })).rejects.toThrow(RecordNotFoundError);
    await expect(runs.updateIf('run-missing', { status: 'done' }, { statusIn: [] })).rejects.toThrow(RecordNotFoundError);
  });
}

function describeListings(makeStores: MakeStores) {
  it('lists runs of every tenant newest first, up to the limit', async () => {
    const { runs } = await freshStores(makeStores);
    for (const [runId, seconds, tenant] of [
      ['run-b', 2, 'demo'],
      ['run-a', 1, 'demo'],
      ['run-d', 4, 'other'],
      ['run-c', 3, 'demo'],
    ] as const) {
      await runs.create(makeRun({ runId, tenant, createdAt: at(seconds), updatedAt: at(seconds) }));
    }

    expect((await runs.list(3)).map((r) => r.runId)).toEqual(['run-d', 'run-c', 'run-b']);
    expect((await runs.list(10)).map((r) => r.runId)).toEqual(['run-d', 'run-c', 'run-b', 'run-a']);
    expect(await runs.list(10)).toContainEqual(makeRun({ runId: 'run-a', createdAt: at(1), updatedAt: at(1) }));
  });

  it("lists a tenant's runs in one status, newest first by when they took it, up to the limit", async () => {
    const { runs } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-1', status: 'pending_review', updatedAt: at(10) }));
    await runs.create(makeRun({ runId: 'run-2', status: 'pending_review', updatedAt: at(30) }));
    await runs.create(makeRun({ runId: 'run-3', status: 'running', updatedAt: at(20) }));
    await runs.create(makeRun({ runId: 'run-4', status: 'pending_review', tenant: 'other', updatedAt: at(40) }));
    await runs.update('run-3', { status: 'pending_review', updatedAt: at(25) });

    expect((await runs.listByStatus!('demo', 'pending_review', 10)).map((r) => r.runId)).toEqual(['run-2', 'run-3', 'run-1']);
    expect((await runs.listByStatus!('demo', 'pending_review', 2)).map((r) => r.runId)).toEqual(['run-2', 'run-3']);
    expect(await runs.listByStatus!('demo', 'running', 10)).toEqual([]);
    expect(await runs.listByStatus!('other', 'pending_review', 10)).toEqual([
      makeRun({ runId: 'run-4', status: 'pending_review', tenant: 'other', updatedAt: at(40) }),
    ]);
  });

  it('keeps a run where it took its status when a later write leaves the status alone', async () => {
    const { runs } = await freshStores(makeStores);
    await runs.create(makeRun({ runId: 'run-early', status: 'done', updatedAt: at(10) }));
    await runs.create(makeRun({ runId: 'run-late', status: 'done', updatedAt: at(20) }));
    // A dispute recorded on the early run a minute later: its status (and when it took it) stay.
    await runs.update('run-early', { state: 'Done', updatedAt: at(60) });

    expect((await runs.listByStatus!('demo', 'done', 10)).map((r) => r.runId)).toEqual(['run-late', 'run-early']);
    expect((await runs.listByStatus!('demo', 'done', 10, { changedSince: at(15) })).map((r) => r.runId)).toEqual(['run-late']);
  });

  it('with changedSince, lists only the runs that took the status then or later', async () => {
    const { runs } = await freshStores(makeStores);
    for (const [runId, seconds] of [
      ['run-1', 10],
      ['run-2', 20],
      ['run-3', 30],
    ] as const) {
      await runs.create(makeRun({ runId, status: 'running', updatedAt: at(0) }));
      await runs.update(runId, { status: 'escalated', updatedAt: at(seconds) });
    }

    expect((await runs.listByStatus!('demo', 'escalated', 10, { changedSince: at(20) })).map((r) => r.runId)).toEqual(['run-3', 'run-2']);
    expect(await runs.listByStatus!('demo', 'escalated', 10, { changedSince: at(31) })).toEqual([]);
    expect(await runs.listByStatus!('demo', 'running', 10, { changedSince: at(0) })).toEqual([]);
  });

  it('answers which runs of a tenant are bound to an order, oldest first, once bound and until unbound', async () => {
    const { runs, findRunsByOrder } = await freshStores(makeStores);
    const order = makeFacts({}, makeOrder({ number: '7001' }));
    await runs.create(makeRun({ runId: 'run-late', createdAt: at(2) }));
    await runs.create(makeRun({ runId: 'run-early', createdAt: at(1), order }));
    await runs.create(makeRun({ runId: 'run-other-tenant', tenant: 'other', createdAt: at(3), order }));
    await runs.create(makeRun({ runId: 'run-unbound', createdAt: at(4), order }));

    expect((await findRunsByOrder('demo', '7001')).map((r) => r.runId)).toEqual(['run-early', 'run-unbound']);
    await runs.update('run-late', { order });
    await runs.update('run-unbound', { order: null });

    const found = await findRunsByOrder('demo', '7001');
    expect(found.map((r) => r.runId)).toEqual(['run-early', 'run-late']);
    expect(found[0]).toEqual(makeRun({ runId: 'run-early', createdAt: at(1), order }));
    expect(await findRunsByOrder('demo', '7002')).toEqual([]);
  });

  it('orders the runs of an order by when they were created, not by when they were bound', async () => {
    const { runs, findRunsByOrder, clock } = await freshStores(makeStores);
    const order = makeFacts({}, makeOrder({ number: '7001' }));
    await runs.create(makeRun({ runId: 'run-first', createdAt: at(1) }));
    await runs.create(makeRun({ runId: 'run-second', createdAt: at(2) }));

    clock.advance(60_000);
    await runs.update('run-second', { order });
    clock.advance(60_000);
    await runs.update('run-first', { order });

    expect((await findRunsByOrder('demo', '7001')).map((r) => r.runId)).toEqual(['run-first', 'run-second']);
  });
}
