// In-memory BudgetStore with the DynamoDB adapter's semantics: each reservation is checked and
// added in one step (JavaScript runs it without interleaving), so racing reservations never pass
// a cap. For unit tests and quick local runs; counters die with the process.
import type { BudgetReservation, BudgetStore } from '../../ports.js';

export function createInMemoryBudgetStore(): BudgetStore {
  const runs = new Map<string, { committed: number; turns: Map<string, number> }>();
  const days = new Map<string, number>();
  const dayKey = (tenant: string, day: string) => `${tenant}#${day}`;

  return {
    async reserve(input) {
      const run = runs.get(input.runId) ?? { committed: 0, turns: new Map<string, number>() };
      const daily = days.get(dayKey(input.tenant, input.day)) ?? 0;
      const need = Math.max(input.micros, 1); // a zero-cost call is still refused at the cap
      const turns = run.turns.get(input.specialist) ?? 0;
      if (turns >= input.maxTurns) return { ok: false, limit: 'specialist_turns', committedMicros: run.committed };
      if (run.committed + need > input.runCapMicros) return { ok: false, limit: 'run_cost', committedMicros: run.committed };
      if (daily + need > input.dailyCapMicros) return { ok: false, limit: 'tenant_daily_cost', committedMicros: daily };
      run.committed += input.micros;
      run.turns.set(input.specialist, turns + 1);
      runs.set(input.runId, run);
      days.set(dayKey(input.tenant, input.day), daily + input.micros);
      const reservation: BudgetReservation = { tenant: input.tenant, runId: input.runId, day: input.day, reservedMicros: input.micros };
      return { ok: true, reservation };
    },
    async settle(reservation, actualMicros) {
      const delta = actualMicros - reservation.reservedMicros;
      const run = runs.get(reservation.runId);
      if (run) run.committed += delta;
      const key = dayKey(reservation.tenant, reservation.day);
      days.set(key, (days.get(key) ?? 0) + delta);
    },
    async committed(tenant, day) {
      return days.get(dayKey(tenant, day)) ?? 0;
    },
  };
}
