// The returns in flight: every run waiting for a returned parcel, the soonest to close first, with
// what comes back (and what an exchange ships instead), the refund due on receipt, the label and
// tracking where the store has them, since when it waits and the day it is closed with nothing
// refunded; a lead marks the parcel received, gives it more days or cancels the return from here as
// from the run page (run-actions.ts draws the forms, return-actions.ts checks them again). Pure.
import type { Run } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import { customerHtml, orderHtml } from './case.js';
import { daysInWords, escaped, money, time } from './layout.js';
import { listTable, sub, whole, type Column } from './list-table.js';
import { runActionForms, type RunActionsView } from './run-actions.js';

export interface ReturnsQueueView {
  returns: Run[];
  actions?: RunActionsView;
  linksOf?: (run: Run) => RunLinks;
}

const runLink = (runId: string) => `<a href="/runs/${encodeURIComponent(runId)}">${escaped(runId)}</a>`;

/** "1 × Linen shirt", and for an exchange "→ 1 × Large / Blue". */
function whatComesBack(run: Run): string {
  const c = run.returnCase!;
  const back = c.lines.map((l) => `${l.quantity} × ${escaped(run.order?.lineItems.find((li) => li.id === l.lineItemId)?.title ?? 'item')}`).join(', ');
  const instead = (c.exchange ?? []).map((e) => `${e.quantity} × ${escaped(e.title)}`).join(', ');
  return instead ? `${back}<br><span class="muted">ships instead:</span> ${instead}` : back;
}

/** The label and the parcel's tracking, where the store has them. */
function parcel(run: Run): string {
  const label = run.returnCase?.label;
  if (!label) return '<span class="muted">no label (the return address)</span>';
  const parts = [
    label.url ? `<a href="${escaped(label.url)}">label</a>` : '',
    label.trackingUrl
      ? `<a href="${escaped(label.trackingUrl)}">tracking ${escaped(label.trackingNumber ?? '')}</a>`
      : label.trackingNumber
        ? `tracking ${escaped(label.trackingNumber)}`
        : '',
  ].filter(Boolean);
  return parts.join('<br>') || '<span class="muted">label sent, no tracking yet</span>';
}

const STATUS_WORDS: Readonly<Record<NonNullable<Run['returnCase']>['status'], string>> = {
  open: 'waiting for the parcel',
  refunded: 'refunded on receipt',
  exchanged: 'the new item shipped',
  closed: 'closed, nothing refunded',
  cancelled: 'cancelled',
};

/** The run page's return: what it is now, then its timeline across the days (opened, extended, received, refunded, closed). '' without one. */
export function returnCaseSection(run: Run): string {
  const c = run.returnCase;
  if (!c) return '';
  const due =
    c.decidedAmountMinor > 0 ? `${money(c.decidedAmountMinor, c.currency)} on receipt` : c.exchange?.length ? 'nothing to refund (an exchange)' : 'nothing';
  const events = c.events.map((e) => `<li>${time(e.at)}: ${escaped(daysInWords(e.what))} <span class="muted">(${escaped(e.by)})</span></li>`).join('');
  return `<section aria-labelledby="return-case"><h2 id="return-case">Return ${escaped(c.name)}: ${escaped(STATUS_WORDS[c.status])}</h2>
<p>Comes back: ${whatComesBack(run)}. Refund: ${escaped(due)}. Parcel: ${parcel(run)}. Closes ${time(c.receiveBy)} if nothing arrives.</p>
<ol class="timeline">${events}</ol></section>`;
}

const COLUMNS: readonly Column[] = [
  { label: 'Run', kind: 'lead' },
  { label: 'Order', kind: 'id' },
  { label: 'Comes back', kind: 'text' },
  { label: 'Refund on receipt', kind: 'amount' },
  { label: 'Parcel', kind: 'text' },
  { label: 'Waiting since', kind: 'time' },
  { label: 'Closes', kind: 'time' },
  { label: 'Act', kind: 'actions' },
];

export function returnsSection(view: ReturnsQueueView): string {
  const soonest = [...view.returns].filter((r) => r.returnCase).sort((a, b) => a.returnCase!.receiveBy.localeCompare(b.returnCase!.receiveBy));
  const rows = soonest.map((run) => {
    const c = run.returnCase!;
    const due = c.decidedAmountMinor > 0 ? money(c.decidedAmountMinor, c.currency) : c.exchange?.length ? 'nothing (an exchange)' : money(0, c.currency);
    const forms = view.actions ? runActionForms(run, view.actions, 'queues') : '';
    return [
      `${whole(runLink(run.runId))}<br>${customerHtml(run)}`,
      `${orderHtml(run, view.linksOf?.(run))}${sub(escaped(c.name))}`,
      whatComesBack(run),
      escaped(due),
      parcel(run),
      time(c.openedAt),
      time(c.receiveBy),
      forms || '<span class="muted">a lead acts</span>',
    ];
  });
  return `<section aria-labelledby="q-returns"><h2 id="q-returns">Returns in flight (${soonest.length})</h2>
<p class="muted">Each waits for its parcel; the refund on receipt was decided when the return was opened. A return not received by its closing day is closed with nothing refunded.</p>
${listTable({ columns: COLUMNS, rows, empty: 'No return is waiting for its parcel.' })}</section>`;
}
