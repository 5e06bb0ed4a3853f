// The claim in the customer's own words, per source text: which lines a complaining clause names
// (a line said to be fine, excluded — "everything except the kettle", "not the lamp" — or named
// only in passing is not claimed), the quantity stated for each, and a verbatim quote. A sentence
// that complains without naming an item leans on the one line named just before ("I bought three
// bowls. Two of the three arrived chipped.").
import { complaintQuote, OPENERS, quoteFor } from './claim-quotes.js';
import { matchWholeOrder, wordSet } from './word-matchers.js';
import { readExceptions, type Exceptions } from './claim-exclusions.js';
import { ARTICLES, ITEM_NEGATORS } from './lexicon/grammar.js';
import { ELSE_WORDS, REST_WORDS } from './lexicon/exclusions.js';
import { NUMBER_JOINERS } from './lexicon/orders.js';
import type { LineIndex, Mention } from './line-match.js';
import { countOf, pluralAround, quantityAfter, quantityBefore, standaloneQuantities, type Amount, type Stated } from './quantity.js';
import type { SourceReading } from './source-reading.js';
import { fitSpan, quoteOf, type Span } from './segments.js';

export interface Claim {
  line: number;
  amount: Amount | null;
  /** The customer speaks of one unit ("the mug is cracked"). */
  singular: boolean;
  /** Said in pairs ("one pair"): for a line sold by the pair, the number of pairs. */
  pairs?: number;
  /** The customer's words for it, cut only when asked for (most mentions are never quoted). */
  quote: () => string | null;
  /** Named in a clause beside other lines ("I ordered the frames and a vase"): weaker than a clause of its own. */
  listed?: boolean;
}

export interface SourceClaims {
  claims: Claim[];
  excluded: Set<number>;
  fine: Set<number>;
  /** Lines said to be fine or kept (a refund already made not counted). */
  saidFine: Set<number>;
  /** Lines named in a sentence that says the rest is fine ("just the teapot, the rest is fine"): the only ones claimed. */
  only: Set<number>;
  ambiguous: number[][];
  /** Lines named outside any complaint ("I ordered a mug and a bowl."), with a quote each. */
  context: Claim[];
  /** "everything (except …)": the customer's words claiming the whole order. */
  whole: string | null;
  /** The first complaining sentence, quoted. */
  complaint: string | null;
  /** Per line the customer excludes, says is fine or keeps: their words for it, quoted when asked for. */
  exclusionQuotes: Map<number, () => string | null>;
}

const ARTICLE = wordSet(ARTICLES);
const JOINER = wordSet(NUMBER_JOINERS);
const NEGATOR = wordSet(ITEM_NEGATORS);
const ELSE = wordSet(ELSE_WORDS);
/** How many sentences back a complaint without an item may look for the item. */
const LEAN_REACH = 2;

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
};

/** Clauses that complain, or list items of a complaining sentence ("the mug, the bowl and the plate are broken"). */
function complainingClauses(r: SourceReading, language: string): boolean[] {
  const inMention = new Array<boolean>(r.tokens.length).fill(false);
  for (const m of r.mentions) for (let i = m.from; i < m.to; i++) inMention[i] = true;
  return r.seg.clauses.map((clause, c) => {
    if (r.clauseComplains[c]) return true;
    if (!r.complains[r.seg.sentenceOf[clause.from]!]) return false;
    for (let i = clause.from; i < clause.to; i++) {
      const t = r.tokens[i]!;
      if (!inMention[i] && !ARTICLE.has(t.norm) && !JOINER.has(t.norm) && !OPENERS.has(t.norm) && countOf(t, language) === null) return false;
    }
    return true;
  });
}

/** Sentences whose complaint names its item (by its head noun) in its own clause: items of their other clauses are only context. */
function anchoredSentences(r: SourceReading): Set<number> {
  const anchored = new Set<number>();
  for (const m of r.mentions) if (m.strong && r.clauseComplains[r.seg.clauseOf[m.from]!]) anchored.add(r.seg.sentenceOf[m.from]!);
  return anchored;
}

