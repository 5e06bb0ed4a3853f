// What the customer asks for: refund, replacement, store credit, cancellation, a repair, or news of a
// refund already made ("where is my refund?", "you refunded me $16 but it never arrived"). A remedy
// after a negator in its clause does not count ("I don't want a refund, please send a replacement"),
// one after "if" is only a fallback, and asking for two at once is left to a person.
import type { Remedy } from '../../../domain/types.js';
import { wordSet } from './word-matchers.js';
import { CONDITIONALS, NEGATORS } from './lexicon/grammar.js';
import type { RemedyCue } from './lexicon/remedies.js';
import type { Match } from './matcher.js';
import type { SourceReading } from './source-reading.js';
import { quoteOf } from './segments.js';

const NEGATOR = wordSet(NEGATORS);
const CONDITIONAL = wordSet(CONDITIONALS);
const NEGATION_REACH = 3;
const CONDITION_REACH = 6;

export interface RemedyReading {
  remedy: Remedy;
  /** The customer's words that asked for it, if any. */
  cue: string | null;
  /** Set when the ticket asks for more than one remedy. */
  question: string | null;
}

function negated(r: SourceReading, m: Match<RemedyCue>): boolean {
  const clauseStart = r.seg.clauses[r.seg.clauseOf[m.from]!]!.from;
  for (let i = Math.max(clauseStart, m.from - NEGATION_REACH); i < m.from; i++) if (NEGATOR.has(r.tokens[i]!.norm)) return true;
  return false;
}

/** "Replace it, and if you can't, refund me": a remedy after a condition in its sentence is a fallback. */
function conditional(r: SourceReading, m: Match<RemedyCue>): boolean {
  const sentenceStart = r.seg.sentences[r.seg.sentenceOf[m.from]!]!.from;
  for (let i = Math.max(sentenceStart, m.from - CONDITION_REACH); i < m.from; i++) if (CONDITIONAL.has(r.tokens[i]!.norm)) return true;
  return false;
}

/** "You refunded me … but it never arrived": a past refund and "not arrived" in one sentence, naming no item. */
function refundNeverArrived(r: SourceReading, m: Match<RemedyCue>): boolean {
  const sentence = r.seg.sentenceOf[m.from];
  return r.reasons.some((reason) => {
    if (reason.key !== 'not_received' || r.seg.sentenceOf[reason.from] !== sentence) return false;
    return !r.linesInClause.has(r.seg.clauseOf[reason.from]!);
  });
}

type Asked = 'refund' | 'replacement' | 'store_credit';
const LABELS: Record<Asked, string> = { refund: 'a refund', replacement: 'a replacement', store_credit: 'store credit' };

export function readRemedy(sources: readonly SourceReading[]): RemedyReading {
  const asked = new Map<RemedyCue, string>();
  const fallbacks = new Map<RemedyCue, string>();
  for (const r of sources) {
    for (const m of r.remedies) {
      const key = m.key === 'earlier_refund' && refundNeverArrived(r, m) ? 'refund_status' : m.key;
      if (key !== 'refund_status' && key !== 'earlier_refund' && negated(r, m)) continue;
      const into = key !== 'refund_status' && key !== 'earlier_refund' && conditional(r, m) ? fallbacks : asked;
      if (!into.has(key)) into.set(key, quoteOf(r.text, r.tokens, m));
    }
  }
  const earlier = asked.get('earlier_refund');
  asked.delete('earlier_refund');
  if (asked.size === 0) fallbacks.forEach((quote, key) => asked.set(key, quote));
  // A refund already made, and nothing else complained of or asked for: news of it is what is asked.
  if (earlier !== undefined && asked.size === 0 && !sources.some((r) => r.reasons.length > 0)) asked.set('refund_status', earlier);
  const cue = (key: RemedyCue) => asked.get(key) ?? null;
  if (asked.has('refund_status')) return { remedy: 'refund_status', cue: cue('refund_status'), question: null };
  if (asked.has('cancel')) return { remedy: 'cancel', cue: cue('cancel'), question: null };
  // A repair or warranty question only counts when nothing else is asked for.
  const kinds = (['replacement', 'store_credit', 'refund'] as const).filter((k) => asked.has(k));
  if (kinds.length === 0 && asked.has('other')) return { remedy: 'other', cue: cue('other'), question: null };
  if (kinds.length > 1) {
    const question = `Does the customer want ${kinds.map((k) => LABELS[k]).join(' or ')}? The ticket asks for more than one.`;
    return { remedy: 'other', cue: kinds.map(cue).join(' / '), question };
  }
  const only = kinds[0] ?? 'refund';
  return { remedy: only, cue: cue(only), question: null };
}
