// Exchanges (docs/policy.md "Returns and exchanges"), where the tenant enables returns: the same product
// shipped again, the same variant for a replacement or the size or colour the customer names. Code,
// not the model, picks the variant: the customer's cited words against the variant titles the store
// lists for the line's product (their options: "Large / Blue" is "large" and "blue"), the options the
// customer does not name kept from the variant bought. It must be in stock and cost no more than what
// comes back; the limits are decided on the value shipped again. A damaged, defective or wrong item
// worth less than the keep-it amount is replaced at once and nothing comes back. Pure.
import type { OrderFacts, Proposal, ReturnTerms } from '../domain/types.js';
import { mergeLines } from './amount.js';
import type { Policy } from './document.js';
import { normalizeForMatch, tokens } from './grounding/text.js';
import { moneyWords } from './reason-words.js';
import { RULES } from './rules.js';

type Finding = { rule: string; reason: string };
type Line = OrderFacts['lineItems'][number];
type Variant = NonNullable<Line['variants']>[number];

/** Reasons whose item need not come back below the keep-it amount. */
const KEEP_IT_REASONS = new Set<Proposal['reason']>(['damaged', 'defective', 'wrong_item']);

/** Whether this claim is carried out as an exchange: the tenant enables returns and the customer asks for the item again. */
export function isExchange(proposal: Pick<Proposal, 'remedy'>, policy: Policy): boolean {
  return policy.document.returns.enabled && (proposal.remedy === 'exchange' || proposal.remedy === 'replacement');
}

/**
 * A variant title's options ("L/XL / Charcoal": "L/XL" and "Charcoal"), each with its alternatives
 * ("L/XL" is L or XL), each as words.
 */
export const optionsOf = (title: string): string[][][] =>
  title
    .split(' / ')
    .map((o) =>
      o
        .split('/')
        .map((alt) => tokens(normalizeForMatch(alt)))
        .filter((alt) => alt.length > 0),
    )
    .filter((o) => o.length > 0);

/** Size words in the six languages, as the letters stores title sizes with. */
const SIZE_LETTERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['small', 'pequeno', 'pequena', 'petit', 'petite', 'klein', 'kleine', 'piccolo', 'piccola'].map((w) => [w, 's'])),
  ...Object.fromEntries(['medium', 'mediano', 'mediana', 'medio', 'media', 'moyen', 'moyenne', 'mittel', 'mittlere', 'middel'].map((w) => [w, 'm'])),
  ...Object.fromEntries(['large', 'grande', 'grand', 'gross', 'grosse', 'groot', 'grote'].map((w) => [w, 'l'])),
};
/** Words after which a single letter is a size ("size M", "talla L"). */
const SIZE_NOUNS = new Set(['size', 'talla', 'tamanho', 'taille', 'grosse', 'taglia', 'maat']);

/** The customer's words as options are matched: size words also as their letters; a lone letter only after a size noun ("it's" is no size S). */
export function saidWords(text: string): string[] {
  const raw = tokens(normalizeForMatch(text));
  return raw.flatMap((w, i) => {
    if (w.length === 1) return SIZE_NOUNS.has(raw[i - 1] ?? '') ? [w] : [];
    const letter = SIZE_LETTERS[w];
    return letter ? [w, letter] : [w];
  });
}

/** Does the customer's said words hold this option (one of its alternatives, every word of it)? */
export const holdsOption = (said: readonly string[], option: readonly (readonly string[])[]) => option.some((alt) => alt.every((w) => said.includes(w)));
const optionKey = (option: readonly (readonly string[])[]) => option.map((alt) => alt.join(' ')).join('/');

/**
 * The variant the customer's words name: every variant of the product with an option the words hold
 * (all of its words), the best those naming the most options, then keeping the most of the bought
 * variant's other options. Null unless exactly one is best. No words: the variant bought.
 */
