// Which line of the order a ticket's words name: each line's title words (singular, plus the same
// thing's name in the other five languages) against the ticket's words, singular or plural
// ("mugs", "tazas", "Gläser", "piatti"). Neighbouring item words form one mention, won by the line
// with most of them, the head noun counting double; a tie is an ambiguous mention. Gift-card lines
// are never candidates. Linear in the ticket. Used by the offline order agent's claim reader.
import type { OrderFacts } from '../../domain/types.js';
import { ITEM_NAMES, TITLE_STOP_WORDS } from './lexicon/items.js';
import { normalizeWord, tokenize, unElide, type Token } from './tokens.js';

export type Line = OrderFacts['lineItems'][number];

export interface LineIndex {
  /** The lines a claim may name: every line but gift cards. */
  lines: Line[];
  forms: Map<string, Set<number>>;
  keywordCount: number[];
}

export interface Mention {
  /** Token range [from, to) of the item words. */
  from: number;
  to: number;
  /** The line(s) it names: several when it cannot be told which. */
  lines: number[];
  plural: boolean;
}

const TITLE_STOP = new Set(TITLE_STOP_WORDS);
const NAMES = ITEM_NAMES.map((row) => row.map(normalizeWord));
const MAX_RUN = 6;

/** The singular of an English, Romance or German plural as best a rule can tell ("glasses" → "glass"). */
export function singularBase(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const PLURAL_RULES: ReadonlyArray<readonly [string, string]> = [
  ['s', ''], ['es', ''], ['ies', 'y'], ['n', ''], ['en', ''], ['e', ''], ['er', ''], ['x', ''], ['i', 'o'], ['i', 'e'], ['e', 'a'],
  ['oes', 'ao'], ['aes', 'ao'], ['ais', 'al'], ['eis', 'el'], ['ns', 'm'], ['chi', 'co'], ['ghi', 'go'], ['che', 'ca'],
];

/** Singular forms a plural word may come from: one per rule that fits. */
export function pluralCandidates(word: string): string[] {
  const found: string[] = [];
  for (const [ending, replacement] of PLURAL_RULES) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) found.push(word.slice(0, -ending.length) + replacement);
  }
  return found;
}

export function indexLines(order: OrderFacts): LineIndex {
  const lines = order.lineItems.filter((line) => !line.giftCard);
  const forms = new Map<string, Set<number>>();
  const add = (form: string, at: number) => forms.set(form, (forms.get(form) ?? new Set()).add(at));
  const keywordCount = lines.map((line, at) => {
    const bases = new Set<string>();
    for (const token of tokenize(line.title)) {
      const word = unElide(token.norm);
      if (token.kind !== 'word' || word.length < 2 || TITLE_STOP.has(word)) continue;
      const base = singularBase(word);
      bases.add(base);
      add(base, at);
      for (const row of NAMES) if (row.includes(base) || row.includes(word)) row.forEach((name) => add(name, at));
    }
    return Math.max(1, bases.size);
  });
  return { lines, forms, keywordCount };
}

interface WordMatch {
  lines: Set<number>;
  plural: boolean;
}

function matchWord(index: LineIndex, token: Token): WordMatch | null {
  if (token.kind !== 'word') return null;
  const word = unElide(token.norm);
  const exact = index.forms.get(word);
  if (exact) return { lines: exact, plural: false };
  for (const candidate of pluralCandidates(word)) {
    const hit = index.forms.get(candidate);
    if (hit) return { lines: hit, plural: true };
  }
  return null;
}

/**
 * Item mentions in the tokens. `skip` marks cue words (refund, damage, remedy), never item words;
 * `headFirst` is true for languages whose noun comes first ("la tazza rossa").
 */
export function findMentions(index: LineIndex, tokens: readonly Token[], skip: readonly boolean[], headFirst: boolean): Mention[] {
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const run: WordMatch[] = [];
    for (let j = i; j < tokens.length && run.length < MAX_RUN && (j === i || tokens[j]!.gap === 'space') && !skip[j]; j++) {
      const match = matchWord(index, tokens[j]!);
      if (!match) break;
      run.push(match);
    }
    if (run.length === 0) {
      i++;
      continue;
    }
    const head = headFirst ? run[0]! : run[run.length - 1]!;
    const score = new Map<number, number>();
    for (const match of run) for (const line of match.lines) score.set(line, (score.get(line) ?? 0) + 1 + (match === head ? 1 : 0));
    const rank = (line: number) => (score.get(line) ?? 0) * 100 + ((score.get(line) ?? 0) * 10) / index.keywordCount[line]!;
    const best = Math.max(...[...score.keys()].map(rank));
    mentions.push({ from: i, to: i + run.length, lines: [...score.keys()].filter((line) => rank(line) === best), plural: head.plural });
    i += run.length;
  }
  return mentions;
}
