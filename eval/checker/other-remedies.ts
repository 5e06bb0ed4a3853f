// docs/policy.md's "Other remedies", read on their own: store credit is a
// refund paid to the customer's account (the same amount and conditions), and cancelling an order of
// which nothing has shipped refunds what was paid on it, always with a lead's approval. A remedy the
// set's policy (policy.json) does not enable goes to a person, as any request that is not a refund:
// a return, an exchange or a replacement where returns are off, and the exchange or replacement of an
// item that never arrived (nothing can come back, and the policy's exchanges do not cover sending it again).
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { Claim, EscalationRule, GoldenPolicy, Remedy } from '../golden/schema.js';
import { priceOrder } from './pricing.js';
import { cancelTotal } from './refund-parts.js';
import { shippedUnits } from './store.js';

const ENABLED: Record<Remedy, (policy: GoldenPolicy, claim: Pick<Claim, 'reason'>) => boolean> = {
  refund: () => true,
  store_credit: (p) => p.storeCredit,
  cancel: (p) => p.cancelUnfulfilled,
  return: (p) => p.returns.enabled,
  exchange: (p, c) => p.returns.enabled && c.reason !== 'not_received',
  replacement: (p, c) => p.returns.enabled && c.reason !== 'not_received',
  refund_status: () => false,
  other: () => false,
};

/** Does the set's policy handle this remedy (move money, or take the item back)? A refund always does. */
export function remedyEnabled(claim: Pick<Claim, 'remedy' | 'reason'>, policy: GoldenPolicy): boolean {
  return ENABLED[claim.remedy](policy, claim);
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
