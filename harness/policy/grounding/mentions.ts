// Where the customer's words name a line item, and whether each mention claims it: a mention
// right after an exclusion marker ("everything except the kettle"), followed by a word that it is
// fine ("the bowl is fine"), or said to be kept ("the vase we're keeping", "I'll keep the mug"; not
// "I can't keep the mug") does not claim the item.
import { EXCLUSION_MARKERS, FINE_MARKERS, KEEP_AFTER_MARKERS, KEEP_BEFORE_MARKERS, NEGATIONS, REST_WORDS } from './lexicon.js';
import { LIKEWISE_MARKERS } from './lexicon/exclusions.js';
import { stem } from './text.js';
import { listsWhatNeverCame } from './enumerated-missing.js';
import { phraseIn, phraseStartsIn, phraseTokens, type Sentences } from './words.js';

const EXCLUSIONS = phraseTokens(EXCLUSION_MARKERS);
const FINE = phraseTokens(FINE_MARKERS);
const KEEP_BEFORE = phraseTokens(KEEP_BEFORE_MARKERS);
const KEEP_AFTER = phraseTokens(KEEP_AFTER_MARKERS);
const REST = phraseTokens(REST_WORDS);
const LIKEWISE = phraseTokens(LIKEWISE_MARKERS);
/** How far before the likewise words the fine words they carry over may stand ("the other set is fine, as is"). */
const LIKEWISE_REACH = 6;
/** How far after "the rest" a "fine" is about the rest. */
const REST_REACH = 4;
/** "can't", "won't", "cannot": the contraction's "t" and the fused form, beside the negation words. */
const NEGATED_BY = new Set([...NEGATIONS, 't', 'cannot', 'ne']);
/** How far a negation before a keep phrase (or right after it: "behalte ich nicht") turns it off. */
const NEGATION_BEFORE = 4;
const NEGATION_AFTER = 2;
/** How far back an exclusion marker reaches, and how far ahead "is fine" is looked for. */
const LOOK_BACK = 4;
const LOOK_AHEAD = 4;

export interface Mentions {
  /** Mentions that claim the item. */
  positive: number;
  /** Mentions inside an exclusion or followed by "is fine". */
  excluded: number;
}

/** One edit apart (insertion, deletion, substitution or swap of neighbours): "candel"/"candle", "glases"/"glass". */
export function nearlySame(a: string, b: string): boolean {
  if (a === b) return true;
  // A letter more or less in a word of four letters or more ("bowel"/"bowl"); a changed letter only from five.
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < (a.length === b.length ? 5 : 4)) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
  if (a.slice(i + 1) === b.slice(i)) return true; // a has one extra
  if (a.slice(i) === b.slice(i + 1)) return true; // b has one extra
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped neighbours
}

/** Does this word name the item (its stem, or one typing slip away from it)? */
export function namesItem(word: string, stems: readonly string[]): boolean {
  const s = stem(word);
  return stems.some((t) => t === s || nearlySame(s, t) || nearlySame(word, t));
}

/** A keep phrase starting in [from, to) of the sentence with no negation just before or after it. */
function keptIn(words: readonly string[], phrases: readonly string[][], from: number, to: number): boolean {
  for (let at = Math.max(0, from); at < Math.min(to, words.length); at++) {
    const phrase = phrases.find((p) => p.every((w, k) => words[at + k] === w));
    if (!phrase) continue;
    const around = [...words.slice(Math.max(0, at - NEGATION_BEFORE), at), ...words.slice(at + phrase.length, at + phrase.length + NEGATION_AFTER)];
    if (!around.some((w) => NEGATED_BY.has(w))) return true;
  }
  return false;
}

/** "It is fine" within the look-ahead after the item, unless "the rest" stands between ("just the teapot, the rest is fine"). */
function fineAfter(words: readonly string[], i: number): boolean {
  for (let at = i + 1; at < Math.min(i + 1 + LOOK_AHEAD, words.length); at++) {
    if (phraseIn(words, REST, at, at + 1)) return false;
    // "The mug is not fine": a negation just before the fine words turns them round.
    if (phraseIn(words, FINE, at, at + 1)) return !words.slice(Math.max(i + 1, at - 2), at).some((w) => NEGATED_BY.has(w));
  }
  return false;
}

/** Words that join an item to how it is ("the mug is fine", "la taza está bien", "der Becher ist ok"). */
const COPULAS = new Set(['is', 's', 'was', 'are', 'were', 'esta', 'estaba', 'es', 'era', 'ist', 'war', 'est', 'etait', 'e', 'zijn']);

/** How many times the item is said, right there, to be fine ("the mug is fine"; not "the mug is not fine", not "the mug would be perfect"). */
export function saidFineCount(sentences: Sentences, stems: readonly string[]): number {
  let count = 0;
  for (const words of sentences) {
    for (let i = 0; i < words.length; i++) {
      if (!namesItem(words[i] ?? '', stems) || !COPULAS.has(words[i + 1] ?? '')) continue;
      if (phraseIn(words, FINE, i + 2, i + 3)) count++;
    }
  }
  return count;
}

/** A sentence that says the other items are fine ("just the teapot, the rest is fine"). */
export function saysRestIsFine(words: readonly string[]): boolean {
  return phraseStartsIn(words, REST).some((at) => phraseIn(words, FINE, at + 1, at + 1 + REST_REACH));
}

/** An exclusion marker just before the word, unless it is the "not" of a list of what never came (enumerated-missing.ts). */
function excludedByMarker(words: readonly string[], i: number): boolean {
  if (!phraseIn(words, EXCLUSIONS, i - LOOK_BACK, i)) return false;
  const not = words.lastIndexOf('not', i - 1);
  return !(not >= i - LOOK_BACK && listsWhatNeverCame(words, not));
}

/**
 * "The other set is fine, as is the spoon": the item after likewise words takes the fine state said
 * just before them, unless a negation stands there ("is not fine, as is the spoon" is no fine).
 */
function fineLikewise(words: readonly string[], i: number): boolean {
  for (let at = Math.max(0, i - LOOK_BACK); at < i; at++) {
    const phrase = LIKEWISE.find((p) => at + p.length <= i && p.every((w, k) => words[at + k] === w));
    if (!phrase) continue;
    const before = Math.max(0, at - LIKEWISE_REACH);
    return phraseIn(words, FINE, before, at) && !words.slice(before, at).some((w) => NEGATED_BY.has(w));
  }
  return false;
}

/** Is the word at `i` of the sentence inside an exclusion, followed by "is fine", said to be kept, or fine like the item before? */
export function excludedAt(words: readonly string[], i: number): boolean {
  return (
    excludedByMarker(words, i) ||
    fineAfter(words, i) ||
    fineLikewise(words, i) ||
    keptIn(words, KEEP_BEFORE, i - LOOK_BACK, i) ||
    keptIn(words, KEEP_AFTER, i + 1, i + 1 + LOOK_AHEAD)
  );
}

export function mentionsOf(sentences: Sentences, stems: readonly string[], onlySentence?: (words: readonly string[]) => boolean): Mentions {
  const found: Mentions = { positive: 0, excluded: 0 };
  if (stems.length === 0) return found;
  for (const words of sentences) {
    if (onlySentence && !onlySentence(words)) continue;
    for (let i = 0; i < words.length; i++) {
      if (!namesItem(words[i] ?? '', stems)) continue;
      if (excludedAt(words, i)) found.excluded++;
      else found.positive++;
    }
  }
  return found;
}
