// A ticket with several requests is several runs, one per order (shared/domain/ticket-requests.ts);
// a lead reads them together: on each run page, every request of the ticket with its run's status and
// refund, and the one reply the last run to end left for all of them. A run's own checked draft is
// then only its part of that reply, and says so. Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { escaped, money, statusBadge, time } from './layout.js';
import { engineerDetails, rawPairs } from './details.js';

/** One request of the ticket and its run; `run` is null while the run is not opened yet (it opens asynchronously). */
export interface TicketRequestRun {
  index: number;
  runId: string;
  orderNumber: string | null;
  run: Run | null;
}

/** The one reply left on the ticket for all its requests, and the run that left it. */
export interface OneReply {
  body: string;
  noteId: string | null;
  at: string;
  byRunId: string;
  byIndex: number | null;
}

/** What a run page shows of its ticket's other requests (read by ticket-runs.ts). */
export interface TicketRunsView {
  requests: TicketRequestRun[];
  oneReply: OneReply | null;
}

/** A run's checked draft that waits to be part of the ticket's one reply: it is never posted on its own. */
export const isHeldForOneReply = (run: Run): boolean => !!run.ticketRequests && !!run.draft && run.draft.noteId === null && run.draft.check?.passed === true;

export const HELD_PART_WORDS = "This request's part of the ticket's one reply";

const runHref = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

/** "Request 1 of 2 — order #1010 — done — $20.00 refunded"; the current run's label is no link. */
function requestLine(request: TicketRequestRun, of: number, currentRunId: string): string {
  const label = `Request ${request.index} of ${of}`;
  const current = request.runId === currentRunId;
  const head = current ? `<strong>${label}</strong> (this run)` : request.run ? `<a href="${runHref(request.runId)}">${label}</a>` : label;
  const order = request.orderNumber ? `order #${escaped(request.orderNumber)}` : 'no order named';
  const run = request.run;
  if (!run) return `<li>${head} — ${order} — not started yet</li>`;
  const refunded = run.refund ? ` — ${escaped(money(run.refund.amountMinor, run.refund.currency))} refunded` : '';
  return `<li${current ? ' aria-current="page"' : ''}>${head} — ${order} — ${statusBadge(run.status)}${refunded}</li>`;
}

/** Where the one reply is, or when it will be. */
function oneReplyHtml(view: TicketRunsView, of: number): string {
  const reply = view.oneReply;
  if (!reply) return `<p class="muted">One reply for all requests is left on the ticket once every request has ended.</p>`;
  const by = reply.byIndex ? `request ${reply.byIndex} of ${of}` : 'another run';
  const where = reply.noteId ? 'Left on the ticket as an internal note' : 'Not left on the ticket as a note';
  return `<h3 id="one-reply">One reply for all requests</h3>
<p class="muted">${where} ${time(reply.at)}, by the run of <a href="${runHref(reply.byRunId)}">${by}</a>, the last to end.</p>
<pre style="white-space:pre-wrap">${escaped(reply.body)}</pre>${engineerDetails([rawPairs([['note', reply.noteId]])])}`;
}

/** The run page's section on its ticket's requests; '' for a run of a ticket with one request. */
export function ticketRequestsSection(view: TicketRunsView | null | undefined, currentRunId: string): string {
  if (!view || view.requests.length === 0) return '';
  const of = view.requests.length;
  const lines = view.requests.map((r) => requestLine(r, of, currentRunId)).join('');
  return `<section aria-labelledby="ticket-requests"><h2 id="ticket-requests">This ticket's requests</h2>
<p class="muted">The customer asked about ${of} orders in one ticket; each request is a run of its own.</p>
<ol class="ticket-requests">${lines}</ol>${oneReplyHtml(view, of)}</section>`;
}

/** The runs list's marker beside the order: "request 2 of 2". */
export const requestMarker = (request: { index: number; of: number } | null | undefined): string =>
  request ? ` <span class="badge">request ${escaped(request.index)} of ${escaped(request.of)}</span>` : '';
