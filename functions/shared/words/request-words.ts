// The customer's words as one of several requests of a ticket reads them: a sentence that names
// another order of the ticket, and neither this run's order nor any item of it, is that other
// request's (its "store credit is fine", its "I don't need it any more") and is left out, so it cannot
// count for or against this one. Every other sentence stays, the ones naming no order included (a
// closing "refunds on all three please" is every request's): nothing said of this order's items is
// ever dropped. A run of a ticket with one request reads every word (customer-words.ts); the binding
// of the order reads every word too.
import type { Run } from '#functions/shared/domain/run.js';
import { orderNumbersIn } from '#harness/policy/order-binding.js';
import { customerWords } from './customer-words.js';

/** Sentence ends: the text stays as written, cut after a full stop, a question or exclamation mark, or a line break (a semicolon joins clauses of one sentence). */
const SENTENCE_END = /(?<=[.!?])\s+|\n+/u;
const WORDS = /\p{L}{4,}/gu;

const wordsOf = (text: string) => new Set((text.toLowerCase().match(WORDS) ?? []).map((w) => w.normalize('NFC')));

export function requestWords(run: Pick<Run, 'ticket' | 'followUps' | 'ticketRequests' | 'order'>): string[] {
  const all = customerWords(run);
  const own = run.order?.orderNumber;
  const t = run.ticketRequests;
  if (!t || !own) return all;
  const others = new Set(t.requests.map((r) => r.orderNumber).filter((n): n is string => n !== null && n !== own));
  const items = new Set(run.order!.lineItems.flatMap((l) => [...wordsOf(l.title)]));
  const othersOnly = (sentence: string) => {
    const named = orderNumbersIn(sentence);
    if (named.includes(own) || !named.some((n) => others.has(n))) return false;
    return ![...wordsOf(sentence)].some((w) => items.has(w));
  };
  return all
    .map((text) =>
      text
        .split(SENTENCE_END)
        .filter((s) => !othersOnly(s))
        .join(' '),
    )
    .filter((text) => text.trim().length > 0);
}