/**
 * Where a quantity said on its own belongs to a mention: its sentence when it names one line only,
 * else from its clause up to the next clause naming an item ("the bulbs, both are dead"). A clause
 * naming two lines has none ("the mug and the bowl are both cracked" is one of each).
 */
function regionOf(r: SourceReading, m: Mention, next: Mention | undefined): Span | null {
  const s = r.seg.sentenceOf[m.from]!;
  const c = r.seg.clauseOf[m.from]!;
  const sentence = r.seg.sentences[s]!;
  if (r.linesInSentence.get(s)?.size === 1) return sentence;
  if (r.linesInClause.get(c)?.size !== 1) return null;
  const clause = r.seg.clauses[c]!;
  const nextClause = next && r.seg.sentenceOf[next.from] === s ? r.seg.clauseOf[next.from]! : null;
  return { from: clause.from, to: nextClause !== null && nextClause > c ? r.seg.clauses[nextClause]!.from : sentence.to };
}

/** One quantity stated on its own in a span (null when none, or when several disagree); memoised by span. */
function loneQuantity(r: SourceReading, span: Span | null, language: string, memo: Map<string, Stated | null>): Stated | null {
  if (!span) return null;
  const key = `${span.from}:${span.to}`;
  if (!memo.has(key)) {
    const found = standaloneQuantities(r.tokens, span, language);
    memo.set(key, new Set(found.map((q) => JSON.stringify(q.amount))).size === 1 ? found[0]! : null);
  }
  return memo.get(key) ?? null;
}

function isNegated(r: SourceReading, m: Mention): boolean {
  let j = m.from - 1;
  if (j >= 0 && ARTICLE.has(r.tokens[j]!.norm)) j--;
  return j >= 0 && NEGATOR.has(r.tokens[j]!.norm) && r.seg.clauseOf[j] === r.seg.clauseOf[m.from];
}

/** "The mug is lovely but it doesn't match my kitchen": the next clause complains of it without naming another item. */
function pronounComplaintAfter(r: SourceReading, c: number): boolean {
  const next = r.seg.clauses[c + 1];
  return (
    next !== undefined && r.seg.sentenceOf[next.from] === r.seg.sentenceOf[r.seg.clauses[c]!.from] && r.clauseComplains[c + 1]! && !r.linesInClause.has(c + 1)
  );
}

/** "all the plates and bowls": the "all" of the item before carries over a bare "and". */
function carriedAll(r: SourceReading, m: Mention, previous: { m: Mention; stated: Stated | null } | null): Stated | null {
  if (!previous?.stated || previous.stated.amount !== 'all' || r.seg.clauseOf[previous.m.from] !== r.seg.clauseOf[m.from]) return null;
  for (let i = previous.m.to; i < m.from; i++) if (!JOINER.has(r.tokens[i]!.norm) && !ARTICLE.has(r.tokens[i]!.norm)) return null;
  return m.from - previous.m.to <= 2 ? { from: previous.stated.from, to: m.to, amount: 'all' } : null;
}

/** "all … except one": every unit but those, on a line claimed in full or without a number. */
function lessUnits(ex: Exceptions, r: SourceReading, line: number, s: number, stated: Stated | null): Stated | null {
  const less = ex.lessByLine.get(line) ?? (r.linesInSentence.get(s)?.size === 1 ? ex.lessBySentence.get(s) : undefined);
  if (!less || (stated && stated.amount !== 'all')) return stated;
  return { from: Math.min(less.span.from, stated?.from ?? less.span.from), to: Math.max(less.span.to, stated?.to ?? 0), amount: { allBut: less.n } };
}

