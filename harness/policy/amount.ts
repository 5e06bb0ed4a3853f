// The refund's amount computed from the order alone (docs/policy.md "The amount"): per claimed unit
// what the customer paid for it (its price after every discount allocated to its line, plus the tax
// charged on it where prices exclude tax), prorated by quantity as the store prorates it; the
// order's shipping and duties when the policy refunds them (refund-parts.ts); never a tip. Capped
// by the units still refundable on each line, and by what remains refundable on the whole order:
// what was paid for its refundable lines (gift cards excluded), and for shipping and duties when they
// are refunded, less every earlier refund, and the store's own remainder. Amounts in tickets and in
// a model's answer are never used. One computation for both currencies (order-money.ts).
import type { AmountBreakdown, AmountLine, RefundParts } from '../domain/money-types.js';
import type { OrderFacts } from '../domain/types.js';
import { moneyIn, type LineMoney, type OrderMoney } from './order-money.js';

export interface ClaimedLine {
  lineItemId: string;
  quantity: number;
}

/** Merges duplicate line ids so a line cannot be claimed twice in one proposal. */
export function mergeLines(lines: readonly ClaimedLine[]): ClaimedLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.lineItemId, (merged.get(line.lineItemId) ?? 0) + line.quantity);
  return [...merged].map(([lineItemId, quantity]) => ({ lineItemId, quantity }));
}

/** n / d rounded to the nearest integer, a half up (n ≥ 0, d > 0), in integers. */
const halfUp = (n: number, d: number): number => Math.floor((2 * n + d) / (2 * d));

/**
 * The share of `total` (a line's figure for all its `quantity` units) that `units` units carry when
 * `before` units were refunded earlier: what those units are worth once and only once, so a line's
 * partial refunds add up to the whole of it, pennies included.
 */
export function unitsShare(total: number, quantity: number, before: number, units: number): number {
  if (quantity <= 0) return 0;
  return halfUp(total * (before + units), quantity) - halfUp(total * before, quantity);
}

const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** What was paid for a whole line: after its discounts, with its tax where prices exclude tax. */
const linePaidMinor = (line: LineMoney, taxesIncluded: boolean) =>
  line.unitMinor * line.quantity - line.discountMinor + (taxesIncluded ? 0 : sum(line.taxMinor));

/** What was paid for the shipping, tax included. */
const shippingPaidMinor = (money: OrderMoney) => (money.shipping ? money.shipping.priceMinor + (money.taxesIncluded ? 0 : sum(money.shipping.taxMinor)) : 0);

/** One claimed line's share: `units` of it, with the units refunded before it counted first. */
function lineAmount(lineItemId: string, line: LineMoney, units: number, taxesIncluded: boolean): AmountLine {
  const before = Math.max(0, line.quantity - line.refundableQuantity);
  const share = (total: number) => unitsShare(total, line.quantity, before, units);
  const listMinor = line.unitMinor * units;
  const subtotal = share(line.unitMinor * line.quantity - line.discountMinor);
  const taxMinor = sum(line.taxMinor.map(share));
  return { lineItemId, quantity: units, listMinor, discountMinor: listMinor - subtotal, taxMinor, paidMinor: subtotal + (taxesIncluded ? 0 : taxMinor) };
}

/**
 * What remains refundable on the whole order for these parts: the store's remainder and, when the
 * order's earlier refunds were read, what was paid for its refundable lines (and its shipping and
 * duties when they are refunded) less all of them ($100 gift card + $18 mug with an earlier $10
 * amount-only refund leaves $8, not $108).
 */
function orderRemaining(money: OrderMoney, parts: Pick<RefundParts, 'shipping' | 'duties'>): number {
  if (money.refundedMinor === null) return Math.max(0, money.maximumRefundableMinor);
  const lines = [...money.lines.values()].filter((l) => !l.giftCard);
  const paid =
    sum(lines.map((l) => linePaidMinor(l, money.taxesIncluded))) +
    (parts.shipping ? shippingPaidMinor(money) : 0) +
    (parts.duties ? sum(lines.flatMap((l) => l.duties.map((d) => d.amountMinor))) : 0);
  return Math.max(0, Math.min(money.maximumRefundableMinor, paid - money.refundedMinor));
}

/** The refund in one currency, part by part; null when the order has no figures in it (presentment on a shop-currency order). */
export function computeRefund(order: OrderFacts, parts: RefundParts, which: 'shop' | 'presentment' = 'shop'): AmountBreakdown | null {
  const money = moneyIn(order, which);
  if (!money) return null;
  const lines: AmountLine[] = [];
  const dutyIds: string[] = [];
  let dutiesMinor = 0;
  for (const claim of mergeLines(parts.lines)) {
    const line = money.lines.get(claim.lineItemId);
    if (!line || line.giftCard || claim.quantity <= 0) continue;
    const units = Math.min(claim.quantity, Math.max(line.refundableQuantity, 0));
    if (units <= 0) continue;
    lines.push(lineAmount(claim.lineItemId, line, units, money.taxesIncluded));
    if (!parts.duties) continue;
    for (const duty of line.duties.filter((d) => !money.refundedDutyIds.has(d.id))) {
      dutyIds.push(duty.id);
      dutiesMinor += duty.amountMinor;
    }
  }
  const shippingMinor = parts.shipping && money.shipping ? Math.max(0, shippingPaidMinor(money) - money.shipping.refundedMinor) : 0;
  const partsMinor = sum(lines.map((l) => l.paidMinor)) + shippingMinor + dutiesMinor;
  const remaining = orderRemaining(money, parts);
  return {
    currency: money.currency,
    taxesIncluded: money.taxesIncluded,
    lines,
    shippingMinor,
    dutiesMinor,
    dutyIds,
    cappedAtMinor: remaining < partsMinor ? remaining : null,
    totalMinor: Math.max(0, Math.min(partsMinor, remaining)),
  };
}

/** What remains refundable on the whole order's lines (no shipping or duties refunded). */
export function orderRemainingMinor(order: OrderFacts): number {
  return orderRemaining(moneyIn(order, 'shop')!, { shipping: false, duties: false });
}

/** The claimed lines alone (no shipping, no duties), in the shop's currency; 0 when nothing claimed is refundable. Gift-card lines count 0. */
export function computeProposalAmount(order: OrderFacts, lineItems: readonly ClaimedLine[]): number {
  return computeRefund(order, { lines: lineItems, shipping: false, duties: false })!.totalMinor;
}
