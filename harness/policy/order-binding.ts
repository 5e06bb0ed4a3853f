// Which order a ticket is about, checked in code. A named order must appear in the customer's own
// words; when the words mention other order numbers too, the triage's quote that ties the request
// to its order must occur in those words, name that order, and name no other. Otherwise a person
// picks. Never an order chosen by item names. Pure; CheckOrder calls it before any order is read.
import type { Triage } from '../domain/types.js';
import { normalizeForMatch, quoteOccursIn } from './grounding/index.js';
import { RULES } from './rules.js';

export type BindingVerdict =
  | { kind: 'named'; orderNumber: string; binding: 'named' | 'quoted'; otherNumbers: string[] }
  | { kind: 'unnamed' }
  | { kind: 'refuse'; rule: string; reason: string };

/** Digit runs of 3–12 in the customer's words that stand for order numbers ("#1042", "order 1042", "pedido nº 1042"). */
const ORDER_REF =
  /(?:#|(?:order|orders|pedido|pedidos|orden|encomenda|commande|bestellung|bestellnummer|ordine|auftrag)\s*(?:(?:no|nr|n|num|number|numero|nummer)\s*\.?\s*)?(?:#\s*)?:?\s*)(\d{3,12})(?!\d)/gu;

export function orderNumbersIn(text: string): string[] {
  const normal = normalizeForMatch(text).replace(/[°º]/g, '');
  return [...new Set([...normal.matchAll(ORDER_REF)].map((m) => m[1] ?? '').filter(Boolean))];
}

const digitsIn = (text: string) => new Set(normalizeForMatch(text).match(/\d{3,12}/g) ?? []);

export function checkBinding(triage: Pick<Triage, 'orderNumber' | 'orderNumbersMentioned' | 'orderQuote'>, customerText: readonly string[]): BindingVerdict {
  const joined = customerText.join('\n');
  const inText = digitsIn(joined);
  const mentioned = new Set([...orderNumbersIn(joined), ...triage.orderNumbersMentioned.filter((n) => inText.has(n))]);
  const chosen = triage.orderNumber;
  if (!chosen) {
    if (mentioned.size > 1)
      return {
        kind: 'refuse',
        rule: RULES.severalOrdersUnbound,
        reason: `the ticket names several orders (${[...mentioned].join(', ')}); a person picks the one it is about`,
      };
    if (mentioned.size === 1)
      return {
        kind: 'refuse',
        rule: RULES.severalOrdersUnbound,
        reason: `the ticket mentions order ${[...mentioned].join('')} but the reading binds none; a person picks`,
      };
    return { kind: 'unnamed' };
  }
  if (!inText.has(chosen)) return { kind: 'refuse', rule: RULES.orderNotInCustomerText, reason: `order ${chosen} does not appear in the customer's words` };
  const others = [...mentioned].filter((n) => n !== chosen);
  if (others.length === 0) return { kind: 'named', orderNumber: chosen, binding: 'named', otherNumbers: [] };
  const quote = triage.orderQuote ?? '';
  const quoteNumbers = digitsIn(quote);
  const grounded = quote.length > 0 && quoteOccursIn(quote, customerText) && quoteNumbers.has(chosen) && others.every((n) => !quoteNumbers.has(n));
  if (!grounded) {
    return {
      kind: 'refuse',
      rule: RULES.orderQuoteNotGrounded,
      reason: `the ticket names orders ${[chosen, ...others].join(', ')} and no quote of the customer ties the request to one; a person picks`,
    };
  }
  return { kind: 'named', orderNumber: chosen, binding: 'quoted', otherNumbers: others };
}
