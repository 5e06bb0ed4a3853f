// Quantities as customers state them, in six languages: "two of the three bowls", "3 of the 6
// glasses", "one of the two photo frames" (one), "both", "all four", "all of them", "a pair",
// "2 mugs", "dos de las tres", "duas das três", "zwei von drei", "due dei tre", "tutti e due".
// "a pair" is two units, or one pair of a line sold in pairs. A number after "ordered"/"set of" is
// the ordered count, not a claim. Bounded look-around: linear.
import { wordSet } from './word-matchers.js';
import { ARTICLES, ORDERED_WORDS, PLURAL_MARKERS } from './lexicon/grammar.js';
import {
  AFTER_LONE_ALL,
  ALL_WORDS,
  BOTH_WORDS,
  CARDINALS,
  COUNT_COMPANIONS,
  OF_WORDS,
  ONE_WORDS,
  PAIR_WORDS,
  QUANTITY_FILLERS,
  THEM_WORDS,
} from './lexicon/numbers.js';
import type { Span } from './segments.js';
import { digitsValue, normalizeWord, type Token } from './tokens.js';

/** A number of units, every unit of the line, or every unit but some ("all except one"). */
export type Amount = number | 'all' | { allBut: number };

export interface Stated extends Span {
  amount: Amount;
  /** Said in pairs ("a pair", "two pairs"): how many pairs, for a line sold by the pair. */
  pairs?: number;
}

const NUMBERS = new Map(Object.entries(CARDINALS).map(([word, n]) => [normalizeWord(word), n]));
const ARTICLE = wordSet(ARTICLES);
const ORDERED = wordSet(ORDERED_WORDS);
const PLURAL = wordSet(PLURAL_MARKERS);
const ALL = wordSet(ALL_WORDS);
const BOTH = wordSet(BOTH_WORDS);
const OF = wordSet(OF_WORDS);
const ONE = wordSet(ONE_WORDS);
const PAIR = wordSet(PAIR_WORDS);
const FILLER = wordSet(QUANTITY_FILLERS);
const THEM = wordSet(THEM_WORDS);
const COMPANION = wordSet(COUNT_COMPANIONS);
/** A lone "all" counts the items when it ends its clause or a verb or "of them" follows. */
const AFTER_ALL = new Set([...wordSet(AFTER_LONE_ALL), ...PLURAL]);
const MAX_QUANTITY = 99;

/** The count a token states: digits (not a price, not an order number) or a number word. */
export function countOf(token: Token | undefined, language: string): number | null {
  if (!token) return null;
  if (token.kind === 'number') {
    const n = digitsValue(token);
    return n !== null && n > 0 && n <= MAX_QUANTITY && !token.currencyBefore && token.hashAt < 0 ? n : null;
  }
  if (token.norm === 'dos' && language === 'pt') return null; // Portuguese "dos" is "of the"
  return NUMBERS.get(token.norm) ?? null;
}

const isQuantityWord = (t: Token, language: string) =>
  countOf(t, language) !== null || ALL.has(t.norm) || BOTH.has(t.norm) || OF.has(t.norm) || PAIR.has(t.norm) || ARTICLE.has(t.norm);

/** Looks back from `at` over articles (at most `max`) for a word in `set`; its index or -1. */
function backTo(tokens: readonly Token[], at: number, floor: number, set: ReadonlySet<string>, max = 2): number {
  for (let i = at, skipped = 0; i >= floor && skipped <= max; i--, skipped++) {
    if (set.has(tokens[i]!.norm)) return i;
    if (!ARTICLE.has(tokens[i]!.norm) && !FILLER.has(tokens[i]!.norm)) return -1;
  }
  return -1;
}

/** "N of [the] M", "N out of M", "one more of the bowls", ending at the OF word `of`: N's index, or -1. */
function countBeforeOf(tokens: readonly Token[], of: number, floor: number, language: string): number {
  let n = of - 1;
  if (n >= floor && (tokens[n]!.norm === 'out' || COMPANION.has(tokens[n]!.norm))) n--;
  return n >= floor && countOf(tokens[n], language) !== null ? n : -1;
}

/** "a pair", "one pair", "two pairs" ending at the pair word `p`: two units a pair. */
function pairAt(tokens: readonly Token[], p: number, floor: number, to: number, language: string): Stated | null {
  const before = p - 1 >= floor ? tokens[p - 1] : undefined;
  const pairs = before && ONE.has(before.norm) ? 1 : (countOf(before, language) ?? 1);
  const first = before && (ONE.has(before.norm) || countOf(before, language) !== null) ? p - 1 : p;
  if (first > floor && ORDERED.has(tokens[first - 1]!.norm)) return null; // I ordered two pairs
  return { from: before && (ONE.has(before.norm) || countOf(before, language) !== null) ? p - 1 : p, to, amount: 2 * pairs, pairs };
}

