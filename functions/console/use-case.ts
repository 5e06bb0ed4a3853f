// What the console reads and does. Reads: runs by filter over the run store's queries (byOrder,
// byStatus, the newest-first list), a run with its journal, the queues, the pictures' figures. Actions,
// each journaled on its run with the person as actor: decide an approval (as the signed-in lead),
// settle a pending review (harness.settleReview, then the run row), retry a dead letter.
// Called by handler.ts; rendering is in views/.
import type { Run, RunStatus } from '#functions/shared/domain/run.js';
import { HarnessError } from '#harness/errors.js';
import type { Harness } from '#harness/harness.js';
import type { Clock, JournalStore, NewJournalRow } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { DecisionOutcome } from '../approval-callback/decisions.js';
import type { DeadLetters } from '../dead-letters/use-case.js';
import { QueuedTicket } from '../shared/queue.js';
import type { createShadowApi } from '../shadow-api/use-case.js';
import type { Operator } from './identity.js';
import type { DayFigures } from './views/pictures.js';
import type { DeadLetterRow } from './views/queues.js';
import { PAGE_SIZE, type RunsFilter, type RunRow } from './views/runs.js';

export interface ConsoleDataDeps {
  tenant: string;
  runs: RunStore;
  journal: JournalStore;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** The approval decisions (approval-callback/decisions.ts): a lead decides as who signed in. */
  decisions: { decideAs(input: { approvalId: string; approver: string; decision: 'approve' | 'reject'; reason: string | null }): Promise<DecisionOutcome> };
  /** The harness's settlement of a pending review; null: reviews are settled elsewhere. */
  reviews: Pick<Harness, 'settleReview'> | null;
  deadLetters: DeadLetters;
  shadow: Pick<ReturnType<typeof createShadowApi>, 'list'>;
  clock: Clock;
}

/** How many runs a list reads at most, newest first: the window filters and pages work in. */
export const RUN_WINDOW = 500;

export type ActionOutcome = { ok: true; notice: string; runId?: string } | { ok: false; status: number; message: string };

function matchesId(run: Run, q: string): boolean {
  const needle = q.toLowerCase();
  const ids = [
    run.runId,
    run.ticket.ticketId,
    run.order?.orderNumber,
    run.triage?.orderNumber,
    run.refund?.refundId,
    run.refund?.idempotencyKey,
    run.approval?.approvalId,
  ];
  return ids.some((id) => typeof id === 'string' && id.toLowerCase().includes(needle));
}

const dayOf = (iso: string) => iso.slice(0, 10);
const emptyDay = (day: string): DayFigures => ({
  day,
  tickets: 0,
  costMicros: 0,
  approvalsDecided: 0,
  approvalsOverridden: 0,
  refunds: 0,
  refundsReversed: 0,
  closed: 0,
  reopened: 0,
});

export function toRunRow(run: Run): RunRow {
  return {
    runId: run.runId,
    status: run.status,
    state: run.state,
    ticketId: run.ticket.ticketId,
    orderNumber: run.order?.orderNumber ?? run.triage?.orderNumber ?? null,
    refundMinor: run.refund?.amountMinor ?? null,
    currency: run.refund?.currency ?? null,
    approval: run.approval?.status ?? null,
    escalation: run.escalation?.reason ?? null,
    costMicros: run.costMicros,
    createdAt: run.createdAt,
  };
}

