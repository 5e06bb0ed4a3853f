// Order numbers in a ticket ("#1042", "order 1042", "pedido nº 1001", "Bestellung Nr. 1002") and
// which one the complaint is about: the one whose sentence complains while the others' do not (or
// are marked as another, older or fine order). Null when it cannot be told. Used by the triage.
import { countPer, matchFine, matchOtherOrder, wordSet } from './cues.js';
import { NUMBER_JOINERS, NUMBER_LABELS, ORDER_WORDS } from './lexicon/orders.js';
import type { Match } from './matcher.js';
import { fitSpan, quoteOf, type Segments } from './segments.js';
import { tokenize, unElide, type Token } from './tokens.js';

const ORDER = wordSet(ORDER_WORDS);
const LABELS = wordSet(NUMBER_LABELS);
const JOINERS = wordSet(NUMBER_JOINERS);
/** The triage schema lists at most 20; a ticket naming more cannot be bound to one. */
const MAX_MENTIONED = 20;

export interface OrderMention {
  number: string;
  token: number;
}

const isOrderDigits = (t: Token | undefined) => t?.kind === 'number' && /^[0-9]{3,12}$/.test(t.norm);

/** Order numbers among the tokens, in order of appearance (the same number may appear twice). */
export function orderMentions(tokens: readonly Token[]): OrderMention[] {
  const found: OrderMention[] = [];
  const isOrderWord = (k: number) => ORDER.has(unElide(tokens[k]!.norm)); // "dell'ordine" too
  tokens.forEach((token, i) => {
    if (!isOrderDigits(token)) return;
    let j = i - 1;
    while (j >= i - 2 && j >= 0 && LABELS.has(tokens[j]!.norm) && !isOrderWord(j)) j--;
    const named = token.hashAt >= 0 || (j >= 0 && isOrderWord(j));
    const joined = i >= 2 && JOINERS.has(tokens[i - 1]!.norm) && found.at(-1)?.token === i - 2;
    if (named || joined) found.push({ number: token.norm, token: i });
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

interface Located {
  number: string;
  text: string;
  tokens: Token[];
  token: number;
  sentence: { from: number; to: number };
  complains: boolean;
  other: boolean;
  shared: boolean;
}

/** A text already read by the triage: its tokens, sentences and complaint words. */
export interface ReadText {
  text: string;
  tokens: Token[];
  seg: Segments;
  complaints: ReadonlyArray<Match<unknown>>;
}

function locate({ text, tokens, seg, complaints }: ReadText): Located[] {
  const n = seg.sentences.length;
  const complaint = countPer(seg.sentenceOf, n, complaints);
  const other = countPer(seg.sentenceOf, n, [...matchOtherOrder(tokens), ...matchFine(tokens)]);
  const mentions = orderMentions(tokens);
  const numbersIn = new Map<number, Set<string>>();
  for (const m of mentions) numbersIn.set(seg.sentenceOf[m.token]!, (numbersIn.get(seg.sentenceOf[m.token]!) ?? new Set()).add(m.number));
  return mentions.map((m) => {
    const s = seg.sentenceOf[m.token]!;
    return {
      number: m.number,
      text,
      tokens,
      token: m.token,
      sentence: seg.sentences[s]!,
      complains: complaint[s]! > 0,
      other: other[s]! > 0 && complaint[s]! === 0,
      shared: (numbersIn.get(s)?.size ?? 0) > 1,
    };
  });
}

function quote(at: Located): string | null {
  const span = fitSpan(at.tokens, at.sentence, { from: at.token, to: at.token + 1 });
  return span ? quoteOf(at.text, at.tokens, span) : null;
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
  // No sentence complains next to a number: the one number never said to be another or fine order.
  const other = new Set(located.filter((l) => l.other).map((l) => l.number));
  const candidates = distinct.filter((n) => !other.has(n));
  return pick(candidates.length === 1 ? located.find((l) => l.number === candidates[0]) : undefined);
}
