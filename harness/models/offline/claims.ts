// The claim in the customer's own words, per source text: which lines a complaining sentence names
// (a line said to be fine, excluded — "everything except the kettle", "not the lamp" — or named in
// a sentence that complains of nothing is not claimed), the quantity stated for each, and a verbatim
// quote. A sentence that complains without naming an item leans on the one line the sentence before
// named ("I bought three bowls. Two of the three arrived chipped."). Used by claim-reader.ts.
import { matchExclusions, matchWholeOrder, wordSet } from './cues.js';
import { ARTICLES, CONTRAST_WORDS, ITEM_NEGATORS } from './lexicon/grammar.js';
import { ALL_BEFORE_EXCLUSION, ELSE_WORDS, MARKERS_AFTER_ALL } from './lexicon/exclusions.js';
import type { Mention } from './line-match.js';
import { pluralAround, quantityAfter, quantityBefore, speaksOfQuantity, standaloneQuantities, type Amount, type Stated } from './quantity.js';
import type { SourceReading } from './reading.js';
import { fitSpan, quoteOf, type Span } from './segments.js';

export interface Claim {
  line: number;
  amount: Amount | null;
  /** The customer speaks of one unit ("the mug is cracked"). */
  singular: boolean;
  /** The customer's words for it, cut only when asked for (most mentions are never quoted). */
  quote: () => string | null;
}

export interface SourceClaims {
  claims: Claim[];
  excluded: Set<number>;
  fine: Set<number>;
  ambiguous: number[][];
  /** Lines named outside any complaint ("I ordered a mug and a bowl."), with a quote each. */
  context: Claim[];
  /** "everything (except …)": the customer's words claiming the whole order. */
  whole: string | null;
  /** The first complaining sentence, quoted. */
  complaint: string | null;
}

const ARTICLE = wordSet(ARTICLES);
/** Words a clause may open with that a quote can do without ("but the plate is chipped"). */
const OPENERS = wordSet([...CONTRAST_WORDS, 'and', 'y', 'e', 'et', 'und', 'also', 'then']);
const NEGATOR = wordSet(ITEM_NEGATORS);
const ALL_BEFORE = wordSet(ALL_BEFORE_EXCLUSION);
const AFTER_ALL = wordSet(MARKERS_AFTER_ALL);
const ELSE = wordSet(ELSE_WORDS);
/** How far before an exclusion marker its "all" word may stand ("todo llegó roto menos la tetera"). */
const ALL_REACH = 6;

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
};

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
function quoteFor(r: SourceReading, m: Mention, stated: Stated | null, outer?: Span): string | null {
  const { tokens } = r;
  const core = { from: Math.min(m.from, stated?.from ?? m.from), to: Math.max(m.to, stated?.to ?? m.to) };
  if (core.from > 0 && ARTICLE.has(tokens[core.from - 1]!.norm) && tokens[core.from]!.gap === 'space') core.from--;
  const wide = fitSpan(tokens, outer ?? reach(r, m, core), core);
  // A wider quote that speaks of another quantity ("…, I ordered 6") would misstate the claim.
  const span = wide && speaksOfQuantity(tokens, wide, stated) ? fitSpan(tokens, core, core) : wide;
  return span ? quoteOf(r.text, tokens, span) : null;
}

/** One quantity stated on its own in sentence `s` (null when none, or when several disagree); memoised. */
function loneQuantity(r: SourceReading, s: number, language: string, memo: Map<number, Stated | null>): Stated | null {
  if (!memo.has(s)) {
    const found = standaloneQuantities(r.tokens, r.seg.sentences[s]!, language);
    memo.set(s, new Set(found.map((q) => q.amount)).size === 1 ? found[0]! : null);
  }
  return memo.get(s) ?? null;
}

function isNegated(r: SourceReading, m: Mention): boolean {
  let j = m.from - 1;
  if (j >= 0 && ARTICLE.has(r.tokens[j]!.norm)) j--;
  return j >= 0 && NEGATOR.has(r.tokens[j]!.norm) && r.seg.clauseOf[j] === r.seg.clauseOf[m.from];
}

/**
 * Exclusion markers and the item mentions after them in their clause ("everything except the kettle
 * and the lamp"), plus an "all" word right before the marker. The first marker of a clause scopes it.
 */
function readExclusions(r: SourceReading, excluded: Set<number>, wholeCores: Span[]): void {
  const { tokens, seg } = r;
  const firstMarker = new Map<number, Span>();
  const note = (span: Span) => {
    const c = seg.clauseOf[span.from]!;
    if (!firstMarker.has(c)) firstMarker.set(c, span);
  };
  matchExclusions(tokens).forEach(note);
  const wholeStarts = new Set(matchWholeOrder(tokens).map((m) => m.from));
  const isAll = (i: number) => ALL_BEFORE.has(tokens[i]!.norm) || wholeStarts.has(i);
  let lastAll = -Infinity;
  tokens.forEach((t, i) => {
    if (AFTER_ALL.has(t.norm) && i - lastAll <= ALL_REACH && seg.sentenceOf[lastAll] === seg.sentenceOf[i]) note({ from: i, to: i + 1 });
    if (isAll(i)) lastAll = i;
  });
  const ends = new Map<number, number>();
  for (const m of r.mentions) {
    const c = seg.clauseOf[m.from]!;
    const marker = firstMarker.get(c);
    if (!marker || m.from < marker.to) continue;
    m.lines.forEach((line) => excluded.add(line));
    ends.set(c, m.to);
  }
  for (const [c, marker] of firstMarker) {
    for (let i = marker.from - 1; i >= Math.max(0, marker.from - ALL_REACH) && seg.sentenceOf[i] === seg.sentenceOf[marker.from]; i--) {
      if (isAll(i)) {
        wholeCores.push({ from: i, to: ends.get(c) ?? marker.to });
        break;
      }
    }
  }
}

