// What a person can do about a run from the console, beyond approvals and reviews: cancel a run still
// open (the cancel-run use case), re-run an escalated run for the same ticket (run-starter/rerun.ts),
// optionally bound to the order the person picked among those the customer wrote, and hand an
// escalated ticket back to the team with a note posted on the ticket through the harness (post_draft,
// the one path to tools). Each action is checked here by the rules below, journaled on its run(s)
// with the person as actor, and answers an ActionOutcome the handler turns into a page.
import type { Run } from '#functions/shared/domain/run.js';
import type { Clock, JournalStore, NewJournalRow, StepContext } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { CancelRun } from '#functions/shared/domain/cancellation.js';
import type { StartRerun } from '#functions/shared/domain/rerun.js';
import { ticketOrderNumbers } from '../../shared/order-choice.js';
import { orderPickSource, type OrderCandidatesReader } from './order-candidates.js';
import { OPEN_STATUSES } from '../../shared/step/run-context.js';
import type { StepDeps } from '../../shared/step/deps.js';
import type { Operator } from './identity.js';
import { consoleJournalRow } from './journal-row.js';
import type { ActionOutcome } from './use-case.js';
import { createReturnActions, RETURN_NOTICES, type ReturnActionsDeps } from './return-actions.js';

export interface RunActionsDeps {
  runs: RunStore;
  journal: JournalStore;
  cancelRun: CancelRun;
  startRerun: StartRerun;
  /** The harness's tool path: the hand-back note is a post_draft call, under the Escalate step's allowlist. */
  harness: Pick<StepDeps['harness'], 'callTool'>;
  clock: Clock;
  /** Answers a run's wait for its returned parcel (the return actions, return-actions.ts). */
  workflow: ReturnActionsDeps['workflow'];
  /** Reads the orders a pick may name from the store; absent: a pick is checked against the words alone. */
  orderCandidates?: OrderCandidatesReader;
}

/** The notices the console shows after these actions (codes in the redirect, never data). */
export const ACTION_NOTICES: Readonly<Record<string, string>> = {
  cancelled: 'Cancelled. The run stops here; no refund will be made by it.',
  'rerun-started': 'Re-run started for the same ticket. This is the new run.',
  'rerun-picked': 'Re-run started, bound to the order you picked. This is the new run.',
  'handed-back': 'Handed back to the team. Your note is on the ticket.',
  ...RETURN_NOTICES,
};

/** A hand-back note's length, in characters. */
export const NOTE_MAX = 1000;

/** Null when the run can be cancelled now; else why not (the cancel use case checks again in one conditional write). */
export function cancelRefusal(run: Run): string | null {
  if (run.cancellation) return 'This run is already cancelled.';
  if (run.refundIntent) return 'A refund was sent on this run: it can no longer be cancelled.';
  if (!OPEN_STATUSES.includes(run.status) || run.status === 'pending_review')
    return `This run is ${run.status.replace(/_/g, ' ')}: there is nothing to cancel.`;
  return null;
}

/**
 * A cancelled run whose ticket a person must still answer: stopped in the console or through the API
 * (the ended note tells the team no reply draft follows), with no reply draft left by it, and not
 * handed back or re-run since. A ticket solved or closed in the helpdesk (then or since) is answered.
 */
export function waitsForTheTeam(run: Run): boolean {
  return run.status === 'cancelled' && run.cancellation?.by !== 'helpdesk' && !run.draft && !run.combinedDraft && !handled(run);
}

/** Handed back to the team with a note, re-run as a new run, or its ticket since solved in the helpdesk: no work left for a lead. */
export const handled = (run: Run): boolean => !!run.handBack || !!run.rerunAs || !!run.ticketClosedAt;

/** Null when the ticket can be handed back to the team now (an escalated run, or a cancelled one waiting for the team); else why not. */
export function handBackRefusal(run: Run): string | null {
  if (run.handBack) return `Already handed back by ${run.handBack.by}.`;
  if (run.rerunAs) return `This run was re-run as ${run.rerunAs.runId}; act on that one.`;
  if (waitsForTheTeam(run)) return null;
  if (run.status !== 'escalated' || run.cancellation)
    return 'Only an escalated run, or a cancelled one whose ticket waits for an answer, is handed back to the team.';
  return null;
}

/**
 * The order numbers the customer wrote that a person may pick for a re-run: when the ticket names
 * several, or when the order binding went to a person (the escalation came from CheckOrder and the
 * ticket names one). Empty when there is nothing to pick from the words, or the run cannot be re-run;
 * a ticket naming none is picked among the requester's orders (order-candidates.ts).
 */
export function orderPickChoices(run: Run): string[] {
  return orderPickSource(run) === 'written' ? ticketOrderNumbers(run) : [];
}

/** Null when a pick of `orderNumber` may start a re-run; else the refusal's message. */
async function pickRefusal(deps: RunActionsDeps, run: Run, orderNumber: string): Promise<string | null> {
  const source = orderPickSource(run);
  if (!source) return `Order ${orderNumber} cannot be picked: this run has no order to pick.`;
  if (source === 'written' && !ticketOrderNumbers(run).includes(orderNumber))
    return `Order ${orderNumber} cannot be picked: it is not one of the orders the customer wrote on this ticket.`;
  if (!deps.orderCandidates) return null;
  // The store read again: an order that is not the requester's would only escalate again.
  const candidates = await deps.orderCandidates(run);
  if (candidates.kind === 'unreadable') return source === 'written' ? null : "The customer's orders could not be read from the store just now. Try again.";
  const found = candidates.orders.find((o) => o.number === orderNumber);
  if (!found) return `Order ${orderNumber} cannot be picked: it is not one of the customer's orders offered here.`;
  return found.refusal ? `Order ${orderNumber} cannot be picked: ${found.refusal}.` : null;
}

