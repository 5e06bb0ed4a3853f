// The orders a ticket names, read from the customer's own words, and whether a person's pick is one
// of them. One rule for the console (which offers and checks the pick) and CheckOrder (which binds a
// re-run to it and checks it again): a person may choose among the order numbers the customer
// wrote, never an order the words do not name. A ticket that names no order is picked among the
// requester's own orders: CheckOrder looks those up by the requester's email and binds only to one
// of them (and checks its owner again), so a pick there can never reach another customer. Pure.
import { normalizeForMatch, orderNumbersIn } from '#harness/policy/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { customerWords } from './words/customer-words.js';

const digitsIn = (text: string) => new Set(normalizeForMatch(text).match(/\d{3,12}/g) ?? []);

/**
 * The order numbers the customer wrote: those written as order numbers ("#1003", "order 992"), and
 * those the triage read as order numbers that occur as digits in the words ("orders 992 and 1003").
 */
export function ticketOrderNumbers(run: Pick<Run, 'ticket' | 'followUps' | 'triage'>): string[] {
  const words = customerWords(run).join('\n');
  const inText = digitsIn(words);
  const mentioned = (run.triage?.orderNumbersMentioned ?? []).filter((n) => inText.has(n));
  return [...new Set([...orderNumbersIn(words), ...mentioned])];
}

/** Whether a pick is made among the requester's orders (found by their email) because the words name none. */
export function picksAmongRequesterOrders(run: Pick<Run, 'ticket' | 'followUps' | 'triage'>): boolean {
  return ticketOrderNumbers(run).length === 0;
}

/**
 * Null when `orderNumber` is one the customer wrote, or any order number when they wrote none (then
 * CheckOrder binds it only if it is one of the requester's orders); else why it cannot be picked.
 */
export function orderChoiceRefusal(run: Pick<Run, 'ticket' | 'followUps' | 'triage'>, orderNumber: string): string | null {
  if (!/^\d{1,12}$/.test(orderNumber)) return 'an order number is digits only';
  const written = ticketOrderNumbers(run);
  if (written.length === 0 || written.includes(orderNumber)) return null;
  return `order ${orderNumber} is not one the customer wrote on the ticket`;
}
