// Done: the run closed with a refund and a checked draft on the ticket.
import { enterStep } from '../shared/run-context.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export function createDone(deps: Pick<StepDeps, 'runs' | 'metrics'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    await enterStep(deps.runs, runId, 'Done');
    const run = await deps.runs.update(runId, { status: 'done' });
    // Cost per closed ticket: the two series an alarm divides.
    deps.metrics?.count(run.tenant, 'TicketsClosed');
    deps.metrics?.value(run.tenant, 'RunCostMicros', run.costMicros);
    return continueWith();
  };
}
