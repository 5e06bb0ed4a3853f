// Escalate: hand the ticket to a person with the reason, and leave an internal note saying what
// actually happened (refund made or not). Reached from every step by Catch or a Choice default (a
// step's escalation request, passed on to GateDecision: shared/step/step.ts), and called in-process by
// CheckReply when its draft fails the check and by the stalled-runs sweeper.
// Also where a cancelled run ends (a step refused to start, or the approval wait was failed), and
// where any approval still pending is closed, so no approval outlives its run's wait.
import * as z from 'zod';
import { formatMoney } from '#shared/money.js';
import type { Run, RunCancellation } from '#functions/shared/domain/run.js';
import type { StepContext } from '#harness/ports.js';
import { approvalSummaryOf } from '../../shared/approvals/approval-summary.js';
import { failureInWords, refusalInWords, storeFormats, type ReasonContext } from '../../shared/words/reasons-in-words.js';
import { ruleTagOf } from '../../shared/step/handler.js';
import { enterStep } from '../../shared/step/run-context.js';
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { Formats } from '../../shared/approvals/formats.js';
import { waitEndedLines } from '../../shared/approvals/ended-note.js';
import { approvedRefundNotMade, type NotCarriedOutDeps } from '../../shared/approvals/not-carried-out.js';
import { ReplyAgentOutput, replyFacts } from '../../shared/reply.js';
import { checkHoldingDraft } from '../../shared/reply-asks.js';
import { REPLY_AGENT_SYSTEM } from '../draft-reply/use-case.js';
import type { StepDeps } from '../../shared/step/deps.js';
import { endRequest } from '../../shared/step/ticket-end.js';

export const EscalateEvent = z.object({
  runId: z.string().min(1),
  state: z
    .object({
      error: z.object({ Error: z.string(), Cause: z.string().optional() }).optional(),
      // An approved decision's detail carries reason null (approval-callback/decisions.ts): a step
      // failing after an approval still reaches Escalate with it.
      step: z
        .object({ detail: z.object({ reason: z.string().nullable().optional() }).passthrough().optional() })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});
export type EscalateEvent = z.infer<typeof EscalateEvent>;

const MAX_REASON = 300;

export function escalationReason(state: EscalateEvent['state']): string {
  if (state.error) {
    if (state.error.Error === 'States.Timeout') return 'the approval request expired without a decision';
    return `${state.error.Error}: ${causeMessage(state.error.Cause)}`.slice(0, MAX_REASON);
  }
  return (state.step?.detail?.reason ?? 'handed to a person').slice(0, MAX_REASON);
}

/** Lambda errors arrive as a JSON Cause {errorType, errorMessage}; keep only the message. */
function causeMessage(cause: string | undefined): string {
  if (!cause) return 'no detail';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    return parsed.errorMessage ?? cause;
  } catch {
    return cause;
  }
}

function teamNote(run: Run, reason: string, suggestedReply: string | null, money: (minor: number, currency: string) => string = formatMoney): string {
  const refund = run.refund
    ? `A refund of ${money(run.refund.amountMinor, run.refund.currency)} was made on order #${run.refund.orderNumber} (refund ${run.refund.refundId}).`
    : 'No refund was made.';
  const lines = [`Refund agent handed this ticket to a person.`, `Reason: ${reason}`, refund, `Run: ${run.runId}`];
  if (suggestedReply)
    lines.push('', 'Suggested holding reply to the customer (checked: no amount, no refund claimed, asks what the agent could not tell):', suggestedReply);
  return lines.join('\n');
}

/** Why a cancelled run still reads done: its refund landed anyway (recorded as its escalation once the team was told). */
export const REFUNDED_AFTER_CANCEL = 'refunded after a cancel was requested';

/** What the team reads when a refund landed while the cancel did: money moved, a person follows up. */
function cancelledNote(run: Run): string {
  const refund = run.refund!;
  return [
    `Refund agent: this ticket was ${REFUNDED_AFTER_CANCEL}. Please check with the customer.`,
    `A refund of ${formatMoney(refund.amountMinor, refund.currency)} was made on order #${refund.orderNumber} (refund ${refund.refundId}).`,
    `Cancelled by ${run.cancellation?.by ?? 'unknown'}: ${run.cancellation?.reason ?? ''}`,
    `Run: ${run.runId}`,
  ].join('\n');
}

/**
 * What a person reads on the run and in the note: a sentence from the run's facts, never an error's
 * class name or minor units. A gate refusal is worded from its rules; a step's own reason is kept.
 */
export function escalationInWords(state: EscalateEvent['state'], request: Run['escalationRequest'], c: ReasonContext): string {
  if (request) return (request.step === 'Gate' && c.run.gate?.decision === 'refuse' ? refusalInWords(c) : request.reason).slice(0, MAX_REASON);
  if (state.error) {
    const message = causeMessage(state.error.Cause);
    return failureInWords({ name: state.error.Error, message, rule: ruleTagOf(message) }, c).slice(0, MAX_REASON);
  }
  return (state.step?.detail?.reason ?? 'handed to a person').slice(0, MAX_REASON);
}

type EscalateDeps = Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'clock' | 'models' | 'metrics'> &
  Partial<Pick<StepDeps, 'tenant' | 'policy' | 'tickets'>> &
  Pick<NotCarriedOutDeps, 'findRunsByOrder'>;

export function createEscalate(deps: EscalateDeps) {
  return async ({ runId, state }: EscalateEvent) => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Escalate');
    if (run.cancellation) return endCancelledRun(deps, runId, run, run.cancellation, ctx);
    if (run.status === 'shadow') {
      // Shadow mode stopped the run at its proposal (e.g. a retried Shadow step refused at entry): the
      // ticket is the team's already and carries the proposal note; nothing to hand over.
      return { outcome: 'shadow' as const, reason: 'shadow mode: the run stopped at its proposal', noteId: null };
    }
    if (run.status === 'escalated') {
      // Already handed over (e.g. by the stalled-runs sweeper): the team has its note.
      return { outcome: 'escalated' as const, reason: run.escalation?.reason ?? 'already escalated', noteId: null };
    }
    return handOver(deps, runId, run, state, ctx);
  };
}

