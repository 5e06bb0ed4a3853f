// The note that replaces the holding note ("Waiting for a lead's approval; a reply draft follows") once
// the wait is over without that draft: the run was cancelled (console, API, the ticket solved or closed
// in the helpdesk), the approval expired or was rejected, or the run was handed to the team. Helpdesk
// notes cannot be edited through the agent's one note tool (post_draft adds a note), so a new internal
// note says that it supersedes the waiting one and what happened, with the time in the store's zone.
// Posted by cancel-run (through the harness, as the step runs end in) and by Escalate.
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { Run, RunCancellation } from '#functions/shared/domain/run.js';
import type { Formats } from './formats.js';
import { approvalStateOf } from './approval-state.js';

export const SUPERSEDES = `[refund-agent] This note replaces the earlier one that said "Waiting for a lead's approval" (notes cannot be edited): that wait is over.`;

/** Who cancelled, in words: the person when the console named them, else where the cancel came from. */
function cancelledBy(c: Pick<RunCancellation, 'by' | 'reason'>, actor?: string | null): string {
  const person = actor ?? /\bby (\S+@\S+?)(?=[:,;]|\s|$)/.exec(c.reason)?.[1];
  if (person) return person;
  const where: Record<RunCancellation['by'], string> = {
    api: 'a request to the runs API',
    helpdesk: 'the helpdesk (the ticket was solved or closed)',
    console: 'a person in the console',
  };
  return where[c.by];
}

/** What became of the approval, said as the cancel's consequence. */
function approvalAfterCancel(approval: Pick<ApprovalSummary, 'status'> | null | undefined): string {
  if (approval?.status === 'approved') return 'the approved refund will not be made';
  if (approval) return 'the approval request is withdrawn';
  return 'no refund will be made';
}

/** The reason the person gave, or that none was given ("cancelled in the console by …" alone names no reason). */
function reasonLine(reason: string): string {
  const given = /^cancelled in the console by \S+?(?:: (.*))?$/s.exec(reason);
  if (!given) return `Reason given: ${reason}`;
  return given[1] ? `Reason given: ${given[1]}` : 'No reason was given.';
}

/** The ending note of a cancelled run whose ticket carried the holding note: nothing was refunded (a cancel after a refund claim is refused). */
export function cancelledNote(input: {
  run: Pick<Run, 'runId'>;
  cancellation: Pick<RunCancellation, 'at' | 'by' | 'reason'>;
  approval: Pick<ApprovalSummary, 'status'> | null | undefined;
  actor?: string | null;
  fmt: Pick<Formats, 'dateTime'>;
}): string {
  const { cancellation, fmt } = input;
  return [
    SUPERSEDES,
    `Cancelled by ${cancelledBy(cancellation, input.actor)} at ${fmt.dateTime(cancellation.at)}: nothing was refunded; ${approvalAfterCancel(input.approval)}.`,
    reasonLine(cancellation.reason),
    `No reply draft follows from the agent; the ticket is with the team.`,
    `Run: ${input.run.runId}`,
  ].join('\n');
}

/** The first lines of Escalate's team note when the ticket carried the holding note: what ended the wait. */
export function waitEndedLines(input: { approval: ApprovalSummary; refunded: boolean; at: string; fmt: Pick<Formats, 'dateTime'> }): string[] {
  const { approval, fmt } = input;
  const when = fmt.dateTime(approval.decidedAt ?? input.at);
  const refunded = input.refunded ? 'a refund was made (below)' : 'nothing was refunded';
  const reason = approval.reason ? ` ("${approval.reason}")` : '';
  const what: Record<ApprovalSummary['status'], string> = {
    expired: `The approval request expired at ${when} without a decision: ${refunded}.`,
    rejected: `Rejected by ${approval.decidedBy ?? 'a lead'} at ${when}${reason}: ${refunded}.`,
    approved: `Approved by ${approval.decidedBy ?? 'a lead'} at ${when}, but the run could not finish: ${refunded}.`,
    cancelled: `The approval request was withdrawn at ${when}: ${refunded}.`,
    pending: `The approval request was withdrawn at ${when}: ${refunded}.`,
  };
  // Closed by a lead with nothing left to refund (approval-state.ts): said so, not "withdrawn".
  if (approvalStateOf(approval) === 'nothing_left') {
    return [SUPERSEDES, `Closed by ${approval.decidedBy ?? 'a lead'} at ${when}, nothing left to refund${reason}: ${refunded}.`];
  }
  return [SUPERSEDES, what[approval.status]];
}
