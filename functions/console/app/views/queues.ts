// The queues a person works through: approvals waiting (with their expiry), runs pending review (the
// refund's outcome unknown: settle it from what Shopify shows), escalations, cancelled runs whose
// ticket still waits for an answer from the team, returns in flight, and dead letters (retry one;
// escalations, with their actions, are drawn by escalations.ts). Each action is a form posting with
// the CSRF token; a person without the role sees the queue read-only. Dead letters show ids only:
// their bodies are ticket events (customer text). Each queue shows its first items, the rest behind
// "Show all" (so the page stays short on a phone). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { reviewForm, type ReviewContext } from './review.js';
import { escalationsSection } from './escalations.js';
import { runActionForms, type RunActionsView } from './run-actions.js';
import { csrfField, daysInWords, escaped, money, time } from './layout.js';
import { listTable, whole, wholeTokens, type Column } from './list-table.js';
import type { RunLinks } from '../links.js';
import { customerHtml, orderHtml, ticketHtml } from './case.js';
import { stateName } from './words.js';
import { approvalsSection } from './approvals.js';
import { returnsSection } from './returns-queue.js';
import type { ApprovalView as ApprovalEvidence } from '../../../shared/approvals/approval-view.js';

export interface DeadLetterRow {
  messageId: string;
  reason: string | null;
  failedAt: string | null;
  receiveCount: number | null;
  runId: string | null;
  ticketId: string | null;
}

export interface QueuesView {
  approvals: Run[];
  reviews: Run[];
  escalations: Run[];
  /** Runs waiting for a returned parcel (views/returns-queue.ts). */
  returns?: Run[];
  /** Cancelled runs whose ticket a person must still answer (use-case.ts withTheTeam). */
  withTheTeam?: Run[];
  deadLetters: DeadLetterRow[];
  canDecide: boolean;
  canSettle: boolean;
  canRetry: boolean;
  /** Re-run, pick the order, hand back (views/escalations.ts); absent: escalations read-only. */
  actions?: RunActionsView;
  /** Where each run's ticket and order live (links out); absent: ids without links. */
  linksOf?: (run: Run) => RunLinks;
  csrf: string;
  now: Date;
  /** Each waiting approval's evidence by approval id (views/approvals.ts draws the approvals section). */
  approvalEvidence?: Record<string, ApprovalEvidence>;
  /** The candidate refunds of the first pending reviews, by run id (views/review.ts); others are settled from the run page. */
  reviewContexts?: ReadonlyMap<string, ReviewContext>;
}

const runLink = (runId: string) => `<a href="/runs/${encodeURIComponent(runId)}">${escaped(runId)}</a>`;

const REVIEW_COLUMNS: readonly Column[] = [
  { label: 'Run', kind: 'lead' },
  { label: 'Order', kind: 'id' },
  { label: 'Amount', kind: 'amount' },
  { label: 'Why', kind: 'text' },
  { label: 'Since', kind: 'time' },
  { label: 'Settle', kind: 'actions' },
];

function reviews(view: QueuesView): string {
  const rows = view.reviews.map((run) => {
    const form = view.canSettle ? reviewForm(run, view.csrf, 'queues', view.reviewContexts?.get(run.runId)) : '<span class="muted">an operator settles</span>';
    const amount = run.refundIntent
      ? money(run.refundIntent.amountMinor, run.refundIntent.currency)
      : run.gate
        ? money(run.gate.amountMinor, run.gate.currency)
        : '';
    return [
      `${whole(runLink(run.runId))}<br>${customerHtml(run)}`,
      orderHtml(run, view.linksOf?.(run)),
      escaped(amount),
      wholeTokens(escaped(daysInWords(run.escalation?.reason ?? 'refund outcome unknown'))),
      time(run.updatedAt),
      form,
    ];
  });
  return `<section aria-labelledby="q-reviews"><h2 id="q-reviews">Pending review (${view.reviews.length})</h2>
<p class="muted">The agent sent a refund and could not tell whether it happened. Look at the order in Shopify, then say what you found: the refund's id settles the run as refunded; "no refund" frees its idempotency key and leaves the ticket with the team.</p>
${listTable({ columns: REVIEW_COLUMNS, rows, empty: 'No refund waits for a review.' })}</section>`;
}

const DEAD_LETTER_COLUMNS: readonly Column[] = [
  { label: 'Message', kind: 'lead' },
  { label: 'Run', kind: 'id' },
  { label: 'Ticket', kind: 'id' },
  { label: 'Reason', kind: 'text' },
  { label: 'Receives', kind: 'amount' },
  { label: 'Failed at', kind: 'time' },
  { label: 'Retry', kind: 'actions' },
];

function deadLetters(view: QueuesView): string {
  const rows = view.deadLetters.map((d) => {
    const form = view.canRetry
      ? `<form class="action" method="post" action="/queues/dead-letters/${encodeURIComponent(d.messageId)}/retry" aria-label="Retry dead letter ${escaped(d.messageId)}">${csrfField(view.csrf)}<button type="submit" class="primary">Retry</button></form>`
      : '<span class="muted">an operator retries</span>';
    return [
      whole(`<code>${escaped(d.messageId)}</code>`),
      d.runId ? escaped(d.runId) : '<span class="muted">not a ticket</span>',
      escaped(d.ticketId ?? ''),
      escaped(d.reason ?? 'no reason recorded'),
      escaped(d.receiveCount ?? ''),
      time(d.failedAt),
      form,
    ];
  });
  return `<section aria-labelledby="q-dead"><h2 id="q-dead">Dead letters (${view.deadLetters.length})</h2>
${listTable({ columns: DEAD_LETTER_COLUMNS, rows, empty: 'The dead-letter queue is empty.' })}</section>`;
}

