// The figures Shopify shows on an order, worked out from the money terms a fixture states
// (docs/sandbox-money.md sections 1–3): each line's discount allocations, discounted total and tax
// lines; each shipping line's discounts and tax; duties; the tip; the order total. Run once in the
// shop's currency and, for an order paid in another one, once more from its presentment figures:
// the two are never converted into each other. Pure and integer-only; the store seeds its orders
// from it and the fixture's validation checks payments and earlier refunds against it.
import type { FixtureDiscount, FixtureShippingLine, FixtureTaxLine } from '../fixture-money.js';
import { percentOf, ratioOf, scaledRate } from './arithmetic.js';
import { allocateDiscounts, applicationTerms, type AllocationLine, type Allocations } from './discounts.js';
import { orderTotalMinor, sum, type MoneyLedger } from './ledger.js';
import type { StoreDiscountApplication } from './model.js';

export interface PricingLine extends AllocationLine {
  presentmentUnitPriceMinor?: number | undefined;
  taxable?: boolean | undefined;
  dutyMinor?: number | undefined;
  presentmentDutyMinor?: number | undefined;
}

/** What pricing reads of a fixture order (a FixtureOrder is one). */
export interface PricingTerms {
  presentmentCurrency?: string | undefined;
  lineItems: readonly PricingLine[];
  discounts?: readonly FixtureDiscount[] | undefined;
  taxLines?: readonly FixtureTaxLine[] | undefined;
  taxesIncluded?: boolean | undefined;
  shippingLines?: readonly FixtureShippingLine[] | undefined;
  tipMinor?: number | undefined;
  presentmentTipMinor?: number | undefined;
}

/** One currency's figures: the ledger the refunds work from, and the discount allocations behind it. */
export interface CurrencyPricing {
  ledger: MoneyLedger;
  /** Per line: Lᵢ, its list total. */
  listTotals: number[];
  /** Per shipping line: its price before discounts. */
  shippingPrices: number[];
  allocations: Allocations;
}

export interface OrderPricing {
  taxesIncluded: boolean;
  taxLines: FixtureTaxLine[];
  /** Per line: whether the order's tax lines apply to it (never to a gift card). */
  taxable: boolean[];
  /** Per shipping line: whether it is taxed. */
  shippingTaxable: boolean[];
  /** One per fixture discount, in the fixture's order (its position is the application's index). */
  applications: StoreDiscountApplication[];
  shop: CurrencyPricing;
  /** The same from the presentment figures, for an order with a presentmentCurrency; else null. */
  presentment: CurrencyPricing | null;
}

/** The tax on an amount at each rate: on top of it, or the part of it that is tax (docs/sandbox-money.md section 2). */
export function taxesOn(amountMinor: number, rates: readonly number[], included: boolean): number[] {
  const scaled = rates.map(scaledRate);
  if (!included) return scaled.map((r) => percentOf(amountMinor, r));
  const divisor = 1_000_000 + sum(scaled);
  return scaled.map((r) => ratioOf(amountMinor, r, divisor));
}

/** The order's figures in one currency, from that currency's amounts. */
function priceIn(
  order: PricingTerms,
  taxable: readonly boolean[],
  shippingTaxable: readonly boolean[],
  taxesIncluded: boolean,
  amounts: {
    unit: (i: number) => number;
    shipping: (s: FixtureShippingLine) => number;
    fixed: (d: Extract<FixtureDiscount, { type: 'fixed_amount' }>) => number;
    duty: (i: number) => number | null;
    tip: number;
  },
): CurrencyPricing {
  const rates = (order.taxLines ?? []).map((t) => t.ratePercentage);
  const shippingPrices = (order.shippingLines ?? []).map(amounts.shipping);
  const allocations = allocateDiscounts(order.lineItems, amounts.unit, shippingPrices, order.discounts ?? [], amounts.fixed);
  const listTotals = order.lineItems.map((li, i) => amounts.unit(i) * li.quantity);
  const lines = order.lineItems.map((li, i) => {
    const discountedTotalMinor = listTotals[i]! - sum(allocations.lines[i]!);
    return {
      quantity: li.quantity,
      giftCard: li.giftCard === true,
      discountedTotalMinor,
      taxMinors: taxable[i] ? taxesOn(discountedTotalMinor, rates, taxesIncluded) : [],
      dutyMinor: amounts.duty(i),
    };
  });
  const shipping = shippingPrices.map((price, s) => {
    const discountedMinor = price - sum(allocations.shipping[s]!);
    return { discountedMinor, taxMinors: shippingTaxable[s] ? taxesOn(discountedMinor, rates, taxesIncluded) : [] };
  });
  return { ledger: { taxesIncluded, lines, shipping, tipMinor: amounts.tip }, listTotals, shippingPrices, allocations };
}

/** A fixture order's figures; `shopTaxesIncluded` is the shop's default for an order that does not say. */
export function priceOrder(order: PricingTerms, shopTaxesIncluded = false): OrderPricing {
  const taxesIncluded = order.taxesIncluded ?? shopTaxesIncluded;
  const taxable = order.lineItems.map((li) => li.giftCard !== true && li.taxable !== false);
  const shippingTaxable = (order.shippingLines ?? []).map((s) => s.taxable === true);
  const price = (amounts: Parameters<typeof priceIn>[4]) => priceIn(order, taxable, shippingTaxable, taxesIncluded, amounts);
  const shop = price({
    unit: (i) => order.lineItems[i]!.unitPriceMinor,
    shipping: (s) => s.priceMinor,
    fixed: (d) => d.amountMinor,
    duty: (i) => order.lineItems[i]!.dutyMinor ?? null,
    tip: order.tipMinor ?? 0,
  });
  // A missing presentment twin falls back to the shop figure; the fixture's validation refuses it anyway.
  const presentment = order.presentmentCurrency
    ? price({
        unit: (i) => order.lineItems[i]!.presentmentUnitPriceMinor ?? order.lineItems[i]!.unitPriceMinor,
        shipping: (s) => s.presentmentPriceMinor ?? s.priceMinor,
        fixed: (d) => d.presentmentAmountMinor ?? d.amountMinor,
        duty: (i) => {
          const li = order.lineItems[i]!;
          return li.dutyMinor === undefined ? null : (li.presentmentDutyMinor ?? li.dutyMinor);
        },
        tip: order.tipMinor === undefined ? 0 : (order.presentmentTipMinor ?? order.tipMinor),
      })
    : null;
  return {
    taxesIncluded,
    taxLines: [...(order.taxLines ?? [])],
    taxable,
    shippingTaxable,
    applications: (order.discounts ?? []).map(applicationTerms),
    shop,
    presentment,
  };
}

/** The order total in the shop's currency and, when the order has one, in the presentment currency. */
export function pricedTotals(pricing: OrderPricing): { shopMinor: number; presentmentMinor: number | null } {
  return { shopMinor: orderTotalMinor(pricing.shop.ledger), presentmentMinor: pricing.presentment ? orderTotalMinor(pricing.presentment.ledger) : null };
}
