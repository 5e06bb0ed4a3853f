// The refund in the currency the customer paid (Shopify Markets): the claimed lines at their
// presentment unit prices, capped as the shop figure is (units still refundable per line, and what
// remains on the order in that currency). Exact in minor units, never a conversion with a rate.
// The policy's limits compare the shop figure (amount.ts); this is what the customer gets back.
import type { PlainMoney } from '#shared/contracts/tools.js';
import type { OrderFacts } from '../domain/types.js';
import { mergeLines, type ClaimedLine } from './amount.js';

/** null when the order was paid in the shop's currency (or a claimed line's price in the other is unknown). */
export function computePresentmentAmount(order: OrderFacts, lineItems: readonly ClaimedLine[]): PlainMoney | null {
  const presentment = order.presentment;
  if (!presentment) return null;
  let sum = 0;
  for (const claim of mergeLines(lineItems)) {
    const line = order.lineItems.find((li) => li.id === claim.lineItemId);
    if (!line || line.giftCard || claim.quantity <= 0) continue;
    const unit = presentment.unitPriceMinor[line.id];
    if (unit === undefined) return null;
    sum += Math.min(claim.quantity, Math.max(line.refundableQuantity, 0)) * unit;
  }
  const lines = order.lineItems.filter((l) => !l.giftCard).reduce((n, l) => n + (presentment.unitPriceMinor[l.id] ?? 0) * l.quantity, 0);
  const remaining = Math.max(0, Math.min(presentment.maximumRefundableMinor, lines - presentment.refundedMinor));
  return { amountMinor: Math.max(0, Math.min(sum, remaining)), currency: presentment.currency };
}

/**
 * null when refund_create's arguments carry exactly the presentment amount the lines cost (or none,
 * on an order paid in the shop's currency), else what is wrong.
 */
export function presentmentProblem(order: OrderFacts, lineItems: readonly ClaimedLine[], sent: PlainMoney | undefined): string | null {
  const expected = computePresentmentAmount(order, lineItems);
  if (!expected && !sent) return null;
  if (!expected || !sent)
    return expected ? `the refund must be made in ${expected.currency}, the currency the customer paid` : 'the order was paid in the shop currency';
  if (sent.currency !== expected.currency) return `currency ${sent.currency} is not the one the customer paid (${expected.currency})`;
  if (sent.amountMinor !== expected.amountMinor) return `amount ${sent.amountMinor} ${sent.currency} is not the ${expected.amountMinor} the lines cost in it`;
  return null;
}
