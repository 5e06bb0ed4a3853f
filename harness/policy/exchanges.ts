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

const optionsOf = (title: string): string[][] =>
  title
    .split('/')
    .map((o) => tokens(normalizeForMatch(o)))
    .filter((o) => o.length > 0);

/**
 * The variant the customer's words name: every variant of the product with an option the words hold
 * (all of its words), the best those naming the most options, then keeping the most of the bought
 * variant's other options. Null unless exactly one is best. No words: the variant bought.
 */
export function variantNamed(line: Line, words: string | null | undefined): Variant | null {
  const variants = line.variants ?? [];
  const own = variants.find((v) => v.id === line.variant?.id) ?? null;
  const said = words ? tokens(normalizeForMatch(words)) : [];
  if (said.length === 0) return own;
  const holds = (option: string[]) => option.every((w) => said.includes(w));
  const ownOptions = own ? optionsOf(own.title).map((o) => o.join(' ')) : [];
  const scored = variants
    .map((v) => {
      const options = optionsOf(v.title);
      return { v, named: options.filter(holds).length, kept: options.filter((o) => ownOptions.includes(o.join(' '))).length };
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
