// Whether the customer asks for a refund already made to be paid again (grounding/lexicon/again.ts):
// a verb of paying back or sending with a word of "again" starting at most four words after it or
// three before it, or a Spanish or Portuguese "volver a" right before it. A question about an earlier
// refund that asks this goes to a person: answering where the money is would not be what was asked.
import { AGAIN_AUXILIARIES, AGAIN_WORDS, PAY_AGAIN_VERBS } from './lexicon/again.js';
import { phraseStartsIn, phraseTokens, type Sentences } from './words.js';

const AGAIN = phraseTokens(AGAIN_WORDS);
const AFTER = 4;
const BEFORE = 3;

const isVerb = (word: string) => PAY_AGAIN_VERBS.some((stem) => word.startsWith(stem));

function asksAgainIn(words: readonly string[]): boolean {
  const again = phraseStartsIn(words, AGAIN);
  for (const [at, word] of words.entries()) {
    if (!isVerb(word)) continue;
    if (again.some((k) => k !== at && k >= at - BEFORE && k <= at + AFTER)) return true;
    const aux = words[at - 2];
    if (words[at - 1] === 'a' && aux !== undefined && AGAIN_AUXILIARIES.some((s) => aux.startsWith(s))) return true;
  }
  return false;
}

/** Whether any sentence of the customer's asks for money already refunded to be paid or sent again. */
export const asksToPayAgain = (text: Sentences): boolean => text.some(asksAgainIn);