export function createRunActions(deps: RunActionsDeps) {
  const journal = (runId: string, who: Operator, row: ConsoleRow) => journalAction(deps, runId, who, row);
  const onReturn = createReturnActions(deps);

  return {
    onReturn,

    async cancel(who: Operator, runId: string, reason: string | null): Promise<ActionOutcome> {
      // A run waiting for its parcel ends with its return: cancelled in the store, not left open there.
      if ((await deps.runs.get(runId))?.status === 'awaiting_return') return onReturn(who, runId, 'cancel');
      const why = `cancelled in the console by ${who.id}${reason ? `: ${reason}` : ''}`.slice(0, 300);
      const outcome = await deps.cancelRun({ runId, by: 'console', reason: why, actor: who.id });
      switch (outcome.kind) {
        case 'cancelled':
          await journal(runId, who, { name: 'cancel', decision: 'allow', detail: why });
          return { ok: true, notice: 'cancelled', runId };
        case 'not_found':
          return { ok: false, status: 404, message: `Run ${runId} was not found.` };
        case 'already_closed':
          return { ok: false, status: 409, message: `This run is already ${outcome.status.replace(/_/g, ' ')}. Nothing was changed.` };
        case 'refund_in_flight':
          return { ok: false, status: 409, message: 'A refund was sent on this run before the cancel: it can no longer be cancelled. Nothing was changed.' };
        case 'return_open':
          return onReturn(who, runId, 'cancel');
        case 'refund_approved':
          return {
            ok: false,
            status: 409,
            message: 'A lead approved this refund before the cancel: it is being issued and can no longer be cancelled. Nothing was changed.',
          };
      }
    },

    async rerun(who: Operator, runId: string, orderNumber: string | null): Promise<ActionOutcome> {
      if (orderNumber) {
        const run = await deps.runs.get(runId);
        const refused = run ? await pickRefusal(deps, run, orderNumber) : null;
        if (refused) return { ok: false, status: 409, message: refused };
      }
      const outcome = await deps.startRerun({ runId, by: who.id, orderNumber });
      if (outcome.kind === 'not_found') return { ok: false, status: 404, message: `Run ${runId} was not found.` };
      if (outcome.kind === 'refused') return { ok: false, status: 409, message: outcome.message };
      if (!outcome.repeated) {
        const bound = orderNumber ? `, bound to order ${orderNumber} (picked)` : '';
        await journal(runId, who, { name: 'rerun', decision: 'allow', detail: `re-run as ${outcome.rerunId} by ${who.id}${bound}` });
        await journal(outcome.rerunId, who, { name: 'rerun', decision: 'allow', detail: `re-run of ${runId} started by ${who.id}${bound}` });
      }
      return { ok: true, notice: orderNumber ? 'rerun-picked' : 'rerun-started', runId: outcome.rerunId };
    },

    handBack: (who: Operator, runId: string, note: string): Promise<ActionOutcome> => handBackTicket(deps, who, runId, note),
  };
}

type ConsoleRow = Pick<NewJournalRow, 'name' | 'detail' | 'decision'>;

/** A journal row of a person's action on the run, under the Console state. */
function journalAction(deps: RunActionsDeps, runId: string, who: Operator, row: ConsoleRow): Promise<unknown> {
  return deps.journal.append(consoleJournalRow(runId, who.id, deps.clock.now(), { step: 'Console', ...row }));
}

/** Hands an escalated (or cancelled, waiting) ticket back to the team: the note posted on the ticket first, then the run row, then the journal. */
async function handBackTicket(deps: RunActionsDeps, who: Operator, runId: string, note: string): Promise<ActionOutcome> {
  const run = await deps.runs.get(runId);
  if (!run) return { ok: false, status: 404, message: `Run ${runId} was not found.` };
  const refused = handBackRefusal(run);
  if (refused) return { ok: false, status: 409, message: `${refused} Nothing was changed.` };
  const ctx: StepContext = {
    tenant: run.tenant,
    runId,
    step: 'Escalate',
    boundOrderId: run.order?.orderId ?? null,
    boundCustomerId: run.order?.customerId ?? null,
    requesterEmail: run.ticket.requesterEmail ?? null,
  };
  const body = [`Handed back to the team by ${who.id} from the refund agent's console.`, `Note: ${note}`, `Run: ${runId}`].join('\n');
  let noteId: string;
  try {
    noteId = (await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body })).noteId;
  } catch {
    // The harness journaled the failed call; nothing is recorded as handed back.
    return { ok: false, status: 503, message: 'The note could not be posted on the ticket, so the ticket was not handed back. Try again in a moment.' };
  }
  const handBack = { by: who.id, at: deps.clock.now().toISOString(), note, noteId };
  const updated = await deps.runs.updateIf(runId, { handBack }, { statusIn: [run.status === 'cancelled' ? 'cancelled' : 'escalated'] });
  if (!updated) return { ok: false, status: 409, message: 'The run changed while you handed it back; the note is on the ticket. Look again.' };
  await journalAction(deps, runId, who, { name: 'hand_back', decision: 'allow', detail: `handed back to the team by ${who.id}; note ${noteId} on the ticket` });
  return { ok: true, notice: 'handed-back', runId };
}

export type RunActions = ReturnType<typeof createRunActions>;
