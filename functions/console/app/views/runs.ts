// The runs list: filters (status, state, order, ticket, dates, a search over ids, the customer's
// name and email and the order's item titles) as a GET form, one row per run with its customer and links out to the ticket and
// the order, and pages. The runs of one ticket's several requests sit side by side, each marked
// "request 2 of 2" beside its order. The search words stay in the console's own address (never sent elsewhere).
import { StepName } from '#harness/domain/types.js';
import { RunStatus } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import type { Customer } from './case.js';
import { costHtml, daysInWords, escaped, money, statusBadge, time } from './layout.js';
import { listTable, sub, whole, wholeTokens, type Column } from './list-table.js';
import { requestMarker } from './ticket-requests.js';
import { stateName } from './words.js';

export interface RunsFilter {
  status?: RunStatus;
  state?: string;
  order?: string;
  ticket?: string;
  /** YYYY-MM-DD, inclusive, on the run's creation day (UTC). */
  from?: string;
  to?: string;
  /** Words to look for: a run, ticket, order, refund or approval id, an idempotency key, the customer's name or email, an item's title. */
  q?: string;
  page: number;
}

export interface RunRow {
  runId: string;
  customer: Customer;
  /** Where the ticket and the order live (absent: no links here). */
  links?: RunLinks;
  status: string;
  state: string;
  ticketId: string;
  orderNumber: string | null;
  /** One of several requests of its ticket: its place and how many ("request 2 of 2"); null otherwise. */
  request?: { index: number; of: number } | null;
  refundMinor: number | null;
  currency: string | null;
  approval: string | null;
  escalation: string | null;
  costMicros: number;
  createdAt: string;
}

export interface RunsView {
  filter: RunsFilter;
  rows: RunRow[];
  hasNext: boolean;
  /** Runs that matched the filter among those read. */
  matched: number;
  /** How many runs the query read at most (the list is newest first). */
  window: number;
  problems: string[];
}

export const PAGE_SIZE = 25;

/** The query string of a filter (only the fields set), for the pager. */
export function filterQuery(filter: RunsFilter, page: number): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'state', 'order', 'ticket', 'from', 'to', 'q'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A filter's choices: each value as it goes in the address, in words as people read it ("awaiting approval", "Request approval"). */
function select(name: string, label: string, options: readonly string[], current: string | undefined, words: (value: string) => string): string {
  const opts = ['', ...options]
    .map((o) => `<option value="${escaped(o)}"${o === (current ?? '') ? ' selected' : ''}>${o ? escaped(words(o)) : 'any'}</option>`)
    .join('');
  return `<label for="f-${name}">${label}<select id="f-${name}" name="${name}">${opts}</select></label>`;
}

const input = (name: string, label: string, value: string | undefined, extra = '') =>
  `<label for="f-${name}">${label}<input id="f-${name}" name="${name}" value="${escaped(value ?? '')}" ${extra}></label>`;

/** The customer's name over the email (beside it on a phone's card). */
const customerCell = (c: Customer) =>
  c.name || c.email
    ? `<span class="customer">${escaped(c.name ?? c.email)}${c.name && c.email ? ` ${sub(`<span class="muted">${escaped(c.email)}</span>`)}` : ''}</span>`
    : '';

/** The text, as a link out when there is one (its label says where it goes). */
const linked = (text: string, link: { label: string; url: string } | null | undefined) =>
  link ? `<a href="${escaped(link.url)}" title="${escaped(link.label)}">${escaped(text)}</a>` : escaped(text);

const COLUMNS: readonly Column[] = [
  { label: 'Run', kind: 'lead' },
  { label: 'Status', kind: 'word' },
  { label: 'Ticket', kind: 'id' },
  { label: 'Order', kind: 'id' },
  { label: 'Refund', kind: 'amount' },
  { label: 'Approval', kind: 'word' },
  { label: 'Escalation', kind: 'text' },
  { label: 'Cost', kind: 'amount' },
  { label: 'Created', kind: 'time' },
];

/** One run's cells, in COLUMNS' order: the run and its customer first (a card's title on a phone), its state under its status. */
function runCells(r: RunRow): string[] {
  const customer = customerCell(r.customer);
  const order = r.orderNumber ? linked(`#${r.orderNumber}`, r.links?.order) : '';
  const marker = requestMarker(r.request).trim();
  return [
    `${whole(`<a href="/runs/${encodeURIComponent(r.runId)}">${escaped(r.runId)}</a>`)}${customer ? `<br>${customer}` : ''}`,
    `${statusBadge(r.status)}${sub(`<span class="muted">${escaped(stateName(r.state))}</span>`)}`,
    linked(r.ticketId, r.links?.ticket),
    marker ? `${order}${sub(marker)}` : order,
    r.refundMinor !== null && r.currency ? escaped(money(r.refundMinor, r.currency)) : '',
    escaped(r.approval ?? ''),
    wholeTokens(escaped(daysInWords(r.escalation ?? ''))),
    costHtml(r.costMicros),
    time(r.createdAt),
  ];
}

export function runsContent(view: RunsView): string {
  const f = view.filter;
  const form = `<form class="filters" method="get" action="/" role="search" aria-label="Filter runs">
${select('status', 'Status', RunStatus.options, f.status, (o) => o.replace(/_/g, ' '))}
${select('state', 'State', [...StepName.options, 'Cancelled'], f.state, stateName)}
${input('order', 'Order number', f.order, 'inputmode="numeric" pattern="[0-9]{1,12}" size="8"')}
${input('ticket', 'Ticket id', f.ticket, 'size="10"')}
${input('from', 'Created from', f.from, 'type="date"')}
${input('to', 'Created to', f.to, 'type="date"')}
${input('q', 'Search', f.q, 'size="22" maxlength="128" aria-describedby="q-help"')}
<button type="submit" class="primary">Filter</button> <a href="/">Clear</a>
</form><p id="q-help" class="muted">Search finds a customer by name or email, an item by its title (part of it will do), and run, ticket, order, refund and approval ids and idempotency keys.</p>`;
  const problems = view.problems.length ? `<p class="notice error" role="alert">${view.problems.map(escaped).join('<br>')}</p>` : '';
  const rows = view.rows.map(runCells);
  const pager = `<nav class="pager" aria-label="Pages">${f.page > 1 ? `<a href="/${filterQuery(f, f.page - 1)}" rel="prev">Newer runs</a>` : ''}
<span>Page ${f.page}</span>${view.hasNext ? `<a href="/${filterQuery(f, f.page + 1)}" rel="next">Older runs</a>` : ''}</nav>`;
  const table = listTable({
    caption: `${view.matched} run(s) match among the newest ${view.window}`,
    columns: COLUMNS,
    rows,
    empty: 'No runs match. A run starts when a customer writes about an order.',
  });
  return `${form}${problems}
${table}${pager}`;
}
