// Offline triage: refund intent, the order the request is about (with the customer's words that say
// so), every order number mentioned, reason, language, item words and risk flags, read from the
// ticket's subject and body by word lists. Deterministic and linear.
import type { RefundReason, RiskFlag, Triage } from '../../../domain/types.js';
import { covered, isEarlierRefund, matchReasons, matchRefund, matchRemedies, matchRisks, matchWeak, NOT_ITEM } from './word-matchers.js';
import { languageOf } from './language.js';
import { REASON_WORDS } from './lexicon/reasons.js';
import type { Match } from './matcher.js';
import { chooseOrder, type ReadText } from './order-numbers.js';
import { segment } from './segments.js';
import { tokenize, unElide, type Token } from './tokens.js';
import { requestsOf } from './requests.js';

export { detectLanguage } from './language.js';
export { findOrderNumbers } from './order-numbers.js';

/** Reasons in the order of the word lists: the one found first in this order wins. */
const ORDER_OF_REASONS: readonly RefundReason[] = REASON_WORDS.map(([reason]) => reason);
const rank = (reason: RefundReason) => ORDER_OF_REASONS.indexOf(reason);

/** The reason of the reasons found: by rank, but a change of mind outranks "not shipped yet" when nothing is damaged. */
function reasonOf(found: readonly RefundReason[]): RefundReason | null {
  const ranked = [...new Set(found)].sort((a, b) => rank(a) - rank(b));
  if (ranked[0] === 'not_received' && ranked.includes('changed_mind') && ranked.length === 2) return 'changed_mind';
  return ranked[0] ?? null;
}

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
  /** Asks for a remedy that moves money other than a refund (store credit, a cancel): a request about the order too. */
  moneyRemedies: Match<unknown>[];
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
  // The remedies the agent carries out beside a refund (where the store enables them): store credit, a cancel, an exchange.
  const moneyRemedies = remedies.filter((m) => m.key === 'store_credit' || m.key === 'cancel' || m.key === 'replacement');
  return { text, tokens, seg: segment(tokens), complaints, earlier, reasons, refund, moneyRemedies, weak: matchWeak(tokens), risks: matchRisks(tokens) };
}

export function triageTicket(ticket: { subject: string; body: string }): Triage {
  const texts = [ticket.subject, ticket.body].map(read);
  const refundHits = texts.reduce((n, t) => n + t.refund.length + t.moneyRemedies.length, 0);
  const weakHits = texts.reduce((n, t) => n + t.weak.length, 0);
  const reasons = texts.flatMap((t) => t.reasons);
  const reason = reasonOf(reasons.map((m) => m.key));
  const reasonHits = reasons.filter((m) => m.key !== 'changed_mind').length;
  const isRefund = refundHits + reasonHits > 0;
  const order = chooseOrder(texts);
  const flags = new Set<RiskFlag>(texts.flatMap((t) => t.risks.map((m) => m.key)));
  if (texts.some((t) => t.earlier.length > 0)) flags.add('mentions_earlier_refund');
  if (order.mentioned.length > 1) flags.add('multiple_order_numbers');
  const cueMarks = texts.map((t) => covered(t.tokens, t.complaints, t.weak, t.risks));
  const strength = refundHits + reasonHits + Math.min(weakHits, 1);
  // Several orders, each with words of its own that complain or ask: a request each (requests.ts).
  const requests = isRefund ? requestsOf(texts, { reasonOf, hints: (tokens, marks) => itemHints([tokens], [marks]) }) : [];
  return {
    intent: isRefund ? 'refund_request' : 'other',
    confidence: isRefund ? Math.min(0.95, Math.round((0.55 + 0.1 * strength) * 100) / 100) : 0.8,
    orderNumber: order.orderNumber,
    orderNumbersMentioned: order.mentioned,
    orderQuote: order.orderQuote,
    language: languageOf(texts.map((t) => t.tokens)),
    reason: isRefund ? (reason ?? 'other') : null,
    itemHints: itemHints(
      texts.map((t) => t.tokens),
      cueMarks,
    ),
    riskFlags: [...flags],
    ...(requests.length > 0 ? { requests } : {}),
  };
}
