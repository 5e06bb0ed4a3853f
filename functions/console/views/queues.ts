// The queues a person works through: approvals waiting (with their expiry), runs pending review (the
// refund's outcome unknown: settle it from what Shopify shows), escalations, and dead letters (retry
// one). Each action is a form posting with the CSRF token; a person without the role sees the queue
// read-only. Dead letters show ids only: their bodies are ticket events (customer text). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { reviewForm } from './timeline.js';
import { csrfField, dollars, e, money, statusBadge, time } from './layout.js';

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
  deadLetters: DeadLetterRow[];
  canDecide: boolean;
  canSettle: boolean;
  canRetry: boolean;
  csrf: string;
  now: Date;
}

const runLink = (runId: string) => `<a href="/runs/${encodeURIComponent(runId)}">${e(runId)}</a>`;

function hoursLeft(expiresAt: string, now: Date): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  if (ms <= 0) return 'expired';
  const h = Math.floor(ms / 3600_000);
  const m = Math.floor((ms % 3600_000) / 60_000);
  return `${h} h ${m} min left`;
}

function approvals(view: QueuesView): string {
  const rows = view.approvals
    .filter((run) => run.approval)
    .map((run) => {
      const a = run.approval!;
      const form =
        view.canDecide && a.status === 'pending'
          ? `<form class="action" method="post" action="/queues/approvals/${encodeURIComponent(a.approvalId)}" aria-label="Decide approval for ${e(run.runId)}">${csrfField(view.csrf)}
<input type="hidden" name="back" value="queues">
<label for="reason-${e(a.approvalId)}">Reason (optional)<input id="reason-${e(a.approvalId)}" name="reason" maxlength="300" size="22"></label>
<button type="submit" name="decision" value="approve" class="primary">Approve</button>
<button type="submit" name="decision" value="reject" class="danger">Reject</button></form>`
          : '<span class="muted">a lead decides</span>';
      return `<tr><td>${runLink(run.runId)}</td><td>${e(run.order?.orderNumber ?? '')}</td><td class="num">${e(money(a.amountMinor, a.currency))}</td>
<td>${e(run.gate?.reasons.join('; ') ?? '')}</td><td>${time(a.expiresAt)}<br><span class="muted">${e(hoursLeft(a.expiresAt, view.now))}</span></td><td>${form}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="q-approvals"><h2 id="q-approvals">Approvals waiting (${view.approvals.length})</h2>
<table><thead><tr><th scope="col">Run</th><th scope="col">Order</th><th scope="col">Amount</th><th scope="col">Why a person decides</th><th scope="col">Expires</th><th scope="col">Decision</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">Nothing waits for approval.</td></tr>'}</tbody></table></section>`;
}

function reviews(view: QueuesView): string {
  const rows = view.reviews
    .map((run) => {
      const form = view.canSettle ? reviewForm(run, view.csrf, 'queues') : '<span class="muted">an operator settles</span>';
      const amount = run.refundIntent
        ? money(run.refundIntent.amountMinor, run.refundIntent.currency)
        : run.gate
          ? money(run.gate.amountMinor, run.gate.currency)
          : '';
      return `<tr><td>${runLink(run.runId)}</td><td>${e(run.order?.orderNumber ?? '')}</td><td class="num">${e(amount)}</td><td>${e(run.escalation?.reason ?? 'refund outcome unknown')}</td><td>${time(run.updatedAt)}</td><td>${form}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="q-reviews"><h2 id="q-reviews">Pending review (${view.reviews.length})</h2>
<p class="muted">The agent sent a refund and could not tell whether it happened. Look at the order in Shopify, then say what you found: the refund's id settles the run as refunded; "no refund" frees its idempotency key and leaves the ticket with the team.</p>
<table><thead><tr><th scope="col">Run</th><th scope="col">Order</th><th scope="col">Amount</th><th scope="col">Why</th><th scope="col">Since</th><th scope="col">Settle</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No refund waits for a review.</td></tr>'}</tbody></table></section>`;
}

function escalations(view: QueuesView): string {
  const rows = view.escalations
    .map(
      (run) =>
        `<tr><td>${runLink(run.runId)}</td><td>${statusBadge(run.status)}</td><td>${e(run.ticket.ticketId)}</td><td>${e(run.escalation?.reason ?? '')}</td><td>${e(run.escalation?.step ?? '')}</td><td class="num">${e(dollars(run.costMicros))}</td><td>${time(run.updatedAt)}</td></tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="q-escalations"><h2 id="q-escalations">Escalations (${view.escalations.length})</h2>
<table><thead><tr><th scope="col">Run</th><th scope="col">Status</th><th scope="col">Ticket</th><th scope="col">Reason</th><th scope="col">From state</th><th scope="col">Cost</th><th scope="col">When</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No escalations.</td></tr>'}</tbody></table></section>`;
}

function deadLetters(view: QueuesView): string {
  const rows = view.deadLetters
    .map((d) => {
      const form = view.canRetry
        ? `<form class="action" method="post" action="/queues/dead-letters/${encodeURIComponent(d.messageId)}/retry" aria-label="Retry dead letter ${e(d.messageId)}">${csrfField(view.csrf)}<button type="submit" class="primary">Retry</button></form>`
        : '<span class="muted">an operator retries</span>';
      return `<tr><td><code>${e(d.messageId)}</code></td><td>${d.runId ? e(d.runId) : '<span class="muted">not a ticket</span>'}</td><td>${e(d.ticketId ?? '')}</td><td>${e(d.reason ?? 'no reason recorded')}</td><td class="num">${e(d.receiveCount ?? '')}</td><td>${time(d.failedAt)}</td><td>${form}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="q-dead"><h2 id="q-dead">Dead letters (${view.deadLetters.length})</h2>
<table><thead><tr><th scope="col">Message</th><th scope="col">Run</th><th scope="col">Ticket</th><th scope="col">Reason</th><th scope="col">Receives</th><th scope="col">Failed at</th><th scope="col">Retry</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">The dead-letter queue is empty.</td></tr>'}</tbody></table></section>`;
}

export function queuesContent(view: QueuesView): string {
  return `<p><a href="#q-approvals">Approvals</a> · <a href="#q-reviews">Pending review</a> · <a href="#q-escalations">Escalations</a> · <a href="#q-dead">Dead letters</a></p>
${approvals(view)}${reviews(view)}${escalations(view)}${deadLetters(view)}`;
}
