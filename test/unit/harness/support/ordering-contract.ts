// The contract both storage adapters (in-memory, DynamoDB) keep for the writes that order a cancel,
// an approval decision and a refund's claim on the run row (RunStore.updateIf), and for leases
// (LockStore): the same outcomes whichever adapter runs them. Called by a unit and an integration test.
import { expect, it } from 'vitest';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import type { Run } from '#harness/domain/types.js';
import type { Clock, LockStore, RunStore } from '#harness/ports.js';
import { NOW, makeRun } from './fixtures.js';

const cancellation = { at: NOW.toISOString(), by: 'api' as const, reason: 'customer withdrew', state: 'RequestApproval' };
const intent = { at: NOW.toISOString(), amountMinor: 1800, currency: 'USD' };

export function runConditionContract(setup: () => { runs: RunStore }, prefix: string) {
  const id = (name: string) => `${prefix}-${name}`;
  const created = async (runs: RunStore, name: string, overrides: Partial<Run> = {}) => {
    await runs.create(makeRun({ runId: id(name), ...overrides }));
    return id(name);
  };

  it('writes only when the stored run meets the condition, and answers null otherwise', async () => {
    const { runs } = setup();
    const runId = await created(runs, 'cond-1', { status: 'awaiting_approval' });

    expect(await runs.updateIf(runId, { status: 'running' }, { statusIn: ['running'] })).toBeNull();
    expect((await runs.get(runId))?.status).toBe('awaiting_approval');
    expect(await runs.updateIf(runId, { status: 'running' }, { statusIn: ['awaiting_approval'], notCancelled: true })).toMatchObject({ status: 'running' });
    expect((await runs.get(runId))?.status).toBe('running');
  });

  it('orders a cancel and a refund claim: whichever is written first, the other is refused', async () => {
    const { runs } = setup();
    const first = await created(runs, 'cond-2');
    const second = await created(runs, 'cond-3');
    const open = { statusIn: ['running', 'awaiting_approval', 'pending_review'] as const, notCancelled: true };

    // Claim first, then the cancel: the cancel is refused.
    expect(await runs.updateIf(first, { refundIntent: intent }, open)).toMatchObject({ refundIntent: intent });
    expect(await runs.updateIf(first, { cancellation, status: 'cancelled' }, { ...open, noRefundIntent: true })).toBeNull();
    expect(await runs.get(first)).toMatchObject({ status: 'running', refundIntent: intent });
    // Cancel first, then the claim: the claim is refused.
    expect(await runs.updateIf(second, { cancellation, status: 'cancelled' }, { ...open, noRefundIntent: true })).toMatchObject({ status: 'cancelled' });
    expect(await runs.updateIf(second, { refundIntent: intent }, open)).toBeNull();
    expect((await runs.get(second))?.refundIntent).toBeUndefined();
  });

  it('lets exactly one of many racing writes with the same condition through', async () => {
    const { runs } = setup();
    const runId = await created(runs, 'cond-4');
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runs.updateIf(runId, { cancellation: { ...cancellation, reason: `cancel ${i}` }, status: 'cancelled' }, { notCancelled: true })),
    );
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
  });

  it('throws RecordNotFoundError for a run that does not exist', async () => {
    const { runs } = setup();
    await expect(runs.updateIf(id('cond-missing'), { state: 'Gate' }, { notCancelled: true })).rejects.toThrow(RecordNotFoundError);
  });
}

export function lockContract(setup: () => { locks: LockStore; clock: Clock & { advance(ms: number): void } }, prefix: string) {
  it('a lease: one owner at a time, taken again by its owner, free again once it expired', async () => {
    const { locks, clock } = setup();
    const name = `CUSTOMER#demo#${prefix}-lease`;

    expect(await locks.acquire({ name, owner: 'run-a', ttlMs: 120_000 })).toBe(true);
    expect(await locks.acquire({ name, owner: 'run-b', ttlMs: 120_000 })).toBe(false);
    expect(await locks.acquire({ name, owner: 'run-a', ttlMs: 120_000 })).toBe(true); // a retried step of the holder
    clock.advance(119_000);
    expect(await locks.acquire({ name, owner: 'run-b', ttlMs: 120_000 })).toBe(false);
    clock.advance(1_001); // run-a died: its lease has run out
    expect(await locks.acquire({ name, owner: 'run-b', ttlMs: 120_000 })).toBe(true);
    // The late holder's release frees nothing of the new owner's.
    await locks.release({ name, owner: 'run-a' });
    expect(await locks.acquire({ name, owner: 'run-c', ttlMs: 120_000 })).toBe(false);
    await locks.release({ name, owner: 'run-b' });
    expect(await locks.acquire({ name, owner: 'run-c', ttlMs: 120_000 })).toBe(true);
  });

  it('lets exactly one of many racing owners take a free lock', async () => {
    const { locks } = setup();
    const name = `CUSTOMER#demo#${prefix}-race`;
    const taken = await Promise.all(Array.from({ length: 8 }, (_, i) => locks.acquire({ name, owner: `run-${i}`, ttlMs: 120_000 })));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
}
