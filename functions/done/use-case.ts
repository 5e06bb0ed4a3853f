// Done: the run closed with a refund and a checked draft on the ticket.
import { enterStep } from '../shared/run-context.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export function createDone(deps: Pick<StepDeps, 'runs'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    await enterStep(deps.runs, runId, 'Done');
    await deps.runs.update(runId, { status: 'done' });
    return continueWith();
  };
}
