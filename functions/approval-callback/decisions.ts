// Approval decisions: look at an approval (changes nothing), and decide it once. The approver is
// whoever the link's signed token was issued to (shared/approver-links.ts), never a form field. A
// decision is single-use (conditional on 'pending' and the form token), recorded with who decided
// and when, and ends the state machine's wait through the task token, which never leaves the server.
// If that last call fails, the decision stays saved and the same approver's same decision, posted
// again while the run still waits, re-sends it. A decision is recorded on the run only while the
// run is not cancelled (a conditional write, ordered against cancel-run's): one that loses to a
// cancel ends the wait as cancelled and moves no money.
import type { ProductMetrics } from '#harness/metrics.js';
import type { ApprovalRecord, ApprovalStore, Clock } from '#harness/ports.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import { RUN_CANCELLED_ERROR } from '../cancel-run/use-case.js';
import { approvalSummaryOf } from '../shared/approval-summary.js';
import type { ApproverLinks } from '../shared/approver-links.js';

export interface ApprovalDecisionDeps {
  approvals: ApprovalStore;
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
  /** Built lazily by the caller (the secret is read at first use). */
  links: () => ApproverLinks;
  /** ApprovalsDecided and ApprovalsOverridden (a rejection): the approval override rate. */
  metrics?: ProductMetrics;
}

export type ApprovalView =
  | { kind: 'not_found' }
  | { kind: 'pending'; approval: ApprovalRecord; run: Run | null; approver: string }
  | { kind: 'not_an_approver' }
  | { kind: 'closed'; approval: ApprovalRecord; cancelled: boolean };

export type DecisionOutcome =
  | { kind: 'decided'; approval: ApprovalRecord; resent: boolean }
  | { kind: 'undelivered'; approval: ApprovalRecord }
  | { kind: 'not_found' }
  | { kind: 'closed'; approval: ApprovalRecord; cancelled: boolean }
  | { kind: 'expired'; approval: ApprovalRecord }
  | { kind: 'not_an_approver' }
  | { kind: 'stale_form' };

/** Errors with which an engine says the task token is no longer awaited (AWS SFN and the local engine). */
const TOKEN_GONE = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken', 'TaskTokenNotFoundError']);