/** The quote of a claim on the whole order ("everything except …", "the whole order arrived broken"), if any. */
function wholeOrderQuote(r: SourceReading, ex: ReturnType<typeof readExceptions>): string | null {
  const { tokens, seg } = r;
  const plainWhole = matchWholeOrder(tokens).find(
    (m) => r.complains[seg.sentenceOf[m.from]!] && !r.fine[seg.clauseOf[m.from]!] && !ELSE.has(tokens[m.to]?.norm ?? ''),
  );
  const wholeCores = [...ex.wholeCores, ...(plainWhole ? [{ from: plainWhole.from, to: seg.clauses[seg.clauseOf[plainWhole.from]!]!.to }] : [])];
  const core = wholeCores.sort((a, b) => a.from - b.from)[0];
  const wholeSpan = core ? fitSpan(tokens, core, { from: core.from, to: core.from + 1 }) : null;
  return wholeSpan ? quoteOf(r.text, tokens, wholeSpan) : null;
}

/** The first mention naming one line only, per sentence and line ("the oak one"), keyed `<sentence>:<line>`. */
function firstSingleMentions(r: SourceReading): Map<string, Mention> {
  const namedIn = new Map<string, Mention>();
  for (const m of r.mentions) {
    const key = `${r.seg.sentenceOf[m.from]}:${m.lines[0]}`;
    if (m.lines.length === 1 && !namedIn.has(key)) namedIn.set(key, m);
  }
  return namedIn;
}

/**
 * One mention fitting several lines: "both frames (the oak one and the brass one)" with two frame
 * lines of one unit each claims one of each, quoted by the words naming each when the sentence has
 * them; otherwise the lines are ambiguous.
 */
function claimEachOrAmbiguous(
  r: SourceReading,
  index: LineIndex,
  m: Mention,
  own: Stated | null,
  namedIn: (line: number) => Mention | undefined,
  out: SourceClaims,
): void {
  const each = own?.amount === m.lines.length && m.lines.every((line) => index.lines[line]!.quantity === 1);
  if (!each) return void out.ambiguous.push(m.lines);
  for (const line of m.lines) {
    const named = namedIn(line);
    out.claims.push({
      line,
      amount: 1,
      singular: true,
      quote: once(() => (named ? quoteFor(r, named, null, named) : quoteFor(r, m, own, own ?? undefined))),
    });
  }
}

const REST = wordSet(REST_WORDS);

/** Keeps, per line set aside (excluded, fine or kept), the customer's words for it, quoted when asked for. */
function recordExclusion(r: SourceReading, out: SourceClaims): (m: Mention) => void {
  return (m) =>
    m.lines.forEach(
      (line) =>
        out.exclusionQuotes.has(line) ||
        out.exclusionQuotes.set(
          line,
          once(() => quoteFor(r, m, null)),
        ),
    );
}

/** The lines of each sentence with a clause that says the rest is fine and complains of nothing. */
function onlyNamed(r: SourceReading): Set<number> {
  const only = new Set<number>();
  r.seg.clauses.forEach((clause, c) => {
    if (!r.saidFine[c] || !r.tokens.slice(clause.from, clause.to).some((t) => REST.has(t.norm))) return;
    r.linesInSentence.get(r.seg.sentenceOf[clause.from]!)?.forEach((line) => only.add(line));
  });
  return only;
}

