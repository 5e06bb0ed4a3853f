// The numbers of the product's default refund policy (docs/policy.md), written down a second time
// on purpose: the checker is an independent reading of the policy, not a copy of harness/policy.
import type { Reason } from '../golden/schema.js';

export const POLICY = {
  /** Auto-refund only when the amount is at most this (USD 50.00). */
  autoRefundLimitMinor: 5000,
  /** Every claimed item fulfilled within this many calendar days (inclusive). */
  fulfilledWithinDays: 30,
  /** Refunds counted over this many calendar days (inclusive), across the customer's orders. */
  refundWindowDays: 90,
  /** Auto only when the customer had fewer than this many refunds in the window. */
  maxRefundsInWindow: 2,
  damageLikeReasons: ['damaged', 'defective', 'wrong_item', 'not_received'] as readonly Reason[],
  /** A change of mind is a return inside this many calendar days from fulfilment (inclusive); outside it a person decides. */
  returnWindowDays: 30,
  /** The reasons whose item a replacement may leave with the customer (below the keep-it amount): not "not received". */
  keepItReasons: ['damaged', 'defective', 'wrong_item'] as readonly Reason[],
} as const;
