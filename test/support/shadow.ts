// Shadow mode's test inputs: Shopify's refunds/create payload for the demo store's $18 mug (line 10011
// of order 1001), as the resolver reads it (a person's refund in the admin, with the overrides a test
// needs), and a lead's switch of a class to auto on given figures with minimums of one.
import type { ClassFigures } from '#functions/shared/domain/shadow.js';
import type { ShadowPromotion } from '#functions/shared/stores/ports.js';

export const refundsCreateBody = (
  input: { id?: number; amount?: string; subtotal?: string; quantity?: number; note?: string | null; order?: number } = {},
): Buffer =>
  Buffer.from(
    JSON.stringify({
      id: input.id ?? 900001,
      order_id: input.order ?? 1001,
      note: input.note ?? 'refunded by Sam',
      refund_line_items: [{ id: 1, line_item_id: 10011, quantity: input.quantity ?? 1, subtotal: input.subtotal ?? '18.00' }],
      transactions: [{ id: 2, kind: 'refund', status: 'success', amount: input.amount ?? '18.00', currency: 'USD' }],
    }),
  );

/** A switch of `classKey` to auto by a lead at `at`, on `figures`, with every minimum at one. */
export const promotionOf = (classKey: string, figures: ClassFigures, at: string): ShadowPromotion => {
  const { resolved, agreed, samples, agreeingSamples, customers, orders } = figures;
  return {
    ...{ classKey, at, by: 'lead', resolved, agreed, samples, agreeingSamples, customers, orders },
    ...{ minTickets: 1, minCustomers: 1, minOrders: 1, threshold: 0.98 },
  };
};