export function createApprovalDecisions(deps: ApprovalDecisionDeps) {
  const isWaiting = (run: Run | null) => !!run && !run.cancellation && run.status === 'awaiting_approval' && run.state === 'RequestApproval';

  async function load(approvalId: string) {
    const approval = await deps.approvals.get(approvalId);
    const run = approval ? await deps.runs.get(approval.runId) : null;
    return { approval, run };
  }

  async function view(approvalId: string, approverToken: string | undefined): Promise<ApprovalView> {
    const { approval, run } = await load(approvalId);
    if (!approval) return { kind: 'not_found' };
    if (approval.status !== 'pending' || run?.cancellation) return { kind: 'closed', approval, cancelled: !!run?.cancellation };
    const approver = deps.links().verify(approvalId, approverToken);
    if (!approver) return { kind: 'not_an_approver' };
    return { kind: 'pending', approval, run, approver };
  }

  /** Ends the wait; the run reads 'running' only once the engine has the decision. */
  async function deliver(decided: ApprovalRecord, resent: boolean): Promise<DecisionOutcome> {
    const approved = decided.status === 'approved';
    try {
      await deps.workflow.sendTaskSuccess(decided.taskToken, {
        outcome: approved ? 'continue' : 'escalate',
        detail: {
          decision: decided.status,
          approvalId: decided.approvalId,
          reason: approved ? null : `refund rejected by ${decided.decidedBy}${decided.reason ? `: ${decided.reason}` : ''}`,
        },
      });
    } catch (error) {
      if (TOKEN_GONE.has((error as Error).name)) return { kind: 'closed', approval: decided, cancelled: false };
      return { kind: 'undelivered', approval: decided };
    }
    // Only a run still waiting reads 'running' again: never over a cancel, nor over a later step's status.
    const running = await deps.runs.updateIf(decided.runId, { status: 'running' }, { statusIn: ['awaiting_approval'], notCancelled: true });
    if (!running && (await deps.runs.get(decided.runId))?.cancellation) return { kind: 'closed', approval: decided, cancelled: true };
    return { kind: 'decided', approval: decided, resent };
  }

  async function decide(input: {
    approvalId: string;
    formToken: string;
    approverToken: string | undefined;
    decision: 'approve' | 'reject';
    reason: string | null;
  }): Promise<DecisionOutcome> {
    const { approval, run } = await load(input.approvalId);
    if (!approval) return { kind: 'not_found' };
    const approver = deps.links().verify(input.approvalId, input.approverToken);
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    if (approval.status !== 'pending' || run?.cancellation) {
      // The same approver repeating the same decision while the run still waits: the first answer
      // was saved but never reached the engine. Re-send it.
      const retry = approver !== null && approval.decidedBy === approver && approval.status === status && approval.formToken === input.formToken;
      if (retry && isWaiting(run)) return deliver(approval, true);
      return { kind: 'closed', approval, cancelled: !!run?.cancellation };
    }
    if (!approver) return { kind: 'not_an_approver' };
    const now = deps.clock.now();
    if (now.toISOString() >= approval.expiresAt) return { kind: 'expired', approval };
    const decided = await deps.approvals.decide({
      approvalId: input.approvalId,
      formToken: input.formToken,
      status,
      decidedBy: approver,
      decidedAt: now.toISOString(),
      reason: input.reason,
    });
    if (!decided) {
      const current = await deps.approvals.get(input.approvalId);
      return current && current.status !== 'pending' ? { kind: 'closed', approval: current, cancelled: false } : { kind: 'stale_form' };
    }
    return recordDecision(decided);
  }

  /**
   * A decision from the console by a signed-in lead (functions/console): the approver is who the
   * console's sign-in says, not a link token; otherwise the same single-use, recorded decision.
   */
  async function decideAs(input: { approvalId: string; approver: string; decision: 'approve' | 'reject'; reason: string | null }): Promise<DecisionOutcome> {
    const { approval, run } = await load(input.approvalId);
    if (!approval) return { kind: 'not_found' };
    if (approval.status !== 'pending' || run?.cancellation) return { kind: 'closed', approval, cancelled: !!run?.cancellation };
    const now = deps.clock.now();
    if (now.toISOString() >= approval.expiresAt) return { kind: 'expired', approval };
    const decided = await deps.approvals.decide({
      approvalId: input.approvalId,
      formToken: approval.formToken,
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: input.approver,
      decidedAt: now.toISOString(),
      reason: input.reason,
    });
    if (!decided) {
      const current = await deps.approvals.get(input.approvalId);
      return current && current.status !== 'pending' ? { kind: 'closed', approval: current, cancelled: false } : { kind: 'stale_form' };
    }
    return recordDecision(decided);
  }

  /** The saved decision on the run, counted, and delivered to the waiting execution. */
  async function recordDecision(decided: ApprovalRecord): Promise<DecisionOutcome> {
    const recorded = await deps.runs.updateIf(decided.runId, { approval: approvalSummaryOf(decided) }, { notCancelled: true });
    // Counted when the decision is saved (once: the conditional write above is single-use).
    deps.metrics?.count(decided.tenant, 'ApprovalsDecided');
    if (decided.status === 'rejected') deps.metrics?.count(decided.tenant, 'ApprovalsOverridden');
    if (!recorded) {
      // The cancel reached the run first: the decision is kept for the audit, the wait ends as cancelled.
      await deps.runs.update(decided.runId, { approval: approvalSummaryOf(decided) });
      await deps.workflow.sendTaskFailure(decided.taskToken, RUN_CANCELLED_ERROR, 'the run was cancelled').catch(() => undefined);
      return { kind: 'closed', approval: decided, cancelled: true };
    }
    return deliver(decided, false);
  }

  return { view, decide, decideAs };
}
