// The order in the currency the customer paid, for a store selling through Shopify Markets: each
// line's unit price, discounts, tax and duties, the shipping, what the store still allows to be
// refunded and what was refunded, as Shopify's presentmentMoney gives them. toOrderFacts adds them; the refund's arguments take the refund's
// amount from them (harness/policy/presentment-amount.ts), never by converting with a rate.
import type { Order } from '#shared/contracts/tools.js';
import type { OrderFacts } from './types.js';
import { presentmentMoneyFacts } from './money-facts.js';

/** `{ presentment }` when the order was paid in another currency than the shop's and every figure has it; else `{}`. */
export function presentmentFacts(order: Order): Pick<OrderFacts, 'presentment'> {
  const currency = order.presentmentCurrency;
  if (!currency || currency === order.currency) return {};
  const unitPriceMinor: Record<string, number> = {};
  for (const line of order.lineItems) {
    if (line.unitPrice.presentment?.currency !== currency) return {};
    unitPriceMinor[line.id] = line.unitPrice.presentment.amountMinor;
  }
  const maximum = order.maximumRefundable.presentment;
  if (maximum?.currency !== currency) return {};
  let refundedMinor = 0;
  for (const refund of order.refunds) {
    const paid = refund.amount.presentment;
    if (refund.amount.amountMinor !== 0 && paid?.currency !== currency) return {};
    refundedMinor += paid?.amountMinor ?? 0;
  }
  const money = presentmentMoneyFacts(order, currency);
  if (!money) return {};
  return { presentment: { currency, unitPriceMinor, maximumRefundableMinor: maximum.amountMinor, refundedMinor, money } };
}
