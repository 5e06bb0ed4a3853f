// A store order's money read back as a ledger (ledger.ts), in either of its currencies: what its
// lines, shipping, duties and tip came to and what its refunds took of them. Everything the store
// computes about refunds (refund-rules.ts, refunds.ts) starts here, so an order with no money terms
// (saved before they existed, or built by a test) reads as its list prices, as it always did.
import { sum, type MoneyLedger } from './ledger.js';
import { nothingRefunded, type RefundedSoFar } from './proration.js';
import type { StoreLineItem, StoreOrder } from './model.js';

/** The order's own currency, or the one the customer paid in (the same figures when it has none). */
export type Which = 'shop' | 'presentment';

/** A figure in one currency: the presentment twin when asked for and present, else the shop figure. */
export const pick = (which: Which, shopMinor: number, presentmentMinor: number | undefined): number =>
  which === 'presentment' ? (presentmentMinor ?? shopMinor) : shopMinor;

const unitOf = (li: StoreLineItem, which: Which) => pick(which, li.unitPriceMinor, li.presentmentUnitPriceMinor);

/** Tᵢ in one currency: the list total less the line's discount allocations. */
export const discountedTotalOf = (li: StoreLineItem, which: Which): number =>
  unitOf(li, which) * li.quantity - sum((li.discountAllocations ?? []).map((a) => pick(which, a.amountMinor, a.presentmentAmountMinor)));

export function ledgerOf(order: StoreOrder, which: Which): MoneyLedger {
  return {
    taxesIncluded: order.taxesIncluded === true,
    lines: order.lineItems.map((li) => ({
      quantity: li.quantity,
      giftCard: li.giftCard,
      discountedTotalMinor: discountedTotalOf(li, which),
      taxMinors: (li.taxLines ?? []).map((t) => pick(which, t.amountMinor, t.presentmentAmountMinor)),
      dutyMinor: li.duty ? pick(which, li.duty.amountMinor, li.duty.presentmentAmountMinor) : null,
    })),
    shipping: (order.shippingLines ?? []).map((s) => ({
      discountedMinor:
        pick(which, s.priceMinor, s.presentmentPriceMinor) - sum(s.discountAllocations.map((a) => pick(which, a.amountMinor, a.presentmentAmountMinor))),
      taxMinors: s.taxLines.map((t) => pick(which, t.amountMinor, t.presentmentAmountMinor)),
    })),
    tipMinor: pick(which, order.tipMinor ?? 0, order.presentmentTipMinor),
  };
}

/** What the order's refunds took so far: units per line, shipping per shipping line, duties. */
export function refundedSoFar(order: StoreOrder, which: Which): RefundedSoFar {
  const soFar = nothingRefunded(ledgerOf(order, which));
  const lineIndex = new Map(order.lineItems.map((li, i) => [li.id, i]));
  const shippingIndex = new Map((order.shippingLines ?? []).map((s, i) => [s.id, i]));
  const dutyIndex = new Map(order.lineItems.flatMap((li, i) => (li.duty ? [[li.duty.id, i] as const] : [])));
  for (const r of order.refunds) {
    for (const l of r.lines) {
      const i = lineIndex.get(l.lineItemId);
      if (i !== undefined) soFar.units[i]! += l.quantity;
    }
    for (const s of r.shippingLines ?? []) {
      const held = soFar.shipping[shippingIndex.get(s.shippingLineId) ?? -1];
      if (!held) continue;
      held.subtotalMinor += pick(which, s.subtotalMinor, s.presentmentSubtotalMinor);
      held.taxMinor += pick(which, s.taxMinor, s.presentmentTaxMinor);
    }
    for (const d of r.duties ?? []) {
      const i = dutyIndex.get(d.dutyId);
      if (i !== undefined) soFar.duties[i] = true;
    }
  }
  return soFar;
}

/** The line a duty id belongs to (its position), or -1. */
export const dutyLineIndex = (order: StoreOrder, dutyId: string): number => order.lineItems.findIndex((li) => li.duty?.id === dutyId);
