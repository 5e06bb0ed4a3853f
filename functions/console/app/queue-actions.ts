// What a person does from the queues, each journaled on its run with the person as actor: decide an
// approval (as the signed-in lead), read and settle a pending review (harness.settleReview, then the
// run row), retry a dead letter. Apart from the console's reads because each turns an outcome of
// another component into the words and status a person sees, and that mapping is most of the code.
import type { Run } from '#functions/shared/domain/run.js';
import { HarnessError } from '#harness/errors.js';
import type { Harness, ReviewCandidates } from '#harness/harness.js';
import type { Clock, JournalStore } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { Formats } from '../../shared/approvals/formats.js';
import { CANCELLED_BEFORE_REFUND, WAIT_OVER, type ClosedOutcome, type DecideAs, type DecisionOutcome } from '../../shared/approvals/decisions.js';
import type { DeadLetters } from '#functions/shared/domain/dead-letters.js';
import type { Operator } from './identity.js';
import { consoleJournalRow } from './journal-row.js';
import { reviewRefusalInWords } from './review-refusal.js';
import { approvalStateWords } from '../../shared/approvals/approval-state.js';

export type ActionOutcome = { ok: true; notice: string; runId?: string } | { ok: false; status: number; message: string };

export interface QueueActionsDeps {
  runs: RunStore;
  journal: JournalStore;
  decisions: {
    decideAs: DecideAs;
  };
  reviews: (Pick<Harness, 'settleReview'> & Partial<Pick<Harness, 'reviewCandidates'>>) | null;
  deadLetters: Pick<DeadLetters, 'retry'>;
  clock: Clock;
}

type JournalDeps = Pick<QueueActionsDeps, 'journal' | 'clock'>;

function journalAs(deps: JournalDeps, runId: string, who: Operator, row: Parameters<typeof consoleJournalRow>[3]) {
  return deps.journal.append(consoleJournalRow(runId, who.id, deps.clock.now(), row));
}

/** The harness context a person's review acts in: the Refund step's, bound to the run's order. */
function reviewContextOf(run: Run) {
  return {
    tenant: run.tenant,
    runId: run.runId,
    step: 'Refund' as const,
    boundOrderId: run.order?.orderId ?? null,
    boundCustomerId: run.order?.customerId ?? null,
    requesterEmail: run.ticket.requesterEmail,
  };
}

export async function decideApproval(
  deps: QueueActionsDeps,
  who: Operator,
  approvalId: string,
  decision: 'approve' | 'reject',
  reason: string | null,
): Promise<ActionOutcome> {
  const outcome = await deps.decisions.decideAs({ approvalId, approver: who.id, decision, reason });
  switch (outcome.kind) {
    case 'decided':
    case 'undelivered':
      return journalDecision(deps, who, outcome, reason);
    case 'not_carried_out':
      return journalNotCarriedOut(deps, who, outcome);
    case 'not_found':
      return { ok: false, status: 404, message: `Approval ${approvalId} not found.` };
    case 'closed':
      return closedInWords(outcome);
    case 'expired':
      return { ok: false, status: 410, message: 'This approval expired; the ticket was handed to the team.' };
    case 'not_an_approver':
    case 'stale_form':
      return { ok: false, status: 409, message: 'The approval changed while you decided. Look again.' };
  }
}

/** A decision taken: journaled on its run; one saved but not yet delivered to the run says so. */
async function journalDecision(
  deps: JournalDeps,
  who: Operator,
  outcome: Extract<DecisionOutcome, { kind: 'decided' | 'undelivered' }>,
  reason: string | null,
): Promise<ActionOutcome> {
  const a = outcome.approval;
  await journalAs(deps, a.runId, who, {
    step: 'RequestApproval',
    name: 'approval',
    decision: a.status === 'approved' ? 'allow' : 'refuse',
    approvalId: a.approvalId,
    detail:
      `${a.status} in the console by ${who.id}${reason ? `: ${reason}` : ''}${outcome.kind === 'undelivered' ? ' (saved; not yet delivered to the run)' : ''}`.slice(
        0,
        300,
      ),
  });
  if (outcome.kind === 'undelivered')
    return { ok: false, status: 503, message: 'The decision is saved but the run could not be reached. Decide again in a moment to deliver it.' };
  return { ok: true, notice: a.status === 'approved' ? 'approved' : 'rejected', runId: a.runId };
}

