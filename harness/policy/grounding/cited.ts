// Checks on the spans a model cites for a claimed line: the words that name the item and the words
// that state the count must sit inside the line's quote; the item words must name that line (not
// only another); the count words must parse, with the one number grammar (counts.ts), to the
// claimed quantity, and must not count units the customer says are fine. And the under-claim
// check: the customer's problem clauses about a claimed line must not state more units than the
// claim. Code verifies what the model cites; it does not re-read the ticket where it has.
import type { OrderFacts, Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import { bothJoinsItems, clausesHolding, clausesOf, type Clause } from './clauses.js';
import { parseCount, unitsOf, type StatedCount, type TitleNumbers } from './counts.js';
import { THING_WORDS } from './lexicon/counting.js';
import { DAMAGE_LIKE_REASONS } from './spans.js';
import { REST_WORDS } from './lexicon.js';
import { excludedAt, namesItem, saysRestIsFine } from './mentions.js';
import { normalizeForMatch, stem, tokens } from './text.js';
import { containsWords, phraseIn, phraseTokens } from './words.js';
import type { GroundingFinding } from './claims.js';

type Line = OrderFacts['lineItems'][number];
type Claim = Proposal['lineItems'][number];

const REST = phraseTokens(REST_WORDS);
/** Words that claim every item without naming one ("everything except the kettle"). */
const COLLECTIVE = new Set(['everything', 'all', 'both', 'each', 'every', 'items', 'whole', 'entire']);

/**
 * Words that name a line without its distinctive stems: a collective ("everything", "both"); on an
 * order with a single line to claim, the order's own number ("since I ordered (2402)… refund me"),
 * as that order holds nothing else the words could mean; or the line's own product word, which other
 * titles of the order hold only as their material ("the glasses" of "Tumbler glasses" beside a
 * "Glass carafe").
 */
export function namesLineOtherwise(words: readonly string[], lineId: string, ctx: Pick<CitedContext, 'claimableLines' | 'orderNumber' | 'products'>): boolean {
  if (words.some((w) => COLLECTIVE.has(w))) return true;
  if (ctx.claimableLines === 1 && ctx.orderNumber !== '' && words.includes(ctx.orderNumber)) return true;
  const product = ctx.products.get(lineId);
  return product !== undefined && words.some((w) => stem(w) === product);
}

export const citedWords = (span: string) => tokens(normalizeForMatch(span));

const finding = (rule: string, line: Line, reason: string): GroundingFinding => ({
  rule,
  reason: `"${line.title}": ${reason}`,
  severity: 'approval',
  lineItemId: line.id,
});

export interface CitedContext {
  /** Stems by which the customer names each line (distinctive to it). */
  stems: Map<string, string[]>;
  /** Stems that say another line is meant. */
  naming: Map<string, string[]>;
  titles: TitleNumbers;
  /** English-dominant text: titles are matched word for word only there. */
  english: boolean;
  /** Lines of the order that could be claimed (not gift cards, something left to refund). */
  claimableLines: number;
  /** The order's number as the customer writes it, digits only ("2402"). */
  orderNumber: string;
  /** Each line's product-word stem (text.ts productWord), where no other line's title has it as its product word. */
  products: Map<string, string>;
}

/** The item words: inside the quote, and naming this line rather than another. */
/** Every place the cited item words stand in the quote is kept, excluded or said to be fine. */
function citedAsExcluded(quoteWords: readonly string[], cited: readonly string[]): boolean {
  const starts = quoteWords.flatMap((_, i) => (cited.every((w, k) => quoteWords[i + k] === w) ? [i] : []));
  return starts.length > 0 && starts.every((i) => cited.some((_, k) => excludedAt(quoteWords, i + k)));
}

export function itemWordsFindings(line: Line, claim: Claim, quoteWords: readonly string[], ctx: CitedContext): GroundingFinding[] {
  if (claim.itemWords == null) return [];
  const words = citedWords(claim.itemWords);
  if (!containsWords(quoteWords, words)) return [finding(RULES.citedWordsNotInQuote, line, 'the words cited for the item are not in the quote')];
  // "Je garde les torchons": the cited words themselves say the customer keeps the item, in any language (titles need not match).
  if (citedAsExcluded(quoteWords, words)) return [finding(RULES.lineExcludedByCustomer, line, 'the quote says the customer keeps it or that it is fine')];
  const own = ctx.stems.get(line.id) ?? [];
  if (words.some((w) => namesItem(w, own))) return [];
  const other = [...ctx.naming].find(([id, stems]) => id !== line.id && words.some((w) => namesItem(w, stems)));
  if (other) return [finding(RULES.quoteNamesOtherLine, line, 'the words cited for the item name another item')];
  if (ctx.english && own.length > 0 && !namesLineOtherwise(words, line.id, ctx)) {
    return [finding(RULES.quoteDoesNotNameLine, line, 'the words cited for the item do not name it')];
  }
  return [];
}

/**
 * The count words: inside the quote, parsed to the claimed quantity (or, cited alike for several lines
 * of the quote, to their units together: `sharedCount`), not counting units said to be fine.
 */
/** Count words of "things" ("the two things") where the quote names as many lines: they count the lines, one unit each. */
function countsNamedItems(words: readonly string[], count: StatedCount | null, quoteWords: readonly string[], ctx: CitedContext): boolean {
  if (count?.kind !== 'count' || count.count < 2 || !words.some((w) => THING_WORDS.has(w))) return false;
  const named = [...ctx.naming.values()].filter((stems) => quoteWords.some((w) => namesItem(w, stems)));
  return named.length >= count.count;
}

export function countWordsFindings(
  line: Line,
  claim: Claim,
  quoteWords: readonly string[],
  ctx: CitedContext,
  sharedCount: number | null = null,
): GroundingFinding[] {
  // Not cited (null: implicit) is read from the quote itself by the caller.
  if (claim.countWords == null) return [];
  const every = (q: number) => q === line.quantity || q === line.refundableQuantity;
  const words = citedWords(claim.countWords);
  if (!containsWords(quoteWords, words)) return [finding(RULES.citedWordsNotInQuote, line, 'the words cited for the count are not in the quote')];
  if (bothJoinsItems(claim.quote, words) && claim.quantity !== 1) {
    return [finding(RULES.quantityNotGrounded, line, `${claim.quantity} claimed, the cited words "${claim.countWords}" join two items: one of each`)];
  }
  const count = parseCount(words, line.quantity, ctx.titles);
  if (countsNamedItems(words, count, quoteWords, ctx)) {
    if (claim.quantity === 1) return [];
    return [
      finding(RULES.quantityNotGrounded, line, `${claim.quantity} claimed, the cited words "${claim.countWords}" count the items the quote names: one of each`),
    ];
  }
  // "the other candle", "the second frame": no number, one unit of a line with one left to refund.
  if (count === null && claim.quantity === 1 && (line.quantity === 1 || line.refundableQuantity === 1)) return [];
  if (count === null) return [finding(RULES.quantityNotGrounded, line, `${claim.quantity} claimed, the cited words "${claim.countWords}" state no count`)];
  const units = unitsOf(count, line.quantity);
  const matches = units === claim.quantity || units === sharedCount || (count.kind === 'all' && every(claim.quantity));
  if (!matches) return [finding(RULES.quantityNotGrounded, line, `${claim.quantity} claimed, the cited words "${claim.countWords}" say ${units}`)];
  const where = clausesHolding(claim.quote, words);
  if (where.length > 0 && where.every((c) => c.fine && !c.problem)) {
    return [finding(RULES.quantityNotGrounded, line, `the cited words "${claim.countWords}" count units the customer says are fine`)];
  }
  // Read in their clause, the words must still say that count: "three" of "two of the three bowls" is the whole, not the part.
  const context = where[0]?.words ?? citedWords(claim.quote);
  const read = parseCount(context, line.quantity, ctx.titles);
  if (read !== null && unitsOf(read, line.quantity) !== units && !(read.kind === 'all' && every(claim.quantity))) {
    return [
      finding(
        RULES.quantityNotGrounded,
        line,
        `the cited words "${claim.countWords}" read in their clause say ${unitsOf(read, line.quantity)}, not ${claim.quantity}`,
      ),
    ];
  }
  return [];
}

const names = (c: Clause, stems: readonly string[]) => c.words.some((w) => namesItem(w, stems));

/** The most units the clauses of one sentence say have a problem on this line, or null. */
function sentenceProblemUnits(sentence: Clause[], line: Line, own: readonly string[], others: readonly string[][], ctx: CitedContext): number | null {
  const namesOther = (c: Clause) => others.some((s) => names(c, s));
  if (!sentence.some((c) => names(c, own))) return null;
  const onlyThisLine = !sentence.some(namesOther);
  let most: number | null = null;
  const fineUnits = sentence
    .filter((c) => c.fine && !c.problem)
    .reduce((n, c) => {
      const k = parseCount(c.words, line.quantity, ctx.titles);
      return n + (k?.kind === 'count' ? k.count : 0);
    }, 0);
  for (const c of sentence) {
    if (!c.problem || (!names(c, own) && !(onlyThisLine && !namesOther(c)))) continue;
    const count = parseCount(c.words, line.quantity, ctx.titles);
    let units: number | null = count ? unitsOf(count, line.quantity) : null;
    // "only one arrived intact, the rest were broken": the rest is what the fine clauses leave.
    if (count === null && fineUnits > 0 && phraseIn(c.words, REST, 0, c.words.length)) units = line.quantity - fineUnits;
    if (units !== null && (most === null || units > most)) most = units;
  }
  return most;
}

/**
 * The claimed quantities against the most units the customer's problem clauses state for each line.
 * An under-claim (more stated, and more refundable) would dodge the approval the full claim needs.
 * An over-claim the count check cannot see: no count words cited in a clause about a problem, and
 * fewer units stated than claimed ("I got two enamel mugs and one has a huge dent" claimed as two).
 */
export function problemCountFindings(customerText: string, claims: readonly Claim[], order: OrderFacts, ctx: CitedContext): GroundingFinding[] {
  let sentences: Clause[][] | null = null;
  const found: GroundingFinding[] = [];
  for (const claim of claims) {
    const line = order.lineItems.find((l) => l.id === claim.lineItemId);
    const own = (line && ctx.stems.get(line.id)) ?? [];
    if (!line || own.length === 0) continue;
    const mayUnder = claim.quantity < line.refundableQuantity;
    const citedInProblem = claim.countWords != null && clausesHolding(claim.quote, citedWords(claim.countWords)).some((c) => c.problem);
    const mayOver = claim.quantity > 1 && !citedInProblem;
    if (!mayUnder && !mayOver) continue;
    sentences ??= clausesOf(customerText);
    const others = [...ctx.stems].filter(([id]) => id !== line.id).map(([, s]) => s);
    let most: number | null = null;
    for (const s of sentences) {
      const n = sentenceProblemUnits(s, line, own, others, ctx);
      if (n !== null && (most === null || n > most)) most = n;
    }
    if (most === null) continue;
    if (mayUnder && most > claim.quantity) {
      found.push(
        finding(RULES.quantityUnderClaimed, line, `${claim.quantity} claimed, the customer's words say ${Math.min(most, line.quantity)} have a problem`),
      );
    } else if (mayOver && most < claim.quantity) {
      found.push(finding(RULES.quantityNotGrounded, line, `${claim.quantity} claimed, the customer's words say ${most} have a problem`));
    }
  }
  return found;
}

/**
 * A claimed line whose own words say it is fine ("Los posavasos están bien.", "La bougie va bien"):
 * the clauses of its quote that hold the item's words (all of them when none is cited) say nothing
 * is wrong and something is fine.
 */
export function finePartFindings(line: Line, claim: Claim, reason: Proposal['reason'], customer: readonly Clause[] = []): GroundingFinding[] {
  // A change of mind is about items that are fine ("the mug is lovely but it doesn't match").
  if (!DAMAGE_LIKE_REASONS.has(reason)) return [];
  const where = claim.itemWords != null ? clausesHolding(claim.quote, citedWords(claim.itemWords)) : clausesOf(claim.quote).flat();
  if ((where.length === 0 || !where.every((c) => c.fine && !c.problem)) && !saysFineAround(claim.quote, customer)) return [];
  return [{ rule: RULES.lineExcludedByCustomer, reason: `"${line.title}": the words quoted for it say it is fine`, severity: 'approval', lineItemId: line.id }];
}

/**
 * A quote cut out of a clause of the customer's that says something is fine, leaving the fine words
 * out: "les dessous de verre" out of "Aucun problème avec les dessous de verre" quotes an item the
 * customer says is fine, whatever language the item's title is in ("the rest is fine" is about the rest).
 */
function saysFineAround(quote: string, customer: readonly Clause[]): boolean {
  const quoted = clausesOf(quote)
    .flat()
    .filter((q) => q.words.length > 1 && !q.fine);
  const fine = customer.filter((c) => c.fine && !c.problem && !saysRestIsFine(c.words));
  return quoted.some((q) => fine.some((c) => c.words.length > q.words.length && containsWords(c.words, q.words)));
}
