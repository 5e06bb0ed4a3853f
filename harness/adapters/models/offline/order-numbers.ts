// Order numbers in a ticket ("#1042", "order 1042", "pedido nº 1001", "Bestellung Nr. 1002", "ordr
// 3601", "the mugs in 2206") and which one the complaint is about: each number owns the words from
// its clause to the next number's clause; the one whose words complain wins while the others' do
// not, or, when none complains, the one never said to be another, older or fine order. Null when it
// cannot be told.
import { countPer, matchFine, matchOtherOrder, matchTrouble, wordSet } from './word-matchers.js';
import { BARE_NUMBER_BEFORE, NUMBER_JOINERS, NUMBER_LABELS, ORDER_WORDS } from './lexicon/orders.js';
import { withinOneEdit, type Match } from './matcher.js';
import { fitSpan, quoteOf, type Segments, type Span } from './segments.js';
import { tokenize, unElide, type Token } from './tokens.js';

const ORDER = wordSet(ORDER_WORDS);
const LONG_ORDER_WORDS = [...ORDER].filter((w) => w.length >= 5);
const LABELS = wordSet(NUMBER_LABELS);
const JOINERS = wordSet(NUMBER_JOINERS);
const BARE_BEFORE = wordSet(BARE_NUMBER_BEFORE);
/** The triage schema lists at most 20; a ticket naming more cannot be bound to one. */
const MAX_MENTIONED = 20;

export interface OrderMention {
  number: string;
  token: number;
}

const isOrderDigits = (t: Token | undefined) => t?.kind === 'number' && /^[0-9]{3,12}$/.test(t.norm);
const yearLike = (digits: string) => digits.length === 4 && Number(digits) >= 1900 && Number(digits) <= 2030;

/** An order word, elided ("dell'ordine") or one typo away ("ordr", "ordder", "pedio"). */
function isOrderWord(token: Token): boolean {
  const word = unElide(token.norm);
  if (ORDER.has(word)) return true;
  return word.length >= 4 && word.length <= 12 && LONG_ORDER_WORDS.some((w) => w[0] === word[0] && withinOneEdit(w, word));
}

/** Order numbers among the tokens, in order of appearance (the same number may appear twice). */
export function orderMentions(tokens: readonly Token[]): OrderMention[] {
  const found: OrderMention[] = [];
  tokens.forEach((token, i) => {
    if (!isOrderDigits(token)) return;
    let j = i - 1;
    while (j >= i - 2 && j >= 0 && LABELS.has(tokens[j]!.norm) && !isOrderWord(tokens[j]!)) j--;
    const named = token.hashAt >= 0 || (j >= 0 && isOrderWord(tokens[j]!));
    const joined = i >= 2 && JOINERS.has(tokens[i - 1]!.norm) && found.at(-1)?.token === i - 2;
    const bare = i >= 1 && BARE_BEFORE.has(tokens[i - 1]!.norm) && !token.currencyBefore && !yearLike(token.norm);
    if (named || joined || bare) found.push({ number: token.norm, token: i });
  });
  return found;
}

export function findOrderNumbers(text: string): string[] {
  return [...new Set(orderMentions(tokenize(text)).map((m) => m.number))];
}

export interface OrderChoice {
  mentioned: string[];
  orderNumber: string | null;
  orderQuote: string | null;
}

/** A text already read by the triage: its tokens, sentences, complaint words and earlier-refund words. */
export interface ReadText {
  text: string;
  tokens: Token[];
  seg: Segments;
  complaints: ReadonlyArray<Match<unknown>>;
  earlier: ReadonlyArray<Match<unknown>>;
}

interface Located {
  number: string;
  read: ReadText;
  token: number;
  sentence: Span;
  complains: boolean;
  other: boolean;
  /** Another order number stands in the same clause: its words cannot be told apart. */
  shared: boolean;
  /** The tokens of the neighbouring order numbers in the same sentence: the quote stays between them. */
  previousToken: number | null;
  nextToken: number | null;
}

