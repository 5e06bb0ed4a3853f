// The customer's text as sentences of clauses: the unit the under-claim check and the cited-count
// check read a count in. A clause ends at punctuation or at a conjunction ("I bought four mugs |
// and two came chipped"); each is marked as speaking of a problem or of something fine.
import { ALL_WORDS, FINE_MARKERS, PROBLEM_PREFIXES } from './lexicon.js';
import { CONJUNCTIONS, TYPED_NEGATIONS } from './lexicon/counting.js';
import { ANY_ARTICLE, PLURAL_DEFINITE } from './lexicon/articles.js';
import { NOT_SLIPS } from './lexicon/near-misses.js';
import { SUITABILITY_WORDS, WORKING_PREFIXES } from './lexicon/problems.js';
import { nearlySame } from './mentions.js';
import { normalizeForMatch, tokens } from './text.js';
import { phraseIn, phraseTokens } from './words.js';

const FINE = phraseTokens(FINE_MARKERS);
/** The first words of the fine markers: a clause holding none of them says nothing is fine (most clauses, cheaply). */
const FINE_STARTS = new Set(FINE.map((p) => p[0]!));

export interface Clause {
  words: string[];
  /** Says something is wrong ("two came chipped"). */
  problem: boolean;
  /** Says something is fine and nothing wrong ("only one arrived intact"). */
  fine: boolean;
}

const SENTENCE_END = /[.!?;\n\r]+/u;
const CLAUSE_END = /[,:()\u2013\u2014]+/u;
/**
 * An aside in brackets that holds a number of three digits or more: an order's reference beside an
 * item ("3 highball glasses (from order 4904) were smashed", "il bollitore (ordine n. 4913) non
 * scalda"). It is no count and no clause of its own, so the words around it stay one clause.
 */
const ORDER_ASIDE = /\([^()]*\d{3,}[^()]*\)/gu;

/** A word that starts like a problem word, or one typing slip from one ("crakced", "brokne") that is no English word ("could", "track"). */
function problemWord(word: string): boolean {
  return PROBLEM_PREFIXES.some((p) => word.startsWith(p) || (p.length >= 5 && word.length >= p.length && slipOf(word.slice(0, p.length), p)));
}

const slipOf = (start: string, prefix: string) => !NOT_SLIPS.has(start) && nearlySame(start, prefix);

/**
 * A verb of working turned down (a negation in the three words before it or right after it) and
 * followed by a word of suiting: "doesn't work in our living room", "ne marche pas avec", "funktioniert
 * nicht mit". Not a fault: a change of mind in the customer's words.
 */
function doesNotSuit(words: readonly string[], at: number): boolean {
  const word = words[at]!;
  if (!WORKING_PREFIXES.some((p) => word.startsWith(p))) return false;
  const negatedAfter = TYPED_NEGATIONS.has(words[at + 1] ?? '');
  const negated = negatedAfter || words.slice(Math.max(0, at - 3), at).some((w) => TYPED_NEGATIONS.has(w));
  return negated && SUITABILITY_WORDS.has(words[at + (negatedAfter ? 2 : 1)] ?? '');
}

/** Words that say something is wrong with an item (damage, a defect, a wrong item, a missing one). */
export const hasProblemWord = (words: readonly string[]) => words.some((w, at) => problemWord(w) && !doesNotSuit(words, at));

/** The words of a clause outside its fine markers ("not broken", "no problem" hold a problem word that says nothing is wrong). */
function outsideFineMarkers(words: readonly string[]): string[] {
  const covered = new Array<boolean>(words.length).fill(false);
  words.forEach((w, at) => {
    if (!FINE_STARTS.has(w)) return;
    const phrase = FINE.find((p) => p.every((x, k) => words[at + k] === x));
    if (phrase) for (let k = 0; k < phrase.length; k++) covered[at + k] = true;
  });
  return words.filter((_, at) => !covered[at]);
}

function clause(words: string[]): Clause {
  const fine = words.some((w) => FINE_STARTS.has(w)) && phraseIn(words, FINE, 0, words.length);
  // A problem word outside the fine markers: "broken except one bowl that survived" speaks of both.
  const problem = fine ? hasProblemWord(outsideFineMarkers(words)) : hasProblemWord(words);
  return { words, problem, fine };
}

