// Cancel a run (POST /api/runs/{runId}/cancel, or the helpdesk says the ticket was closed/solved):
// close a pending approval → record the cancellation on the run → end the approval's wait → stop the
// execution. The cancellation is one conditional write on the run row: only on a run still open (in
// the status it was read in), not cancelled, and with no refund claimed. The Refund step claims the
// run the same way before it may dispatch, so exactly one of them wins: a cancel after the claim is
// refused ("a refund is in flight"; the refund finishes and the run says so), and no refund starts
// after a cancel. A run waiting for approval is first decided on its approval record, the one an
// approver's decision also takes first (approval-callback/decisions.ts): a cancel that finds the
// approval approved is refused like a claimed refund, so an approver told "the refund will be issued
// now" is never contradicted by a cancel; a cancel that closes it first leaves the approver a page
// saying no refund was made.
// A ticket that carries the holding note ("Waiting for a lead's approval") gets the note that ends
// it (shared/approvals/ended-note.ts), posted here through the harness as the step runs end in
// (Escalate): a stopped execution runs no Escalate, so nothing else would tell the ticket.
import type { ApprovalRecord, ApprovalStore, Clock, StepContext } from '#harness/ports.js';
import type { StepDeps } from '../../shared/step/deps.js';
import { createFormats } from '../../shared/approvals/formats.js';
import { cancelledNote } from '../../shared/approvals/ended-note.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Run, RunCancellation } from '#functions/shared/domain/run.js';
import {
  CANCELLED_APPROVAL_REASON,
  RUN_CANCELLED_ERROR,
  type CancelOutcome,
  type CancelRequest,
  type CancelRun,
} from '#functions/shared/domain/cancellation.js';
import { approvalSummaryOf } from '../../shared/approvals/approval-summary.js';
import { closedStatus, OPEN_STATUSES } from '../../shared/step/run-context.js';

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

/** Why a run cannot be cancelled now, or null when it can. */
function refusal(run: Run): CancelOutcome | null {
  const closed = closedStatus(run);
  if (closed) return { kind: 'already_closed', runId: run.runId, status: closed };
  if (run.refundIntent) return { kind: 'refund_in_flight', runId: run.runId };
  // An approved refund is as good as in flight: its approver was told it will be issued now.
  if (run.approval?.status === 'approved') return { kind: 'refund_approved', runId: run.runId };
  // A return open in the store is not dropped by stopping the run (a ticket closed once the customer has
  // the instructions is the usual case): it ends when the parcel comes, its days run out, or a lead cancels it.
  if (run.status === 'awaiting_return') return { kind: 'return_open', runId: run.runId, returnName: run.returnCase?.name ?? 'the return' };
  if (!OPEN_STATUSES.includes(run.status)) return { kind: 'already_closed', runId: run.runId, status: run.status };
  return null;
}

/** A status write between a cancel's read and its write (an approval arriving, a step moving on) makes it read again, this many times at most. */
const CANCEL_ATTEMPTS = 3;

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

type ApprovalClosing = { closed: ApprovalRecord | null; refused?: CancelOutcome };

/**
 * A pending approval, closed before the run is: the approval record is where an approver's decision
 * lands first, so whichever of the two closes it wins. Answers the closed record (null when the run
 * waits on none), or the refusal when an approval got there first.
 */
async function closeApproval(deps: CancelRunDeps, run: Run, cancellation: RunCancellation): Promise<ApprovalClosing> {
  const approval = run.approval ? await deps.approvals.get(run.approval.approvalId) : null;
  if (approval?.status === 'approved') return { closed: null, refused: { kind: 'refund_approved', runId: run.runId } };
  if (approval?.status !== 'pending') return { closed: null };
  const closed = await deps.approvals.decide({
    approvalId: approval.approvalId,
    formToken: approval.formToken,
    status: 'cancelled',
    decidedBy: null,
    decidedAt: cancellation.at,
    reason: `${CANCELLED_APPROVAL_REASON}${cancellation.reason}`,
  });
  if (closed) return { closed };
  // Decided meanwhile: an approval wins (its refund goes ahead); anything else leaves nothing to close.
  const now = await deps.approvals.get(approval.approvalId);
  return now?.status === 'approved' ? { closed: null, refused: { kind: 'refund_approved', runId: run.runId } } : { closed: null };
}

/** The cancellation on the run row, conditional on the run being as it was read: open, in that status, uncancelled, no refund claimed. */
async function recordCancellation(deps: CancelRunDeps, input: CancelRequest): Promise<{ run: Run; closed: ApprovalRecord | null } | CancelOutcome> {
  for (let attempt = 1; ; attempt++) {
    const found = await deps.runs.get(input.runId);
    if (!found) return { kind: 'not_found', runId: input.runId };
    const refused = refusal(found);
    if (refused) return refused;
    const cancellation: RunCancellation = { at: deps.clock.now().toISOString(), by: input.by, reason: input.reason.slice(0, 300), state: found.state };
    const approval = await closeApproval(deps, found, cancellation);
    if (approval.refused) return approval.refused;
    const run = await deps.runs.updateIf(
      found.runId,
      { cancellation, status: 'cancelled' },
      { statusIn: [found.status], notCancelled: true, noRefundIntent: true },
    );
    if (run) return { run, closed: approval.closed };
    if (attempt >= CANCEL_ATTEMPTS) {
      // Something got there first: another cancel, the end of the run, or the Refund step's claim.
      const now = await deps.runs.get(found.runId);
      return (now && refusal(now)) ?? { kind: 'already_closed', runId: found.runId, status: now?.status ?? 'gone' };
    }
  }
}

export function createCancelRun(deps: CancelRunDeps): CancelRun {
  return async function cancelRun(input: CancelRequest): Promise<CancelOutcome> {
    const recorded = await recordCancellation(deps, input);
    if ('kind' in recorded) return recorded;
    const { run, closed } = recorded;
    const cancellation = run.cancellation!;

    let approvalClosed = false;
    const approval = closed ?? (run.approval ? await deps.approvals.get(run.approval.approvalId) : null);
    if (closed) {
      approvalClosed = true;
      await deps.runs.update(run.runId, { approval: approvalSummaryOf(closed) });
      // Where the engine cannot stop an execution, failing the wait ends it (the Catch goes to
      // Escalate, which sees the cancellation). Otherwise StopExecution below ends it, and only the
      // approval callback ever answers task tokens (least privilege).
      if (!deps.workflow.stop) {
        await deps.workflow.sendTaskFailure(closed.taskToken, RUN_CANCELLED_ERROR, 'the run was cancelled').catch(() => undefined);
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
