// What the console reads and does. Reads: runs by filter over the run store's queries (byOrder,
// byStatus, the newest-first list), a run with its journal, the queues, the pictures' figures. Actions,
// each journaled on its run with the person as actor: decide an approval (as the signed-in lead),
// settle a pending review (harness.settleReview, then the run row), retry a dead letter.
// Called by handler.ts; rendering is in views/.
import { recentRuns } from '../shared/stores/recent-runs.js';
import type { Run, RunStatus } from '#functions/shared/domain/run.js';
import { HarnessError } from '#harness/errors.js';
import type { Harness, ReviewCandidates } from '#harness/harness.js';
import type { Formats } from '../shared/approvals/formats.js';
import { reviewRefusalInWords } from './review-refusal.js';
import type { Clock, JournalStore } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { createApprovalDecisions, DecisionOutcome } from '../approval-callback/decisions.js';
import { CANCELLED_BEFORE_REFUND, WAIT_OVER } from '../approval-callback/pages.js';
import type { ApprovalView as ApprovalEvidence } from '../shared/approvals/approval-view.js';
import { approvalPath } from './views/approvals.js';
import type { DeadLetters } from '../dead-letters/use-case.js';
import { QueuedTicket } from '../shared/queue.js';
import type { createShadowApi } from '../shadow-api/use-case.js';
import type { Operator } from './identity.js';
import { consoleJournalRow } from './journal-row.js';
import type { DayFigures } from './views/pictures.js';
import type { DeadLetterRow } from './views/queues.js';
import { PAGE_SIZE, type RunsFilter, type RunRow } from './views/runs.js';
import { customerOf } from './views/case.js';
import type { RunLinks } from './links.js';

export interface ConsoleDataDeps {
  tenant: string;
  runs: RunStore;
  journal: JournalStore;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** The approval decisions (approval-callback/decisions.ts): a lead decides as who signed in. */
  decisions: {
    decideAs(input: { approvalId: string; approver: string; decision: 'approve' | 'reject'; reason: string | null }): Promise<DecisionOutcome>;
  } & Partial<Pick<ApprovalDecisions, 'evidenceForRun' | 'evidenceOf'>>;
  /** The harness's settlement of a pending review; null: reviews are settled elsewhere. */
  reviews: (Pick<Harness, 'settleReview'> & Partial<Pick<Harness, 'reviewCandidates'>>) | null;
  deadLetters: DeadLetters;
  shadow: Pick<ReturnType<typeof createShadowApi>, 'list'>;
  clock: Clock;
}

type ApprovalDecisions = ReturnType<typeof createApprovalDecisions>;

/** How many runs a list reads at most, newest first: the window filters and pages work in. */
export const RUN_WINDOW = 500;

export type ActionOutcome = { ok: true; notice: string; runId?: string } | { ok: false; status: number; message: string };

