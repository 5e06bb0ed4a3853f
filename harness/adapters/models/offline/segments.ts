// Sentences and clauses of a tokenized text, and verbatim quotes cut from the original text at token
// boundaries (never over 300 characters, shrunk around the words that must stay). Linear.
import { CONTRAST_WORDS } from './lexicon/grammar.js';
import { ALL_BEFORE_EXCLUSION, WHOLE_ORDER_WORDS } from './lexicon/exclusions.js';
import { normalizeWord, type Token } from './tokens.js';

/** A token range [from, to). */
export interface Span {
  from: number;
  to: number;
}

export interface Segments {
  sentences: Span[];
  clauses: Span[];
  /** Index of the sentence / clause of each token. */
  sentenceOf: number[];
  clauseOf: number[];
}

export const MAX_QUOTE = 300;

const CONTRAST = new Set(CONTRAST_WORDS.map(normalizeWord));
const ALL_WORDS = new Set([...ALL_BEFORE_EXCLUSION, ...WHOLE_ORDER_WORDS].map(normalizeWord));

/** A contrast word opens a clause, except right after "all" ("all but the kettle"). */
function opensClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!;
  if (i === 0 || token.gap !== 'space') return true;
  return CONTRAST.has(token.norm) && !ALL_WORDS.has(tokens[i - 1]!.norm);
}

export function segment(tokens: readonly Token[]): Segments {
  const sentences: Span[] = [];
  const clauses: Span[] = [];
  const sentenceOf: number[] = [];
  const clauseOf: number[] = [];
  tokens.forEach((token, i) => {
    if (i === 0 || token.gap === 'sentence') sentences.push({ from: i, to: i });
    if (opensClause(tokens, i)) clauses.push({ from: i, to: i });
    sentences[sentences.length - 1]!.to = i + 1;
    clauses[clauses.length - 1]!.to = i + 1;
    sentenceOf.push(sentences.length - 1);
    clauseOf.push(clauses.length - 1);
  });
  return { sentences, clauses, sentenceOf, clauseOf };
}

const startOf = (token: Token) => (token.hashAt >= 0 ? token.hashAt : token.start);

/** Length in characters of the original text a token span covers. */
export function spanLength(tokens: readonly Token[], span: Span): number {
  return span.to > span.from ? tokens[span.to - 1]!.end - startOf(tokens[span.from]!) : 0;
}

const ALNUM = /[\p{L}\p{N}\p{M}]/u;
const WORD_REACH = 24;

/**
 * The original text of a span. A span that starts or ends inside a run of letters and digits
 * ("2mugs") is widened to the whole run when that stays short, so the quote holds whole words.
 */
export function quoteOf(text: string, tokens: readonly Token[], span: Span): string {
  if (span.to <= span.from) return '';
  let start = startOf(tokens[span.from]!);
  let end = tokens[span.to - 1]!.end;
  const floor = Math.max(0, start - WORD_REACH);
  const ceiling = Math.min(text.length, end + WORD_REACH);
  let s = start;
  while (s > floor && ALNUM.test(text[s - 1]!)) s--;
  let e = end;
  while (e < ceiling && ALNUM.test(text[e]!)) e++;
  if ((s === 0 || !ALNUM.test(text[s - 1]!)) && e - s <= MAX_QUOTE) start = s;
  if ((e === text.length || !ALNUM.test(text[e]!)) && e - start <= MAX_QUOTE) end = e;
  return text.slice(start, end);
}

/**
 * The widest span inside `outer` that holds `core` and fits in `max` characters: `outer` itself when
 * short enough, else `core` grown a token at a time on both sides. Null when `core` alone is too long.
 */
export function fitSpan(tokens: readonly Token[], outer: Span, core: Span, max = MAX_QUOTE): Span | null {
  const from = Math.min(outer.from, core.from);
  const to = Math.max(outer.to, core.to);
  if (spanLength(tokens, { from, to }) <= max) return { from, to };
  if (spanLength(tokens, core) > max) return null;
  const span = { ...core };
  let grew = true;
  while (grew) {
    grew = false;
    if (span.from > from && spanLength(tokens, { from: span.from - 1, to: span.to }) <= max) [span.from, grew] = [span.from - 1, true];
    if (span.to < to && spanLength(tokens, { from: span.from, to: span.to + 1 }) <= max) [span.to, grew] = [span.to + 1, true];
  }
  return span;
}
