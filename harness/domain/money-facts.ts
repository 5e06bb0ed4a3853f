// The money an order read through get_order carries beside its list prices, as order facts: each
// line's discounts, tax lines and duties; the shipping (after its discounts, its tax lines, what was
// refunded of it); the duties already refunded; the tip; whether prices include tax. And the same in
// the currency the customer paid, on a Markets order, from Shopify's presentment money (never a
// rate). toOrderFacts spreads these in; the amount (harness/policy/amount.ts) reads them.
import type { DiscountAllocation, LineItem, Money, Order, TaxLine } from '#shared/contracts/tools.js';
import type { DiscountFact, PresentmentMoneyFacts, ShippingFacts, TaxFact } from './money-types.js';

const discountFact = (d: DiscountAllocation): DiscountFact => ({ code: d.code, title: d.title, percentage: d.percentage, amountMinor: d.amount.amountMinor });
const taxFact = (t: TaxLine): TaxFact => ({ title: t.title, ratePercentage: t.ratePercentage, amountMinor: t.amount.amountMinor });
const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** A line's discounts, tax lines and duties (only those the store sent: an older server sends none). */
export function lineMoneyFacts(line: LineItem) {
  return {
    ...(line.discountAllocations ? { discounts: line.discountAllocations.map(discountFact) } : {}),
    ...(line.taxLines ? { taxLines: line.taxLines.map(taxFact) } : {}),
    ...(line.taxable === undefined ? {} : { taxable: line.taxable }),
    ...(line.duties ? { duties: line.duties.map((d) => ({ id: d.id, amountMinor: d.price.amountMinor })) } : {}),
  };
}

/** Shipping refunded by the order's refunds, tax included, in one money set. */
function shippingRefunded(order: Order, pick: (m: Money) => number | undefined): number | undefined {
  let total = 0;
  for (const r of order.refunds) {
    if (!r.shipping) continue;
    const part = pick(r.shipping);
    if (part === undefined) return undefined;
    total += part;
  }
  return total;
}

function shippingFacts(order: Order): ShippingFacts | undefined {
  const lines = order.shippingLines ?? [];
  if (lines.length === 0) return undefined;
  return {
    titles: lines.map((l) => l.title),
    originalMinor: sum(lines.map((l) => l.originalPrice.amountMinor)),
    discounts: lines.flatMap((l) => l.discountAllocations.map(discountFact)),
    priceMinor: sum(lines.map((l) => l.discountedPrice.amountMinor)),
    taxLines: lines.flatMap((l) => l.taxLines.map(taxFact)),
    refundedMinor: shippingRefunded(order, (m) => m.amountMinor) ?? 0,
  };
}

/** The order's own money facts beside its lines. */
export function orderMoneyFacts(order: Order) {
  const shipping = shippingFacts(order);
  const refundedDutyIds = order.refunds.flatMap((r) => (r.duties ?? []).flatMap((d) => (d.dutyId ? [d.dutyId] : [])));
  return {
    ...(order.taxesIncluded === undefined ? {} : { taxesIncluded: order.taxesIncluded }),
    ...(shipping ? { shipping } : {}),
    ...(refundedDutyIds.length > 0 ? { refundedDutyIds } : {}),
    ...(order.tip && order.tip.amountMinor > 0 ? { tipMinor: order.tip.amountMinor } : {}),
  };
}

/**
 * The money facts in the currency the customer paid, or null when a figure lacks it there (the
 * refund is then not computed in that currency, and the dispatch check refuses it).
 */
export function presentmentMoneyFacts(order: Order, currency: string): PresentmentMoneyFacts | null {
  const inIt = (m: Money): number | undefined =>
    m.presentment?.currency === currency ? m.presentment.amountMinor : m.currency === currency ? m.amountMinor : undefined;
  const all = (moneys: readonly Money[]): number[] | null => {
    const figures = moneys.map(inIt);
    return figures.every((f): f is number => f !== undefined) ? figures : null;
  };
  const lines: PresentmentMoneyFacts['lines'] = {};
  for (const line of order.lineItems) {
    const discounts = all((line.discountAllocations ?? []).map((d) => d.amount));
    const taxes = all((line.taxLines ?? []).map((t) => t.amount));
    const duties = all((line.duties ?? []).map((d) => d.price));
    if (!discounts || !taxes || !duties) return null;
    lines[line.id] = { discountMinor: sum(discounts), taxMinor: taxes, duties: (line.duties ?? []).map((d, i) => ({ id: d.id, amountMinor: duties[i]! })) };
  }
  const shippingLines = order.shippingLines ?? [];
  let shipping: PresentmentMoneyFacts['shipping'] = null;
  if (shippingLines.length > 0) {
    const prices = all(shippingLines.map((l) => l.discountedPrice));
    const taxes = all(shippingLines.flatMap((l) => l.taxLines.map((t) => t.amount)));
    const refunded = shippingRefunded(order, inIt);
    if (!prices || !taxes || refunded === undefined) return null;
    shipping = { priceMinor: sum(prices), taxMinor: taxes, refundedMinor: refunded };
  }
  const tip = order.tip ? inIt(order.tip) : 0;
  if (tip === undefined) return null;
  return { lines, shipping, tipMinor: tip };
}
