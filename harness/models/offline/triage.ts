// Offline triage: refund intent, order number, reason, language, item words and risk flags from
// the ticket's subject and body, by word lists. Deterministic; used by the offline provider.
import type { RefundReason, Triage } from '../../domain/types.js';
import { LANGUAGE_WORDS, NOT_ITEM_WORDS, REASON_WORDS, REFUND_WORDS, RISK_WORDS, WEAK_WORDS } from './lexicon.js';
import { countMatches, normalizeText, phrases, words } from './text.js';

const REFUND = phrases(REFUND_WORDS);
const WEAK = phrases(WEAK_WORDS);
const REASONS = REASON_WORDS.map(([reason, list]) => [reason, phrases(list)] as const);
const RISKS = RISK_WORDS.map(([flag, list]) => [flag, phrases(list)] as const);
const ORDER_NUMBER =
  /(?:#\s?|(?<![\p{L}])(?:order|pedido|orden|bestellung|bestellnummer|auftrag|commande)(?![\p{L}])\s*(?:(?:no|nr|n°|nº|n|number|numero|nummer|num)\.?\s*)?(?:#\s?)?:?\s*)(\d{3,12})(?!\d)/giu;

export function findOrderNumbers(text: string): string[] {
  const found = [...normalizeText(text).matchAll(ORDER_NUMBER)].map((m) => m[1] ?? '');
  return [...new Set(found.filter(Boolean))];
}

export function detectLanguage(text: string): 'en' | 'es' | 'de' | 'fr' {
  const tokens = words(text);
  let best: 'en' | 'es' | 'de' | 'fr' = 'en';
  let bestScore = 0;
  for (const [language, list] of Object.entries(LANGUAGE_WORDS) as Array<[keyof typeof LANGUAGE_WORDS, readonly string[]]>) {
    const vocabulary = new Set(list);
    const score = tokens.filter((t) => vocabulary.has(t)).length;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

function reasonOf(text: string): { reason: RefundReason | null; hits: number } {
  let reason: RefundReason | null = null;
  let hits = 0;
  for (const [candidate, pattern] of REASONS) {
    const n = countMatches(pattern, text);
    if (n > 0 && reason === null) reason = candidate;
    if (candidate !== 'changed_mind') hits += n;
  }
  return { reason, hits };
}

/** Meaningful words of the text that may name the item, in order of appearance. */
export function itemHints(text: string, limit = 8): string[] {
  const reasonWords = new Set(REASON_WORDS.flatMap(([, list]) => list.flatMap((p) => p.split(' '))));
  const refundWords = new Set([...REFUND_WORDS, ...RISK_WORDS.flatMap(([, list]) => list)].flatMap((p) => p.split(/[\s:]+/)));
  const hints: string[] = [];
  for (const word of words(text)) {
    if (word.length < 3 || word.includes("'") || NOT_ITEM_WORDS.has(word) || reasonWords.has(word) || refundWords.has(word)) continue;
    if (!hints.includes(word)) hints.push(word);
    if (hints.length === limit) break;
  }
  return hints;
}

export function triageTicket(ticket: { subject: string; body: string }): Triage {
  const raw = `${ticket.subject}\n${ticket.body}`;
  const text = normalizeText(raw);
  const refundHits = countMatches(REFUND, text);
  const { reason, hits: reasonHits } = reasonOf(text);
  const weakHits = countMatches(WEAK, text);
  const isRefund = refundHits + reasonHits > 0;
  const orderNumbers = findOrderNumbers(raw);
  const riskFlags = RISKS.filter(([, pattern]) => countMatches(pattern, text) > 0).map(([flag]) => flag);
  if (orderNumbers.length > 1) riskFlags.push('multiple_order_numbers');
  const strength = refundHits + reasonHits + Math.min(weakHits, 1);
  return {
    intent: isRefund ? 'refund_request' : 'other',
    confidence: isRefund ? Math.min(0.95, Math.round((0.55 + 0.1 * strength) * 100) / 100) : 0.8,
    // Several numbers: the agent does not guess which one the customer means.
    orderNumber: orderNumbers.length === 1 ? (orderNumbers[0] ?? null) : null,
    language: detectLanguage(raw),
    reason: isRefund ? (reason ?? 'other') : null,
    itemHints: itemHints(raw),
    riskFlags,
  };
}