export function variantNamed(line: Line, words: string | null | undefined): Variant | null {
  const variants = line.variants ?? [];
  const own = variants.find((v) => v.id === line.variant?.id) ?? null;
  const said = words ? saidWords(words) : [];
  if (said.length === 0) return own;
  const ownOptions = own ? optionsOf(own.title).map(optionKey) : [];
  const scored = variants
    .map((v) => {
      const options = optionsOf(v.title);
      return { v, named: options.filter((o) => holdsOption(said, o)).length, kept: options.filter((o) => ownOptions.includes(optionKey(o))).length };
    })
    .filter((s) => s.named > 0);
  if (scored.length === 0) return null;
  const best = Math.max(...scored.map((s) => s.named * 100 + s.kept));
  const top = scored.filter((s) => s.named * 100 + s.kept === best);
  return top.length === 1 ? top[0]!.v : null;
}

export interface ExchangeVerdict {
  /** Findings that send the claim to a person whatever a lead would say: no variant told, none in stock, it costs more. */
  refusals: Finding[];
  terms: ReturnTerms | null;
  /** The value shipped again: what the limits compare. */
  valueMinor: number;
  /** The difference refunded on receipt (a cheaper variant); 0 when it costs the same. */
  refundMinor: number;
}

/** An exchange's terms, or why it cannot be one. `worthMinor`: what the units that come back are worth (as paid). */
export function exchangeVerdict(order: OrderFacts, proposal: Proposal, policy: Policy, worthMinor: number): ExchangeVerdict {
  const none = (rule: string, reason: string): ExchangeVerdict => ({ refusals: [{ rule, reason }], terms: null, valueMinor: 0, refundMinor: 0 });
  const lines = mergeLines(proposal.lineItems);
  const claim = lines[0];
  const line = claim && order.lineItems.find((l) => l.id === claim.lineItemId);
  if (lines.length !== 1 || !claim || !line) return none(RULES.exchangeUnknownVariant, 'an exchange is carried out for one item at a time');
  // The same item again replaces a damaged, defective or wrong one; a change of mind names the size or colour wanted.
  if (!proposal.exchangeWords && !KEEP_IT_REASONS.has(proposal.reason)) {
    return none(RULES.exchangeUnknownVariant, `the customer's words name no size or colour of "${line.title}" to ship instead`);
  }
  const variant = variantNamed(line, proposal.exchangeWords);
  if (!variant) {
    const why = line.variants?.length
      ? `the customer's words name none of the variants of "${line.title}" the store sells`
      : `the store lists no variants of "${line.title}"`;
    return none(RULES.exchangeUnknownVariant, why);
  }
  const name = `"${line.title} – ${variant.title}"`;
  if (variant.available !== null && variant.available < claim.quantity) {
    return none(RULES.exchangeOutOfStock, `${name} has ${Math.max(0, variant.available)} in stock, ${claim.quantity} needed`);
  }
  const valueMinor = variant.unitPriceMinor * claim.quantity;
  if (valueMinor > worthMinor) {
    return none(
      RULES.exchangeCostsMore,
      `${name} costs ${moneyWords(valueMinor, order.currency)}, more than the ${moneyWords(worthMinor, order.currency)} that comes back`,
    );
  }
  const shipsAtOnce = KEEP_IT_REASONS.has(proposal.reason) && worthMinor < policy.document.returns.keepItBelowMinor;
  const terms: ReturnTerms = {
    lines: lines,
    feeMinor: 0,
    worthMinor,
    receiveWithinDays: policy.document.returns.receiveWithinDays,
    exchange: [
      { lineItemId: line.id, variantId: variant.id, title: variant.title, sku: variant.sku, quantity: claim.quantity, unitPriceMinor: variant.unitPriceMinor },
    ],
    ...(shipsAtOnce ? { shipsAtOnce: true } : {}),
  };
  return { refusals: [], terms, valueMinor, refundMinor: shipsAtOnce ? 0 : worthMinor - valueMinor };
}
