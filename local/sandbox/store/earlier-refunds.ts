// What a fixture order's earlier refunds took and paid back (docs/sandbox-money.md section 4), oldest
// first: their units prorated as any refund's are, the shipping left when `shipping: true`, their
// lines' duties when `duties: true`; the amount is the refund's own `amountMinor` when it gives one,
// else what those parts are worth. An amount-only refund takes nothing but money. The fixture's
// validation and the store's seeding both read it, so they cannot disagree.
import { lineRefIndex } from './discounts.js';
import { nothingRefunded, refundParts, withRefund, type RefundParts, type RefundedSoFar } from './proration.js';
import type { OrderPricing, PricingTerms } from './pricing.js';

export interface EarlierRefundTerms {
  daysAgo: number;
  lineItems?: readonly (({ sku: string } | { index: number }) & { quantity: number })[] | undefined;
  amountMinor?: number | undefined;
  shipping?: boolean | undefined;
  duties?: boolean | undefined;
}

/** Refunds oldest first, as the store records them (a stable sort keeps the file's order on ties). */
export function oldestFirst<R extends { daysAgo: number }>(refunds: readonly R[] | undefined): R[] {
  return [...(refunds ?? [])].sort((a, b) => b.daysAgo - a.daysAgo);
}

export interface EarlierRefundFigures<R> {
  refund: R;
  shop: RefundParts;
  /** The same parts in the presentment currency, for an order with one. */
  presentment: RefundParts | null;
  /** What it paid back in the shop's currency. */
  amountMinor: number;
  /** What it paid back in the presentment currency, when the parts say so (null: its own amount, converted at the payments' rate). */
  presentmentAmountMinor: number | null;
}

/** Each earlier refund's parts and amount, oldest first. */
export function earlierRefundFigures<R extends EarlierRefundTerms>(
  order: PricingTerms & { refunds?: readonly R[] | undefined },
  pricing: OrderPricing,
): EarlierRefundFigures<R>[] {
  let shopSoFar: RefundedSoFar = nothingRefunded(pricing.shop.ledger);
  let paidSoFar: RefundedSoFar | null = pricing.presentment ? nothingRefunded(pricing.presentment.ledger) : null;
  return oldestFirst(order.refunds).map((refund) => {
    const withLines = refund.lineItems !== undefined;
    const lines = (refund.lineItems ?? []).flatMap((units) => {
      const index = lineRefIndex(order.lineItems, units);
      const line = order.lineItems[index];
      if (!line) return [];
      // Capped at the units left, so an over-refunding fixture (refused by its validation) cannot break the arithmetic.
      const quantity = Math.min(units.quantity, line.quantity - (shopSoFar.units[index] ?? 0));
      return quantity > 0 ? [{ index, quantity }] : [];
    });
    const ask = {
      lines,
      shipping: withLines && refund.shipping === true ? ({ full: true } as const) : null,
      duties: withLines && refund.duties === true ? lines.map((l) => l.index) : [],
    };
    const shop = refundParts(pricing.shop.ledger, shopSoFar, ask);
    const presentment = pricing.presentment && paidSoFar ? refundParts(pricing.presentment.ledger, paidSoFar, ask) : null;
    shopSoFar = withRefund(shopSoFar, shop);
    if (paidSoFar && presentment) paidSoFar = withRefund(paidSoFar, presentment);
    return {
      refund,
      shop,
      presentment,
      amountMinor: refund.amountMinor ?? shop.worthMinor,
      presentmentAmountMinor: refund.amountMinor === undefined && presentment ? presentment.worthMinor : null,
    };
  });
}
