// Quotes of a claim, cut verbatim from the customer's text: the item words and the quantity stated,
// widened to their clause or sentence when that names no other line and states no other quantity;
// else the first complaining sentence. Never over 300 characters.
import { wordSet } from './word-matchers.js';
import { ARTICLES, CONTRAST_WORDS } from './lexicon/grammar.js';
import type { Mention } from './line-match.js';
import { speaksOfQuantity } from './quantity.js';
import type { SourceReading } from './source-reading.js';
import { fitSpan, quoteOf, type Span } from './segments.js';

const ARTICLE = wordSet(ARTICLES);
/** Words a clause may open with that a quote can do without ("but the plate is chipped"). */
export const OPENERS = wordSet([...CONTRAST_WORDS, 'and', 'y', 'e', 'et', 'und', 'also', 'then']);

/** Where a claim's quote may reach: its clause (without an opening "but"/"and") or sentence when they name only this line. */
function reach(r: SourceReading, m: Mention, core: Span): Span {
  const { tokens, seg } = r;
  const c = seg.clauseOf[m.from]!;
  const s = seg.sentenceOf[m.from]!;
  const clause = seg.clauses[c]!;
  const sentence = seg.sentences[s]!;
  const only = (set: Set<number> | undefined) => set !== undefined && set.size === 1 && set.has(m.lines[0]!);
  const holds = (span: Span) => span.from <= core.from && core.to <= span.to;
  if (holds(clause) && only(r.linesInClause.get(c))) {
    return { from: OPENERS.has(tokens[clause.from]!.norm) && clause.from < core.from ? clause.from + 1 : clause.from, to: clause.to };
  }
  return holds(sentence) && only(r.linesInSentence.get(s)) ? sentence : core;
}

/** The quote of a claim: the item words and stated quantity, widened as far as `reach` allows. */
export function quoteFor(r: SourceReading, m: Mention, stated: Span | null, outer?: Span): string | null {
  const { tokens } = r;
  const core = { from: Math.min(m.from, stated?.from ?? m.from), to: Math.max(m.to, stated?.to ?? m.to) };
  if (core.from > 0 && ARTICLE.has(tokens[core.from - 1]!.norm) && tokens[core.from]!.gap === 'space') core.from--;
  const wide = fitSpan(tokens, outer ?? reach(r, m, core), core);
  // A wider quote that speaks of another quantity ("…, I ordered 6") would misstate the claim.
  const span = wide && speaksOfQuantity(tokens, wide, stated) ? fitSpan(tokens, core, core) : wide;
  return span ? quoteOf(r.text, tokens, span) : null;
}

/** The first complaining sentence, cut around its first complaint word when long. */
export function complaintQuote(r: SourceReading): string | null {
  const s = r.complains.findIndex(Boolean);
  const sentence = r.seg.sentences[s];
  if (!sentence) return null;
  const cue = [...r.reasons, ...r.remedies].filter((m) => r.seg.sentenceOf[m.from] === s).sort((a, b) => a.from - b.from)[0];
  const span = fitSpan(r.tokens, sentence, cue ? { from: cue.from, to: cue.to } : { from: sentence.from, to: sentence.from + 1 });
  return span ? quoteOf(r.text, r.tokens, span) : null;
}
