// Where the customer's words name a line item, and whether each mention claims it: a mention
// right after an exclusion marker ("everything except the kettle") or followed by a word that
// it is fine ("the bowl is fine") does not claim the item.
import { EXCLUSION_MARKERS, FINE_MARKERS } from './lexicon.js';
import { stem } from './text.js';
import { phraseIn, phraseTokens, type Sentences } from './words.js';

const EXCLUSIONS = phraseTokens(EXCLUSION_MARKERS);
const FINE = phraseTokens(FINE_MARKERS);
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
  if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 5) return false;
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

export function mentionsOf(sentences: Sentences, stems: readonly string[], onlySentence?: (words: readonly string[]) => boolean): Mentions {
  const found: Mentions = { positive: 0, excluded: 0 };
  if (stems.length === 0) return found;
  for (const words of sentences) {
    if (onlySentence && !onlySentence(words)) continue;
    for (let i = 0; i < words.length; i++) {
      if (!namesItem(words[i] ?? '', stems)) continue;
      const excluded = phraseIn(words, EXCLUSIONS, i - LOOK_BACK, i) || phraseIn(words, FINE, i + 1, i + 1 + LOOK_AHEAD);
      if (excluded) found.excluded++;
      else found.positive++;
    }
  }
  return found;
}
