// Loads the run a step works on and marks the step as current, so GET /api/runs shows where a
// run is and Escalate knows which step handed it over. A cancelled or closed run starts no step
// (RunClosedError): the check and the mark are one conditional write on the run row, so a cancel
// that lands while a step is being entered either stops it or comes after it, never in between.
// One run-row write per step where an invocation runs several: a step's result write also enters
// the step after it (recordResult), and a step's first write of its own (the Refund step's claim)
// rides on its entry (`with`). The row is billed by its whole size at every write (about 2 kB).
import type { StepName } from '#harness/domain/types.js';
import type { Run, RunStatus } from '#functions/shared/domain/run.js';
import type { StepContext } from '#harness/ports.js';
import type { RunCondition, RunPatch, RunStore } from '#functions/shared/stores/ports.js';
import { RunClosedError, RunNotFoundError } from '../errors.js';

// A shadow run stopped at its proposal: no step of it runs again (a person resolves the ticket).
const CLOSED = new Set<Run['status']>(['done', 'escalated', 'cancelled', 'shadow']);

/** Statuses of a run that still works (a step may start, a cancel may land). */
export const OPEN_STATUSES: readonly RunStatus[] = ['running', 'awaiting_approval', 'awaiting_return', 'pending_review'];

/** The run is open and nobody cancelled it: what a step's entry and the Refund step's claim require. */
export const STILL_OPEN: RunCondition = { statusIn: OPEN_STATUSES, notCancelled: true };

/** Cancelled wins over any status a step in flight wrote after the cancel landed. */
export function closedStatus(run: Run): string | null {
  if (run.cancellation) return 'cancelled';
  return CLOSED.has(run.status) ? run.status : null;
}

/** The run a step works on, marked as current, and the context its harness calls carry. */
export type EnteredStep = { run: Run; ctx: StepContext };

export type EnterOptions = {
  /** The run as the caller just read it (functions/shared/step/step.ts), so it is not read twice. */
  loaded?: Run;
  /** The step before, in this same invocation, entered this one with its result (recordResult): no second write. */
  entered?: boolean;
  /** What the step writes first, written with its entry (checked against the run as loaded; may throw). */
  with?: (run: Run) => RunPatch;
};

/** Whether the run as loaded was entered into `step` by the step before it in this invocation. */
const enteredBefore = (run: Run, step: StepName, options: EnterOptions) => options.entered === true && run.state === step && !options.with;

export async function enterStep(runs: RunStore, runId: string, step: StepName, options: EnterOptions = {}): Promise<EnteredStep> {
  const found = options.loaded ?? (await runs.get(runId));
  if (!found) throw new RunNotFoundError(runId);
  let run = found;
  if (step !== 'Escalate') {
    const closed = closedStatus(found);
    if (closed) throw new RunClosedError(runId, closed);
    if (!enteredBefore(found, step, options)) {
      const entered = await runs.updateIf(runId, { ...options.with?.(found), state: step }, STILL_OPEN);
      if (!entered) throw new RunClosedError(runId, closedStatus((await runs.get(runId)) ?? found) ?? 'closed');
      run = entered;
    }
  }
  return {
    run,
    ctx: {
      tenant: run.tenant,
      runId,
      step,
      boundOrderId: run.order?.orderId ?? null,
      boundCustomerId: run.order?.customerId ?? null,
      requesterEmail: run.ticket.requesterEmail ?? null,
    },
  };
}

/**
 * A step's result on the run. With `next`, the step the same invocation runs after it is entered in
 * the same write, conditional as an entry is: when the run was closed meanwhile the result is still
 * kept and the next step does not start (RunClosedError), as its own entry would have refused.
 */
export async function recordResult(runs: RunStore, runId: string, patch: RunPatch, next?: StepName): Promise<void> {
  if (next === undefined) {
    await runs.update(runId, patch);
    return;
  }
  if (await runs.updateIf(runId, { ...patch, state: next }, STILL_OPEN)) return;
  const kept = await runs.update(runId, patch);
  throw new RunClosedError(runId, closedStatus(kept) ?? 'closed');
}
