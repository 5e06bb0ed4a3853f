// Cancel a run (POST /api/runs/{runId}/cancel, or the helpdesk says the ticket was closed/solved):
// record the cancellation on the run → close a pending approval and end its wait → stop the
// execution. Steps check the cancellation at entry, so nothing new happens after it; a refund already
// in flight is left to finish and is recorded, then Escalate reconciles (see escalate/use-case.ts).
import type { ApprovalStore, Clock, RunStore, WorkflowEngine } from '#harness/ports.js';
import type { RunCancellation } from '#harness/domain/types.js';
import { approvalSummaryOf } from '../shared/approval-summary.js';
import { closedStatus } from '../shared/run-context.js';

export interface CancelRunDeps {
  runs: RunStore;
  approvals: ApprovalStore;
  workflow: WorkflowEngine;
  clock: Clock;
}

export type CancelOutcome =
  | { kind: 'cancelled'; runId: string; state: string; approvalClosed: boolean; stopped: boolean }
  | { kind: 'already_closed'; runId: string; status: string }
  | { kind: 'not_found'; runId: string };

/** Error name the RequestApproval wait fails with when its run is cancelled (the ASL Catch takes it to Escalate). */
export const RUN_CANCELLED_ERROR = 'RunCancelled';

export function createCancelRun(deps: CancelRunDeps) {
  return async function cancelRun(input: { runId: string; by: RunCancellation['by']; reason: string }): Promise<CancelOutcome> {
    const run = await deps.runs.get(input.runId);
    if (!run) return { kind: 'not_found', runId: input.runId };
    const closed = closedStatus(run);
    if (closed) return { kind: 'already_closed', runId: run.runId, status: closed };
    const at = deps.clock.now().toISOString();
    const cancellation: RunCancellation = { at, by: input.by, reason: input.reason.slice(0, 300), state: run.state };
    await deps.runs.update(run.runId, { cancellation, status: 'cancelled' });

    let approvalClosed = false;
    const approval = run.approval ? await deps.approvals.get(run.approval.approvalId) : null;
    if (approval?.status === 'pending') {
      const closedRecord = await deps.approvals.decide({
        approvalId: approval.approvalId,
        formToken: approval.formToken,
        status: 'cancelled',
        decidedBy: null,
        decidedAt: at,
        reason: `run cancelled: ${cancellation.reason}`,
      });
      if (closedRecord) {
        approvalClosed = true;
        await deps.runs.update(run.runId, { approval: approvalSummaryOf(closedRecord) });
        // Where the engine cannot stop an execution, failing the wait ends it (the Catch goes to
        // Escalate, which sees the cancellation). Otherwise StopExecution below ends it, and only the
        // approval callback ever answers task tokens (least privilege).
        if (!deps.workflow.stop) {
          await deps.workflow.sendTaskFailure(closedRecord.taskToken, RUN_CANCELLED_ERROR, 'the run was cancelled').catch(() => undefined);
        }
      }
    }

    // A refund in flight is not cut off: the Refund step finishes and records its receipt, then the
    // next step's entry check hands the run to Escalate, which tells the team what happened.
    let stopped = false;
    if (run.state !== 'Refund' && deps.workflow.stop) {
      stopped = (await deps.workflow.stop(run.runId, `cancelled by ${input.by}: ${cancellation.reason}`)).stopped;
    }
    // A stopped execution runs no Escalate: the run reads as finished here.
    if (stopped) await deps.runs.update(run.runId, { state: 'Cancelled' });
    return { kind: 'cancelled', runId: run.runId, state: run.state, approvalClosed, stopped };
  };
}
