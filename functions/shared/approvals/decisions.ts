// What deciding an approval answers, for every surface a lead decides on: the approval page (the
// approvals capability's decisions, functions/approvals/approval-callback/decisions.ts) and the
// console, which receives the decisions as the ports below. Also the two sentences both surfaces
// show when a decision arrives too late to move money.
import type { ApprovalRecord } from '#harness/ports.js';
import type { Run } from '../domain/run.js';
import type { ApprovalView as ApprovalEvidence } from './approval-view.js';

/**
 * `cancelled`: the run was cancelled before any refund was claimed on it, so no refund was made.
 * `waitOver`: the run no longer waited for this decision when it arrived (timed out, or handed on); it moved nothing.
 */
export type ClosedOutcome = { kind: 'closed'; approval: ApprovalRecord; cancelled: boolean; waitOver?: boolean };

export type DecisionOutcome =
  | { kind: 'decided'; approval: ApprovalRecord; resent: boolean }
  /** Approved, but the order has nothing left of it to refund: closed, nothing refunded, the team told why. */
  | { kind: 'not_carried_out'; approval: ApprovalRecord; message: string }
  | { kind: 'undelivered'; approval: ApprovalRecord }
  | { kind: 'not_found' }
  | ClosedOutcome
  | { kind: 'expired'; approval: ApprovalRecord }
  | { kind: 'not_an_approver' }
  | { kind: 'stale_form' };

/** A decision by a signed-in lead: the approver is who the sign-in says, not a link token. */
export type DecideAsRequest = { approvalId: string; approver: string; decision: 'approve' | 'reject'; reason: string | null };

/** The port: decide one approval as a signed-in lead; single-use and recorded, as from the link. */
export type DecideAs = (request: DecideAsRequest) => Promise<DecisionOutcome>;

/** Where the console's pages link an approval to. */
export type LinkToApproval = (approvalId: string) => string | null;

/** The port: what an approval shows a lead, wherever they read it (the evidence of a run's approval, or of one approval by id). */
export interface ApprovalEvidenceReader {
  evidenceForRun(run: Run, linkToApproval: LinkToApproval): Promise<ApprovalEvidence | null>;
  evidenceOf(
    approvalId: string,
    linkToApproval: LinkToApproval,
  ): Promise<{ approval: ApprovalRecord; run: Run | null; evidence: ApprovalEvidence | null } | null>;
}

/** What a person reads when a cancel reached the run first (the approval page and the console). */
export const CANCELLED_BEFORE_REFUND = 'This run was cancelled before the refund was issued; no refund was made.';

/** What a person reads when the run had stopped waiting for this decision (timed out, or handed to the team). */
export const WAIT_OVER = 'The run was no longer waiting for this decision (it timed out or went to the team), so this approval moved no money.';