/**
 * A cancelled run: no new side effects, except telling the team about a refund that landed
 * anyway (the refund is reconciled, never hidden): the run reads done, with its receipt.
 */
async function endCancelledRun(deps: EscalateDeps, runId: string, run: Run, cancellation: RunCancellation, ctx: StepContext) {
  const approval = await closePendingApproval(deps, run, 'cancelled', `run cancelled: ${cancellation.reason}`);
  if (!run.refund) {
    const ended = await deps.runs.update(runId, { status: 'cancelled', state: 'Cancelled', approval });
    await endOfRequest(deps, ctx, ended);
    return { outcome: 'cancelled' as const, reason: cancellation.reason, noteId: null };
  }
  const told = run.escalation?.reason === REFUNDED_AFTER_CANCEL;
  const noteId = told ? null : await postNote(deps, ctx, run.ticket.ticketId, cancelledNote(run));
  // Without the note the run keeps no escalation, so the stalled-runs sweeper tries again.
  const escalation = !told && noteId ? { reason: REFUNDED_AFTER_CANCEL, step: cancellation.state } : run.escalation;
  await endOfRequest(deps, ctx, await deps.runs.update(runId, { status: 'done', state: 'Cancelled', approval, escalation }));
  return { outcome: 'cancelled' as const, reason: REFUNDED_AFTER_CANCEL, noteId };
}

/** The ticket handed to a person: the reason in words, the note to the team, the run closed as escalated and counted. */
async function handOver(deps: EscalateDeps, runId: string, run: Run, state: EscalateEvent['state'], ctx: StepContext) {
  // The step that asked for a person, with its reason unchanged, when one did; else what the state says.
  const request = run.escalationRequest;
  const fmt = storeFormats({ store: deps.tenant?.store, policy: deps.policy, now: deps.clock.now() });
  // An approved refund the Refund step then refused: the team reads that it was not made, and why (shared/approvals/not-carried-out.ts).
  const notMade = request ? null : await approvedRefundNotMade({ ...deps, clock: deps.clock }, run, state.error);
  const reason = notMade?.slice(0, MAX_REASON) ?? escalationInWords(state, request, { run, fmt });
  // The code-facing detail (error class and message) stays on the run for engineers, apart from the words.
  const error = state.error && !request ? { error: escalationReason(state) } : {};
  const step = request?.step ?? run.state;
  const timedOut = state.error?.Error === 'States.Timeout';
  const approval = await closePendingApproval(deps, run, timedOut ? 'expired' : 'cancelled', timedOut ? null : `run escalated: ${reason}`);
  // The note goes first, so a run reads "escalated" only once the team has been told.
  const suggested = await holdingReply(deps, ctx, run, reason);
  const ended = await waitEnded(deps, run, approval, fmt);
  const noteId = await postNote(deps, ctx, run.ticket.ticketId, [...ended, teamNote(run, reason, suggested, fmt.money)].join('\n'));
  // A refund whose outcome is unknown stays 'pending_review' until a person settles it (console).
  const status = run.status === 'pending_review' ? 'pending_review' : 'escalated';
  const closed = await deps.runs.update(runId, { status, state: 'Escalate', escalation: { reason, step, ...error }, approval });
  if (state.error?.Error === 'BudgetExceededError') deps.metrics?.count(run.tenant, 'BudgetExceeded');
  deps.metrics?.count(run.tenant, 'TicketsClosed');
  deps.metrics?.value(run.tenant, 'RunCostMicros', closed.costMicros);
  await endOfRequest(deps, ctx, closed);
  return { outcome: 'escalated' as const, reason, noteId };
}

