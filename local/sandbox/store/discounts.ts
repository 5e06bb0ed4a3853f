// How a fixture order's discounts allocate to its lines and shipping lines, in one currency
// (docs/sandbox-money.md section 1): line offers (buy X get Y, discounts on named lines) first, then
// the order-wide ones on what is left, each in the order the fixture lists them; shipping discounts on
// the shipping lines alone. Also how each discount shows as a Shopify DiscountApplication. Pure: the
// amounts in, the allocations out (pricing.ts runs it once per currency).
import type { FixtureDiscount, FixtureLineRef } from '../fixture-money.js';
import { percentOf, scaledRate, spread } from './arithmetic.js';
import type { StoreDiscountApplication } from './model.js';

/** The position of the line a reference names (by SKU or index), or -1 when none matches. */
export function lineRefIndex(lines: readonly { sku?: string | undefined }[], ref: FixtureLineRef): number {
  if ('sku' in ref) return lines.findIndex((li) => li.sku === ref.sku);
  return ref.index < lines.length ? ref.index : -1;
}

/** Where a discount applies: named lines (with buy X get Y), every line, or shipping. */
export type DiscountScope = 'lines' | 'order' | 'shipping';

export function scopeOf(d: FixtureDiscount): DiscountScope {
  if (d.type === 'buy_x_get_y') return 'lines';
  if (d.appliesTo === 'shipping') return 'shipping';
  return d.appliesTo === undefined || d.appliesTo === 'order' ? 'order' : 'lines';
}

/** The lines a line offer names (an unknown or gift-card line is left out: the fixture's validation refuses it). */
export function namedLines(d: FixtureDiscount, lines: readonly { sku?: string | undefined; giftCard?: boolean | undefined }[]): number[] {
  const refs = d.type === 'buy_x_get_y' ? [d.line] : typeof d.appliesTo === 'object' ? d.appliesTo.lines : [];
  const found = refs.map((ref) => lineRefIndex(lines, ref)).filter((i) => i >= 0 && lines[i]?.giftCard !== true);
  return [...new Set(found)];
}

export interface AllocationLine {
  sku?: string | undefined;
  quantity: number;
  unitPriceMinor: number;
  giftCard?: boolean | undefined;
}

export interface Allocations {
  /** Per line, per discount (in fixture order): what it took off the line. */
  lines: number[][];
  /** Per shipping line, per discount. */
  shipping: number[][];
}

/**
 * Every discount's allocation, in one currency: `unitOf(i)` the line's unit price, `shippingPrices`
 * the shipping lines' prices, `fixedOf(d)` a fixed discount's amount, all in that currency.
 */
export function allocateDiscounts(
  lines: readonly AllocationLine[],
  unitOf: (i: number) => number,
  shippingPrices: readonly number[],
  discounts: readonly FixtureDiscount[],
  fixedOf: (d: Extract<FixtureDiscount, { type: 'fixed_amount' }>) => number,
): Allocations {
  const lineLeft = lines.map((li, i) => unitOf(i) * li.quantity);
  const shipLeft = [...shippingPrices];
  const out: Allocations = { lines: lines.map(() => discounts.map(() => 0)), shipping: shippingPrices.map(() => discounts.map(() => 0)) };
  const take = (left: number[], table: number[][], k: number, amounts: readonly number[], targets: readonly number[]) => {
    targets.forEach((i, j) => {
      const amount = Math.min(amounts[j] ?? 0, left[i]!);
      left[i]! -= amount;
      table[i]![k]! += amount;
    });
  };
  /** An order-level amount over some targets: a percentage of their sum, or a fixed amount capped by it; spread. */
  const acrossTargets = (d: FixtureDiscount, left: number[], targets: number[]): number[] => {
    const weights = targets.map((i) => left[i]!);
    const total = weights.reduce((n, w) => n + w, 0);
    const amount = d.type === 'fixed_amount' ? Math.min(fixedOf(d), total) : d.type === 'percentage' ? percentOf(total, scaledRate(d.percentage)) : 0;
    return spread(amount, weights);
  };
  const stage = (scope: DiscountScope) =>
    discounts.forEach((d, k) => {
      if (scopeOf(d) !== scope) return;
      if (scope === 'shipping') {
        const targets = shipLeft.map((_, s) => s);
        return take(shipLeft, out.shipping, k, acrossTargets(d, shipLeft, targets), targets);
      }
      const targets = scope === 'order' ? lines.flatMap((li, i) => (li.giftCard ? [] : [i])) : namedLines(d, lines);
      if (d.type === 'buy_x_get_y') {
        const i = targets[0];
        if (i === undefined) return;
        const discounted = Math.floor(lines[i]!.quantity / (d.buy + d.get)) * d.get;
        // Capped by what the line has left, so an earlier offer never makes a line negative.
        return take(lineLeft, out.lines, k, [percentOf(discounted * unitOf(i), scaledRate(d.percentage ?? 100))], [i]);
      }
      if (scope === 'lines' && d.type === 'percentage') {
        return take(
          lineLeft,
          out.lines,
          k,
          targets.map((i) => percentOf(lineLeft[i]!, scaledRate(d.percentage))),
          targets,
        );
      }
      take(lineLeft, out.lines, k, acrossTargets(d, lineLeft, targets), targets);
    });
  stage('lines');
  stage('order');
  stage('shipping');
  return out;
}

/**
 * How the fixture's discount reads as a DiscountApplication. The allocation method and target selection
 * are our reading of Shopify's enums (its documentation gives no table): an order-wide or shipping
 * discount is ACROSS/ALL, a percentage on named lines EACH/ENTITLED, a fixed amount on named lines
 * ACROSS/ENTITLED, buy X get Y ONE/ENTITLED with its percentage (100 for free).
 */
export function applicationTerms(d: FixtureDiscount, index: number): StoreDiscountApplication {
  const scope = scopeOf(d);
  const base = { index, code: d.code ?? null, title: d.title ?? null };
  const targetType = scope === 'shipping' ? 'SHIPPING_LINE' : 'LINE_ITEM';
  const targetSelection = scope === 'lines' ? 'ENTITLED' : 'ALL';
  if (d.type === 'buy_x_get_y') return { ...base, targetType, targetSelection, allocationMethod: 'ONE', value: { percentage: d.percentage ?? 100 } };
  if (d.type === 'percentage')
    return { ...base, targetType, targetSelection, allocationMethod: scope === 'lines' ? 'EACH' : 'ACROSS', value: { percentage: d.percentage } };
  const value = { amountMinor: d.amountMinor, ...(d.presentmentAmountMinor === undefined ? {} : { presentmentAmountMinor: d.presentmentAmountMinor }) };
  return { ...base, targetType, targetSelection, allocationMethod: 'ACROSS', value };
}
