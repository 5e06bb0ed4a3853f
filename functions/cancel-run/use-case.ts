// Cancel a run (POST /api/runs/{runId}/cancel, or the helpdesk says the ticket was closed/solved):
// record the cancellation on the run → close a pending approval and end its wait → stop the
// execution. The cancellation is one conditional write on the run row: only on a run still open, not
// cancelled, and with no refund claimed. The Refund step claims the run the same way before it may
// dispatch, so exactly one of them wins: a cancel after the claim is refused ("a refund is in
// flight"; the refund finishes and the run says so), and no refund starts after a cancel.
// A ticket that carries the holding note ("Waiting for a lead's approval") gets the note that ends
// it (request-approval/ended-note.ts), posted here through the harness as the step runs end in
// (Escalate): a stopped execution runs no Escalate, so nothing else would tell the ticket.
import type { ApprovalRecord, ApprovalStore, Clock, StepContext } from '#harness/ports.js';
import type { StepDeps } from '../shared/step-deps.js';
import { createFormats } from '../request-approval/formats.js';
import { cancelledNote } from '../request-approval/ended-note.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Run, RunCancellation } from '#functions/shared/domain/run.js';
import { approvalSummaryOf } from '../shared/approval-summary.js';
import { closedStatus, OPEN_STATUSES } from '../shared/run-context.js';

export interface CancelRunDeps {
  runs: RunStore;
  approvals: ApprovalStore;
  workflow: WorkflowEngine;
  clock: Clock;
  /** The one path to tools: the ending note goes through post_draft. Absent, the ticket is not told. */
  harness?: Pick<StepDeps['harness'], 'callTool'>;
  /** The store's time zone and locale for the note's time (else the policy's zone). */
  tenant?: Pick<StepDeps['tenant'], 'store'>;
  policy?: StepDeps['policy'];
}

export type CancelOutcome =
  | { kind: 'cancelled'; runId: string; state: string; approvalClosed: boolean; stopped: boolean; noteId?: string | null }
  | { kind: 'already_closed'; runId: string; status: string }
  | { kind: 'refund_in_flight'; runId: string }
  | { kind: 'not_found'; runId: string };

/** Error name the RequestApproval wait fails with when its run is cancelled (the ASL Catch takes it to Escalate). */
export const RUN_CANCELLED_ERROR = 'RunCancelled';

/** Why a run cannot be cancelled now, or null when it can. */
function refusal(run: Run): CancelOutcome | null {
  const closed = closedStatus(run);
  if (closed) return { kind: 'already_closed', runId: run.runId, status: closed };
  if (run.refundIntent) return { kind: 'refund_in_flight', runId: run.runId };
  if (!OPEN_STATUSES.includes(run.status)) return { kind: 'already_closed', runId: run.runId, status: run.status };
  return null;
}

/** The note that ends the holding note, when the ticket carries one; best effort (a failure is in the journal). */
async function tellTicket(deps: CancelRunDeps, run: Run, approval: ApprovalRecord | null, actor: string | undefined): Promise<string | null> {
  if (!deps.harness || !approval?.holdingNoteAt || !run.cancellation) return null;
  const timeZone = deps.tenant?.store?.timeZone ?? deps.policy?.document.timeZone;
  const fmt = createFormats({ locale: deps.tenant?.store?.locale, timeZone, now: deps.clock.now() });
  const body = cancelledNote({ run, cancellation: run.cancellation, approval, actor, fmt });
  const ctx: StepContext = { tenant: run.tenant, runId: run.runId, step: 'Escalate', boundOrderId: run.order?.orderId ?? null };
  try {
    return (await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body })).noteId;
  } catch {
    return null;
  }
}

export function createCancelRun(deps: CancelRunDeps) {
  return async function cancelRun(input: { runId: string; by: RunCancellation['by']; reason: string; actor?: string }): Promise<CancelOutcome> {
    const found = await deps.runs.get(input.runId);
    if (!found) return { kind: 'not_found', runId: input.runId };
    const refused = refusal(found);
    if (refused) return refused;
    const at = deps.clock.now().toISOString();
    const cancellation: RunCancellation = { at, by: input.by, reason: input.reason.slice(0, 300), state: found.state };
    const run = await deps.runs.updateIf(
      found.runId,
      { cancellation, status: 'cancelled' },
      { statusIn: OPEN_STATUSES, notCancelled: true, noRefundIntent: true },
    );
    if (!run) {
      // Something got there first: another cancel, the end of the run, or the Refund step's claim.
      const now = await deps.runs.get(found.runId);
      return (now && refusal(now)) ?? { kind: 'already_closed', runId: found.runId, status: now?.status ?? 'gone' };
    }

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

    // No refund was claimed before the cancel, and none can be after it (the claim needs a run not
    // cancelled): stopping the execution cuts off nothing that moves money.
    let stopped = false;
    if (deps.workflow.stop) {
      stopped = (await deps.workflow.stop(run.runId, `cancelled by ${input.by}: ${cancellation.reason}`)).stopped;
    }
    // A stopped execution runs no Escalate: the run reads as finished here.
    if (stopped) await deps.runs.update(run.runId, { state: 'Cancelled' });
    const noteId = await tellTicket(deps, run, approval, input.actor);
    return { kind: 'cancelled', runId: run.runId, state: cancellation.state, approvalClosed, stopped, ...(noteId ? { noteId } : {}) };
  };
}
