// The claimed quantity of a line against the count the customer's words state when no count words
// are cited (the quote read with the one number grammar), and the two ways one count stands for
// several lines or for another item: a count cited alike for several lines of a quote counts them
// together ("Both vases"), and a count in a list counts only the item it stands before ("two
// cereal bowls, the tea towels and the coasters").
import type { OrderFacts, Proposal } from '../../domain/types.js';
import { RULES } from '../rules.js';
import type { CitedContext } from './cited.js';
import { PLURAL_DEFINITE } from './lexicon/articles.js';
import type { GroundingFinding } from './claims.js';
import { clausesHolding } from './clauses.js';
import { countAt, parseCount, type StatedCount } from './counts.js';
import { PART_OF_WORDS } from './lexicon.js';
import { THEM_WORDS } from './lexicon/counting.js';
import { namesItem } from './mentions.js';
import { normalizeForMatch, tokens } from './text.js';

type Line = OrderFacts['lineItems'][number];

/**
 * One unit claimed, no count cited, and the clause naming the item (its cited item words) states no
 * count: a number elsewhere in the quote counts another item of a list ("two cereal bowls, the tea
 * towels and the coasters": the towels are one).
 */
export function anotherItemsCount(claim: Proposal['lineItems'][number], ctx: CitedContext): boolean {
  if (claim.quantity !== 1 || claim.itemWords == null) return false;
  const own = clausesHolding(claim.quote, tokens(normalizeForMatch(claim.itemWords)));
  return own.length > 0 && own.every((c) => parseCount(c.words, 1, ctx.titles) === null);
}

/**
 * The words without the counts of an item's parts: after the item is named, "N of the X" where X names
 * no line of the order ("the linen napkins came torn along two of the hems", "one of the handles")
 * counts the parts, not the units. "Two of the four", "two of them" and "two of the mugs" stay.
 */
export function withoutPartCounts(words: readonly string[], ctx: Pick<CitedContext, 'stems' | 'naming' | 'products' | 'titles'>): readonly string[] {
  const stems = [...ctx.stems.values(), ...ctx.naming.values(), ...[...ctx.products.values()].map((p) => [p])];
  const namesLine = (w: string) => stems.some((s) => namesItem(w, s));
  const drop = new Set<number>();
  for (let i = 1; i < words.length; i++) {
    if (countAt(words, i, ctx.titles) === null || !PART_OF_WORDS.has(words[i + 1] ?? '')) continue;
    const noun = PLURAL_DEFINITE.has(words[i + 2] ?? '') ? i + 3 : i + 2;
    const what = words[noun];
    if (what === undefined || THEM_WORDS.has(what) || countAt(words, noun, ctx.titles) !== null || namesLine(what)) continue;
    if (/^\d+$/.test(what) || !words.slice(0, i).some(namesLine)) continue;
    for (let k = i; k <= noun; k++) drop.add(k);
  }
  return drop.size === 0 ? words : words.filter((_, k) => !drop.has(k));
}

/** A claimed quantity against the one the customer's words state (never defaulted to the ordered quantity). */
export function quantityFinding(line: Line, claim: Proposal['lineItems'][number], stated: StatedCount | null, sharedQuantity: number): GroundingFinding | null {
  const id = line.id;
  const everyUnit = (q: number) => q === line.quantity || q === line.refundableQuantity;
  if (stated === null && claim.quantity > 1) {
    return {
      rule: RULES.quantityNotStated,
      reason: `"${line.title}": ${claim.quantity} claimed but the customer states no quantity`,
      severity: 'approval',
      lineItemId: id,
    };
  } else if (stated?.kind === 'count' && stated.count !== claim.quantity && stated.count !== sharedQuantity) {
    return {
      rule: RULES.quantityNotGrounded,
      reason: `"${line.title}": ${claim.quantity} claimed, the customer's words say ${stated.count}`,
      severity: 'approval',
      lineItemId: id,
    };
  } else if (stated?.kind === 'allBut' && claim.quantity !== line.quantity - stated.except) {
    return {
      rule: RULES.quantityNotGrounded,
      reason: `"${line.title}": ${claim.quantity} claimed, the customer's words say all but ${stated.except}`,
      severity: 'approval',
      lineItemId: id,
    };
  } else if (stated?.kind === 'all' && !everyUnit(claim.quantity)) {
    return {
      rule: RULES.quantityNotGrounded,
      reason: `"${line.title}": ${claim.quantity} claimed, the customer's words say all of them`,
      severity: 'approval',
      lineItemId: id,
    };
  }
  return null;
}

/**
 * One count cited for several lines of the same quote counts them together: "Both vases are smashed"
 * over a bud vase and a ceramic vase is one of each. The units of every line quoted with these same
 * words that cites these same count words, when there are several; else null.
 */
export function sharedCount(sameQuote: readonly Proposal['lineItems'][number][], claim: Proposal['lineItems'][number]): number | null {
  if (claim.countWords == null) return null;
  const count = normalizeForMatch(claim.countWords);
  const same = sameQuote.filter((c) => c.countWords != null && normalizeForMatch(c.countWords) === count);
  return same.length > 1 ? same.reduce((n, c) => n + c.quantity, 0) : null;
}
