// Shopify's refunds/create payload for the demo store's $18 mug (line 10011 of order 1001), as the
// shadow resolver reads it: a person's refund in the admin, with the overrides a test needs.
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
