// What a refund of a store order's units, shipping and duties is worth, in both of its currencies
// (docs/sandbox-money.md sections 4 and 5), and the records it leaves on the refund: each line's
// prorated subtotal and tax, the shipping per shipping line, the duties. suggestedRefund shows these
// figures, refundCreate records them; the money actually paid back is the refund's transactions.
import { ratioOf } from './arithmetic.js';
import { sum } from './ledger.js';
import type { StoreLineItem, StoreOrder, StoreRefundDuty, StoreRefundLine, StoreRefundShippingLine } from './model.js';
import { dutyLineIndex, ledgerOf, refundedSoFar, type Which } from './order-money.js';
import { refundParts, shippingLeft, type RefundParts, type ShippingAsk } from './proration.js';

/** Shipping asked back: all that is left, or an amount of it in the currency the customer paid. */
export type StoreShippingAsk = { fullRefund: true } | { paidAmountMinor: number } | null;

export interface StoreRefundAsk {
  lines: readonly { lineItemId: string; quantity: number }[];
  shipping: StoreShippingAsk;
  dutyIds: readonly string[];
}

/** A refund's parts in the shop's currency and in the one the customer paid (the same figures for an order paid in its own). */
export interface RefundFigures {
  shop: RefundParts;
  paid: RefundParts;
}

/** The shipping left before tax, in one currency. */
export const shippingLeftMinor = (order: StoreOrder, which: Which): number =>
  sum(shippingLeft(ledgerOf(order, which), refundedSoFar(order, which)).map((s) => s.subtotalMinor));

/**
 * A shipping amount asked in the currency the customer paid, in `which`: itself there; in the shop's
 * currency the same share of the shipping left (all of it when it is all that is left).
 */
function shippingAskIn(order: StoreOrder, ask: StoreShippingAsk, which: Which): ShippingAsk {
  if (ask === null) return null;
  if ('fullRefund' in ask) return { full: true };
  if (which === 'presentment' || !order.presentmentCurrency) return { amountMinor: ask.paidAmountMinor };
  const paidLeft = shippingLeftMinor(order, 'presentment');
  const shopLeft = shippingLeftMinor(order, 'shop');
  return { amountMinor: ask.paidAmountMinor >= paidLeft ? shopLeft : ratioOf(shopLeft, ask.paidAmountMinor, paidLeft) };
}

function partsIn(order: StoreOrder, ask: StoreRefundAsk, which: Which): RefundParts {
  const index = new Map(order.lineItems.map((li, i) => [li.id, i]));
  return refundParts(ledgerOf(order, which), refundedSoFar(order, which), {
    lines: ask.lines.flatMap((l) => (index.has(l.lineItemId) ? [{ index: index.get(l.lineItemId)!, quantity: l.quantity }] : [])),
    shipping: shippingAskIn(order, ask.shipping, which),
    duties: ask.dutyIds.map((id) => dutyLineIndex(order, id)).filter((i) => i >= 0),
  });
}

export function refundFigures(order: StoreOrder, ask: StoreRefundAsk): RefundFigures {
  return { shop: partsIn(order, ask, 'shop'), paid: partsIn(order, ask, 'presentment') };
}

/** The money a refund line records: its subtotal and tax, with their presentment twins. */
export type LineMoneyRecord = Pick<StoreRefundLine, 'subtotalMinor' | 'totalTaxMinor' | 'presentmentSubtotalMinor' | 'presentmentTotalTaxMinor'>;

/** Each refunded line's money, in the order of `figures.shop.lines`. */
export function lineRecords(order: StoreOrder, figures: RefundFigures): LineMoneyRecord[] {
  return figures.shop.lines.map((l, k) => {
    const paid = figures.paid.lines[k]!;
    return {
      subtotalMinor: l.subtotalMinor,
      totalTaxMinor: l.taxMinor,
      ...(order.presentmentCurrency ? { presentmentSubtotalMinor: paid.subtotalMinor, presentmentTotalTaxMinor: paid.taxMinor } : {}),
    };
  });
}

/** The shipping and duties a refund records, ids made by `nextId`. */
export function shippingAndDutyRecords(
  order: StoreOrder,
  figures: RefundFigures,
  nextId: () => string,
): { shippingLines: StoreRefundShippingLine[]; duties: StoreRefundDuty[] } {
  const twin = order.presentmentCurrency !== undefined;
  const paidShipping = new Map(figures.paid.shipping.map((s) => [s.index, s]));
  const shippingLines = figures.shop.shipping.map((s): StoreRefundShippingLine => {
    const paid = paidShipping.get(s.index);
    return {
      id: nextId(),
      shippingLineId: order.shippingLines![s.index]!.id,
      subtotalMinor: s.subtotalMinor,
      taxMinor: s.taxMinor,
      ...(twin ? { presentmentSubtotalMinor: paid?.subtotalMinor ?? 0, presentmentTaxMinor: paid?.taxMinor ?? 0 } : {}),
    };
  });
  const paidDuties = new Map(figures.paid.duties.map((d) => [d.index, d]));
  const duties = figures.shop.duties.map((d): StoreRefundDuty => ({
    dutyId: order.lineItems[d.index]!.duty!.id,
    amountMinor: d.amountMinor,
    ...(twin ? { presentmentAmountMinor: paidDuties.get(d.index)?.amountMinor ?? 0 } : {}),
  }));
  return { shippingLines, duties };
}

/** Units asked of each line, capped at what the line has left (an unknown line, or one with none left, is dropped). */
export function cappedLines(
  order: StoreOrder,
  requested: readonly { lineItemId: string; quantity: number }[],
  refundable: (item: StoreLineItem) => number,
): { lineItemId: string; quantity: number }[] {
  const taken = new Map<string, number>();
  return requested.flatMap((req) => {
    const item = order.lineItems.find((li) => li.id === req.lineItemId);
    if (!item) return [];
    const quantity = Math.min(req.quantity, refundable(item) - (taken.get(item.id) ?? 0));
    if (quantity <= 0) return [];
    taken.set(item.id, (taken.get(item.id) ?? 0) + quantity);
    return [{ lineItemId: item.id, quantity }];
  });
}

/**
 * Whether these refund lines leave the duty's line with no unit left: the one case where the sandbox
 * takes a PROPORTIONAL duty (a proportional share of a whole line is the whole duty, so it is FULL).
 * It does not prorate a duty over part of a line's units (docs/sandbox-money.md prices a duty only
 * whole): refundCreate refuses a PROPORTIONAL duty on a line refunded in part, suggestedRefund leaves it out.
 */
export function lineRefundedInFull(
  order: StoreOrder,
  dutyId: string,
  lines: readonly { lineItemId: string; quantity: number }[],
  refundable: (item: StoreLineItem) => number,
): boolean {
  const item = order.lineItems.find((li) => li.duty?.id === dutyId);
  if (!item) return false;
  const asked = sum(lines.filter((l) => l.lineItemId === item.id).map((l) => l.quantity));
  return asked >= refundable(item);
}
