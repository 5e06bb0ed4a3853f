// Watching one run until it is settled: its execution stopped, it waits on its approval task token
// with the run row saying so, or it waits for a return's parcel (the run row `awaiting_return`),
// which the eval never sends; bounded by the deadline and by a start timeout.
import type { LocalRuntime } from '#local/runtime.js';

/** How often a watched run is looked at (in process: the engine's execution table). */
const POLL_MS = 10;
/** Every how many looks a running execution with no task token has its run row read. */
const ROW_EVERY = 10;
/** A run that has not started this long after its webhook was accepted is reported as an error. */
const START_TIMEOUT_MS = 30_000;

export type Watched = { settled: true; latencyMs: number } | { settled: false; unsettled: { outcome: 'timeout' | 'error'; error: string } };

/** What watching a run reads of a runtime: the engine's executions and task tokens, the run rows. */
export interface Watchable {
  engine: Pick<LocalRuntime['engine'], 'describe' | 'taskTokens'>;
  stores: { runs: Pick<LocalRuntime['stores']['runs'], 'get'> };
  urls: Pick<LocalRuntime['urls'], 'deadLetters'>;
}

/**
 * Until the execution has stopped, waits on its approval with the run row saying so, or waits for a
 * return's parcel (the row `awaiting_return`: the eval never sends one); bounded by the deadline.
 */
export async function watch(rt: Watchable, runId: string, sentAt: number, deadline: number): Promise<Watched> {
  for (let poll = 0; ; poll++) {
    const execution = rt.engine.describe(runId);
    if (execution && execution.status !== 'RUNNING') return { settled: true, latencyMs: performance.now() - sentAt };
    if (execution && (await parked(rt, runId, poll))) return { settled: true, latencyMs: performance.now() - sentAt };
    if (!execution && performance.now() - sentAt > START_TIMEOUT_MS) {
      return { settled: false, unsettled: { outcome: 'error', error: `the run never started (see ${rt.urls.deadLetters})` } };
    }
    if (Date.now() >= deadline)
      return { settled: false, unsettled: { outcome: 'timeout', error: `still ${execution?.currentState ?? 'queued'} at the deadline` } };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Run statuses in which a running execution waits on the world, not on itself. */
const WAITING_STATUSES: ReadonlySet<string> = new Set(['awaiting_approval', 'awaiting_return']);

/**
 * A running execution that waits: on its approval task token (issued as RequestApproval starts, so
 * the row must say it waits too), or for a return's parcel, however the state machine waits for it
 * (the row is read every ROW_EVERY polls when no token is out, to spare the store).
 */
async function parked(rt: Watchable, runId: string, poll: number): Promise<boolean> {
  const token = rt.engine.taskTokens().some((t) => t.execution === runId);
  if (!token && poll % ROW_EVERY !== 0) return false;
  const row = await rt.stores.runs.get(runId);
  if (!row) return false;
  return token ? row.status !== 'running' : WAITING_STATUSES.has(row.status);
}
