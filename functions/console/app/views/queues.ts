// The queues a person works through: approvals waiting (with their expiry), runs pending review (the
// refund's outcome unknown: settle it from what Shopify shows), escalations, and dead letters (retry
// one; escalations, with their actions, are drawn by escalations.ts). Each action is a form posting
// with the CSRF token; a person without the role sees the queue read-only. Dead letters show ids
// only: their bodies are ticket events (customer text). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { reviewForm, type ReviewContext } from './review.js';
import { escalationsSection } from './escalations.js';
import type { RunActionsView } from './run-actions.js';
import { csrfField, escaped, money, time } from './layout.js';
import { listTable, whole, wholeTokens, type Column } from './list-table.js';
import type { RunLinks } from '../links.js';
import { customerHtml, orderHtml } from './case.js';
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
      wholeTokens(escaped(run.escalation?.reason ?? 'refund outcome unknown')),
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

export function queuesContent(view: QueuesView): string {
  return `<p><a href="#q-approvals">Approvals</a> · <a href="#q-reviews">Pending review</a> · <a href="#q-escalations">Escalations</a> · <a href="#q-returns">Returns</a> · <a href="#q-dead">Dead letters</a></p>
${approvalsSection({ approvals: view.approvals, evidence: view.approvalEvidence ?? {}, canDecide: view.canDecide, linksOf: view.linksOf })}${reviews(view)}${escalationsSection({ escalations: view.escalations, actions: view.actions, linksOf: view.linksOf })}${returnsSection({ returns: view.returns ?? [], actions: view.actions, linksOf: view.linksOf })}${deadLetters(view)}`;
}
