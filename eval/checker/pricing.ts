// What a fixture order's money terms come to, line by line, as docs/sandbox-money.md §1–3 work them
// out: each line's discounted total after line offers and then order-wide discounts, its tax per
// tax line (added on top, or held inside the price), the shipping after its discounts with its tax,
// and each line's duty. Once per currency: the order's, and on a Markets order the presentment one
// from the fixture's presentment figures, never a conversion. Tips are not priced here: nothing the
// checker computes ever refunds one.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { FixtureDiscount } from '#local/sandbox/fixture-money.js';
import { includedTax, percentOf, rateOf, spread } from './arithmetic.js';
import { GoldenDataError } from './errors.js';
import { lineIndex } from './store.js';

/** Which of an order's two sets of figures: the order's currency, or the one the customer paid in (Markets). */
export type Side = 'shop' | 'presentment';

export interface PricedLine {
  quantity: number;
  giftCard: boolean;
  /** List total Lᵢ = unit price × quantity. */
  list: number;
  /** Discounted total Tᵢ: the list total less every discount allocated to the line (a gift card: its list total). */
  discounted: number;
  /** Tax per order tax line, in the order of `taxLines` (zeros when the line is not taxed). */
  taxes: number[];
  duty: number;
}

export interface PricedOrder {
  taxesIncluded: boolean;
  lines: PricedLine[];
  /** Σ Pₛ: the shipping lines after their discounts. */
  shipping: number;
  /** The shipping's tax per order tax line. */
  shippingTaxes: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0);

/** What the customer paid for a line: a gift card its price; otherwise Tᵢ, plus its tax where prices exclude tax. */
export function linePaid(order: PricedOrder, line: PricedLine): number {
  if (line.giftCard) return line.list;
  return line.discounted + (order.taxesIncluded ? 0 : sum(line.taxes));
}

/** What the customer paid for shipping: Σ Pₛ, plus its tax where prices exclude tax. */
export function shippingPaid(order: PricedOrder): number {
  return order.shipping + (order.taxesIncluded ? 0 : sum(order.shippingTaxes));
}

/** The fixture figure on one side, or the order's own when the presentment one is missing and the amount is 0. */
function figure(order: FixtureOrder, side: Side, own: number, presentment: number | undefined, what: string): number {
  if (side === 'shop') return own;
  if (presentment !== undefined) return presentment;
  if (own === 0) return 0;
  throw new GoldenDataError(`order ${order.number} is paid in ${order.presentmentCurrency} but ${what} has no figure in it`);
}

const isLineOffer = (d: FixtureDiscount) => d.type === 'buy_x_get_y' || typeof d.appliesTo === 'object';
const isOrderWide = (d: FixtureDiscount) => d.type !== 'buy_x_get_y' && (d.appliesTo === undefined || d.appliesTo === 'order');
const isShipping = (d: FixtureDiscount) => d.type !== 'buy_x_get_y' && d.appliesTo === 'shipping';

/** A discount's total D over running amounts c (a percentage of their sum, or a fixed amount capped by it), spread over them. */
function spreadDiscount(order: FixtureOrder, side: Side, d: Exclude<FixtureDiscount, { type: 'buy_x_get_y' }>, c: number[]): number[] {
  const C = sum(c);
  const D =
    d.type === 'percentage'
      ? percentOf(C, rateOf(d.percentage))
      : Math.min(figure(order, side, d.amountMinor, d.presentmentAmountMinor, `discount ${d.code ?? d.title}`), C);
  return spread(D, c);
}

/**
 * §1: the running amounts cᵢ start at the list totals; line offers (buy X get Y, discounts on named
 * lines) allocate first, then order-wide discounts, each in the fixture's order. Gift cards take none.
 */