/**
 * One of several requests of a ticket ended with a person: the ticket's ledger is told, and the last
 * run to end leaves the one reply (ticket-end.ts). Best effort: the hand-over stands without it, and
 * the team's note already says a person has the request.
 */
async function endOfRequest(deps: EscalateDeps, ctx: StepContext, run: Run): Promise<void> {
  if (!run.ticketRequests) return;
  try {
    await endRequest({ ...deps, ...(deps.tenant ? { tenant: deps.tenant } : {}) }, ctx, run);
  } catch {
    // The post_draft call (if any) is in the journal; the run's note stands.
  }
}

/** A pending approval never outlives its run's wait: expired on timeout, cancelled otherwise. */
async function closePendingApproval(deps: EscalateDeps, run: Run, status: 'expired' | 'cancelled', reason: string | null) {
  const approval = run.approval;
  if (approval?.status !== 'pending') return approval;
  const decidedAt = deps.clock.now().toISOString();
  const record = await deps.approvals.get(approval.approvalId);
  if (record) {
    const closed = await deps.approvals.decide({ approvalId: record.approvalId, formToken: record.formToken, status, decidedBy: null, decidedAt, reason });
    if (closed) return approvalSummaryOf(closed);
    const current = await deps.approvals.get(approval.approvalId);
    if (current) return approvalSummaryOf(current);
  }
  return { ...approval, status, decidedAt, reason };
}

/**
 * A holding reply in the customer's language when no refund was made, from the reply agent; kept
 * only if it states no amount (it must not promise money). Best effort: the escalation never waits on it.
 */
async function holdingReply(deps: EscalateDeps, ctx: StepContext, run: Run, reason: string): Promise<string | null> {
  if (run.refund || !run.triage) return null;
  try {
    const facts = replyFacts(run, 'escalated', { escalationReason: reason });
    const { body } = await deps.harness.callModel(ctx, {
      specialist: 'reply_agent',
      model: deps.models.replyAgent,
      system: REPLY_AGENT_SYSTEM,
      input: facts,
      schema: ReplyAgentOutput,
    });
    return checkHoldingDraft(body, facts).length === 0 ? body : null;
  } catch {
    return null;
  }
}

/** The lines that end the holding note, when RequestApproval left one (expiry, rejection, any other hand-over). */
async function waitEnded(deps: EscalateDeps, run: Run, approval: ApprovalSummary | null | undefined, fmt: Pick<Formats, 'dateTime'>): Promise<string[]> {
  if (!approval) return [];
  const record = await deps.approvals.get(approval.approvalId).catch(() => null);
  if (!record?.holdingNoteAt) return [];
  return waitEndedLines({ approval, refunded: !!run.refund, at: deps.clock.now().toISOString(), fmt });
}

async function postNote(deps: EscalateDeps, ctx: StepContext, ticketId: string, body: string): Promise<string | null> {
  try {
    return (await deps.harness.callTool(ctx, 'post_draft', { ticketId, body })).noteId;
  } catch {
    // The escalation itself is recorded; a note that could not be left is in the journal.
    return null;
  }
}

/** What Escalate answers: the run handed over (or found cancelled, in shadow, or already handed over). */
export type EscalateOutcome = Awaited<ReturnType<ReturnType<typeof createEscalate>>>;
