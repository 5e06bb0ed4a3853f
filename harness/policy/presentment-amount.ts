// The refund in the currency the customer paid (Shopify Markets): the same computation as the shop
// figure (amount.ts) over the order's presentment figures, exact in minor units, never a conversion
// with a rate. The policy's limits compare the shop figure; this is what the customer gets back.
import type { PlainMoney } from '#shared/contracts/tools.js';
import type { RefundParts } from '../domain/money-types.js';
import type { OrderFacts } from '../domain/types.js';
import { computeRefund, type ClaimedLine } from './amount.js';

/** The claimed lines alone in the customer's currency; null when the order was paid in the shop's (or a claimed line's price in the other is unknown). */
export function computePresentmentAmount(order: OrderFacts, lineItems: readonly ClaimedLine[]): PlainMoney | null {
  const paid = computeRefund(order, { lines: lineItems, shipping: false, duties: false }, 'presentment');
  return paid ? { amountMinor: paid.totalMinor, currency: paid.currency } : null;
}

/**
 * null when refund_create's arguments carry, in the currency the customer paid, what these parts
 * come to there within `toleranceMinor` (or no such amount, on an order paid in the shop's
 * currency), else what is wrong.
 */
export function presentmentProblem(order: OrderFacts, parts: RefundParts, sent: PlainMoney | undefined, toleranceMinor = 0): string | null {
  const paid = computeRefund(order, parts, 'presentment');
  const expected = paid ? { amountMinor: paid.totalMinor, currency: paid.currency } : null;
  if (!expected && !sent) return null;
  if (!expected || !sent)
    return expected ? `the refund must be made in ${expected.currency}, the currency the customer paid` : 'the order was paid in the shop currency';
  if (sent.currency !== expected.currency) return `currency ${sent.currency} is not the one the customer paid (${expected.currency})`;
  if (Math.abs(sent.amountMinor - expected.amountMinor) > toleranceMinor)
    return `amount ${sent.amountMinor} ${sent.currency} is not the ${expected.amountMinor} the order comes to in it for these items`;
  return null;
}
