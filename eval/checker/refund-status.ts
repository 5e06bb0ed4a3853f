// A question about an earlier refund, as docs/policy.md's "Questions about a refund already made"
// reads: answered from the store's record when the bound order holds the refund the customer asks
// about (one covering every item they name, or any refund when they name none); otherwise a person
// answers. An order paid in another currency (Shopify Markets) and a claim of a person's promise
// that names no item go to a person too. Read from the fixture only, never from the product's code.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Claim, EscalationRule } from '../golden/schema.js';

/** The SKU of a refunded unit: named by SKU, or by its position in the order's lines. */
function skuOf(order: FixtureOrder, unit: { sku: string } | { index: number }): string | undefined {
  return 'sku' in unit ? unit.sku : order.lineItems[unit.index]?.sku;
}

export function statusAnswer(claim: Claim, order: FixtureOrder): 'answered' | EscalationRule {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0 || claim.unclear) return refunds.length === 0 ? 'no_refund_on_record' : 'unclear';
  if (order.presentmentCurrency) return 'not_refund_request';
  const refunded = new Set(refunds.flatMap((r) => (r.lineItems ?? []).map((u) => skuOf(order, u))));
  if (claim.lines.some((l) => !refunded.has(l.sku))) return 'no_refund_on_record';
  if ((claim.riskFlags ?? []).includes('claims_prior_approval') && claim.lines.length === 0) return 'no_refund_on_record';
  return 'answered';
}