export function readSourceClaims(r: SourceReading, language: string): SourceClaims {
  const { tokens, seg } = r;
  const out: SourceClaims = { claims: [], excluded: new Set(), fine: new Set(), ambiguous: [], context: [], whole: null, complaint: null };
  const wholeCores: Span[] = [];
  readExclusions(r, out.excluded, wholeCores);
  const plainWhole = matchWholeOrder(tokens).find((m) => {
    const c = seg.clauseOf[m.from]!;
    return r.complains[seg.sentenceOf[m.from]!] && !r.fine[c] && !ELSE.has(tokens[m.to]?.norm ?? '');
  });
  if (plainWhole) wholeCores.push({ from: plainWhole.from, to: seg.clauses[seg.clauseOf[plainWhole.from]!]!.to });
  const core = wholeCores.sort((a, b) => a.from - b.from)[0];
  const wholeSpan = core ? fitSpan(tokens, core, { from: core.from, to: core.from + 1 }) : null;
  if (wholeSpan) out.whole = quoteOf(r.text, tokens, wholeSpan);
  const claimed = new Set<number>();
  const memo = new Map<number, Stated | null>();
  for (const m of r.mentions) {
    if (m.lines.some((line) => out.excluded.has(line))) continue;
    if (isNegated(r, m)) {
      m.lines.forEach((line) => out.excluded.add(line));
      continue;
    }
    const s = seg.sentenceOf[m.from]!;
    const c = seg.clauseOf[m.from]!;
    const clause = seg.clauses[c]!;
    const stated = quantityBefore(tokens, m.from, clause.from, language) ?? quantityAfter(tokens, m.to, clause.to, language);
    const singular = !m.plural && !pluralAround(tokens, m.from, m.to);
    if (!r.complains[s]) {
      if (m.lines.length === 1) out.context.push({ line: m.lines[0]!, amount: stated?.amount ?? null, singular, quote: once(() => quoteFor(r, m, stated)) });
      continue;
    }
    if (r.fine[c]) {
      m.lines.forEach((line) => out.fine.add(line));
      continue;
    }
    if (m.lines.length > 1) {
      out.ambiguous.push(m.lines);
      continue;
    }
    const lone = stated ?? (r.linesInSentence.get(s)?.size === 1 ? loneQuantity(r, s, language, memo) : null);
    out.claims.push({ line: m.lines[0]!, amount: lone?.amount ?? null, singular, quote: once(() => quoteFor(r, m, lone)) });
    claimed.add(m.lines[0]!);
  }
  leanOnPreviousSentence(r, language, out, claimed, memo);
  out.complaint = complaintQuote(r);
  return out;
}

/** The first complaining sentence, cut around its first complaint word when long. */
function complaintQuote(r: SourceReading): string | null {
  const s = r.complains.findIndex(Boolean);
  const sentence = r.seg.sentences[s];
  if (!sentence) return null;
  const cue = [...r.reasons, ...r.remedies].filter((m) => r.seg.sentenceOf[m.from] === s).sort((a, b) => a.from - b.from)[0];
  const span = fitSpan(r.tokens, sentence, cue ? { from: cue.from, to: cue.to } : { from: sentence.from, to: sentence.from + 1 });
  return span ? quoteOf(r.text, r.tokens, span) : null;
}

/** A complaining sentence naming no item claims the single line the sentence before named. */
function leanOnPreviousSentence(r: SourceReading, language: string, out: SourceClaims, claimed: Set<number>, memo: Map<number, Stated | null>): void {
  const { seg } = r;
  const lastMention = new Map<number, Mention>();
  for (const m of r.mentions) lastMention.set(seg.sentenceOf[m.from]!, m);
  seg.sentences.forEach((sentence, s) => {
    const previous = r.linesInSentence.get(s - 1);
    const mention = lastMention.get(s - 1);
    if (!r.complains[s] || r.linesInSentence.has(s) || previous?.size !== 1 || !mention) return;
    const line = mention.lines[0]!;
    if (out.excluded.has(line) || out.fine.has(line)) return;
    const lone = loneQuantity(r, s, language, memo);
    if (claimed.has(line) && !lone) return;
    const singular = !mention.plural && !pluralAround(r.tokens, mention.from, mention.to);
    const outer = { from: mention.from, to: lone ? lone.to : sentence.to };
    out.claims.push({ line, amount: lone?.amount ?? null, singular, quote: once(() => quoteFor(r, mention, lone, outer)) });
  });
}
