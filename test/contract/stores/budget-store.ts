// The BudgetStore contract (harness/ports.ts): a reservation adds its micros to the run's and the
// tenant-day's committed cost and a turn to the specialist, only when each stays within its cap;
// a refusal names the limit and adds nothing; settle replaces a reservation with the actual cost.
import { describe, expect, it } from 'vitest';
import type { BudgetStore } from '#harness/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { freshStores } from './fixtures.js';

type Ask = Parameters<BudgetStore['reserve']>[0];
const DAY = '2026-09-23';
const ask = (overrides: Partial<Ask> = {}): Ask => ({
  tenant: 'demo',
  runId: 'run-1',
  day: DAY,
  specialist: 'triage',
  micros: 1000,
  runCapMicros: 10_000,
  dailyCapMicros: 100_000,
  maxTurns: 10,
  ...overrides,
});

export function describeBudgetStoreContract(name: string, makeStores: MakeStores) {
  describe(`BudgetStore contract: ${name}`, () => {
    describeReserve(makeStores);
    describeSettle(makeStores);
  });
}

function describeReserve(makeStores: MakeStores) {
  it("reserves within the caps and commits the micros to the tenant's day", async () => {
    const { budget } = await freshStores(makeStores);

    expect(await budget.reserve(ask())).toEqual({ ok: true, reservation: { tenant: 'demo', runId: 'run-1', day: DAY, reservedMicros: 1000 } });
    expect(await budget.reserve(ask({ runId: 'run-2', micros: 2500 }))).toMatchObject({ ok: true });

    expect(await budget.committed('demo', DAY)).toBe(3500);
    expect(await budget.committed('demo', '2026-09-24')).toBe(0);
    expect(await budget.committed('other', DAY)).toBe(0);
  });

  it("fills the run's cap exactly, then refuses with run_cost and the run's committed cost", async () => {
    const { budget } = await freshStores(makeStores);
    await budget.reserve(ask({ micros: 6000 }));

    expect(await budget.reserve(ask({ micros: 4000 }))).toMatchObject({ ok: true });
    expect(await budget.reserve(ask({ micros: 1 }))).toEqual({ ok: false, limit: 'run_cost', committedMicros: 10_000 });

    expect(await budget.committed('demo', DAY)).toBe(10_000);
    expect(await budget.reserve(ask({ runId: 'run-2', micros: 1 }))).toMatchObject({ ok: true });
  });

  it('refuses a single reservation larger than the run cap on a run with nothing committed', async () => {
    const { budget } = await freshStores(makeStores);

    expect(await budget.reserve(ask({ micros: 10_001 }))).toEqual({ ok: false, limit: 'run_cost', committedMicros: 0 });

    expect(await budget.committed('demo', DAY)).toBe(0);
  });

  it("refuses past the tenant's daily cap with tenant_daily_cost, and keeps nothing of the refused reservation", async () => {
    const { budget } = await freshStores(makeStores);
    const capped = (overrides: Partial<Ask>) => ask({ dailyCapMicros: 5000, ...overrides });
    await budget.reserve(capped({ runId: 'run-1', micros: 4000 }));

    expect(await budget.reserve(capped({ runId: 'run-2', micros: 2000, runCapMicros: 2000, maxTurns: 1 }))).toEqual({
      ok: false,
      limit: 'tenant_daily_cost',
      committedMicros: 4000,
    });
    expect(await budget.reserve(capped({ runId: 'run-3', micros: 5001 }))).toEqual({ ok: false, limit: 'tenant_daily_cost', committedMicros: 4000 });

    // run-2's refused reservation took neither its cost nor its one turn.
    expect(await budget.reserve(capped({ runId: 'run-2', micros: 1000, runCapMicros: 1000, maxTurns: 1 }))).toMatchObject({ ok: true });
    expect(await budget.committed('demo', DAY)).toBe(5000);
  });

  it('refuses a zero-cost call at a full cap', async () => {
    const { budget } = await freshStores(makeStores);
    await budget.reserve(ask({ micros: 10_000 }));

    expect(await budget.reserve(ask({ micros: 0 }))).toMatchObject({ ok: false, limit: 'run_cost' });
    expect(await budget.reserve(ask({ runId: 'run-2', micros: 0, dailyCapMicros: 10_000 }))).toMatchObject({ ok: false, limit: 'tenant_daily_cost' });
  });

  it('counts turns per specialist of a run and refuses past maxTurns with specialist_turns', async () => {
    const { budget } = await freshStores(makeStores);
    for (let i = 0; i < 3; i++) expect(await budget.reserve(ask({ maxTurns: 3 }))).toMatchObject({ ok: true });

    expect(await budget.reserve(ask({ maxTurns: 3 }))).toEqual({ ok: false, limit: 'specialist_turns', committedMicros: 3000 });
    expect(await budget.reserve(ask({ maxTurns: 3, specialist: 'order_agent' }))).toMatchObject({ ok: true });
    expect(await budget.reserve(ask({ maxTurns: 3, runId: 'run-2' }))).toMatchObject({ ok: true });
    expect(await budget.committed('demo', DAY)).toBe(5000);
  });

  it('refuses every turn of a specialist allowed none', async () => {
    const { budget } = await freshStores(makeStores);

    expect(await budget.reserve(ask({ maxTurns: 0 }))).toEqual({ ok: false, limit: 'specialist_turns', committedMicros: 0 });

    expect(await budget.committed('demo', DAY)).toBe(0);
  });

  it('never lets racing reservations pass the daily cap', async () => {
    const { budget } = await freshStores(makeStores);

    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => budget.reserve(ask({ runId: `run-${i}`, micros: 1000, dailyCapMicros: 7500 }))));

    expect(outcomes.filter((o) => o.ok)).toHaveLength(7);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.limit === 'tenant_daily_cost')).toBe(true);
    expect(await budget.committed('demo', DAY)).toBe(7000);
  });
}

function describeSettle(makeStores: MakeStores) {
  it("replaces a reservation with the actual cost, on the day's and the run's committed cost", async () => {
    const { budget } = await freshStores(makeStores);
    const first = await budget.reserve(ask({ micros: 8000 }));
    if (!first.ok) throw new Error('expected a reservation');

    await budget.settle(first.reservation, 3000);

    expect(await budget.committed('demo', DAY)).toBe(3000);
    // The run's cap has room for the 7000 the settle gave back.
    expect(await budget.reserve(ask({ micros: 7000 }))).toMatchObject({ ok: true });
    expect(await budget.committed('demo', DAY)).toBe(10_000);
  });

  it('settles a failed call to nothing, and an actual cost above the reservation in full', async () => {
    const { budget } = await freshStores(makeStores);
    const failed = await budget.reserve(ask({ micros: 4000 }));
    const over = await budget.reserve(ask({ runId: 'run-2', micros: 1000 }));
    if (!failed.ok || !over.ok) throw new Error('expected reservations');

    await budget.settle(failed.reservation, 0);
    await budget.settle(over.reservation, 1500);

    expect(await budget.committed('demo', DAY)).toBe(1500);
  });
}
