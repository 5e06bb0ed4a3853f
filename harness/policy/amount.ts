// The refund amount computed from the order alone: unit price × claimed quantity per line item,
// capped by what remains refundable (quantity and money). Amounts in tickets are never used.
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

/** Integer minor units in the order's currency; 0 when nothing claimed is refundable. */
export function computeProposalAmount(order: OrderFacts, lineItems: readonly ClaimedLine[]): number {
  let sum = 0;
  for (const claim of mergeLines(lineItems)) {
    const line = order.lineItems.find((li) => li.id === claim.lineItemId);
    if (!line || claim.quantity <= 0) continue;
    const quantity = Math.min(claim.quantity, Math.max(line.refundableQuantity, 0));
    sum += quantity * line.unitPriceMinor;
  }
  return Math.max(0, Math.min(sum, order.maximumRefundableMinor));
}