/** Each number's words: from its clause to the clause of the next number in its sentence. */
function locate(read: ReadText): Located[] {
  const { tokens, seg } = read;
  const mentions = orderMentions(tokens);
  const complaintAt = countPer(seg.clauseOf, seg.clauses.length, [...read.complaints, ...matchTrouble(tokens)]);
  const otherAt = countPer(seg.clauseOf, seg.clauses.length, [...matchOtherOrder(tokens), ...matchFine(tokens), ...read.earlier]);
  return mentions.map((m, k) => {
    const s = seg.sentenceOf[m.token]!;
    const sentence = seg.sentences[s]!;
    const from = seg.clauseOf[m.token]!;
    const next = mentions[k + 1];
    const nextClause = next && seg.sentenceOf[next.token] === s ? seg.clauseOf[next.token]! : seg.clauseOf[sentence.to - 1]! + 1;
    const previous = mentions[k - 1];
    const shared = (next !== undefined && seg.clauseOf[next.token] === from) || (previous !== undefined && seg.clauseOf[previous.token] === from);
    let complaints = 0;
    let others = 0;
    for (let c = from; c < Math.max(nextClause, from + 1); c++) [complaints, others] = [complaints + complaintAt[c]!, others + otherAt[c]!];
    const sameSentence = (o: { token: number } | undefined) => (o && seg.sentenceOf[o.token] === s ? o.token : null);
    return {
      number: m.number,
      read,
      token: m.token,
      sentence,
      complains: complaints > 0,
      other: others > 0 && complaints === 0,
      shared,
      previousToken: sameSentence(previous),
      nextToken: sameSentence(next),
    };
  });
}

/** The number's own words: from its clause to just before the next order number, never naming another one. */
function quote(at: Located): string | null {
  const clause = at.read.seg.clauses[at.read.seg.clauseOf[at.token]!];
  const from = Math.max(clause?.from ?? at.sentence.from, at.previousToken === null ? at.sentence.from : at.previousToken + 1);
  const to = at.nextToken === null ? at.sentence.to : at.nextToken;
  const span = fitSpan(at.read.tokens, { from, to }, { from: at.token, to: at.token + 1 });
  return span ? quoteOf(at.read.text, at.read.tokens, span) : null;
}

/** Every order number in the texts (subject, body) and the one the request is about. */
export function chooseOrder(texts: readonly ReadText[]): OrderChoice {
  const located = texts.flatMap(locate);
  const distinct = [...new Set(located.map((l) => l.number))];
  const mentioned = distinct.slice(0, MAX_MENTIONED);
  const pick = (at: Located | undefined): OrderChoice => ({ mentioned, orderNumber: at?.number ?? null, orderQuote: at ? quote(at) : null });
  if (distinct.length <= 1) return pick(located[0]);
  if (distinct.length > MAX_MENTIONED || located.some((l) => l.shared && l.complains)) return pick(undefined);
  const complaining = located.filter((l) => l.complains);
  if (new Set(complaining.map((l) => l.number)).size === 1) return pick(complaining[0]);
  if (complaining.length > 0) return pick(undefined);
  // No number's words complain: the one number never said to be another or fine order.
  const other = new Set(located.filter((l) => l.other).map((l) => l.number));
  const candidates = distinct.filter((n) => !other.has(n));
  return pick(candidates.length === 1 ? located.find((l) => l.number === candidates[0]) : undefined);
}

/**
 * Several requests, one per order: every number whose own words complain or ask, when two or more do
 * and no two share a clause (their words cannot be told apart then). Each with its own words. Empty otherwise.
 */
export function requestedOrders(texts: readonly ReadText[]): Array<{ number: string; quote: string | null }> {
  const located = texts.flatMap(locate);
  if (located.some((l) => l.shared)) return [];
  const asking = located.filter((l) => l.complains);
  const numbers = [...new Set(asking.map((l) => l.number))];
  if (numbers.length < 2 || numbers.length > MAX_MENTIONED) return [];
  return numbers.map((number) => {
    const at = asking.find((l) => l.number === number)!;
    return { number, quote: quote(at) };
  });
}
