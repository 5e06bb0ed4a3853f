// A fixture order's priced money (pricing.ts) as the store model holds it: each line's discount
// allocations, tax lines and duty; the order's discount applications, shipping lines and tip. A
// figure has its presentment twin beside it when the order has a presentment currency. Fields an
// order has no use for are left out, so an order with no money terms is stored exactly as before.
import { gid } from './ids.js';
import type { OrderPricing } from './pricing.js';
import type { StoreDiscountAllocation, StoreLineItem, StoreOrder, StoreShippingLine, StoreTaxLine } from './model.js';

/** Allocations of one line (or shipping line): one per discount that took something off it in either currency. */
function allocations(shop: readonly number[], paid: readonly number[] | null): StoreDiscountAllocation[] {
  return shop.flatMap((amountMinor, applicationIndex) => {
    const presentment = paid?.[applicationIndex];
    if (amountMinor === 0 && (presentment ?? 0) === 0) return [];
    return [{ applicationIndex, amountMinor, ...(presentment === undefined ? {} : { presentmentAmountMinor: presentment }) }];
  });
}

function taxLines(pricing: OrderPricing, shop: readonly number[], paid: readonly number[] | null): StoreTaxLine[] {
  return shop.map((amountMinor, t) => ({
    title: pricing.taxLines[t]!.title,
    ratePercentage: pricing.taxLines[t]!.ratePercentage,
    amountMinor,
    ...(paid ? { presentmentAmountMinor: paid[t] ?? 0 } : {}),
  }));
}

/** The money fields of line `i`, whose id is `lineItemId` (its duty takes the same number). */
export function lineMoney(pricing: OrderPricing, i: number, lineItemId: string): Partial<StoreLineItem> {
  const shop = pricing.shop.ledger.lines[i]!;
  const paid = pricing.presentment?.ledger.lines[i] ?? null;
  const given = allocations(pricing.shop.allocations.lines[i]!, pricing.presentment?.allocations.lines[i] ?? null);
  const taxed = taxLines(pricing, shop.taxMinors, paid?.taxMinors ?? null);
  return {
    ...(pricing.taxable[i] ? {} : { taxable: false }),
    ...(given.length > 0 ? { discountAllocations: given } : {}),
    ...(taxed.length > 0 ? { taxLines: taxed } : {}),
    ...(shop.dutyMinor === null
      ? {}
      : {
          duty: {
            id: gid('Duty', lineItemId.split('/').at(-1)!),
            amountMinor: shop.dutyMinor,
            ...(paid?.dutyMinor === null || paid === null ? {} : { presentmentAmountMinor: paid.dutyMinor }),
          },
        }),
  };
}

/** The order-level money fields of order `number`. */
export function orderMoney(pricing: OrderPricing, number: number, titles: readonly string[]): Partial<StoreOrder> {
  const shippingLines = pricing.shop.shippingPrices.map((priceMinor, s): StoreShippingLine => {
    const paid = pricing.presentment;
    return {
      id: gid('ShippingLine', `${number}${s + 1}`),
      title: titles[s] ?? 'Shipping',
      priceMinor,
      ...(paid ? { presentmentPriceMinor: paid.shippingPrices[s]! } : {}),
      discountAllocations: allocations(pricing.shop.allocations.shipping[s]!, paid?.allocations.shipping[s] ?? null),
      taxLines: taxLines(pricing, pricing.shop.ledger.shipping[s]!.taxMinors, paid?.ledger.shipping[s]!.taxMinors ?? null),
    };
  });
  const tip = pricing.shop.ledger.tipMinor;
  return {
    ...(pricing.taxesIncluded ? { taxesIncluded: true } : {}),
    ...(pricing.applications.length > 0 ? { discountApplications: pricing.applications } : {}),
    ...(shippingLines.length > 0 ? { shippingLines } : {}),
    ...(tip > 0 ? { tipMinor: tip, ...(pricing.presentment ? { presentmentTipMinor: pricing.presentment.ledger.tipMinor } : {}) } : {}),
  };
}
