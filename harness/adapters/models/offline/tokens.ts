// Tokens of customer text for the offline specialists: words and numbers in one normal form
// (compatibility-decomposed, no accents or zero-width characters, lower case, ß → ss, one
// apostrophe), each keeping its offsets in the original text so quotes are copied verbatim, and
// what separates it from the token before. One forward pass, no regex over the whole text:
// linear in its size.
import { ABBREVIATIONS, ELISIONS } from './lexicon/grammar.js';

/** What separates a token from the one before: a space, a clause break (, : –) or a sentence break. */
export type Gap = 'space' | 'clause' | 'sentence';

export interface Token {
  norm: string;
  kind: 'word' | 'number';
  /** Offsets in the original text: text.slice(start, end) is the token as written. */
  start: number;
  end: number;
  gap: Gap;
  /** Offset of a '#' right before the token (order numbers), else -1. */
  hashAt: number;
  colonBefore: boolean;
  currencyBefore: boolean;
}

const LETTER = /[\p{L}\p{M}]/u;
const DIGIT = /\p{Nd}/u;
/** Invisible characters (zero-width, soft hyphen, word joiner, bidi controls, BOM): skipped inside words. */
const IGNORABLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;
const APOSTROPHES = new Set(["'", '’', '‘', 'ʼ', '`', '´']);
const SENTENCE_MARKS = new Set(['!', '?', ';', '\n', '\r', '…', '。', '¡', '¿', '•']);
/** Parentheses open a clause, not a sentence: "a dented grinder (the hopper is cracked) and the mug". */
const CLAUSE_MARKS = new Set([',', ':', '–', '—', '，', '、', '(', ')', '[', ']', '{', '}']);
const CURRENCY = new Set(['$', '€', '£', '¥', '₹', '₩', '¢']);

const DROPPED = /[\p{M}\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/gu;
const APOSTROPHE_MARKS = /[’‘ʼ`´]/g;

/** The normal form of one word or phrase (word lists are compiled through it too). */
export function normalizeWord(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.replace(/`/g, "'").toLowerCase(); // ASCII: the common case, kept fast
  return text.normalize('NFKD').replace(DROPPED, '').replace(APOSTROPHE_MARKS, "'").toLowerCase().replace(/ß/g, 'ss');
}

/** The word without a French or Italian elided article ("l'assiette" → "assiette") or an English "'s". */
export function unElide(word: string): string {
  const at = word.indexOf("'");
  if (at < 0) return word;
  if (ELISIONS.has(word.slice(0, at))) return word.slice(at + 1);
  return word.endsWith("'s") ? word.slice(0, -2) : word;
}

type Kind = 'word' | 'number' | 'ignorable' | 'apostrophe' | 'other';

/** Code units of the code point at i: 2 for a surrogate pair. */
function widthAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

/** What the code point at i is; ASCII is decided without allocating. */
function kindAt(text: string, i: number): Kind {
  const code = text.charCodeAt(i);
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return 'word';
  if (code >= 48 && code <= 57) return 'number';
  if (code < 128) return code === 39 || code === 96 ? 'apostrophe' : 'other';
  const ch = text.slice(i, i + widthAt(text, i));
  if (LETTER.test(ch)) return 'word';
  if (DIGIT.test(ch)) return 'number';
  if (IGNORABLE.test(ch)) return 'ignorable';
  return APOSTROPHES.has(ch) ? 'apostrophe' : 'other';
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // What the gap before the next token holds.
  let hashAt = -1;
  let colon = false;
  let currency = false;
  let clause = false;
  let sentence = true;
  let period = false;
  let spaceAfterPeriod = false;
  let i = 0;
  while (i < text.length) {
    const kind = kindAt(text, i);
    if (kind !== 'word' && kind !== 'number') {
      const first = text[i]!;
      if (first === '#') hashAt = i;
      else if (first === ':') colon = clause = true;
      else if (CURRENCY.has(first)) currency = true;
      else if (SENTENCE_MARKS.has(first)) sentence = true;
      else if (CLAUSE_MARKS.has(first)) clause = true;
      else if (first === '.') period = true;
      else if (period && /\s/u.test(first)) spaceAfterPeriod = true;
      i += widthAt(text, i);
      continue;
    }
    let j = i + widthAt(text, i);
    while (j < text.length) {
      const k = kindAt(text, j);
      const width = widthAt(text, j);
      if (k === kind || k === 'ignorable' || (k === 'apostrophe' && kind === 'word' && j + width < text.length && kindAt(text, j + width) === 'word'))
        j += width;
      else break;
    }
    const previous = tokens[tokens.length - 1];
    // A period ends a sentence when a space follows and the word before is no abbreviation ("Nr. 1002").
    const periodEnds = period && spaceAfterPeriod && !(previous && ABBREVIATIONS.has(previous.norm));
    tokens.push({
      norm: normalizeWord(text.slice(i, j)),
      kind,
      start: i,
      end: j,
      gap: sentence || periodEnds ? 'sentence' : clause || period ? 'clause' : 'space',
      hashAt,
      colonBefore: colon,
      currencyBefore: currency,
    });
    hashAt = -1;
    colon = currency = clause = sentence = period = spaceAfterPeriod = false;
    i = j;
  }
  return tokens;
}

/** The value of a number token written in digits, or null (long digit runs are not quantities). */
export function digitsValue(token: Token): number | null {
  if (token.kind !== 'number' || token.norm.length > 12 || !/^[0-9]+$/.test(token.norm)) return null;
  return Number(token.norm);
}
