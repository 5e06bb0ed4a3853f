// The refund amount computed from the order alone (docs/policy.md "The amount"): unit price × claimed
// quantity per line item, capped by the units still refundable on each line, and by what remains
// refundable on the whole order: the store's own figure and the price of its refundable lines
// (gift-card lines excluded) less every earlier refund, line-item or amount-only. Amounts in tickets
// and in a model's answer are never used.
import type { OrderFacts } from '../domain/types.js';

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

/**
 * What remains refundable on the whole order: the store's maximum, and, when the order's earlier
 * refunds were read, the price of its non-gift-card lines less all of them ($100 gift card + $18 mug
 * with an earlier $10 amount-only refund leaves $8, not $108).
 */
export function orderRemainingMinor(order: OrderFacts): number {
  if (!order.refunds) return Math.max(0, order.maximumRefundableMinor);
  const lines = order.lineItems.filter((l) => !l.giftCard).reduce((n, l) => n + l.unitPriceMinor * l.quantity, 0);
  const paidBack = order.refunds.reduce((n, r) => n + r.amountMinor, 0);
  return Math.max(0, Math.min(order.maximumRefundableMinor, lines - paidBack));
}

/** Integer minor units in the order's currency; 0 when nothing claimed is refundable. Gift-card lines count 0. */
export function computeProposalAmount(order: OrderFacts, lineItems: readonly ClaimedLine[]): number {
  let sum = 0;
  for (const claim of mergeLines(lineItems)) {
    const line = order.lineItems.find((li) => li.id === claim.lineItemId);
    if (!line || line.giftCard || claim.quantity <= 0) continue;
    const quantity = Math.min(claim.quantity, Math.max(line.refundableQuantity, 0));
    sum += quantity * line.unitPriceMinor;
  }
  return Math.max(0, Math.min(sum, orderRemainingMinor(order)));
}
