// Money on the wire: integer minor units with their currency, in the shop's currency and the one the customer paid.
import * as z from 'zod';

/** An amount in one currency. */
export const PlainMoney = z.object({
  amountMinor: z.number().int(),
  currency: z.string().length(3),
});
export type PlainMoney = z.infer<typeof PlainMoney>;

/**
 * An amount in the shop's currency (`amountMinor`, `currency`: what the policy's limits compare) and,
 * on an order the customer paid in another currency (Shopify Markets), the same amount in that
 * presentment currency: Shopify's MoneyBag `shopMoney` and `presentmentMoney`. `presentment` is left
 * out when the two currencies are the same. On refund_create's input it is what the customer gets
 * back: sent, the refund is made in the presentment currency.
 */
export const Money = PlainMoney.extend({
  presentment: PlainMoney.optional(),
});
export type Money = z.infer<typeof Money>;
