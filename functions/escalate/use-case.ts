// Escalate: hand the ticket to a person with the reason, and leave an internal note saying what
// actually happened (refund made or not). Reached from every step by Catch or a Choice default.
import { z } from 'zod';
import { formatMoney } from '#harness/domain/money.js';
import type { Run } from '#harness/domain/types.js';
import { enterStep } from '../shared/run-context.js';
import type { StepDeps } from '../shared/step-deps.js';

export const EscalateEvent = z.object({
  runId: z.string().min(1),
  state: z
    .object({
      error: z.object({ Error: z.string(), Cause: z.string().optional() }).optional(),
      step: z.object({ detail: z.object({ reason: z.string().optional() }).passthrough().optional() }).passthrough().optional(),
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

function teamNote(run: Run, reason: string): string {
  const refund = run.refund
    ? `A refund of ${formatMoney(run.refund.amountMinor, run.refund.currency)} was made on order #${run.refund.orderNumber} (refund ${run.refund.refundId}).`
    : 'No refund was made.';
  return [`Refund agent handed this ticket to a person.`, `Reason: ${reason}`, refund, `Run: ${run.runId}`].join('\n');
}

export function createEscalate(deps: Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'clock'>) {
  return async ({ runId, state }: EscalateEvent) => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Escalate');
    const reason = escalationReason(state);
    const step = run.state;
    let approval = run.approval;
    if (approval?.status === 'pending' && state.error?.Error === 'States.Timeout') {
      const record = await deps.approvals.get(approval.approvalId);
      const decidedAt = deps.clock.now().toISOString();
      if (record) {
        await deps.approvals.decide({ approvalId: record.approvalId, formToken: record.formToken, status: 'expired', decidedBy: null, decidedAt, reason: null });
      }
      approval = { ...approval, status: 'expired', decidedAt };
    }
    // The note goes first, so a run reads "escalated" only once the team has been told.
    let noteId: string | null = null;
    try {
      const note = await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body: teamNote(run, reason) });
      noteId = note.noteId;
    } catch {
      // The escalation itself is recorded; a note that could not be left is in the journal.
    }
    await deps.runs.update(runId, { status: 'escalated', state: 'Escalate', escalation: { reason, step }, approval });
    return { outcome: 'escalated' as const, reason, noteId };
  };
}
