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

export function mentionsOf(sentences: Sentences, stems: readonly string[]): Mentions {
  const wanted = new Set(stems);
  const found: Mentions = { positive: 0, excluded: 0 };
  if (wanted.size === 0) return found;
  for (const words of sentences) {
    for (let i = 0; i < words.length; i++) {
      if (!wanted.has(stem(words[i] ?? ''))) continue;
      const excluded = phraseIn(words, EXCLUSIONS, i - LOOK_BACK, i) || phraseIn(words, FINE, i + 1, i + 1 + LOOK_AHEAD);
      if (excluded) found.excluded++;
      else found.positive++;
    }
  }
  return found;
}