function discountedTotals(order: FixtureOrder, side: Side, units: number[]): number[] {
  const lines = order.lineItems;
  const c = lines.map((li, i) => units[i]! * li.quantity);
  const discountable = lines.map((li) => li.giftCard !== true);
  const allocate = (indexes: number[], amounts: number[]) => indexes.forEach((i, j) => (c[i]! -= amounts[j]!));
  const discounts = order.discounts ?? [];

  for (const d of discounts.filter(isLineOffer)) {
    if (d.type === 'buy_x_get_y') {
      const i = lineIndex(order, d.line);
      if (!discountable[i]) continue;
      const k = Math.floor(lines[i]!.quantity / (d.buy + d.get)) * d.get;
      // Capped by what the line has left, so a line never goes below zero (the page does not say; it cannot arise from one offer alone).
      allocate([i], [Math.min(c[i]!, percentOf(k * units[i]!, rateOf(d.percentage ?? 100)))]);
      continue;
    }
    if (typeof d.appliesTo !== 'object') continue;
    const S = [...new Set(d.appliesTo.lines.map((ref) => lineIndex(order, ref)))].filter((i) => discountable[i]);
    const running = S.map((i) => c[i]!);
    allocate(S, d.type === 'percentage' ? running.map((x) => percentOf(x, rateOf(d.percentage))) : spreadDiscount(order, side, d, running));
  }

  const all = lines.map((_, i) => i).filter((i) => discountable[i]);
  for (const d of discounts.filter(isOrderWide)) {
    if (d.type === 'buy_x_get_y') continue;
    const running = all.map((i) => c[i]!);
    allocate(all, spreadDiscount(order, side, d, running));
  }
  return c;
}

/** §2: the tax per tax line on an amount: on top of it (prices exclude tax) or held inside it. */
function taxesOn(amount: number, rates: bigint[], included: boolean): number[] {
  return rates.map((R) => (included ? includedTax(amount, R, rates) : percentOf(amount, R)));
}

export function priceOrder(order: FixtureOrder, side: Side, shopTaxesIncluded: boolean): PricedOrder {
  if (side === 'presentment' && order.presentmentCurrency === undefined) throw new GoldenDataError(`order ${order.number} has no presentment currency`);
  const taxesIncluded = order.taxesIncluded ?? shopTaxesIncluded;
  const rates = (order.taxLines ?? []).map((t) => rateOf(t.ratePercentage));
  const units = order.lineItems.map((li, i) => figure(order, side, li.unitPriceMinor, li.presentmentUnitPriceMinor, `line ${i}`));
  const discounted = discountedTotals(order, side, units);
  const lines = order.lineItems.map((li, i): PricedLine => {
    const giftCard = li.giftCard === true;
    const taxed = !giftCard && li.taxable !== false;
    return {
      quantity: li.quantity,
      giftCard,
      list: units[i]! * li.quantity,
      discounted: discounted[i]!,
      taxes: taxed ? taxesOn(discounted[i]!, rates, taxesIncluded) : rates.map(() => 0),
      duty: li.dutyMinor === undefined ? 0 : figure(order, side, li.dutyMinor, li.presentmentDutyMinor, `the duty of line ${i}`),
    };
  });

  // §3: shipping discounts spread over the shipping lines as order-wide ones over lines; taxable lines taxed on Pₛ.
  const shippingLines = order.shippingLines ?? [];
  const P = shippingLines.map((s, i) => figure(order, side, s.priceMinor, s.presentmentPriceMinor, `shipping line ${i}`));
  for (const d of (order.discounts ?? []).filter(isShipping)) {
    if (d.type === 'buy_x_get_y') continue;
    spreadDiscount(order, side, d, P).forEach((a, s) => (P[s]! -= a));
  }
  const shippingTaxes = rates.map(() => 0);
  shippingLines.forEach((s, i) => {
    if (s.taxable === true) taxesOn(P[i]!, rates, taxesIncluded).forEach((t, r) => (shippingTaxes[r]! += t));
  });
  return { taxesIncluded, lines, shipping: sum(P), shippingTaxes };
}
