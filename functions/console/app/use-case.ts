// What the console reads and does. Reads: runs by filter over the run store's queries (byOrder,
// byStatus, the newest-first list), a run with its journal, the queues, the pictures' figures. Actions,
// each journaled on its run with the person as actor (queue-actions.ts): decide an approval (as the
// signed-in lead), settle a pending review (harness.settleReview, then the run row), retry a dead letter.
// Rendering is in views/.
import { runSummary } from '#functions/shared/domain/run-summary.js';
import { recentRuns } from '../../shared/stores/recent-runs.js';
import type { Run, RunStatus } from '#functions/shared/domain/run.js';
import type { Harness } from '#harness/harness.js';
import type { Formats } from '../../shared/approvals/formats.js';
import type { Clock, JournalStore } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { ApprovalEvidenceReader, DecideAs } from '../../shared/approvals/decisions.js';
import type { ApprovalView as ApprovalEvidence } from '../../shared/approvals/approval-view.js';
import { approvalPath } from './views/approvals.js';
import type { DeadLetter, DeadLetters } from '#functions/shared/domain/dead-letters.js';
import { QueuedTicket } from '../../shared/queue.js';
import type { ShadowFigures } from '#functions/shared/domain/shadow-figures.js';
import type { Operator } from './identity.js';
import { handled, waitsForTheTeam } from './actions.js';
import { decideApproval, reviewCandidates, retryDeadLetter, settleReview, type ActionOutcome } from './queue-actions.js';
import type { DayFigures } from './views/pictures.js';
import type { DeadLetterRow } from './views/queues.js';
import { PAGE_SIZE, type RunsFilter, type RunRow } from './views/runs.js';
import { customerOf } from './views/case.js';
import type { RunLinks } from './links.js';
import { groupTicketRuns, readTicketRuns } from './ticket-runs.js';
import { approvalStateWords } from '../../shared/approvals/approval-state.js';

export type { ActionOutcome };

export interface ConsoleDataDeps {
  tenant: string;
  runs: RunStore;
  journal: JournalStore;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
  /** The approval decisions (approval-callback/decisions.ts): a lead decides as who signed in. */
  decisions: { decideAs: DecideAs } & Partial<ApprovalEvidenceReader>;
  /** The harness's settlement of a pending review; null: reviews are settled elsewhere. */
  reviews: (Pick<Harness, 'settleReview'> & Partial<Pick<Harness, 'reviewCandidates'>>) | null;
  deadLetters: DeadLetters;
  shadow: ShadowFigures;
  clock: Clock;
}

/** How many runs a list reads at most, newest first: the window filters and pages work in. */
export const RUN_WINDOW = 500;

/** Search over the run's ids, its customer's name and email and its order's item titles: a case-insensitive substring of any. */
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
    // "mug" finds a run whose order has a "Ceramic mug" (or its variant, "Medium / White").
    ...(run.order?.lineItems.flatMap((line) => [line.title, line.variant?.title]) ?? []),
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
    ...runSummary(run),
    request: run.ticketRequests ? { index: run.ticketRequests.index, of: run.ticketRequests.runIds.length } : null,
    currency: run.refund?.currency ?? null,
    approval: run.approval ? approvalStateWords(run.approval) : null,
    escalation: run.escalation?.reason ?? null,
  };
}

function runsByStatus(deps: ConsoleDataDeps, status: RunStatus, limit: number): Promise<Run[]> {
  return deps.runs.listByStatus
    ? deps.runs.listByStatus(deps.tenant, status, limit)
    : deps.runs.list(RUN_WINDOW).then((runs) => runs.filter((r) => r.status === status).slice(0, limit));
}

/** The runs a filter finds, newest first (the runs of one ticket's requests side by side), one page of them as rows. */
async function findRuns(deps: ConsoleDataDeps, filter: RunsFilter, linksOf?: (run: Run) => RunLinks) {
  let source: Run[];
  if (filter.order) source = [...(await deps.findRunsByOrder(deps.tenant, filter.order))].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  else if (filter.status) source = await runsByStatus(deps, filter.status, RUN_WINDOW);
  else source = await recentRuns(deps.runs, deps.tenant, RUN_WINDOW);
  const filtered = source.filter(
    (run) =>
      (!filter.status || run.status === filter.status) &&
      (!filter.state || run.state === filter.state) &&
      (!filter.ticket || run.ticket.ticketId === filter.ticket) &&
      (!filter.from || dayOf(run.createdAt) >= filter.from) &&
      (!filter.to || dayOf(run.createdAt) <= filter.to) &&
      (!filter.q || matchesSearch(run, filter.q)),
  );
  const matched = groupTicketRuns(filtered);
  const start = (filter.page - 1) * PAGE_SIZE;
  return {
    rows: matched.slice(start, start + PAGE_SIZE).map((run) => toRunRow(run, linksOf)),
    hasNext: matched.length > start + PAGE_SIZE,
    matched: matched.length,
    window: RUN_WINDOW,
  };
}

/** A dead letter as the queue shows it: ids only, since the body is a ticket event with the customer's words. */
function deadLetterRowOf(letter: DeadLetter): DeadLetterRow {
  let ticket: QueuedTicket | null = null;
  try {
    const parsed = QueuedTicket.safeParse(JSON.parse(letter.body));
    ticket = parsed.success ? parsed.data : null;
  } catch {
    ticket = null;
  }
  return {
    messageId: letter.messageId,
    reason: letter.reason,
    failedAt: letter.failedAt,
    receiveCount: letter.receiveCount,
    runId: ticket?.runId ?? null,
    ticketId: ticket?.event.ticketId ?? null,
  };
}