/** The quantity stated right before an item mention starting at `at`, within tokens from `floor`. */
export function quantityBefore(tokens: readonly Token[], at: number, floor: number, language: string): Stated | null {
  let p = at - 1;
  if (p >= floor && !isQuantityWord(tokens[p]!, language) && tokens[p]!.kind === 'word' && !PLURAL.has(tokens[p]!.norm)) p--; // one adjective
  for (let skipped = 0; skipped < 2 && p >= floor && ARTICLE.has(tokens[p]!.norm) && countOf(tokens[p], language) === null; skipped++) p--;
  const token = tokens[p];
  if (p < floor || !token) return null;
  const span = (from: number, amount: Amount): Stated => ({ from, to: at, amount });
  const count = countOf(token, language);
  if (count !== null) {
    const of = backTo(tokens, p - 1, floor, OF);
    const n = of >= 0 ? countBeforeOf(tokens, of, floor, language) : -1;
    if (n >= 0) return span(n, countOf(tokens[n], language)!); // two of the three bowls
    const all = backTo(tokens, p - 1, floor, ALL);
    if (all >= 0) return span(all, count); // all four mugs, tutti e due i piatti
    const before = tokens[p - 1];
    if (before && p - 1 >= floor && (ORDERED.has(before.norm) || (of >= 0 && n < 0))) return null; // I ordered 3 mugs, set of 4
    return span(p, count); // 2 mugs, the two mugs
  }
  if (BOTH.has(token.norm)) return span(p, 2);
  if (ALL.has(token.norm)) return span(p, 'all');
  if (PAIR.has(token.norm)) return pairAt(tokens, p, floor, at, language);
  if (OF.has(token.norm)) {
    const holder = tokens[p - 1];
    if (holder && p - 1 >= floor && PAIR.has(holder.norm)) return pairAt(tokens, p - 1, floor, at, language);
    if (holder && p - 1 >= floor && (ALL.has(holder.norm) || BOTH.has(holder.norm))) return span(p - 1, ALL.has(holder.norm) ? 'all' : 2);
    const n = countBeforeOf(tokens, p, floor, language);
    if (n >= 0) return span(n, countOf(tokens[n], language)!); // one of the mugs
  }
  return null;
}

/** "mugs x2", "mug x 2": a count right after the item. */
export function quantityAfter(tokens: readonly Token[], end: number, ceiling: number, language: string): Stated | null {
  const x = tokens[end];
  const n = tokens[end + 1];
  if (end + 1 < ceiling && x?.norm === 'x' && countOf(n, language) !== null) return { from: end, to: end + 2, amount: countOf(n, language)! };
  return null;
}

/**
 * Quantities standing on their own in a span ("two of the three are cracked", "both broke", "all of
 * them", "alle vier"), for a sentence that names a single line.
 */
export function standaloneQuantities(tokens: readonly Token[], span: Span, language: string): Stated[] {
  const found: Stated[] = [];
  for (let i = span.from; i < span.to; i++) {
    const t = tokens[i]!;
    const count = countOf(t, language);
    if (count !== null && OF.has(tokens[i + 1]?.norm ?? '') && i + 1 < span.to) {
      const of = tokens[i + 1]!.norm === 'out' ? i + 2 : i + 1;
      let m = of + 1;
      while (m < span.to && m <= of + 2 && ARTICLE.has(tokens[m]!.norm) && countOf(tokens[m], language) === null) m++;
      if (m < span.to && (countOf(tokens[m], language) !== null || THEM.has(tokens[m]!.norm))) {
        found.push({ from: i, to: m + 1, amount: count }); // two of the three, two of them
        i = m;
      }
    } else if (BOTH.has(t.norm)) found.push({ from: i, to: i + 1, amount: 2 });
    else if (ALL.has(t.norm)) {
      const n = i + 1 < span.to && FILLER.has(tokens[i + 1]!.norm) && i + 2 < span.to ? i + 2 : i + 1;
      const all = n < span.to ? countOf(tokens[n], language) : null;
      const next = tokens[i + 1];
      const lone = i + 1 >= span.to || !next || next.gap !== 'space' || AFTER_ALL.has(next.norm);
      if (all !== null) found.push({ from: i, to: n + 1, amount: all });
      else if (lone) found.push({ from: i, to: i + 1, amount: 'all' });
      if (all !== null) i = n;
    } else if (PAIR.has(t.norm) && i > span.from && (ONE.has(tokens[i - 1]!.norm) || countOf(tokens[i - 1], language) !== null)) {
      const pair = pairAt(tokens, i, span.from, i + 1, language);
      if (pair) found.push(pair);
    } else if (count !== null && count > 1 && t.kind === 'word' && i > span.from) {
      // the two, les deux, os dois, the other two
      const article = COMPANION.has(tokens[i - 1]!.norm) && i - 1 > span.from ? i - 2 : i - 1;
      if (ARTICLE.has(tokens[article]!.norm)) found.push({ from: article, to: i + 1, amount: count });
    }
  }
  return found;
}

/** A plural word (determiner or verb) right next to the item: "the mugs are", "die Teller sind". */
export function pluralAround(tokens: readonly Token[], from: number, to: number): boolean {
  return PLURAL.has(tokens[from - 1]?.norm ?? '') || PLURAL.has(tokens[to]?.norm ?? '');
}

const QUANTITY_WORDS = wordSet([...ALL_WORDS, ...BOTH_WORDS, ...PAIR_WORDS, 'everything', 'todo', 'tudo', 'tout', 'alles', 'tutto', 'whole', 'entire']);

/** Whether the span speaks of a quantity outside `except` (a quote must state only the claimed one). */
export function speaksOfQuantity(tokens: readonly Token[], span: Span, except: Span | null): boolean {
  for (let i = span.from; i < span.to; i++) {
    if (except && i >= except.from && i < except.to) continue;
    const t = tokens[i]!;
    if (t.kind === 'number' && t.norm.length <= 2) return true;
    if (QUANTITY_WORDS.has(t.norm) || (NUMBERS.get(t.norm) ?? 0) > 1) return true;
  }
  return false;
}
