// The orders a ticket names, read from the customer's own words, and whether a person's pick is one
// of them. One rule for the console (which offers and checks the pick) and CheckOrder (which binds a
// re-run to it and checks it again): a person may choose among the order numbers the customer
// wrote, never an order the words do not name. Pure.
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

/** Null when `orderNumber` is one the customer wrote; else why it cannot be picked. */
export function orderChoiceRefusal(run: Pick<Run, 'ticket' | 'followUps' | 'triage'>, orderNumber: string): string | null {
  if (!/^\d{1,12}$/.test(orderNumber)) return 'an order number is digits only';
  return ticketOrderNumbers(run).includes(orderNumber) ? null : `order ${orderNumber} is not one the customer wrote on the ticket`;
}