export function readSourceClaims(r: SourceReading, index: LineIndex, language: string): SourceClaims {
  const { tokens, seg } = r;
  const ex = readExceptions(r, language);
  const out: SourceClaims = {
    claims: [],
    excluded: ex.excluded,
    fine: new Set(),
    saidFine: new Set(),
    only: onlyNamed(r),
    ambiguous: [],
    context: [],
    whole: null,
    complaint: null,
    exclusionQuotes: new Map(),
  };
  const setAside = recordExclusion(r, out);
  ex.exceptionMentions.forEach((k) => r.mentions[k] && setAside(r.mentions[k]));
  out.whole = wholeOrderQuote(r, ex);
  const complaining = complainingClauses(r, language);
  const anchored = anchoredSentences(r);
  const memo = new Map<string, Stated | null>();
  const claimed = new Set<number>();
  let previous: { m: Mention; stated: Stated | null } | null = null;
  const namedIn = firstSingleMentions(r);
  r.mentions.forEach((m, k) => {
    if (ex.exceptionMentions.has(k) || m.lines.some((line) => out.excluded.has(line))) return;
    if (isNegated(r, m)) return void (setAside(m), m.lines.forEach((line) => out.excluded.add(line)));
    const s = seg.sentenceOf[m.from]!;
    const c = seg.clauseOf[m.from]!;
    const clause = seg.clauses[c]!;
    const own = quantityBefore(tokens, m.from, clause.from, language) ?? quantityAfter(tokens, m.to, clause.to, language) ?? carriedAll(r, m, previous);
    previous = { m, stated: own };
    const singular = !m.plural && !pluralAround(tokens, m.from, m.to);
    if (r.fine[c] && !pronounComplaintAfter(r, c)) {
      setAside(m);
      if (r.saidFine[c]) m.lines.forEach((line) => out.saidFine.add(line));
      return void m.lines.forEach((line) => out.fine.add(line));
    }
    const passing = !r.complains[s] || (anchored.has(s) && !complaining[c]) || (!m.strong && m.lines.length === 1);
    if (passing) {
      if (m.lines.length === 1)
        out.context.push({ line: m.lines[0]!, amount: own?.amount ?? null, singular, pairs: own?.pairs, quote: once(() => quoteFor(r, m, own)) });
      return;
    }
    if (m.lines.length > 1) return claimEachOrAmbiguous(r, index, m, own, (line) => namedIn.get(`${s}:${line}`), out);
    const line = m.lines[0]!;
    const stated = lessUnits(ex, r, line, s, own ?? loneQuantity(r, regionOf(r, m, r.mentions[k + 1]), language, memo));
    const listed = (r.linesInClause.get(c)?.size ?? 0) > 1;
    out.claims.push({ line, amount: stated?.amount ?? null, singular, pairs: stated?.pairs, quote: once(() => quoteFor(r, m, stated)), listed });
    claimed.add(line);
  });
  leanOnEarlierSentence(r, index, ex, language, out, claimed, memo);
  out.complaint = complaintQuote(r);
  return out;
}

/**
 * A complaining sentence naming no item claims the single line named in the sentence or two before,
 * with the count it states when that count fits the line.
 */
function leanOnEarlierSentence(
  r: SourceReading,
  index: LineIndex,
  ex: Exceptions,
  language: string,
  out: SourceClaims,
  claimed: Set<number>,
  memo: Map<string, Stated | null>,
): void {
  const { seg } = r;
  const lastMention = new Map<number, Mention>();
  for (const m of r.mentions) lastMention.set(seg.sentenceOf[m.from]!, m);
  seg.sentences.forEach((sentence, s) => {
    if (!r.complains[s] || r.linesInSentence.has(s)) return;
    let named = s - 1;
    while (named >= s - LEAN_REACH && named >= 0 && !r.linesInSentence.has(named)) named--;
    const mention = lastMention.get(named);
    if (!mention || r.linesInSentence.get(named)?.size !== 1 || mention.lines.length !== 1) return;
    const line = mention.lines[0]!;
    if (out.excluded.has(line) || out.fine.has(line)) return;
    const stated = lessUnits(ex, r, line, s, loneQuantity(r, sentence, language, memo));
    // "Please refund both" after the frame and a gift card: a count above what the line holds is
    // about several things, not this line's units.
    const lone = stated && typeof stated.amount === 'number' && stated.amount > index.lines[line]!.quantity ? null : stated;
    if (claimed.has(line) && !lone) return;
    const singular = !mention.plural && !pluralAround(r.tokens, mention.from, mention.to);
    const outer = { from: mention.from, to: lone ? lone.to : sentence.to };
    out.claims.push({ line, amount: lone?.amount ?? null, singular, pairs: lone?.pairs, quote: once(() => quoteFor(r, mention, lone, outer)) });
  });
}