const TEAM_COLUMNS: readonly Column[] = [
  { label: 'Run', kind: 'lead' },
  { label: 'Ticket', kind: 'id' },
  { label: 'Order', kind: 'id' },
  { label: 'Why it stopped', kind: 'text' },
  { label: 'Stopped at', kind: 'word' },
  { label: 'Cancelled', kind: 'time' },
  { label: 'Actions', kind: 'actions' },
];

/** The cancel's reason as a sentence: "Cancelled in the console by lead@shop.example: wrong order". */
const cancelWords = (run: Run): string => {
  const reason = daysInWords(run.cancellation?.reason ?? 'cancelled');
  return reason.charAt(0).toUpperCase() + reason.slice(1);
};

function withTheTeam(view: QueuesView): string {
  const runs = view.withTheTeam ?? [];
  const rows = runs.map((run) => [
    `${whole(runLink(run.runId))}<br>${customerHtml(run)}`,
    ticketHtml(run, view.linksOf?.(run)),
    orderHtml(run, view.linksOf?.(run)),
    wholeTokens(escaped(cancelWords(run))),
    escaped(stateName(run.cancellation?.state ?? run.state)),
    time(run.cancellation?.at ?? run.updatedAt),
    view.actions ? runActionForms(run, view.actions, 'queues') : '<span class="muted">a lead acts</span>',
  ]);
  return `<section aria-labelledby="q-team"><h2 id="q-team">With the team (${runs.length})</h2>
<p class="muted">Runs cancelled before the agent left a reply: nothing was refunded and the customer still waits for an answer. Answer each in the helpdesk (its ticket's link), or hand it to the team with a note; handed back, it leaves this queue. A ticket solved or closed in the helpdesk is not listed.</p>
${listTable({ columns: TEAM_COLUMNS, rows, empty: 'No cancelled run leaves a customer waiting.' })}</section>`;
}

/**
 * How many of each queue's items are in view before "Show all": an approval (the soonest to expire
 * first) is a card with all its evidence, a phone's screen or more; a row is a short card.
 */
export const IN_VIEW = { approvals: 1, reviews: 3, escalations: 5, withTheTeam: 5, returns: 5, deadLetters: 5 } as const;

/**
 * A queue's section with its first `first` items in view, and when it holds more a "Show all" disclosure
 * after it: while that is closed the others are not drawn (CSS :has, no script); opened, every item and
 * its actions are back in place. A browser without :has shows them all.
 */
function firstItems(section: string, count: number, first: number, noun: string): string {
  if (count <= first) return section;
  return `<div class="queue first-${first}">${section}<details class="more"><summary><span class="closed-only">Show all ${count} ${noun}</span><span class="open-only">Show the first ${first} only</span></summary></details></div>`;
}

const hideAfter = (n: number) =>
  `.queue.first-${n}:has(>details.more:not([open])) :is(section>article:nth-of-type(n+${n + 1}),section>.scroll>table.list>tbody>tr:nth-child(n+${n + 1})){display:none}`;

const QUEUES_STYLE = `<style>
${[...new Set(Object.values(IN_VIEW))].map(hideAfter).join('\n')}
details.more{margin:-4px 0 16px}details.more>summary{cursor:pointer;color:#0b57d0;text-decoration:underline;padding:4px 0}
details.more:not([open]) .open-only,details.more[open] .closed-only{display:none}
@media (max-width:600px){
table.list td.k-lead .customer br{display:none}table.list td.k-lead .customer>.muted{margin-left:.4em}
}
</style>`;

export function queuesContent(view: QueuesView): string {
  const returns = view.returns ?? [];
  const team = view.withTheTeam ?? [];
  return `${QUEUES_STYLE}<p><a href="#q-approvals">Approvals</a> · <a href="#q-reviews">Pending review</a> · <a href="#q-escalations">Escalations</a> · <a href="#q-team">With the team</a> · <a href="#q-returns">Returns</a> · <a href="#q-dead">Dead letters</a></p>
${[
  firstItems(
    approvalsSection({ approvals: view.approvals, evidence: view.approvalEvidence ?? {}, canDecide: view.canDecide, linksOf: view.linksOf }),
    view.approvals.length,
    IN_VIEW.approvals,
    'approvals waiting',
  ),
  firstItems(reviews(view), view.reviews.length, IN_VIEW.reviews, 'pending reviews'),
  firstItems(
    escalationsSection({ escalations: view.escalations, actions: view.actions, linksOf: view.linksOf }),
    view.escalations.length,
    IN_VIEW.escalations,
    'escalations',
  ),
  firstItems(withTheTeam(view), team.length, IN_VIEW.withTheTeam, 'cancelled runs with the team'),
  firstItems(
    returnsSection({ returns, actions: view.actions, linksOf: view.linksOf }),
    returns.filter((r) => r.returnCase).length,
    IN_VIEW.returns,
    'returns in flight',
  ),
  firstItems(deadLetters(view), view.deadLetters.length, IN_VIEW.deadLetters, 'dead letters'),
].join('')}`;
}
