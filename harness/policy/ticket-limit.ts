// One ticket, several requests (docs/policy.md): each request is its own run, but the automatic limit
// holds for the ticket. The automatic refunds the ticket's other runs made or reserved count toward
// it, and every refund of the ticket counts in the customer's refund history of the next, unless the
// store's own history read for this run already holds it. Pure: the gate step reads the ticket's
// ledger and gives the refunds here.
import type { OrderFacts, TicketRefund } from '../domain/types.js';
import type { Policy } from './document.js';
import { moneyWords } from './reason-words.js';
import { RULES } from './rules.js';

type Finding = { rule: string; reason: string };

/** What the other runs of the ticket refunded automatically, in the order's currency (a refund in another counts in full: no conversion). */
function autoTotal(refunds: readonly TicketRefund[]): number {
  return refunds.filter((r) => r.decidedBy === 'auto').reduce((sum, r) => sum + r.amountMinor, 0);
}

/** The ticket's automatic refunds together stay within the limit: this one on top of the others'. */
export function ticketLimitReasons(
  refunds: readonly TicketRefund[] | undefined,
  amountMinor: number,
  order: Pick<OrderFacts, 'currency'>,
  policy: Policy,
): Finding[] {
  if (!refunds?.length) return [];
  const others = autoTotal(refunds);
  const limit = policy.document.autoRefundLimitMinor;
  if (others === 0 || others + amountMinor <= limit) return [];
  return [
    {
      rule: RULES.ticketOverAutoLimit,
      reason: `with the ${moneyWords(others, order.currency)} this ticket's other requests refunded automatically, ${moneyWords(amountMinor, order.currency)} more comes to ${moneyWords(others + amountMinor, order.currency)}, over the ${moneyWords(limit, order.currency)} automatic limit for one ticket`,
    },
  ];
}

/**
 * The ticket's refunds the store's history read for this run does not hold yet: a refund on the same
 * order made at or after the ticket's record of it is that refund (one refund per run, one run per order).
 */
export function ticketRefundsNotInHistory(refunds: readonly TicketRefund[] | undefined, order: Pick<OrderFacts, 'recentRefunds'>): TicketRefund[] {
  const history = order.recentRefunds ?? [];
  return (refunds ?? []).filter((r) => !history.some((h) => h.orderNumber === r.orderNumber && Date.parse(h.createdAt) >= Date.parse(r.at) - 60_000));
}
