// Orders paid in another currency than the shop's (Shopify Markets), as docs/policy.md's amount reads
// them: the limits compare the shop's figure, and the customer gets back the same refund (the same
// lines, shipping and duties; on a cancel, the same order) worked out again from the prices they
// paid, in that currency, rounded on its own (docs/sandbox-money.md: never a conversion). An earlier
// refund that gives only its amount has no figure in the paid currency: such an order is refused.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Line } from '../golden/schema.js';
import { priceOrder } from './pricing.js';
import { cancelTotal, refundTotal, type Extras } from './refund-parts.js';

export interface Presentment {
  amountMinor: number;
  currency: string;
}

/** What the customer gets back in the currency they paid for this refund (a whole order for a cancel), or undefined. */
export function presentmentFigure(
  order: FixtureOrder,
  shopTaxesIncluded: boolean,
  refund: { lines: readonly Line[]; extras: Extras } | 'whole order',
): Presentment | undefined {
  const currency = order.presentmentCurrency;
  if (currency === undefined) return undefined;
  const priced = priceOrder(order, 'presentment', shopTaxesIncluded);
  const amountMinor =
    refund === 'whole order' ? cancelTotal(order, priced, 'presentment') : refundTotal(order, priced, 'presentment', refund.lines, refund.extras);
  return { amountMinor, currency };
}
