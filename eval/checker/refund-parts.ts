// What refunds pay back, as docs/sandbox-money.md §4 and docs/policy.md's "The amount" say: some
// units of a line pay back their prorated part of the line's discounted total and of each of its
// taxes (so partial refunds of a line never pay a penny twice nor leave one behind); shipping and
// duties come back only when nothing arrived; an earlier fixture refund pays back its own
// amountMinor, else its units' parts plus the shipping and duties it says it refunded. The whole is
// capped by what remains refundable on the order. Tips are never part of any of it.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Line } from '../golden/schema.js';
import { part } from './arithmetic.js';
import { GoldenDataError } from './errors.js';
import { linePaid, shippingPaid, type PricedLine, type PricedOrder, type Side } from './pricing.js';
import { lineIndex } from './store.js';

type FixtureRefund = NonNullable<FixtureOrder['refunds']>[number];

const sum = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0);

/** What k more units of a line pay back, r refunded before: part(Tᵢ), plus Σₜ part(taxᵢ,ₜ) where prices exclude tax. */
export function unitsPaidBack(order: PricedOrder, line: PricedLine, r: number, k: number): number {
  if (line.giftCard) return part(line.list, line.quantity, r, k);
  const tax = order.taxesIncluded ? 0 : sum(line.taxes.map((t) => part(t, line.quantity, r, k)));
  return part(line.discounted, line.quantity, r, k) + tax;
}

/** The order after its earlier refunds: units refunded per line, shipping and duties refunded, money paid back. */
export interface RefundHistory {
  refundedUnits: number[];
  shippingRefunded: boolean;
  dutyRefunded: boolean[];
  paidBack: number;
}

/** Oldest first, the file's order kept on a tie (the checker's own sort, not the sandbox store's). */
function oldestFirst(order: FixtureOrder): FixtureRefund[] {
  return (order.refunds ?? [])
    .map((refund, i) => ({ refund, i }))
    .sort((a, b) => b.refund.daysAgo - a.refund.daysAgo || a.i - b.i)
    .map((x) => x.refund);
}

/**
 * The earlier refunds oldest first. One with its own amountMinor pays back that (it still takes its
 * units, and the shipping and duties it marks); the checker has no figure for it in the paid
 * currency, so a Markets order with one is refused rather than guessed.
 */
export function refundHistory(order: FixtureOrder, priced: PricedOrder, side: Side): RefundHistory {
  const history: RefundHistory = {
    refundedUnits: order.lineItems.map(() => 0),
    shippingRefunded: false,
    dutyRefunded: order.lineItems.map(() => false),
    paidBack: 0,
  };
  for (const refund of oldestFirst(order)) {
    let worth = 0;
    for (const u of refund.lineItems ?? []) {
      const i = lineIndex(order, u);
      worth += unitsPaidBack(priced, priced.lines[i]!, history.refundedUnits[i]!, u.quantity);
      history.refundedUnits[i]! += u.quantity;
      if (refund.duties === true && !history.dutyRefunded[i]) {
        worth += priced.lines[i]!.duty;
        history.dutyRefunded[i] = true;
      }
    }
    if (refund.shipping === true && !history.shippingRefunded) {
      worth += shippingPaid(priced);
      history.shippingRefunded = true;
    }
    if (refund.amountMinor !== undefined && side === 'presentment') {
      throw new GoldenDataError(
        `order ${order.number} is paid in ${order.presentmentCurrency} and an earlier refund gives only its amount in the shop's currency`,
      );
    }
    history.paidBack += refund.amountMinor ?? worth;
  }
  return history;
}

/** What the refund being decided covers beyond its lines' units: shipping and duties, when nothing arrived. */
export interface Extras {
  shipping: boolean;
  duties: boolean;
}

/**
 * The refund of these lines (quantities already capped at the units left), with shipping and duties
 * when `extras` says so, capped by what remains refundable on the order: what was paid for its
 * refundable lines (gift cards excluded), plus its shipping and all its duties when they are
 * refunded now, less every earlier refund.
 */
export function refundTotal(order: FixtureOrder, priced: PricedOrder, side: Side, lines: readonly Line[], extras: Extras): number {
  const history = refundHistory(order, priced, side);
  let total = 0;
  for (const l of lines) {
    const i = order.lineItems.findIndex((li) => li.sku === l.sku);
    const line = priced.lines[i]!;
    if (line.giftCard) continue;
    total += unitsPaidBack(priced, line, history.refundedUnits[i]!, l.quantity);
    if (extras.duties && !history.dutyRefunded[i]) total += line.duty;
  }
  // Only whole-shipping refunds exist in a fixture, so the shipping left is all of it or nothing.
  if (extras.shipping && !history.shippingRefunded) total += shippingPaid(priced);

  const refundable = sum(priced.lines.filter((l) => !l.giftCard).map((l) => linePaid(priced, l)));
  const cap = refundable + (extras.shipping ? shippingPaid(priced) : 0) + (extras.duties ? sum(priced.lines.map((l) => l.duty)) : 0) - history.paidBack;
  return Math.max(0, Math.min(total, cap));
}

/**
 * A cancel refunds everything paid on the order (docs/policy.md: "a refund of everything paid, shipping
 * included"): every line (gift cards at their price), shipping and duties, less every earlier
 * refund; never the tip.
 */
export function cancelTotal(order: FixtureOrder, priced: PricedOrder, side: Side): number {
  const paid = sum(priced.lines.map((l) => linePaid(priced, l) + l.duty)) + shippingPaid(priced);
  return Math.max(0, paid - refundHistory(order, priced, side).paidBack);
}
