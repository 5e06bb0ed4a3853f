// The one number grammar of the grounding rules, six languages: what count a run of the customer's
// words states. Used on the words a model cites as the count of a claimed line ("two of them",
// "both", "all four", "three of the four", "out of the four, three", "all but one") and on the
// clauses of the customer's text that speak of a problem (the under-claim check). Numbers that are
// part of a product title ("4-cup teapot"), of an idiom ("split in two", "in three pieces"), or
// that count days or money, are no counts. Pure and linear in the words.
import { ALL_WORDS, EXCLUSION_MARKERS, NUMBER_WORDS, PART_OF_WORDS } from './lexicon.js';
import { GROUP_WORDS } from './lexicon/numbers.js';
import { INDEFINITE } from './lexicon/articles.js';
import { AFTER_WORDS, NOT_COUNTED, PIECE_WORDS, SPLIT_INTO, THEM_WORDS } from './lexicon/counting.js';
import { normalizeForMatch, tokens } from './text.js';
import { phraseIn, phraseTokens } from './words.js';

export type StatedCount = { kind: 'count'; count: number } | { kind: 'all' } | { kind: 'allBut'; except: number };

const EXCLUSIONS = phraseTokens(EXCLUSION_MARKERS);

/**
 * Where a number sits in a product title, as the words beside it ("Teapot 4-cup" → 4 before
 * "cup"; "Tumblers (set of 4)" → 4 after "of" / before nothing). A number in the customer's words
 * with the same neighbour is the title's, not a count.
 */
export interface TitleNumbers {
  before: ReadonlySet<string>;
  after: ReadonlySet<string>;
  /** Group words a title sells by ("Wine glasses (pair)"): there one "pair" is one unit, never a count of two. */
  units?: ReadonlySet<string>;
}

export function titleNumbersOf(titles: readonly string[]): TitleNumbers {
  const before = new Set<string>();
  const after = new Set<string>();
  const units = new Set<string>();
  for (const title of titles) {
    const words = tokens(normalizeForMatch(title));
    words.forEach((w, i) => {
      if (GROUP_WORDS.has(w)) units.add(w);
      if (!/^\d+$/.test(w) && NUMBER_WORDS[w] === undefined) return;
      const next = words[i + 1];
      const prev = words[i - 1];
      if (next) before.add(`${w} ${next}`);
      if (prev) after.add(`${prev} ${w}`);
    });
  }
  return { before, after, units };
}

const NO_TITLE_NUMBERS: TitleNumbers = { before: new Set(), after: new Set() };

/** The number a word states (1 to 99 in digits, or a number word), before looking at its neighbours. */
function bareNumber(word: string | undefined): number | null {
  if (word === undefined) return null;
  if (/^\d{1,2}$/.test(word)) return Number(word) > 0 ? Number(word) : null;
  const value = NUMBER_WORDS[word];
  return value !== undefined && value > 0 ? value : null;
}

/** The count the word at i states, or null: not a number, or one of a title, an idiom, days or money. */
export function countAt(words: readonly string[], i: number, titles: TitleNumbers = NO_TITLE_NUMBERS): number | null {
  const word = words[i];
  const value = bareNumber(word);
  if (value === null || word === undefined) return null;
  const next = words[i + 1] ?? '';
  const prev = words[i - 1] ?? '';
  if (NOT_COUNTED.has(next)) return null;
  // "um dos pratos", "uma das canecas": the Portuguese "of the" after a number, not the Spanish two.
  if (PART_OF_WORDS.has(word) && (bareNumber(prev) !== null || INDEFINITE.has(prev))) return null;
  if (titles.before.has(`${word} ${next}`) || titles.after.has(`${prev} ${word}`) || titles.units?.has(word)) return null;
  // "split in two", "broke into three pieces", "en deux morceaux", "in zwei Teile"
  if (SPLIT_INTO.has(prev) || PIECE_WORDS.has(next)) return null;
  // "after two washes", "después de dos usos": times something was done, not units.
  if (AFTER_WORDS.has(prev) || ((prev === 'de' || prev === 'di') && AFTER_WORDS.has(words[i - 2] ?? ''))) return null;
  return value;
}

