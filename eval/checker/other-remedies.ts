// docs/policy.md's "Other remedies", read on their own: store credit is a
// refund paid to the customer's account (the same amount and conditions), and cancelling an order of
// which nothing has shipped refunds what was paid on it, always with a lead's approval. A remedy the
// set's policy (policy.json) does not enable goes to a person, as any request that is not a refund.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { EscalationRule, GoldenPolicy, Remedy } from '../golden/schema.js';
import { priceOrder } from './pricing.js';
import { cancelTotal } from './refund-parts.js';
import { shippedUnits } from './store.js';

/** Does this remedy move money under the set's policy? A refund always does. */
export function remedyEnabled(remedy: Remedy, policy: GoldenPolicy): boolean {
  return remedy === 'refund' || (remedy === 'store_credit' && policy.storeCredit) || (remedy === 'cancel' && policy.cancelUnfulfilled);
}

/**
 * A cancel: refused when any unit of the order has shipped (it is no longer "an order of which
 * nothing has shipped") or nothing paid remains; otherwise the whole remainder of what was paid
 * (lines, shipping and duties; never a tip).
 */
export function cancelAmount(order: FixtureOrder, shopTaxesIncluded: boolean): { refusal: EscalationRule } | { amountMinor: number } {
  if (shippedUnits(order) > 0) return { refusal: 'order_not_cancellable' };
  const amountMinor = cancelTotal(order, priceOrder(order, 'shop', shopTaxesIncluded), 'shop');
  return amountMinor > 0 ? { amountMinor } : { refusal: 'nothing_refundable' };
}
