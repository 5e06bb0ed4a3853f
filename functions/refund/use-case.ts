// Refund: the only place refund_create is reached, and only through harness.refund(), which
// re-reads the order, re-checks the policy on the exact arguments, checks the approval binding and
// spends the approval once, persists the idempotency key before dispatch. No model runs in this step.
// An outcome that cannot be settled leaves the run 'pending_review' and hands it to a person.
import { AmbiguousOutcomeError } from '#harness/errors.js';
import { MissingStepDataError } from '../shared/errors.js';
import { enterStep } from '../shared/run-context.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export const PENDING_REVIEW_REASON = 'refund outcome unknown, pending review';

export function createRefund(deps: Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'metrics'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Refund');
    if (!run.proposal || !run.order) throw new MissingStepDataError(runId, 'proposal');
    const approval = run.approval ? await deps.approvals.get(run.approval.approvalId) : null;
    // The harness spends the approval on this refund's idempotency key just before dispatch.
    const request = {
      run,
      approval,
      spendApproval: (key: string, at: string) => (approval ? deps.approvals.consume(approval.approvalId, key, at) : Promise.resolve(false)),
    };
    try {
      const refund = await deps.harness.refund(ctx, request);
      await deps.runs.update(runId, { refund, status: 'running' });
      // Counted once: a resumed step answers with the receipt it already recorded.
      if (!run.refund) deps.metrics?.count(run.tenant, 'RefundsIssued');
      return continueWith();
    } catch (error) {
      // The money may have moved and nobody can tell yet: a person reconciles (the key stays).
      const unknown = error instanceof AmbiguousOutcomeError || (error instanceof Error && error.cause instanceof AmbiguousOutcomeError);
      if (unknown) await deps.runs.update(runId, { status: 'pending_review' });
      if (error instanceof AmbiguousOutcomeError && !error.message.startsWith(PENDING_REVIEW_REASON)) {
        throw new AmbiguousOutcomeError(`${PENDING_REVIEW_REASON}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  };
}
