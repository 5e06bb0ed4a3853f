// The auto-refund conditions of docs/policy.md, each turned into the approval rule that fails it, listed
// in a fixed order. An empty list means the refund is automatic. A return or an exchange (the item
// comes back, or a new one ships) is held to the same conditions but the damage-like reason, with the
// return window for the days and its own figure for the amount limit.
import type { FixtureOrder } from '#local/sandbox/fixture.js';
import type { ApprovalRule, Claim } from '../golden/schema.js';
import type { RefundLine } from './amount.js';
import { fulfilledRecently, inRefundWindow, insideReturnWindow } from './days.js';
import { POLICY } from './policy-numbers.js';

export interface AutoInput {
  claim: Claim;
  order: FixtureOrder;
  /** Every order of the customer in the store (refunds are counted across all of them). */
  customerOrders: FixtureOrder[];
  lines: RefundLine[];
  /** The figure the amount limit compares: the refund, the refund on receipt of a return, or the value an exchange ships. */
  amountMinor: number;
  partlyRefunded: boolean;
  /** A return or an exchange: no damage-like reason needed, the days are the return window's. */
  itemComesBack?: boolean;
}

/**
 * Claimed units count as fulfilled when the line shipped at least that many, except for "not
 * received" on a line that did not ship in full: the missing units may be the unshipped ones.
 */
function unitsFulfilled(line: RefundLine, claim: Claim): boolean {
  if (claim.reason === 'not_received') return line.facts.fulfilledUnits >= line.facts.ordered;
  return line.facts.fulfilledUnits >= line.quantity;
}

export function refundsInWindow(customerOrders: FixtureOrder[]): number {
  return customerOrders
    .flatMap((o) => (o.refunds ?? []).map((r, i) => ({ o, r, i })))
    .filter(({ o, r, i }) => inRefundWindow(r.daysAgo, `order ${o.number} refund ${i}`)).length;
}

export function approvalRules(input: AutoInput): ApprovalRule[] {
  const { claim, order, lines } = input;
  const rules: ApprovalRule[] = [];
  if (input.amountMinor > POLICY.autoRefundLimitMinor) rules.push('amount_over_auto_limit');
  if (lines.some((l) => !unitsFulfilled(l, claim))) rules.push('not_fulfilled');
  const shippedDays = lines.filter((l) => unitsFulfilled(l, claim)).map((l) => l.facts.firstFulfilledDaysAgo ?? 0);
  const recent = input.itemComesBack ? insideReturnWindow : fulfilledRecently;
  if (shippedDays.some((d) => !recent(d, `order ${order.number} fulfilment`))) rules.push('fulfilled_too_long_ago');
  if (!input.itemComesBack && !POLICY.damageLikeReasons.includes(claim.reason)) rules.push('reason_not_damage_like');
  if (refundsInWindow(input.customerOrders) >= POLICY.maxRefundsInWindow) rules.push('too_many_recent_refunds');
  const flags = claim.riskFlags ?? [];
  if (flags.includes('claims_prior_approval') || flags.includes('instructions_to_system')) rules.push('risk_flags');
  if (input.partlyRefunded) rules.push('line_partly_refunded');
  return rules;
}