/** The next count after position i within `reach` words, skipping "of", "the", "them". */
function countAfter(words: readonly string[], i: number, reach: number, titles: TitleNumbers): number | null {
  for (let j = i + 1; j <= i + reach && j < words.length; j++) {
    const n = countAt(words, j, titles);
    if (n !== null) return n;
  }
  return null;
}

/**
 * The count a run of words states, or null when it states none or cannot be told. `ordered` is the
 * line's ordered quantity: of two numbers where the larger is what was ordered, the other is the
 * part ("I bought four mugs and two came chipped" → 2).
 */
export function parseCount(cited: string | readonly string[], ordered: number, titles: TitleNumbers = NO_TITLE_NUMBERS): StatedCount | null {
  const words = typeof cited === 'string' ? tokens(normalizeForMatch(cited)) : cited;
  const numbers: { at: number; n: number }[] = [];
  let all = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (ALL_WORDS.has(word)) {
      // "all but one", "todos menos uno", "alle bis auf einen"
      if (phraseIn(words, EXCLUSIONS, i, i + 2) || phraseIn(words, EXCLUSIONS, i + 1, i + 2)) {
        const except = countAfter(words, i, 4, titles);
        if (except !== null) return { kind: 'allBut', except };
      }
      const n = countAfter(words, i, 3, titles);
      if (n !== null) return { kind: 'count', count: n }; // "all four", "all of the four", "todos los cuatro"
      all = true;
      continue;
    }
    const n = countAt(words, i, titles);
    if (n === null) continue;
    // "all arrived broken except for one": every unit but the number after the exclusion.
    if (all && phraseIn(words, EXCLUSIONS, i - 3, i)) return { kind: 'allBut', except: n };
    // "broken except one bowl": the number after an exclusion counts what is left out, not what is claimed.
    if (phraseIn(words, EXCLUSIONS, i - 2, i)) continue;
    // "three of the four", "tres de los cuatro", "drei von vier": the first is the part.
    if (PART_OF_WORDS.has(words[i + 1] ?? '') && countAfter(words, i + 1, 3, titles) !== null) return { kind: 'count', count: n };
    // "out of the four, three", "of the six, two": the number after the whole is the part.
    if (PART_OF_WORDS.has(words[i - 1] ?? '') || (words[i - 1] === 'the' && PART_OF_WORDS.has(words[i - 2] ?? ''))) {
      const part = countAfter(words, i, 4, titles);
      if (part !== null) return { kind: 'count', count: part };
    }
    numbers.push({ at: i, n });
  }
  // "three of them are chipped": a number followed by "of them" is a part; of several, the rule below picks.
  const ofThem = numbers.filter(({ at }) => PART_OF_WORDS.has(words[at + 1] ?? '') && THEM_WORDS.has(words[at + 2] ?? ''));
  const distinct = [...new Set((ofThem.length > 0 ? ofThem : numbers).map((x) => x.n))];
  if (distinct.length === 1) return { kind: 'count', count: distinct[0]! };
  if (distinct.length === 2 && Math.max(...distinct) === ordered) return { kind: 'count', count: Math.min(...distinct) };
  if (distinct.length > 1) return null;
  if (all) return { kind: 'all' };
  if (words.some((w) => INDEFINITE.has(w))) return { kind: 'count', count: 1 };
  return null;
}

/** The units a stated count claims on a line of `ordered` units (null: no fixed number). */
export function unitsOf(count: StatedCount, ordered: number): number {
  if (count.kind === 'count') return count.count;
  if (count.kind === 'all') return ordered;
  return Math.max(0, ordered - count.except);
}
