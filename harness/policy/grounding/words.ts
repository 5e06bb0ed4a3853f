// Customer text as sentences of words in the normal form, and phrase look-ups over them. Linear
// in the input: each text is split once; phrase tests compare short token windows.
import { normalizeForMatch, tokens } from './text.js';

/** The customer's text as sentences, each a list of normalised words. */
export type Sentences = string[][];

const SENTENCE_END = /[.!?;\n\r]+/u;

export function sentencesOf(text: string): Sentences {
  return normalizeForMatch(text.replace(/\r?\n/g, '.\n'))
    .split(SENTENCE_END)
    .map(tokens)
    .filter((s) => s.length > 0);
}

/** A phrase list in token form ("don't want" → ["don", "t", "want"]), for matching on word windows. */
export function phraseTokens(list: readonly string[]): string[][] {
  return list.map((p) => tokens(normalizeForMatch(p))).filter((t) => t.length > 0);
}

function startsAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  if (at < 0 || at + phrase.length > words.length) return false;
  for (let i = 0; i < phrase.length; i++) if (words[at + i] !== phrase[i]) return false;
  return true;
}

/** Each phrase list by its first word, built once per list: a position is tried only against the phrases it can start. */
const BY_FIRST_WORD = new WeakMap<readonly (readonly string[])[], Map<string, (readonly string[])[]>>();
function byFirstWord(phrases: readonly (readonly string[])[]): Map<string, (readonly string[])[]> {
  let index = BY_FIRST_WORD.get(phrases);
  if (!index) {
    index = new Map();
    for (const phrase of phrases) {
      const first = phrase[0];
      if (first !== undefined) index.set(first, [...(index.get(first) ?? []), phrase]);
    }
    BY_FIRST_WORD.set(phrases, index);
  }
  return index;
}

/** True when any phrase starts at a position in [from, to) of the sentence. */
export function phraseIn(words: readonly string[], phrases: readonly string[][], from: number, to: number): boolean {
  const index = byFirstWord(phrases);
  for (let at = Math.max(0, from); at < Math.min(to, words.length); at++) {
    for (const phrase of index.get(words[at]!) ?? []) if (startsAt(words, at, phrase)) return true;
  }
  return false;
}

/** Every position of the sentence where one of the phrases starts. */
export function phraseStartsIn(words: readonly string[], phrases: readonly string[][]): number[] {
  const index = byFirstWord(phrases);
  const found: number[] = [];
  for (let at = 0; at < words.length; at++) if ((index.get(words[at]!) ?? []).some((phrase) => startsAt(words, at, phrase))) found.push(at);
  return found;
}

/** True when any of the phrases occurs anywhere in the sentences. */
export function mentionsAny(sentences: Sentences, phrases: readonly string[][]): boolean {
  return sentences.some((words) => phraseIn(words, phrases, 0, words.length));
}

/** True when the quote's words occur, in order and adjacent, inside one sentence of the text or across the whole text. */
export function containsWords(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
