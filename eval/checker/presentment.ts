// Orders paid in another currency than the shop's (Shopify Markets), as docs/policy.md's amount reads
// them: the limits compare the shop's figure, and the customer gets back the same lines (or, on a
// cancel, the same order) at the prices they paid, in that currency. Never a conversion. The checker
// judges only orders without earlier refunds (their figure in the paid currency is the store's own
// rounding, not the policy's), and refuses others.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Line } from '../golden/schema.js';
import { GoldenDataError } from './errors.js';

export interface Presentment {
  amountMinor: number;
  currency: string;
}

function paidPrice(order: FixtureOrder, index: number): number {
  const price = order.lineItems[index]?.presentmentUnitPriceMinor;
  if (price === undefined) throw new GoldenDataError(`order ${order.number} is paid in ${order.presentmentCurrency} but line ${index} has no price in it`);
  return price;
}

/** What the customer gets back in the currency they paid for these lines (all of the order's for a cancel), or undefined. */
export function presentmentFigure(order: FixtureOrder, lines: readonly Line[] | 'whole order'): Presentment | undefined {
  const currency = order.presentmentCurrency;
  if (currency === undefined) return undefined;
  if ((order.refunds ?? []).length > 0)
    throw new GoldenDataError(`order ${order.number} is paid in ${currency} and has earlier refunds; the checker does not judge those`);
  const units =
    lines === 'whole order'
      ? order.lineItems.map((li, index) => ({ index, quantity: li.quantity }))
      : lines.map((l) => ({ index: order.lineItems.findIndex((li) => li.sku === l.sku), quantity: l.quantity }));
  const amountMinor = units.reduce((n, u) => n + paidPrice(order, u.index) * u.quantity, 0);
  return { amountMinor, currency };
}