/** "Both" words, and the articles and "and" words of the correlative "both the X and the Y". */
const BOTH = new Set(['both', 'ambos', 'ambas', 'beide', 'beiden', 'entrambi', 'entrambe']);
/** "Les deux", "los dos", "as duas", "die zwei", "the two": a two after a definite article says "both". */
const TWO = new Set(['two', 'deux', 'dos', 'dois', 'duas', 'zwei', 'due']);
const isBoth = (words: readonly string[], at: number) => BOTH.has(words[at] ?? '') || (TWO.has(words[at] ?? '') && PLURAL_DEFINITE.has(words[at - 1] ?? ''));
const AND = new Set(['and', 'y', 'e', 'et', 'und']);
/** How many words "the X" may take between "both" and its "and". */
const CORRELATIVE_REACH = 4;

/**
 * Is the "both" at `at` the correlative "both a mug and the platter", "beide, die Tasse und…": an
 * article right after it and an "and" within a few words, with no word of a problem between? Then it
 * joins two items and counts the units of neither ("both mugs are chipped and…" still counts two).
 */
function correlativeBoth(words: readonly string[], at: number): boolean {
  if (!isBoth(words, at) || !ANY_ARTICLE.has(words[at + 1] ?? '')) return false;
  const and = words.findIndex((w, i) => i > at + 2 && i <= at + 2 + CORRELATIVE_REACH && AND.has(w));
  return and > 0 && !hasProblemWord(words.slice(at + 1, and));
}

/** "Ambos, la taza y la fuente…", "les deux, le bol et la tasse": a "both" standing alone before a comma is the correlative of the part after it. */
function withoutLoneBoth(parts: string[][]): string[][] {
  const lone = (part: string[]) => part.length === 1 || (part.length === 2 && PLURAL_DEFINITE.has(part[0]!));
  return parts.filter((part, i) => !(lone(part) && correlativeBoth([...part, ...(parts[i + 1] ?? [])], part.length - 1)));
}

function splitOnConjunctions(all: string[]): string[][] {
  const words = all.filter((_, at) => !correlativeBoth(all, at));
  const out: string[][] = [[]];
  for (const w of words) {
    if (CONJUNCTIONS.has(w) && (out.at(-1)?.length ?? 0) > 0) out.push([]);
    else out.at(-1)!.push(w);
  }
  return out.filter((c) => c.length > 0);
}

/**
 * A clause that claims every unit ("every other plate") and says nothing itself shares the problem
 * of the clause it is joined to ("… and bowl is broken").
 */
function carryAll(sentence: Clause[]): Clause[] {
  return sentence.map((c, i) => {
    const next = sentence[i + 1];
    return !c.problem && !c.fine && next?.problem && c.words.some((w) => ALL_WORDS.has(w)) ? { ...c, problem: true } : c;
  });
}

/** Sentences, each a list of clauses. Linear in the text. */
export function clausesOf(text: string): Clause[][] {
  return normalizeForMatch(text.replace(/\r?\n/g, '.\n').replace(ORDER_ASIDE, ' '))
    .split(SENTENCE_END)
    .map((sentence) => carryAll(withoutLoneBoth(sentence.split(CLAUSE_END).map(tokens)).flatMap(splitOnConjunctions).map(clause)))
    .filter((s) => s.length > 0);
}

/** The clauses of `quote` that hold the cited words (in order and adjacent). */
export function clausesHolding(quote: string, cited: readonly string[]): Clause[] {
  const found: Clause[] = [];
  for (const sentence of clausesOf(quote)) {
    for (const c of sentence) if (cited.every((w) => c.words.includes(w))) found.push(c);
  }
  return found;
}

/** Cited count words holding a "both" that, in the quote, joins two items ("both a mug and the platter"): it counts one unit of each. */
export function bothJoinsItems(quote: string, cited: readonly string[]): boolean {
  return cited.some((w, at) => isBoth(cited, at)) && clausesHolding(quote, cited).length === 0;
}
