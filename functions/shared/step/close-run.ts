// Closes a run that refunded and left its checked reply draft on the ticket: status done (state
// 'Done', a closed run's mark like 'Cancelled', not a state of the machine), and the cost per closed
// ticket counted. One conditional write: only a run still open and not cancelled closes; the step's
// last result (`patch`) rides on it, and is still kept when the run was closed meanwhile.
import type { Run, RunMark } from '#functions/shared/domain/run.js';
import type { RunPatch } from '#functions/shared/stores/ports.js';
import { STILL_OPEN } from './run-context.js';
import type { StepDeps } from './deps.js';

/** The state a closed run reads. */
const DONE_STATE: RunMark = 'Done';

export function createCloseRun(deps: Pick<StepDeps, 'runs' | 'metrics'>) {
  /** The closed run, or null when it was no longer open (cancelled or closed meanwhile). */
  return async (runId: string, patch?: RunPatch): Promise<Run | null> => {
    const run = await deps.runs.updateIf(runId, { ...patch, status: 'done', state: DONE_STATE }, STILL_OPEN);
    if (!run) {
      if (patch) await deps.runs.update(runId, patch);
      return null;
    }
    // Cost per closed ticket: the two series an alarm divides.
    deps.metrics?.count(run.tenant, 'TicketsClosed');
    deps.metrics?.value(run.tenant, 'RunCostMicros', run.costMicros);
    return run;
  };
}