/** Search over the run's ids and its customer's name and email: a case-insensitive substring of any. */
function matchesSearch(run: Run, q: string): boolean {
  // "#1001" finds order 1001 as well.
  const needle = q
    .trim()
    .replace(/^#(?=\d)/, '')
    .toLowerCase();
  const ids = [
    run.ticket.requesterName,
    run.ticket.requesterEmail,
    run.order?.customerEmail,
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

export function toRunRow(run: Run, linksOf?: (run: Run) => RunLinks): RunRow {
  return {
    customer: customerOf(run),
    ...(linksOf ? { links: linksOf(run) } : {}),
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

export function createConsoleData(deps: ConsoleDataDeps) {
  const byStatus = (status: RunStatus, limit: number) =>
    deps.runs.listByStatus
      ? deps.runs.listByStatus(deps.tenant, status, limit)
      : deps.runs.list(RUN_WINDOW).then((runs) => runs.filter((r) => r.status === status).slice(0, limit));

  const journalRow = (runId: string, who: Operator, row: Parameters<typeof consoleJournalRow>[3]) => consoleJournalRow(runId, who.id, deps.clock.now(), row);

  return {
    async listRuns(filter: RunsFilter, linksOf?: (run: Run) => RunLinks) {
      let source: Run[];
      if (filter.order) source = [...(await deps.findRunsByOrder(deps.tenant, filter.order))].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      else if (filter.status) source = await byStatus(filter.status, RUN_WINDOW);
      else source = await recentRuns(deps.runs, deps.tenant, RUN_WINDOW);
      const matched = source.filter(
        (run) =>
          (!filter.status || run.status === filter.status) &&
          (!filter.state || run.state === filter.state) &&
          (!filter.ticket || run.ticket.ticketId === filter.ticket) &&
          (!filter.from || dayOf(run.createdAt) >= filter.from) &&
          (!filter.to || dayOf(run.createdAt) <= filter.to) &&
          (!filter.q || matchesSearch(run, filter.q)),
      );
      const start = (filter.page - 1) * PAGE_SIZE;
      return {
        rows: matched.slice(start, start + PAGE_SIZE).map((run) => toRunRow(run, linksOf)),
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

    /** Figures per calendar day in the store's zone (`timeZone`, a valid IANA zone; UTC when none is given). */
    async pictures(timeZone = 'UTC') {
      const [shadow, runs] = await Promise.all([deps.shadow.list(), recentRuns(deps.runs, deps.tenant, RUN_WINDOW)]);
      const days = new Map<string, DayFigures>();
      const inZone = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      const storeDay = (iso: string) => {
        const part = (type: string) => inZone.formatToParts(new Date(iso)).find((p) => p.type === type)?.value ?? '';
        return `${part('year')}-${part('month')}-${part('day')}`;
      };
      for (const run of runs) {
        const day = storeDay(run.createdAt);
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
      return { shadow, days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-30), window: RUN_WINDOW, timeZone };
    },

    /** The evidence of each waiting approval, with the order as it is now (views/approvals.ts). */
    async approvalEvidence(approvals: Run[]): Promise<Record<string, ApprovalEvidence>> {
      const evidenceForRun = deps.decisions.evidenceForRun;
      if (!evidenceForRun) return {};
      const entries = await Promise.all(
        approvals.map(async (run) => [run.approval?.approvalId ?? '', await evidenceForRun(run, approvalPath).catch(() => null)] as const),
      );
      return Object.fromEntries(entries.filter((entry): entry is readonly [string, ApprovalEvidence] => !!entry[0] && entry[1] !== null));
    },

    /** One approval with its run and evidence: the confirm page a lead decides on. */
    async approvalCase(approvalId: string) {
      return deps.decisions.evidenceOf ? deps.decisions.evidenceOf(approvalId, approvalPath) : null;
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
        case 'not_carried_out':
          // Approved too late: the order has nothing left of it to refund; the run is with the team, with this sentence.
          await deps.journal.append(
            journalRow(outcome.approval.runId, who, {
              step: 'RequestApproval',
              name: 'approval',
              decision: 'refuse',
              approvalId: outcome.approval.approvalId,
              detail: `approved in the console by ${who.id}, not carried out: ${outcome.message}`.slice(0, 300),
            }),
          );
          return { ok: false, status: 409, message: `${outcome.message} Nothing was refunded; the ticket goes to the team with a note saying so.` };
        case 'not_found':
          return { ok: false, status: 404, message: `Approval ${approvalId} not found.` };
        case 'closed':
          // A decision that lost to a cancel, or arrived after the wait ended, says so: never that a refund follows.
          if (outcome.cancelled) return { ok: false, status: 409, message: `${CANCELLED_BEFORE_REFUND} Nothing was changed.` };
          if (outcome.waitOver) return { ok: false, status: 409, message: `${WAIT_OVER} Nothing was changed.` };
          return {
            ok: false,
            status: 409,
            message: `This approval is already ${outcome.approval.status}${outcome.approval.decidedBy ? ` (by ${outcome.approval.decidedBy})` : ''}. Nothing was changed.`,
          };
        case 'expired':
          return { ok: false, status: 410, message: 'This approval expired; the ticket was handed to the team.' };
        case 'not_an_approver':
        case 'stale_form':
          return { ok: false, status: 409, message: 'The approval changed while you decided. Look again.' };
      }
    },

    /** A pending review's candidate refunds (the harness re-reads the order), or why they cannot be shown now. */
    async reviewCandidates(run: Run): Promise<{ candidates: ReviewCandidates } | { unavailable: string }> {
      if (!deps.reviews?.reviewCandidates) return { unavailable: 'This console cannot read the order’s refunds.' };
      try {
        return { candidates: await deps.reviews.reviewCandidates(reviewContextOf(run), run) };
      } catch (error) {
        if (error instanceof HarnessError) return { unavailable: 'The order’s refunds could not be read from the store just now.' };
        throw error;
      }
    },

    async settleReview(
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
