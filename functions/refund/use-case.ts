// Refund: the only place refund_create is reached, and only through harness.refund(), which
// re-reads the order, re-checks the policy on the exact arguments, checks the approval binding and
// persists the idempotency key before dispatch. No model runs in this step.
import { MissingStepDataError } from '../shared/errors.js';
import { enterStep } from '../shared/run-context.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export function createRefund(deps: Pick<StepDeps, 'runs' | 'approvals' | 'harness'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Refund');
    if (!run.proposal || !run.order) throw new MissingStepDataError(runId, 'proposal');
    const approval = run.approval ? await deps.approvals.get(run.approval.approvalId) : null;
    const refund = await deps.harness.refund(ctx, { run, approval });
    await deps.runs.update(runId, { refund, status: 'running' });
    return continueWith();
  };
}
