// The language of a ticket: the one of six (en, es, pt, fr, de, it) with most of its function words
// in the text; English when none is found. Elided words count twice: "l'assiette" is "l'" and
// "assiette". Linear in the text.
import { LANGUAGE_WORDS, type OfflineLanguage } from './lexicon/languages.js';
import { normalizeWord, tokenize, type Token } from './tokens.js';

const VOCABULARY = Object.entries(LANGUAGE_WORDS).map(([language, list]) => [language as OfflineLanguage, new Set(list.map(normalizeWord))] as const);

function* wordsOf(tokens: readonly Token[]): Generator<string> {
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    const at = token.norm.indexOf("'");
    if (at > 0) {
      yield token.norm.slice(0, at + 1);
      yield token.norm.slice(at + 1);
    } else yield token.norm;
  }
}

export function detectLanguage(text: string): OfflineLanguage {
  return languageOf([tokenize(text)]);
}

/** The language of already tokenized texts (a ticket's subject and body). */
export function languageOf(texts: ReadonlyArray<readonly Token[]>): OfflineLanguage {
  const scores = new Map<OfflineLanguage, number>();
  for (const tokens of texts) {
    for (const word of wordsOf(tokens)) {
      for (const [language, vocabulary] of VOCABULARY) if (vocabulary.has(word)) scores.set(language, (scores.get(language) ?? 0) + 1);
    }
  }
  let best: OfflineLanguage = 'en';
  let bestScore = 0;
  for (const [language, score] of scores) if (score > bestScore) [best, bestScore] = [language, score];
  return best;
}
