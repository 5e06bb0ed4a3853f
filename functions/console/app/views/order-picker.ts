// The order picker of an escalated run whose order a person must choose: each candidate order with
// its date, its items and what was paid, a link to it in the store, and a radio only where a re-run
// bound to it can succeed; an order that cannot be picked is listed with why. Drawn from the
// candidates the page read from the store (order-candidates.ts); when the store did not answer, the
// numbers the customer wrote are offered alone and the page says so. Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { bareCandidate, type CandidateOrder, type OrderCandidates } from '../order-candidates.js';
import { csrfField, escaped, formats, money } from './layout.js';

export interface OrderPick {
  candidates: OrderCandidates;
  /** The order's page in the store (Shopify admin, or the sandbox's locally); null: no link. */
  orderLink(order: CandidateOrder): { label: string; url: string } | null;
}

const runHref = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

function itemsText(order: CandidateOrder): string {
  if (order.items.length === 0) return '';
  const shown = order.items.slice(0, 4).map((i) => `${i.title}${i.quantity === 1 ? '' : ` × ${i.quantity}`}`);
  const more = order.items.length > 4 ? `, and ${order.items.length - 4} more` : '';
  return `${shown.join(', ')}${more}`;
}

/** One order's facts as a sentence: "placed Nov 16, 2026 · Mug, Plate × 2 · paid $62.00 · nothing left to refund". */
function factsOf(order: CandidateOrder): string {
  const parts: string[] = [];
  if (order.createdAt) parts.push(`placed ${escaped(formats().date(order.createdAt))}`);
  const items = itemsText(order);
  if (items) parts.push(escaped(items));
  if (order.paid) parts.push(`paid <span class="nw">${escaped(money(order.paid.amountMinor, order.paid.currency))}</span>`);
  if (order.refundable && order.refundable.amountMinor === 0) parts.push('nothing left to refund');
  if (order.unread) parts.push('could not be read from the store just now');
  return parts.join(' · ');
}

function linkOf(pick: OrderPick, order: CandidateOrder): string {
  const link = order.id ? pick.orderLink(order) : null;
  return link ? ` <a href="${escaped(link.url)}">${escaped(link.label)}</a>` : '';
}

function choice(runId: string, pick: OrderPick, order: CandidateOrder): string {
  const id = `pick-${escaped(runId)}-${escaped(order.number)}`;
  const facts = factsOf(order);
  const factsHtml = facts ? `<span class="facts">${facts}</span>` : '';
  if (order.refusal !== null)
    return `<li class="muted"><strong class="nw">Order #${escaped(order.number)}</strong>${factsHtml}<span class="facts">Cannot be picked: ${escaped(order.refusal)}.${linkOf(pick, order)}</span></li>`;
  return `<li><label for="${id}"><input type="radio" id="${id}" name="orderNumber" value="${escaped(order.number)}" required> <strong class="nw">Order #${escaped(order.number)}</strong>${factsHtml}</label><span class="facts">${linkOf(pick, order).trim()}</span></li>`;
}

function legendOf(candidates: OrderCandidates): string {
  if (candidates.source === 'written') return 'Which order is the ticket about? The orders the customer wrote:';
  return `The ticket names no order. Which of the customer's orders is it about? Newest first:`;
}

/** The picker's form, or '' when no order can be picked (the caller then offers what else there is). */
export function orderPickerForm(run: Run, pick: OrderPick, csrf: string, back: 'run' | 'queues'): string {
  const { candidates } = pick;
  const orders = candidates.kind === 'read' ? candidates.orders : candidates.numbers.map((number) => bareCandidate(number));
  if (!orders.some((o) => o.refusal === null)) return '';
  const runId = escaped(run.runId);
  const unread = candidates.kind === 'unreadable' ? '<p class="muted">The store could not be read just now: the orders are shown by number only.</p>' : '';
  const more = candidates.kind === 'read' && candidates.more ? `<p class="muted">The customer has more orders; the newest are shown.</p>` : '';
  return `<form class="action picker" method="post" action="${runHref(run.runId)}/rerun" aria-label="Pick the order of ${runId}">${csrfField(csrf)}
<input type="hidden" name="back" value="${back}"><fieldset><legend>${legendOf(candidates)}</legend>${unread}<ul class="picks">${orders.map((o) => choice(run.runId, pick, o)).join('')}</ul>${more}</fieldset>
<button type="submit" class="primary">Re-run bound to this order</button></form>`;
}

/** Why no order can be picked, as a sentence (each order with its reason), or ''. */
export function noPickNote(pick: OrderPick): string {
  const { candidates } = pick;
  if (candidates.kind === 'unreadable')
    return candidates.source === 'requester'
      ? `<p class="muted">The customer's orders could not be read from the store just now; open the page again to pick one.</p>`
      : '';
  if (candidates.orders.length === 0) return `<p class="muted">The store has no orders for the customer's email: there is no order to pick.</p>`;
  if (candidates.orders.some((o) => o.refusal === null)) return '';
  return `<p class="muted">No order can be picked:</p><ul class="picks">${candidates.orders.map((o) => choice('none', pick, o)).join('')}</ul>`;
}