/** Closed with nothing left to refund (approved too late, or closed as such): the run is with the team, with this sentence. */
async function journalNotCarriedOut(deps: JournalDeps, who: Operator, outcome: Extract<DecisionOutcome, { kind: 'not_carried_out' }>): Promise<ActionOutcome> {
  await journalAs(deps, outcome.approval.runId, who, {
    step: 'RequestApproval',
    name: 'approval',
    decision: 'refuse',
    approvalId: outcome.approval.approvalId,
    detail: `closed in the console by ${who.id}, nothing left to refund: ${outcome.message}`.slice(0, 300),
  });
  // A decision made and recorded: the approval is closed, nothing left to refund (approval-state.ts).
  return { ok: true, notice: 'nothing-left', runId: outcome.approval.runId };
}

/** A decision that lost to a cancel, or arrived after the wait ended, says so: never that a refund follows. */
function closedInWords(outcome: ClosedOutcome): ActionOutcome {
  if (outcome.cancelled) return { ok: false, status: 409, message: `${CANCELLED_BEFORE_REFUND} Nothing was changed.` };
  if (outcome.waitOver) return { ok: false, status: 409, message: `${WAIT_OVER} Nothing was changed.` };
  return {
    ok: false,
    status: 409,
    message: `This approval is already ${approvalStateWords(outcome.approval)}${outcome.approval.decidedBy ? ` (by ${outcome.approval.decidedBy})` : ''}. Nothing was changed.`,
  };
}

/** A pending review's candidate refunds (the harness re-reads the order), or why they cannot be shown now. */
export async function reviewCandidates(deps: Pick<QueueActionsDeps, 'reviews'>, run: Run): Promise<{ candidates: ReviewCandidates } | { unavailable: string }> {
  if (!deps.reviews?.reviewCandidates) return { unavailable: 'This console cannot read the order’s refunds.' };
  try {
    return { candidates: await deps.reviews.reviewCandidates(reviewContextOf(run), run) };
  } catch (error) {
    if (error instanceof HarnessError) return { unavailable: 'The order’s refunds could not be read from the store just now.' };
    throw error;
  }
}

export async function settleReview(
  deps: QueueActionsDeps,
  who: Operator,
  runId: string,
  settlement: { refundId: string } | { notFound: true },
  fmt?: Pick<Formats, 'dateTime'>,
): Promise<ActionOutcome> {
  if (!deps.reviews) return { ok: false, status: 501, message: 'Reviews cannot be settled from this console.' };
  const run = await deps.runs.get(runId);
  if (!run) return { ok: false, status: 404, message: `Run ${runId} not found.` };
  if (run.status !== 'pending_review')
    return { ok: false, status: 409, message: `Run ${runId} is ${run.status.replace(/_/g, ' ')}, not pending review. Nothing was changed.` };
  const ctx = reviewContextOf(run);
  let outcome;
  try {
    outcome = await deps.reviews.settleReview(ctx, run, settlement, who.id);
  } catch (error) {
    if (error instanceof HarnessError) return { ok: false, status: 409, message: `Not settled. ${reviewRefusalInWords(error, fmt)}` };
    throw error;
  }
  const patch =
    outcome.kind === 'refund_found'
      ? { status: 'done' as const, refund: outcome.receipt }
      : {
          status: 'escalated' as const,
          escalation: { reason: `no refund was made (checked in the store by ${who.id}); the ticket is with the team`, step: 'Refund' },
        };
  const updated = await deps.runs.updateIf(runId, patch, { statusIn: ['pending_review'] });
  if (!updated) return { ok: false, status: 409, message: 'The run changed while you settled it. Look again.' };
  return { ok: true, notice: outcome.kind === 'refund_found' ? 'settled-found' : 'settled-none', runId };
}

export async function retryDeadLetter(
  deps: Pick<QueueActionsDeps, 'deadLetters' | 'journal' | 'clock'>,
  who: Operator,
  messageId: string,
): Promise<ActionOutcome> {
  const outcome = await deps.deadLetters.retry(messageId);
  if (outcome.kind === 'not_found') return { ok: false, status: 404, message: `Dead letter ${messageId} is no longer in the queue.` };
  if (outcome.kind === 'not_retryable') return { ok: false, status: 409, message: `Not retried: ${outcome.reason}.` };
  await journalAs(deps, outcome.runId, who, {
    step: 'Console',
    name: 'dead_letter_retry',
    decision: 'allow',
    detail: `dead letter ${messageId} sent back to the ticket queue by ${who.id}`,
  });
  return { ok: true, notice: 'retried', runId: outcome.runId };
}
