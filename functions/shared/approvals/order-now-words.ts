// The order's state now (order-now.ts) in sentences a lead reads: another approval pending on the
// same order, a refund approved and being issued, a refund made since the approval was raised, and
// why an approval can no longer be carried out, and that the store could not be read when it could not.
// Money in the store's format, dates in its time zone.
// Shared by the email, the approval page, the console and the escalation note, so all say the same.
import type { Formats } from './formats.js';
import type { OrderNow, OtherApproval, RefundSince } from './order-now.js';

/** A sentence about another approval on the order, with where to open it (null: no link for this reader). */
export interface OtherApprovalWords {
  runId: string;
  approvalId: string;
  text: string;
  href: string | null;
}

export const pendingWords = (o: OtherApproval, fmt: Formats) =>
  `Another approval is pending on this order: run ${o.runId} (ticket ${o.ticketId}), ${fmt.money(o.amountMinor, o.currency)}, requested ${fmt.dateTime(o.requestedAt)}. Deciding one re-checks the other.`;

export const approvedWords = (o: OtherApproval, fmt: Formats) =>
  `Another refund on this order was approved${o.decidedAt ? ` on ${fmt.dateTime(o.decidedAt)}` : ''} and is being issued: run ${o.runId} (ticket ${o.ticketId}), ${fmt.money(o.amountMinor, o.currency)}.`;

/** A refund no run recorded (made by hand in Shopify admin, say) is said to be the store's, without guessing by whom. */
export const refundSinceWords = (r: RefundSince, fmt: Formats) =>
  r.runId === null
    ? `refund of ${fmt.money(r.amountMinor, r.currency)} made in the store on ${fmt.date(r.createdAt)}`
    : `refund of ${fmt.money(r.amountMinor, r.currency)} made on ${fmt.date(r.createdAt)} by run ${r.runId}`;

/** Said beside the figures when the store was asked and could not answer: they are the runs' alone. */
export const STORE_UNREADABLE_WORDS = "The store could not be read just now; this is what the agent's own runs show.";

/** The sentence about where "still refundable" comes from, when a lead must know it; null when the store answered (or was not asked). */
export const sourceInWords = (now: OrderNow | null): string | null => (now?.storeUnreadable ? STORE_UNREADABLE_WORDS : null);

/** The other approvals on the order, pending and being refunded, as sentences with their links. */
export function otherApprovalsInWords(now: OrderNow | null, fmt: Formats, linkTo: (approvalId: string) => string | null): OtherApprovalWords[] {
  if (!now) return [];
  return [
    ...now.pending.map((o) => ({ runId: o.runId, approvalId: o.approvalId, text: pendingWords(o, fmt), href: linkTo(o.approvalId) })),
    ...now.approved.map((o) => ({ runId: o.runId, approvalId: o.approvalId, text: approvedWords(o, fmt), href: linkTo(o.approvalId) })),
  ];
}

/** What changed on the order since the approval was raised, one sentence per refund. */
export function changesInWords(now: OrderNow | null, fmt: Formats): string[] {
  if (!now) return [];
  return now.refundsSince.map((r) => {
    const words = refundSinceWords(r, fmt);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}, after this approval was requested.`;
  });
}

/**
 * Why the approved refund cannot be made now, in one sentence ("Not refunded: order #1001 has nothing
 * left to refund — refund of $16.00 made on 12 Nov 2026 by run …"); null when it still can.
 */
export function notCarriedOutInWords(now: OrderNow | null, orderNumber: string, fmt: Formats): string | null {
  if (!now || now.shortfall.length === 0) return null;
  const what = now.shortfall.every((s) => s.left === 0)
    ? `order #${orderNumber} has nothing left to refund`
    : `order #${orderNumber} has ${now.shortfall.map((s) => `only ${s.left} of the ${s.claimed} “${s.title}” claimed`).join(' and ')} left to refund`;
  const causes = [
    ...now.refundsSince.map((r) => refundSinceWords(r, fmt)),
    ...now.approved.map((o) => `a refund of ${fmt.money(o.amountMinor, o.currency)} approved for run ${o.runId} is being issued`),
  ];
  return `Not refunded: ${what}${causes.length > 0 ? ` — ${causes.join('; ')}` : ''}.`;
}
