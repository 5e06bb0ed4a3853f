// Offline triage: refund intent, the order the request is about (with the customer's words that say
// so), every order number mentioned, reason, language, item words and risk flags, read from the
// ticket's subject and body by word lists. Deterministic and linear; used by the offline provider.
import type { RefundReason, RiskFlag, Triage } from '../../domain/types.js';
import { covered, isEarlierRefund, matchReasons, matchRefund, matchRemedies, matchRisks, matchWeak, wordSet } from './cues.js';
import { languageOf } from './language.js';
import { ARTICLES } from './lexicon/grammar.js';
import { LANGUAGE_WORDS } from './lexicon/languages.js';
import { EXCLUSION_MARKERS, FINE_WORDS, WHOLE_ORDER_WORDS } from './lexicon/exclusions.js';
import { ALL_WORDS, BOTH_WORDS, CARDINALS, PAIR_WORDS } from './lexicon/numbers.js';
import { ORDER_WORDS } from './lexicon/orders.js';
import type { Match } from './matcher.js';
import { chooseOrder, type ReadText } from './order-numbers.js';
import { segment } from './segments.js';
import { tokenize, unElide, type Token } from './tokens.js';

export { detectLanguage } from './language.js';
export { findOrderNumbers } from './order-numbers.js';

/** Words that never name an item: function words, order and shipping vocabulary, courtesy. */
const NOT_ITEM = wordSet([
  ...Object.values(LANGUAGE_WORDS).flat(), ...ARTICLES, ...ORDER_WORDS, ...ALL_WORDS, ...BOTH_WORDS, ...PAIR_WORDS, ...Object.keys(CARDINALS),
  ...[...FINE_WORDS, ...EXCLUSION_MARKERS, ...WHOLE_ORDER_WORDS].flatMap((p) => p.split(' ')), 'send', 'sent', 'arrive', 'else',
  'to', 'in', 'on', 'at', 'be', 'we', 'they', 'them', 'so', 'just', 'get', 'can', 'want', 'need', 'like', 'its', "it's", "i'm",
  'am', 'has', 'had', 'did', 'does', 'been', 'yesterday', 'today', 'week', 'days', 'item', 'items', 'package', 'parcel', 'box',
  'delivery', 'came', 'thank', 'regards', 'best', 'dear', 'team', 'support', 'help', 'soon', 'possible', 'back', 'money', 'still',
  'when', 'what', 'hey', 'there', 'number', 'ordered', 'purchase', 'bought', 'received', 'never', 'wrong', 'where', 'big', 'small',
  'little', 'here', 'should', 'which', 'then', 'than', 'about', 'could', 'okay', 'also', 'very', 'will', 'instead', 'lieu', 'au',
  'que', 'lo', 'de', 'en', 'se', 'su', 'al', 'ayer', 'hoy', 'como', 'paquete', 'numero', 'zu', 'es', 'sie', 'wir', 'auf', 'im', 'von',
  'gestern', 'heute', 'aber', 'paket', 'nummer', 'nr', 'elle', 'vous', 'nous', 'aux', 'sur', 'hier', 'mais', 'colis', 'votre', 'suis',
  'mir', 'hat', 'bei', 'für', 'über', 'nach', 'noch', 'kann', 'möchte', 'voudrais', 'veux', 'était', 'été', 'très', 'tengo', 'fue',
  'last', 'year', 'ago', 'pls', 'please', 'pleas', 'too', 'return', 'shipping', 'instructions', 'thanks', 'hi', 'hello', 'ich', 'ist', 'eu', 'em', 'ao', 'pelo', 'pela', 'sono', 'anche',
]);

/** Reasons in the order of the word lists: the one found first in this order wins. */
const ORDER_OF_REASONS: readonly RefundReason[] = ['not_received', 'wrong_item', 'damaged', 'defective', 'changed_mind'];
const rank = (reason: RefundReason) => ORDER_OF_REASONS.indexOf(reason);

/** Words of the text that may name the item, in order of appearance (cue words and numbers left out). */
export function itemHints(sources: ReadonlyArray<readonly Token[]>, cueMarks: readonly boolean[][], limit = 8): string[] {
  const hints: string[] = [];
  sources.forEach((tokens, s) => {
    tokens.forEach((token, i) => {
      const word = unElide(token.norm);
      if (hints.length >= limit || token.kind !== 'word' || cueMarks[s]![i] || word.length < 3 || word.includes("'")) return;
      if (!NOT_ITEM.has(word) && !NOT_ITEM.has(token.norm) && !hints.includes(word)) hints.push(word);
    });
  });
  return hints;
}

interface TriageText extends ReadText {
  reasons: Match<RefundReason>[];
  refund: Match<unknown>[];
  weak: Match<unknown>[];
  risks: Match<RiskFlag>[];
}

function read(text: string): TriageText {
  const tokens = tokenize(text);
  const reasons = matchReasons(tokens);
  const refund = matchRefund(tokens);
  const remedies = matchRemedies(tokens);
  // A refund already made is no complaint about this order ("you refunded order 3311, thanks").
  const earlier = remedies.filter(isEarlierRefund);
  const settled = covered(tokens, earlier);
  const complaints = [...reasons, ...refund.filter((m) => !settled[m.from]), ...remedies.filter((m) => !isEarlierRefund(m))];
  return { text, tokens, seg: segment(tokens), complaints, earlier, reasons, refund, weak: matchWeak(tokens), risks: matchRisks(tokens) };
}

export function triageTicket(ticket: { subject: string; body: string }): Triage {
  const texts = [ticket.subject, ticket.body].map(read);
  const refundHits = texts.reduce((n, t) => n + t.refund.length, 0);
  const weakHits = texts.reduce((n, t) => n + t.weak.length, 0);
  const reasons = texts.flatMap((t) => t.reasons);
  const reason = reasons.map((m) => m.key).sort((a, b) => rank(a) - rank(b))[0] ?? null;
  const reasonHits = reasons.filter((m) => m.key !== 'changed_mind').length;
  const isRefund = refundHits + reasonHits > 0;
  const order = chooseOrder(texts);
  const flags = new Set<RiskFlag>(texts.flatMap((t) => t.risks.map((m) => m.key)));
  if (texts.some((t) => t.earlier.length > 0)) flags.add('mentions_earlier_refund');
  if (order.mentioned.length > 1) flags.add('multiple_order_numbers');
  const cueMarks = texts.map((t) => covered(t.tokens, t.complaints, t.weak, t.risks));
  const strength = refundHits + reasonHits + Math.min(weakHits, 1);
  return {
    intent: isRefund ? 'refund_request' : 'other',
    confidence: isRefund ? Math.min(0.95, Math.round((0.55 + 0.1 * strength) * 100) / 100) : 0.8,
    orderNumber: order.orderNumber,
    orderNumbersMentioned: order.mentioned,
    orderQuote: order.orderQuote,
    language: languageOf(texts.map((t) => t.tokens)),
    reason: isRefund ? (reason ?? 'other') : null,
    itemHints: itemHints(texts.map((t) => t.tokens), cueMarks),
    riskFlags: [...flags],
  };
}
