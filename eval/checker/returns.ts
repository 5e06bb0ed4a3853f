// docs/policy.md's "Returns and exchanges", read on their own, where the set's policy enables them.
// A change of mind inside the return window, or a customer asking to send the item back, is a
// return: the refund comes on receipt, the units' amount (no shipping) less the flat fee, decided now
// under the refund's conditions but the damage-like reason. An exchange (another size or colour, a
// swap, the replacement of a damaged, defective or wrong item) ships the same product again when it
// is in stock and costs no more than what comes back; a cheaper variant refunds the difference on
// receipt; a replacement worth less than the keep-it amount ships at once and nothing comes back.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { ApprovalRule, Claim, EscalationRule, GoldenPolicy, Line, ReturnTerms } from '../golden/schema.js';
import type { RefundLine } from './amount.js';
import { approvalRules } from './auto-conditions.js';
import type { Variant } from './catalogue.js';
import { insideReturnWindow } from './days.js';
import { GoldenDataError } from './errors.js';
import { POLICY } from './policy-numbers.js';
import type { Store } from './store.js';

/** How a claim with a known amount is settled: money now, or the item back (and a new one out) first. */
export type ItemPath = 'refund' | 'return' | 'exchange';

const damageLike = (claim: Claim) => POLICY.damageLikeReasons.includes(claim.reason);

/** Every claimed unit shipped, the first time inside the return window. */
function insideWindow(lines: readonly RefundLine[]): boolean {
  return lines.every(
    (l) => l.facts.fulfilledUnits >= l.quantity && l.facts.firstFulfilledDaysAgo !== null && insideReturnWindow(l.facts.firstFulfilledDaysAgo, `line ${l.sku}`),
  );
}

/**
 * A refund for a change of mind inside the window becomes a return (outside it a person decides on
 * the refund asked for); a return asked for is one wherever it falls, unless the item is damaged,
 * defective, wrong or missing (the policy never asks for those back: they are refunded). An exchange
 * or a replacement is an exchange. The remedies were checked as enabled before (other-remedies.ts).
 */
export function itemPath(claim: Claim, lines: readonly RefundLine[], policy: GoldenPolicy): ItemPath {
  if (!policy.returns.enabled) return 'refund';
  if (claim.remedy === 'exchange' || claim.remedy === 'replacement') return 'exchange';
  if (claim.remedy === 'return') return damageLike(claim) ? 'refund' : 'return';
  return claim.remedy === 'refund' && claim.reason === 'changed_mind' && insideWindow(lines) ? 'return' : 'refund';
}

export interface ItemInput {
  claim: Claim;
  order: FixtureOrder;
  store: Store;
  /** The claimed lines, capped at the units still refundable, and what they are worth by the amount rules (no shipping). */
  lines: RefundLine[];
  worthMinor: number;
  partlyRefunded: boolean;
}

export type ItemDecision =
  { refusal: EscalationRule } | { rules: ApprovalRule[]; amountMinor: number; remedy: 'return' | 'exchange'; returnTerms: ReturnTerms };

function rulesFor(input: ItemInput, limitedMinor: number): ApprovalRule[] {
  const { claim, order, store, lines, partlyRefunded } = input;
  return approvalRules({
    claim,
    order,
    customerOrders: store.ordersOf(order.customerId),
    lines,
    amountMinor: limitedMinor,
    partlyRefunded,
    itemComesBack: true,
  });
}

/** A return: the refund on receipt is the units' amount less the fee (never below 0); the limits compare it. */
export function returnDecision(input: ItemInput): ItemDecision {
  const { feeMinor } = input.store.policy.returns;
  const amountMinor = Math.max(0, input.worthMinor - feeMinor);
  return { rules: rulesFor(input, amountMinor), amountMinor, remedy: 'return', returnTerms: { feeMinor } };
}

type Shipped = { refusal: EscalationRule } | { shipped: { variant: Variant; quantity: number }[] };

/** The variant each claimed line ships again: the one the customer names, else the line's own. */
function variantsShipped(input: ItemInput): Shipped {
  const { claim, order, store, lines } = input;
  if (claim.exchangeFor && lines.length !== 1) throw new GoldenDataError('an exchange naming its variant (exchangeFor) claims exactly one line');
  const shipped: { variant: Variant; quantity: number }[] = [];
  for (const line of lines) {
    const own = store.catalogue.ofLine(order, line.facts.index);
    const named = claim.exchangeFor ? store.catalogue.bySku(claim.exchangeFor.sku) : own;
    if (claim.exchangeFor && !named) throw new GoldenDataError(`exchangeFor ${claim.exchangeFor.sku} is not a SKU of the catalogue`);
    if (!own || !named) return { refusal: 'exchange_unknown_variant' };
    if (named.productId !== own.productId) return { refusal: 'exchange_other_product' };
    shipped.push({ variant: named, quantity: line.quantity });
  }
  return { shipped };
}

/**
 * Orders whose units are worth other than the catalogue's prices say (discounts, tax, another currency
 * than the shop's, the catalogue's): the policy does not say what an exchange's difference is there.
 */
function refuseMoneyTerms(order: FixtureOrder, shopCurrency: string): void {
  const otherCurrency = order.presentmentCurrency !== undefined || (order.currency !== undefined && order.currency !== shopCurrency);
  if ((order.discounts ?? []).length > 0 || (order.taxLines ?? []).length > 0 || otherCurrency) {
    throw new GoldenDataError(`order ${order.number} has discounts, tax or another currency; the checker does not work out an exchange's difference there`);
  }
}

/**
 * An exchange: the same product again, in stock (every unit of a variant counted), costing no more
 * than what comes back. The limit compares the value shipped again; the label's amount is the
 * difference refunded on receipt. A damaged, defective or wrong item worth less than the keep-it
 * amount is replaced at once and kept. No return fee: the policy refunds the difference.
 */
export function exchangeDecision(input: ItemInput): ItemDecision {
  const found = variantsShipped(input);
  if ('refusal' in found) return found;
  const units = new Map<string, number>();
  for (const { variant, quantity } of found.shipped) units.set(variant.id, (units.get(variant.id) ?? 0) + quantity);
  if (found.shipped.some(({ variant }) => variant.available < units.get(variant.id)!)) return { refusal: 'exchange_out_of_stock' };
  refuseMoneyTerms(input.order, input.store.fixture.shop.currency);
  const valueMinor = found.shipped.reduce((n, s) => n + s.variant.priceMinor * s.quantity, 0);
  if (valueMinor > input.worthMinor) return { refusal: 'exchange_costs_more' };
  const exchange: Line[] = found.shipped.map((s) => ({ sku: s.variant.sku ?? `variant ${s.variant.id}`, quantity: s.quantity }));
  const keepIt = POLICY.keepItReasons.includes(input.claim.reason) && input.worthMinor < input.store.policy.returns.keepItBelowMinor;
  return {
    rules: rulesFor(input, valueMinor),
    amountMinor: input.worthMinor - valueMinor,
    remedy: 'exchange',
    returnTerms: { feeMinor: 0, exchange, ...(keepIt ? { shipsAtOnce: true as const } : {}) },
  };
}
