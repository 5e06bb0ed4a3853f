// Word lists compiled into matchers over tokens: a phrase matches consecutive tokens of one sentence,
// longest phrase first, and (when asked) a word of five letters or more also matches a token one
// edit away ("brokn", "recieved", "refnd"). Linear: each token looks up a bounded set of candidates.
import { FUZZY_BLOCK } from './lexicon/grammar.js';
import { LANGUAGE_WORDS } from './lexicon/languages.js';
import { normalizeWord, tokenize, type Token } from './tokens.js';

export interface Match<K> {
  key: K;
  /** Token range [from, to). */
  from: number;
  to: number;
}

interface Entry<K> {
  key: K;
  words: string[];
  colonAfter: boolean;
}

const KNOWN = new Set([...Object.values(LANGUAGE_WORDS).flat(), ...FUZZY_BLOCK].map(normalizeWord));
const MAX_FUZZY_LENGTH = 24;

/** One substitution, insertion, deletion or swap of neighbours at most; linear in the word length. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A token close enough to a word list entry: same first letter, entry of 5+ letters, one edit. */
function fuzzyEqual(entry: string, token: string): boolean {
  if (entry.length < 5 || token.length < 4 || token.length > MAX_FUZZY_LENGTH || entry[0] !== token[0]) return false;
  return !KNOWN.has(token) && withinOneEdit(entry, token);
}

export type Matcher<K> = (tokens: readonly Token[]) => Match<K>[];

export function compileMatcher<K>(table: ReadonlyArray<readonly [K, readonly string[]]>, options: { fuzzy: boolean }): Matcher<K> {
  const byFirst = new Map<string, Entry<K>[]>();
  const byShape = new Map<string, Set<string>>();
  for (const [key, phrases] of table) {
    for (const phrase of phrases) {
      const words = tokenize(phrase).map((t) => t.norm);
      const first = words[0];
      if (!first) continue;
      const entry = { key, words, colonAfter: phrase.trimEnd().endsWith(':') };
      byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
      const shape = `${first[0]}${first.length}`;
      byShape.set(shape, (byShape.get(shape) ?? new Set()).add(first));
    }
  }
  const same = (entry: string, token: Token) => entry === token.norm || (options.fuzzy && fuzzyEqual(entry, token.norm));

  function candidates(token: Token): Entry<K>[] {
    const exact = byFirst.get(token.norm);
    if (exact || !options.fuzzy || token.kind !== 'word' || token.norm.length > MAX_FUZZY_LENGTH) return exact ?? [];
    const found: Entry<K>[] = [];
    for (const length of [token.norm.length - 1, token.norm.length, token.norm.length + 1]) {
      for (const first of byShape.get(`${token.norm[0]}${length}`) ?? []) {
        if (fuzzyEqual(first, token.norm)) found.push(...(byFirst.get(first) ?? []));
      }
    }
    return found;
  }

  function matchesAt(entry: Entry<K>, tokens: readonly Token[], at: number): boolean {
    for (let k = 1; k < entry.words.length; k++) {
      const token = tokens[at + k];
      if (!token || token.gap === 'sentence' || !same(entry.words[k] ?? '', token)) return false;
    }
    return !entry.colonAfter || tokens[at + entry.words.length]?.colonBefore === true;
  }

  return (tokens) => {
    const matches: Match<K>[] = [];
    const seen = new Map<string, Entry<K>[]>(); // candidates per word, for this text
    let i = 0;
    while (i < tokens.length) {
      const token = tokens[i]!;
      let found = seen.get(token.norm);
      if (!found) seen.set(token.norm, (found = candidates(token)));
      let best: Entry<K> | null = null;
      for (const entry of found) {
        if ((!best || entry.words.length > best.words.length) && matchesAt(entry, tokens, i)) best = entry;
      }
      if (best) {
        matches.push({ key: best.key, from: i, to: i + best.words.length });
        i += best.words.length;
      } else i++;
    }
    return matches;
  };
}
