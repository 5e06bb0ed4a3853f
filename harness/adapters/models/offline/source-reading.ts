// One customer text (subject, body or a follow-up) read once for the offline order agent: its
// tokens, sentences and clauses, cue words, item mentions, which sentences complain and which
// clauses say an item is fine. Linear in the text.
import type { RefundReason } from '../../../domain/types.js';
import { countPer, covered, isEarlierRefund, matchFine, matchReasons, matchRefund, matchRemedies } from './word-matchers.js';
import type { RemedyCue } from './lexicon/remedies.js';
import { findMentions, type LineIndex, type Mention } from './line-match.js';
import type { Match } from './matcher.js';
import { segment, type Segments } from './segments.js';
import { tokenize, type Token } from './tokens.js';

export interface SourceReading {
  text: string;
  tokens: Token[];
  seg: Segments;
  reasons: Match<RefundReason>[];
  remedies: Match<RemedyCue>[];
  mentions: Mention[];
  /** Per sentence and per clause: it holds a complaint, refund or remedy word (not a refund already made). */
  complains: boolean[];
  clauseComplains: boolean[];
  /**
   * Per clause: it says something is fine, or speaks of a refund already made, and complains of
   * nothing ("the bowl is fine", "the bowl was refunded already, thanks").
   */
  fine: boolean[];
  /** Per clause: it says an item is fine or kept (not a refund already made) and complains of nothing. */
  saidFine: boolean[];
  /** The lines named in each sentence and clause. */
  linesInSentence: Map<number, Set<number>>;
  linesInClause: Map<number, Set<number>>;
}

const HEAD_FIRST = new Set(['es', 'pt', 'fr', 'it']);

function linesBy(unitOf: readonly number[], mentions: readonly Mention[]): Map<number, Set<number>> {
  const lines = new Map<number, Set<number>>();
  for (const m of mentions) {
    const unit = unitOf[m.from]!;
    const set = lines.get(unit) ?? new Set<number>();
    m.lines.forEach((line) => set.add(line));
    lines.set(unit, set);
  }
  return lines;
}

export function readSource(text: string, index: LineIndex, language: string): SourceReading {
  const tokens = tokenize(text);
  const seg = segment(tokens);
  const reasons = matchReasons(tokens);
  const refund = matchRefund(tokens);
  // "(to) be refunded for the vase" asks for a refund; "refunded for" alone tells of one made.
  const remedies = matchRemedies(tokens).filter((m) => !(m.key === 'earlier_refund' && tokens[m.from - 1]?.norm === 'be'));
  const earlier = remedies.filter(isEarlierRefund);
  const settled = covered(tokens, earlier);
  const cues = [...reasons, ...refund.filter((m) => !settled[m.from]), ...remedies.filter((m) => !isEarlierRefund(m))];
  const mentions = findMentions(index, tokens, covered(tokens, cues, earlier), HEAD_FIRST.has(language));
  const perSentence = countPer(seg.sentenceOf, seg.sentences.length, cues);
  const perClause = countPer(seg.clauseOf, seg.clauses.length, cues);
  const fineWords = matchFine(tokens);
  const finePerClause = countPer(seg.clauseOf, seg.clauses.length, [...fineWords, ...earlier]);
  const fineWordsPerClause = countPer(seg.clauseOf, seg.clauses.length, fineWords);
  return {
    text,
    tokens,
    seg,
    reasons,
    remedies,
    mentions,
    complains: perSentence.map((n) => n > 0),
    clauseComplains: perClause.map((n) => n > 0),
    fine: finePerClause.map((n, c) => n > 0 && perClause[c] === 0),
    saidFine: fineWordsPerClause.map((n, c) => n > 0 && perClause[c] === 0),
    linesInSentence: linesBy(seg.sentenceOf, mentions),
    linesInClause: linesBy(seg.clauseOf, mentions),
  };
}