async function readQueues(deps: ConsoleDataDeps) {
  const [approvals, reviews, escalations, returns, cancelled, letters] = await Promise.all([
    runsByStatus(deps, 'awaiting_approval', 100),
    runsByStatus(deps, 'pending_review', 100),
    runsByStatus(deps, 'escalated', 50),
    runsByStatus(deps, 'awaiting_return', 100),
    runsByStatus(deps, 'cancelled', 100),
    deps.deadLetters.list(10),
  ]);
  const deadLetters: DeadLetterRow[] = letters.map(deadLetterRowOf);
  const soonest = (a: Run, b: Run) => (a.approval?.expiresAt ?? '').localeCompare(b.approval?.expiresAt ?? '');
  return {
    approvals: approvals.sort(soonest),
    reviews,
    escalations: escalations.filter((r) => !handled(r)),
    returns,
    withTheTeam: cancelled.filter(waitsForTheTeam),
    deadLetters,
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in this IANA zone. */
function storeDayIn(timeZone: string): (iso: string) => string {
  const inZone = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (iso: string) => {
    const part = (type: string) => inZone.formatToParts(new Date(iso)).find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}

/** One run counted into its day's figures. */
function countRun(figures: DayFigures, run: Run): void {
  figures.tickets += 1;
  figures.costMicros += run.costMicros;
  const decided = run.approval?.status === 'approved' || run.approval?.status === 'rejected';
  if (decided) figures.approvalsDecided += 1;
  if (run.approval?.status === 'rejected') figures.approvalsOverridden += 1;
  if (run.refund) figures.refunds += 1;
  if (run.refund && (run.reversals?.length ?? 0) > 0) figures.refundsReversed += 1;
  if (run.status === 'done') figures.closed += 1;
  if (run.status === 'done' && run.reopenedAt) figures.reopened += 1;
}

async function readPictures(deps: ConsoleDataDeps, timeZone: string) {
  const [shadow, runs] = await Promise.all([deps.shadow.list(), recentRuns(deps.runs, deps.tenant, RUN_WINDOW)]);
  const days = new Map<string, DayFigures>();
  const storeDay = storeDayIn(timeZone);
  for (const run of runs) {
    const day = storeDay(run.createdAt);
    const figures = days.get(day) ?? emptyDay(day);
    countRun(figures, run);
    days.set(day, figures);
  }
  return { shadow, days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-30), window: RUN_WINDOW, timeZone };
}

/** The evidence of each waiting approval, with the order as it is now (views/approvals.ts). */
async function evidenceOfApprovals(deps: ConsoleDataDeps, approvals: Run[]): Promise<Record<string, ApprovalEvidence>> {
  const evidenceForRun = deps.decisions.evidenceForRun;
  if (!evidenceForRun) return {};
  const entries = await Promise.all(
    approvals.map(async (run) => [run.approval?.approvalId ?? '', await evidenceForRun(run, approvalPath).catch(() => null)] as const),
  );
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, ApprovalEvidence] => !!entry[0] && entry[1] !== null));
}

export function createConsoleData(deps: ConsoleDataDeps) {
  return {
    listRuns: (filter: RunsFilter, linksOf?: (run: Run) => RunLinks) => findRuns(deps, filter, linksOf),

    async run(runId: string) {
      const run = await deps.runs.get(runId);
      return run ? { run, journal: await deps.journal.listByRun(runId) } : null;
    },

    /** The other runs of a run's ticket when it holds several requests, and their one reply; null otherwise. */
    ticketRuns: (run: Run) => readTicketRuns(deps.runs, run),

    queues: () => readQueues(deps),

    /** Figures per calendar day in the store's zone (`timeZone`, a valid IANA zone; UTC when none is given). */
    pictures: (timeZone = 'UTC') => readPictures(deps, timeZone),

    /** The evidence of each waiting approval, with the order as it is now (views/approvals.ts). */
    approvalEvidence: (approvals: Run[]) => evidenceOfApprovals(deps, approvals),
    /** The runs bound to the run's order (itself among them), for its page's "other runs on this order". */
    runsOnOrder: (run: Run): Promise<Run[]> => (run.order ? deps.findRunsByOrder(run.tenant, run.order.orderNumber) : Promise.resolve([])),

    /** One approval with its run and evidence: the confirm page a lead decides on. */
    async approvalCase(approvalId: string) {
      return deps.decisions.evidenceOf ? deps.decisions.evidenceOf(approvalId, approvalPath) : null;
    },

    decideApproval: (who: Operator, approvalId: string, decision: 'approve' | 'reject', reason: string | null) =>
      decideApproval(deps, who, approvalId, decision, reason),

    /** A pending review's candidate refunds (the harness re-reads the order), or why they cannot be shown now. */
    reviewCandidates: (run: Run) => reviewCandidates(deps, run),

    settleReview: (who: Operator, runId: string, settlement: { refundId: string } | { notFound: true }, fmt?: Pick<Formats, 'dateTime'>) =>
      settleReview(deps, who, runId, settlement, fmt),

    retryDeadLetter: (who: Operator, messageId: string) => retryDeadLetter(deps, who, messageId),
  };
}
export type ConsoleData = ReturnType<typeof createConsoleData>;
