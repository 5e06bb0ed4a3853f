// Which line of the order a ticket's words name: each line's title words (singular, plus the same
// thing's name in the other five languages) against the ticket's words, singular or plural ("mugs",
// "tazas", "Gläser", "piatti"), the end of a German compound ("Weingläser") or one typo away
// ("plats"). Neighbouring item words form one mention, won by the line with most of them, the head
// noun counting double; a tie is an ambiguous mention, and a mention without the head noun ("the
// glass" for "Glass bud vase") is weak. Gift-card lines are never candidates. Linear in the ticket.
import type { OrderFacts } from '../../../domain/types.js';
import { NOT_ITEM } from './word-matchers.js';
import { ITEM_NAMES, TITLE_STOP_WORDS } from './lexicon/items.js';
import { withinOneEdit } from './matcher.js';
import { normalizeWord, tokenize, unElide, type Token } from './tokens.js';

export type Line = OrderFacts['lineItems'][number];

export interface LineIndex {
  /** The lines a claim may name: every line but gift cards. */
  lines: Line[];
  forms: Map<string, Set<number>>;
  /** The forms of each line's head noun (the last title word before any "(…)" or " - …"). */
  heads: Map<string, Set<number>>;
  /** Forms of four letters or more by first letter, for typos. */
  byInitial: Map<string, string[]>;
  keywordCount: number[];
}

export interface Mention {
  /** Token range [from, to) of the item words. */
  from: number;
  to: number;
  /** The line(s) it names: several when it cannot be told which. */
  lines: number[];
  plural: boolean;
  /** It holds the line's head noun ("the bud vase"), not only a modifier ("the glass"). */
  strong: boolean;
}

const TITLE_STOP = new Set(TITLE_STOP_WORDS);
const NAMES = ITEM_NAMES.map((row) => row.map(normalizeWord));
const MAX_RUN = 6;
const COMPOUND_MIN = 7;
const TYPO_MIN = 5;

/** The singular of an English, Romance or German plural as best a rule can tell ("glasses" → "glass"). */
export function singularBase(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const PLURAL_RULES: ReadonlyArray<readonly [string, string]> = [
  ['s', ''],
  ['es', ''],
  ['ies', 'y'],
  ['n', ''],
  ['en', ''],
  ['e', ''],
  ['er', ''],
  ['x', ''],
  ['i', 'o'],
  ['i', 'e'],
  ['e', 'a'],
  ['oes', 'ao'],
  ['aes', 'ao'],
  ['ais', 'al'],
  ['eis', 'el'],
  ['ns', 'm'],
  ['chi', 'co'],
  ['ghi', 'go'],
  ['che', 'ca'],
];

/** Singular forms a plural word may come from: one per rule that fits. */
export function pluralCandidates(word: string): string[] {
  const found: string[] = [];
  for (const [ending, replacement] of PLURAL_RULES) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) found.push(word.slice(0, -ending.length) + replacement);
  }
  return found;
}

/** The title words that name the line, and its head noun (English titles end with it: "Oak photo frame 8x10"). */
function titleWords(title: string): { words: string[]; head: string | null } {
  const main = title.split(/\s[-–—|]\s|[(,[]/u)[0] ?? title;
  const wordsOf = (text: string) =>
    tokenize(text)
      .filter((t) => t.kind === 'word')
      .map((t) => singularBase(unElide(t.norm)))
      .filter((w) => w.length >= 2 && !TITLE_STOP.has(w));
  return { words: wordsOf(title), head: wordsOf(main).at(-1) ?? null };
}

export function indexLines(order: OrderFacts): LineIndex {
  const lines = order.lineItems.filter((line) => !line.giftCard);
  const forms = new Map<string, Set<number>>();
  const heads = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, form: string, at: number) => map.set(form, (map.get(form) ?? new Set()).add(at));
  const namesOf = (word: string) => [word, ...NAMES.filter((row) => row.includes(word)).flat()];
  const keywordCount = lines.map((line, at) => {
    const { words, head } = titleWords(line.title);
    for (const word of words) namesOf(word).forEach((name) => add(forms, name, at));
    if (head) namesOf(head).forEach((name) => add(heads, name, at));
    return Math.max(1, new Set(words).size);
  });
  const byInitial = new Map<string, string[]>();
  for (const form of forms.keys()) if (form.length >= TYPO_MIN - 1) byInitial.set(form[0]!, [...(byInitial.get(form[0]!) ?? []), form]);
  return { lines, forms, heads, byInitial, keywordCount };
}

interface WordMatch {
  lines: Set<number>;
  plural: boolean;
  form: string;
}

/** The form a word names: itself, a singular of it, or (`deep`) the end of a compound or a form one typo away. */
function matchWord(index: LineIndex, word: string, deep = true): WordMatch | null {
  const exact = index.forms.get(word);
  if (exact) return { lines: exact, plural: false, form: word };
  for (const candidate of pluralCandidates(word)) {
    const hit = index.forms.get(candidate);
    if (hit) return { lines: hit, plural: true, form: candidate };
  }
  if (!deep || NOT_ITEM.has(word)) return null;
  if (word.length >= COMPOUND_MIN) {
    for (let cut = 3; cut <= word.length - 4; cut++) {
      const tail = matchWord(index, word.slice(cut), false);
      if (tail && tail.form.length >= 4) return tail;
    }
  }
  // A typo of the word or of its singular ("plats", "bowels"): one edit, same first letter, long enough.
  for (const [candidate, plural] of [[word, false], ...pluralCandidates(word).map((c) => [c, true] as const)] as const) {
    if (candidate.length < TYPO_MIN - 1) continue;
    const typo = (index.byInitial.get(candidate[0]!) ?? []).find(
      (form) => (form.length >= TYPO_MIN || candidate.length >= TYPO_MIN) && withinOneEdit(form, candidate),
    );
    if (typo) return { lines: index.forms.get(typo)!, plural, form: typo };
  }
  return null;
}

/**
 * Item mentions in the tokens. `skip` marks cue words (refund, damage, remedy), never item words;
 * `headFirst` is true for languages whose noun comes first ("la tazza rossa").
 */
export function findMentions(index: LineIndex, tokens: readonly Token[], skip: readonly boolean[], headFirst: boolean): Mention[] {
  const seen = new Map<string, WordMatch | null>();
  const lookup = (token: Token): WordMatch | null => {
    if (token.kind !== 'word' || token.norm.length > 40) return null;
    const word = unElide(token.norm);
    if (!seen.has(word)) seen.set(word, matchWord(index, word));
    return seen.get(word) ?? null;
  };
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const run: WordMatch[] = [];
    for (let j = i; j < tokens.length && run.length < MAX_RUN && (j === i || tokens[j]!.gap === 'space') && !skip[j]; j++) {
      const match = lookup(tokens[j]!);
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
    const lines = [...score.keys()].filter((line) => rank(line) === best);
    const strong = lines.length > 1 || run.some((m) => lines.some((line) => index.heads.get(m.form)?.has(line)));
    mentions.push({ from: i, to: i + run.length, lines, plural: head.plural, strong });
    i += run.length;
  }
  return mentions;
}
