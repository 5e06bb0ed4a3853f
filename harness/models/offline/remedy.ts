// What the customer asks for: refund, replacement, store credit, cancellation, or news of a refund
// already made ("where is my refund?", "you refunded me $16 but it never arrived"). A remedy after a
// negator in its clause does not count ("I don't want a refund, please send a replacement"). Asking
// for two remedies at once is left to a person. Used by the offline order agent.
import type { Remedy } from '../../domain/types.js';
import { wordSet } from './cues.js';
import { NEGATORS } from './lexicon/grammar.js';
import type { RemedyCue } from './lexicon/remedies.js';
import type { Match } from './matcher.js';
import type { SourceReading } from './reading.js';
import { quoteOf } from './segments.js';

const NEGATOR = wordSet(NEGATORS);
const NEGATION_REACH = 3;

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

/** "You refunded me … but it never arrived": a past refund and "not arrived" in one sentence, naming no item. */
function refundNeverArrived(r: SourceReading, m: Match<RemedyCue>): boolean {
  const sentence = r.seg.sentenceOf[m.from];
  return r.reasons.some((reason) => {
    if (reason.key !== 'not_received' || r.seg.sentenceOf[reason.from] !== sentence) return false;
    return !r.linesInClause.has(r.seg.clauseOf[reason.from]!);
  });
}

const LABELS: Record<'refund' | 'replacement' | 'store_credit', string> = { refund: 'a refund', replacement: 'a replacement', store_credit: 'store credit' };

export function readRemedy(sources: readonly SourceReading[]): RemedyReading {
  const asked = new Map<RemedyCue, string>();
  for (const r of sources) {
    for (const m of r.remedies) {
      const key = m.key === 'earlier_refund' && refundNeverArrived(r, m) ? 'refund_status' : m.key;
      if (key === 'earlier_refund' || (key !== 'refund_status' && negated(r, m))) continue;
      if (!asked.has(key)) asked.set(key, quoteOf(r.text, r.tokens, m));
    }
  }
  const cue = (key: RemedyCue) => asked.get(key) ?? null;
  if (asked.has('refund_status')) return { remedy: 'refund_status', cue: cue('refund_status'), question: null };
  if (asked.has('cancel')) return { remedy: 'cancel', cue: cue('cancel'), question: null };
  const kinds = (['replacement', 'store_credit', 'refund'] as const).filter((k) => asked.has(k));
  if (kinds.length > 1) {
    const question = `Does the customer want ${kinds.map((k) => LABELS[k]).join(' or ')}? The ticket asks for more than one.`;
    return { remedy: 'other', cue: kinds.map(cue).join(' / '), question };
  }
  const only = kinds[0] ?? 'refund';
  return { remedy: only, cue: cue(only), question: null };
}
