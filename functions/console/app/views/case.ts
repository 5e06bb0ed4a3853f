// Who and what a run is about, as a person reads it: the customer's name and email (from the
// helpdesk's requester and the order the harness read), and each line as "1 × Stoneware mug (Blue)"
// from the order's own titles, the line-item id only when the title is unknown.
// One wording, so every view says it alike.
import { orderNumberOf } from '#functions/shared/domain/run-summary.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunLinks } from '../links.js';
import { escaped } from './layout.js';

export interface Customer {
  name: string | null;
  email: string | null;
}

export function customerOf(run: Run): Customer {
  return { name: run.ticket.requesterName?.trim() || null, email: run.ticket.requesterEmail ?? run.order?.customerEmail ?? null };
}

/** Name over email, in a cell or a fact; empty when neither is known. */
export function customerHtml(run: Run): string {
  const { name, email } = customerOf(run);
  if (!name && !email) return '';
  if (!name) return `<span class="customer">${escaped(email)}</span>`;
  return `<span class="customer">${escaped(name)}${email ? `<br><span class="muted">${escaped(email)}</span>` : ''}</span>`;
}

const tail = (id: string) => id.split('/').at(-1) ?? id;

/** The line's title on the run's order ("Stoneware mug (Blue)"), else its id's last part. */
export function lineTitle(run: Pick<Run, 'order'>, lineItemId: string): string {
  const lines = run.order?.lineItems ?? [];
  const line = lines.find((l) => l.id === lineItemId) ?? lines.find((l) => tail(l.id) === tail(lineItemId));
  return line?.title || tail(lineItemId);
}

/** "2 × Oak coaster, 1 × Stoneware mug (Blue)": plain text (escape it where it goes into HTML). */
export function linesText(run: Pick<Run, 'order'>, lines: ReadonlyArray<{ lineItemId: string; quantity: number }>): string {
  return lines.map((l) => `${l.quantity} × ${lineTitle(run, l.lineItemId)}`).join(', ');
}

/**
 * A journal row's detail with the run's line-item ids (GIDs or their numbers) read as titles, so
 * "1 x 11008" becomes "1 x Stoneware mug (Blue)". Only ids of the run's own lines are replaced.
 */
export function withLineTitles(run: Pick<Run, 'order'>, detail: string): string {
  let text = detail;
  for (const line of run.order?.lineItems ?? []) {
    if (!line.title) continue;
    text = text.split(line.id).join(line.title);
    const number = tail(line.id);
    if (/^\d{3,}$/.test(number)) text = text.replace(new RegExp(`(?<![\\w/-])${number}(?![\\w/-])`, 'g'), line.title);
  }
  return text;
}

/** "#1001" as a link to where the order lives when there is one; empty without an order number. */
export function orderHtml(run: Run, links?: Pick<RunLinks, 'order'>): string {
  const number = orderNumberOf(run);
  if (!number) return '';
  return links?.order ? `<a href="${escaped(links.order.url)}" title="${escaped(links.order.label)}">#${escaped(number)}</a>` : `#${escaped(number)}`;
}

/** The ticket id as a link to the ticket in its helpdesk when there is one. */
export function ticketHtml(run: Run, links?: Pick<RunLinks, 'ticket'>): string {
  const id = run.ticket.ticketId;
  return links?.ticket ? `<a href="${escaped(links.ticket.url)}" title="${escaped(links.ticket.label)}">${escaped(id)}</a>` : escaped(id);
}
