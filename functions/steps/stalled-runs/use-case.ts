// Stalled runs: live runs (running, awaiting approval) that have sat in one state longer than its
// budget (budgets.ts) → counted per state as a product metric (StalledRuns) → execution stopped
// → escalated to a person through the Escalate use case (note + approval closed). Cancelled runs
// whose cancel has not settled (still reading live, or refunded anyway with no note for the team)
// are swept the same way: Escalate finishes the cancel and tells the team about any refund.
// Called on a schedule by the stalled-runs Lambda (index.ts); the clock is injected.
import { RunStatus, type Run } from '#functions/shared/domain/run.js';
import type { Clock } from '#harness/ports.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { ProductMetricName, ProductMetrics } from '#harness/metrics.js';
import { REFUNDED_AFTER_CANCEL } from '../escalate/use-case.js';
import { CANCEL_NOT_SETTLED } from './budgets.js';

export interface StalledRunsDeps {
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
  tenant: string;
  budgetsMs: Record<string, number>;
  /** The Escalate use case (escalate/use-case.ts), called with a reason as a Choice default would. */
  escalate(input: { runId: string; state: { step: { detail: { reason: string } } } }): Promise<unknown>;
  /** Where StalledRuns is counted: every sweep, so its heartbeat alarm always has data. */
  metrics: ProductMetrics;
  /** How many runs one sweep reads (per status, when the store lists by status). */
  scanLimit?: number;
}

export type Stalled = { runId: string; state: string; sinceMs: number; budgetMs: number };
export type SweepOutcome = { checked: number; stalled: Stalled[]; escalated: string[]; failed: string[] };

const LIVE = new Set<Run['status']>(['running', 'awaiting_approval']);

/**
 * How far back a sweep looks for settled runs (any status but live) whose cancel may not have
 * settled: such a run is caught by the first sweep past its 5-minute budget, so a day covers a
 * sweeper that was down for hours (its heartbeat alarm says so).
 */
export const SETTLED_LOOKBACK_MS = 24 * 3600_000;

/**
 * The runs a sweep checks. With the byStatus index: every live run, and the runs that became
 * settled within the lookback, a Query per status (keys only) and a read per run found; without
 * it (a store that only lists), the newest runs. Never a scan of the table: the sweep runs every 5
 * minutes, and a scan reads every run and journal row the tenant keeps (its cost grew with retention).
 */
async function sweptRuns(deps: StalledRunsDeps, now: Date): Promise<Run[]> {
  const limit = deps.scanLimit ?? 1000;
  const byStatus = deps.runs.listByStatus?.bind(deps.runs);
  if (!byStatus) return deps.runs.list(limit);
  const changedSince = new Date(now.getTime() - SETTLED_LOOKBACK_MS).toISOString();
  const lists = await Promise.all(
    RunStatus.options.map((status) => (LIVE.has(status) ? byStatus(deps.tenant, status, limit) : byStatus(deps.tenant, status, limit, { changedSince }))),
  );
  return lists.flat();
}

export const STALLED_METRIC = 'StalledRuns' satisfies ProductMetricName;

/** A cancel that did not finish: the run still reads live, or its refund landed and nobody was told. */
function cancelNotSettled(run: Run): boolean {
  if (!run.cancellation) return false;
  if (LIVE.has(run.status)) return true;
  return run.refund !== null && run.escalation?.reason !== REFUNDED_AFTER_CANCEL;
}

export function findStalled(runs: Run[], budgetsMs: Record<string, number>, now: Date): Stalled[] {
  return runs.flatMap((run) => {
    const unsettled = cancelNotSettled(run);
    if (!unsettled && (!LIVE.has(run.status) || run.cancellation)) return [];
    const budgetMs = budgetsMs[unsettled ? CANCEL_NOT_SETTLED : run.state];
    if (budgetMs === undefined) return [];
    const sinceMs = now.getTime() - Date.parse(run.updatedAt);
    return sinceMs > budgetMs ? [{ runId: run.runId, state: run.state, sinceMs, budgetMs }] : [];
  });
}

export function createStalledRunsSweep(deps: StalledRunsDeps) {
  return async function sweep(): Promise<SweepOutcome> {
    const now = deps.clock.now();
    const runs = await sweptRuns(deps, now);
    const stalled = findStalled(runs, deps.budgetsMs, now);

    // The total is emitted even when zero, so an alarm on it always has data.
    deps.metrics.count(deps.tenant, STALLED_METRIC, stalled.length);
    const perState = new Map<string, number>();
    for (const s of stalled) perState.set(s.state, (perState.get(s.state) ?? 0) + 1);
    for (const [state, count] of perState) deps.metrics.count(deps.tenant, STALLED_METRIC, count, { State: state });

    const escalated: string[] = [];
    const failed: string[] = [];
    for (const s of stalled) {
      const minutes = Math.round(s.sinceMs / 60_000);
      // (A cancelled run's reason is Escalate's own: the cancel's, or the refund that landed anyway.)
      const reason = `stalled in ${s.state} for ${minutes} min (budget ${Math.round(s.budgetMs / 60_000)} min)`;
      try {
        await deps.workflow.stop?.(s.runId, reason);
        await deps.escalate({ runId: s.runId, state: { step: { detail: { reason } } } });
        escalated.push(s.runId);
      } catch {
        failed.push(s.runId); // tried again on the next sweep
      }
    }
    return { checked: runs.length, stalled, escalated, failed };
  };
}