export function createConsoleData(deps: ConsoleDataDeps) {
  const byStatus = (status: RunStatus, limit: number) =>
    deps.runs.listByStatus
      ? deps.runs.listByStatus(deps.tenant, status, limit)
      : deps.runs.list(RUN_WINDOW).then((runs) => runs.filter((r) => r.status === status).slice(0, limit));

  function journalRow(runId: string, who: Operator, row: Pick<NewJournalRow, 'step' | 'name' | 'detail'> & Partial<NewJournalRow>): NewJournalRow {
    return {
      runId,
      at: deps.clock.now().toISOString(),
      kind: 'decision',
      provider: 'console',
      argsHash: 'none',
      outcome: 'ok',
      latencyMs: 0,
      costMicros: 0,
      model: null,
      inputTokens: null,
      outputTokens: null,
      idempotencyKey: null,
      actor: who.id,
      ...row,
    };
  }

  return {
    async listRuns(filter: RunsFilter) {
      let source: Run[];
      if (filter.order) source = [...(await deps.findRunsByOrder(deps.tenant, filter.order))].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      else if (filter.status) source = await byStatus(filter.status, RUN_WINDOW);
      else source = await deps.runs.list(RUN_WINDOW);
      const matched = source.filter(
        (run) =>
          (!filter.status || run.status === filter.status) &&
          (!filter.state || run.state === filter.state) &&
          (!filter.ticket || run.ticket.ticketId === filter.ticket) &&
          (!filter.from || dayOf(run.createdAt) >= filter.from) &&
          (!filter.to || dayOf(run.createdAt) <= filter.to) &&
          (!filter.q || matchesId(run, filter.q)),
      );
      const start = (filter.page - 1) * PAGE_SIZE;
      return {
        rows: matched.slice(start, start + PAGE_SIZE).map(toRunRow),
        hasNext: matched.length > start + PAGE_SIZE,
        matched: matched.length,
        window: RUN_WINDOW,
      };
    },

    async run(runId: string) {
      const run = await deps.runs.get(runId);
      return run ? { run, journal: await deps.journal.listByRun(runId) } : null;
    },

    async queues() {
      const [approvals, reviews, escalations, letters] = await Promise.all([
        byStatus('awaiting_approval', 100),
        byStatus('pending_review', 100),
        byStatus('escalated', 50),
        deps.deadLetters.list(10),
      ]);
      const deadLetters: DeadLetterRow[] = letters.map((letter) => {
        let ticket: QueuedTicket | null = null;
        try {
          const parsed = QueuedTicket.safeParse(JSON.parse(letter.body));
          ticket = parsed.success ? parsed.data : null;
        } catch {
          ticket = null;
        }
        // Ids only: the body is a ticket event with the customer's words.
        return {
          messageId: letter.messageId,
          reason: letter.reason,
          failedAt: letter.failedAt,
          receiveCount: letter.receiveCount,
          runId: ticket?.runId ?? null,
          ticketId: ticket?.event.ticketId ?? null,
        };
      });
      const soonest = (a: Run, b: Run) => (a.approval?.expiresAt ?? '').localeCompare(b.approval?.expiresAt ?? '');
      return { approvals: approvals.sort(soonest), reviews, escalations, deadLetters };
    },

    async pictures() {
      const [shadow, runs] = await Promise.all([deps.shadow.list(), deps.runs.list(RUN_WINDOW)]);
      const days = new Map<string, DayFigures>();
      for (const run of runs) {
        const day = dayOf(run.createdAt);
        const figures = days.get(day) ?? emptyDay(day);
        figures.tickets += 1;
        figures.costMicros += run.costMicros;
        const decided = run.approval?.status === 'approved' || run.approval?.status === 'rejected';
        if (decided) figures.approvalsDecided += 1;
        if (run.approval?.status === 'rejected') figures.approvalsOverridden += 1;
        if (run.refund) figures.refunds += 1;
        if (run.refund && (run.reversals?.length ?? 0) > 0) figures.refundsReversed += 1;
        if (run.status === 'done') figures.closed += 1;
        if (run.status === 'done' && run.reopenedAt) figures.reopened += 1;
        days.set(day, figures);
      }
      return { shadow, days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-30), window: RUN_WINDOW };
    },

    async decideApproval(who: Operator, approvalId: string, decision: 'approve' | 'reject', reason: string | null): Promise<ActionOutcome> {
      const outcome = await deps.decisions.decideAs({ approvalId, approver: who.id, decision, reason });
      switch (outcome.kind) {
        case 'decided':
        case 'undelivered': {
          const a = outcome.approval;
          await deps.journal.append(
            journalRow(a.runId, who, {
              step: 'RequestApproval',
              name: 'approval',
              decision: a.status === 'approved' ? 'allow' : 'refuse',
              approvalId: a.approvalId,
              detail:
                `${a.status} in the console by ${who.id}${reason ? `: ${reason}` : ''}${outcome.kind === 'undelivered' ? ' (saved; not yet delivered to the run)' : ''}`.slice(
                  0,
                  300,
                ),
            }),
          );
          if (outcome.kind === 'undelivered')
            return { ok: false, status: 503, message: 'The decision is saved but the run could not be reached. Decide again in a moment to deliver it.' };
          return { ok: true, notice: a.status === 'approved' ? 'approved' : 'rejected', runId: a.runId };
        }
        case 'not_found':
          return { ok: false, status: 404, message: `Approval ${approvalId} not found.` };
        case 'closed':
          return {
            ok: false,
            status: 409,
            message: `This approval is already ${outcome.approval.status}${outcome.approval.decidedBy ? ` (by ${outcome.approval.decidedBy})` : ''}${outcome.cancelled ? '; its run was cancelled' : ''}. Nothing was changed.`,
          };
        case 'expired':
          return { ok: false, status: 410, message: 'This approval expired; the ticket was handed to the team.' };
        case 'not_an_approver':
        case 'stale_form':
          return { ok: false, status: 409, message: 'The approval changed while you decided. Look again.' };
      }
    },

    async settleReview(who: Operator, runId: string, settlement: { refundId: string } | { notFound: true }): Promise<ActionOutcome> {
      if (!deps.reviews) return { ok: false, status: 501, message: 'Reviews cannot be settled from this console.' };
      const run = await deps.runs.get(runId);
      if (!run) return { ok: false, status: 404, message: `Run ${runId} not found.` };
      if (run.status !== 'pending_review')
        return { ok: false, status: 409, message: `Run ${runId} is ${run.status.replace(/_/g, ' ')}, not pending review. Nothing was changed.` };
      const ctx = {
        tenant: run.tenant,
        runId,
        step: 'Refund' as const,
        boundOrderId: run.order?.orderId ?? null,
        boundCustomerId: run.order?.customerId ?? null,
        requesterEmail: run.ticket.requesterEmail,
      };
      let outcome;
      try {
        outcome = await deps.reviews.settleReview(ctx, run, settlement, who.id);
      } catch (error) {
        if (error instanceof HarnessError) return { ok: false, status: 409, message: `Not settled: ${error.message}.` };
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
    },

    async retryDeadLetter(who: Operator, messageId: string): Promise<ActionOutcome> {
      const outcome = await deps.deadLetters.retry(messageId);
      if (outcome.kind === 'not_found') return { ok: false, status: 404, message: `Dead letter ${messageId} is no longer in the queue.` };
      if (outcome.kind === 'not_retryable') return { ok: false, status: 409, message: `Not retried: ${outcome.reason}.` };
      await deps.journal.append(
        journalRow(outcome.runId, who, {
          step: 'Console',
          name: 'dead_letter_retry',
          decision: 'allow',
          detail: `dead letter ${messageId} sent back to the ticket queue by ${who.id}`,
        }),
      );
      return { ok: true, notice: 'retried', runId: outcome.runId };
    },
  };
}
export type ConsoleData = ReturnType<typeof createConsoleData>;
