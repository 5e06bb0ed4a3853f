// The order's money in one currency, the same shape for the shop's figures and for the customer's
// (Shopify Markets presentment figures), so the amount (amount.ts) is computed once for both:
// per line its list price, the discounts allocated to it, its tax lines and duties, all units; the
// shipping charged, its tax lines and what was refunded of it; what was refunded in all; what the
// store still allows. Facts read before discounts and tax were (older run rows) read as none.
import type { DutyFact } from '../domain/money-types.js';
import type { OrderFacts } from '../domain/types.js';

export interface LineMoney {
  quantity: number;
  refundableQuantity: number;
  giftCard: boolean;
  unitMinor: number;
  /** Every discount's share of the line, all units. */
  discountMinor: number;
  /** Each tax line's tax, all units (each is prorated on its own, as the store does). */
  taxMinor: number[];
  duties: DutyFact[];
}

export interface OrderMoney {
  currency: string;
  taxesIncluded: boolean;
  lines: Map<string, LineMoney>;
  /** After shipping discounts; tax apart (inside the price where prices include tax). Null: no shipping charged. */
  shipping: { priceMinor: number; taxMinor: number[]; refundedMinor: number } | null;
  refundedDutyIds: ReadonlySet<string>;
  /** Every earlier refund on the order, line-item and amount-only alike; null when the order's refunds were not read. */
  refundedMinor: number | null;
  maximumRefundableMinor: number;
}

const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** The shop's figures. */
function shopMoney(order: OrderFacts): OrderMoney {
  const lines = new Map<string, LineMoney>();
  for (const l of order.lineItems) {
    lines.set(l.id, {
      quantity: l.quantity,
      refundableQuantity: l.refundableQuantity,
      giftCard: l.giftCard === true,
      unitMinor: l.unitPriceMinor,
      discountMinor: sum((l.discounts ?? []).map((d) => d.amountMinor)),
      taxMinor: (l.taxLines ?? []).map((t) => t.amountMinor),
      duties: l.duties ?? [],
    });
  }
  const s = order.shipping;
  return {
    currency: order.currency,
    taxesIncluded: order.taxesIncluded === true,
    lines,
    shipping: s ? { priceMinor: s.priceMinor, taxMinor: s.taxLines.map((t) => t.amountMinor), refundedMinor: s.refundedMinor } : null,
    refundedDutyIds: new Set(order.refundedDutyIds ?? []),
    refundedMinor: order.refunds ? sum(order.refunds.map((r) => r.amountMinor)) : null,
    maximumRefundableMinor: order.maximumRefundableMinor,
  };
}

/** The customer's figures on an order paid in another currency; null when it was not (or a line's price there is unknown). */
function presentmentMoney(order: OrderFacts): OrderMoney | null {
  const p = order.presentment;
  if (!p) return null;
  const lines = new Map<string, LineMoney>();
  for (const l of order.lineItems) {
    const unit = p.unitPriceMinor[l.id];
    if (unit === undefined) return null;
    const money = p.money?.lines[l.id];
    lines.set(l.id, {
      quantity: l.quantity,
      refundableQuantity: l.refundableQuantity,
      giftCard: l.giftCard === true,
      unitMinor: unit,
      discountMinor: money?.discountMinor ?? 0,
      taxMinor: money?.taxMinor ?? [],
      duties: money?.duties ?? [],
    });
  }
  return {
    currency: p.currency,
    taxesIncluded: order.taxesIncluded === true,
    lines,
    shipping: p.money?.shipping ?? null,
    refundedDutyIds: new Set(order.refundedDutyIds ?? []),
    refundedMinor: p.refundedMinor,
    maximumRefundableMinor: p.maximumRefundableMinor,
  };
}

/** The order's money in the shop's currency, or in the one the customer paid (null when that is the shop's). */
export function moneyIn(order: OrderFacts, which: 'shop' | 'presentment'): OrderMoney | null {
  return which === 'shop' ? shopMoney(order) : presentmentMoney(order);
}
