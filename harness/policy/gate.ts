// The gate: a pure decision over the ticket's requester, the triage, the order facts the harness
// read and the order agent's proposal → refuse | auto | approval, with rule ids and reasons.
// Called by the Gate step; the same numbers are re-checked on the real arguments at dispatch.
import type { GateDecision, OrderFacts, Proposal, Triage } from '../domain/types.js';
import { computeProposalAmount, mergeLines } from './amount.js';
import type { Policy } from './document.js';
import { RULES } from './rules.js';

export interface GateInput {
  /** The requester's email as the helpdesk reports it. */
  ticketEmail: string | null;
  triage: Triage;
  order: OrderFacts;
  proposal: Proposal;
  policy: Policy;
  now: Date;
}

type Finding = { rule: string; reason: string };

const DAY_MS = 86_400_000;

export function sameEmail(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Findings that forbid any refund for this proposal, whatever a person would say. */
export function hardRefusals(input: Omit<GateInput, 'policy' | 'now'>): Finding[] {
  const { ticketEmail, triage, order, proposal } = input;
  const found: Finding[] = [];
  if (triage.intent !== 'refund_request') found.push({ rule: RULES.notRefundRequest, reason: 'the ticket is not a refund request' });
  if (!sameEmail(ticketEmail, order.customerEmail)) {
    found.push({ rule: RULES.orderNotRequesters, reason: `order ${order.orderNumber} does not belong to the requester` });
  }
  if (proposal.currency !== order.currency) {
    found.push({ rule: RULES.currencyMismatch, reason: `proposal currency ${proposal.currency} is not the order's ${order.currency}` });
  }
  const lines = mergeLines(proposal.lineItems);
  const unknown = lines.filter((l) => !order.lineItems.some((li) => li.id === l.lineItemId));
  if (unknown.length > 0) {
    found.push({ rule: RULES.itemsNotOnOrder, reason: `${unknown.length} claimed line item(s) are not on order ${order.orderNumber}` });
  }
  for (const claim of lines) {
    const line = order.lineItems.find((li) => li.id === claim.lineItemId);
    if (line && line.refundableQuantity > 0 && claim.quantity > line.refundableQuantity) {
      found.push({
        rule: RULES.quantityExceedsRefundable,
        reason: `"${line.title}": ${claim.quantity} claimed, ${line.refundableQuantity} still refundable`,
      });
    }
  }
  const computed = computeProposalAmount(order, lines);
  const noneLeft = lines.some((l) => order.lineItems.find((li) => li.id === l.lineItemId)?.refundableQuantity === 0);
  if (computed === 0 || noneLeft) {
    found.push({ rule: RULES.nothingRefundable, reason: 'nothing refundable remains for the claimed items' });
  } else if (proposal.amountMinor !== computed) {
    found.push({
      rule: RULES.amountMismatch,
      reason: `proposed ${proposal.amountMinor} but the order gives ${computed} (minor units)`,
    });
  }
  return found;
}

/** Reasons a person must approve; empty means every auto condition holds. */
export function approvalReasons(input: GateInput, amountMinor: number): Finding[] {
  const { triage, order, proposal, policy, now } = input;
  const doc = policy.document;
  const found: Finding[] = [];
  if (amountMinor > doc.autoRefundLimitMinor) {
    found.push({ rule: RULES.amountOverAutoLimit, reason: `amount ${amountMinor} is over the auto limit ${doc.autoRefundLimitMinor}` });
  }
  const claimed = proposal.lineItems.map((l) => order.lineItems.find((li) => li.id === l.lineItemId));
  if (claimed.some((li) => !li?.fulfilledAt)) {
    found.push({ rule: RULES.notFulfilled, reason: 'a claimed item is not fulfilled' });
  } else {
    const oldest = Math.min(...claimed.map((li) => Date.parse(li?.fulfilledAt ?? '')));
    const ageDays = (now.getTime() - oldest) / DAY_MS;
    if (!(ageDays <= doc.fulfilledWithinDays)) {
      found.push({ rule: RULES.fulfilledTooLongAgo, reason: `fulfilled ${Math.floor(ageDays)} days ago (limit ${doc.fulfilledWithinDays})` });
    }
  }
  const damageLike = (r: string | null) => r !== null && (doc.damageLikeReasons as string[]).includes(r);
  if (!damageLike(proposal.reason) || !damageLike(triage.reason)) {
    found.push({ rule: RULES.reasonNotDamageLike, reason: `reason ${proposal.reason} is not damage-like` });
  }
  if (order.refundsLast90Days >= doc.maxRefundsIn90Days) {
    found.push({
      rule: RULES.tooManyRecentRefunds,
      reason: `${order.refundsLast90Days} refunds in 90 days (auto only below ${doc.maxRefundsIn90Days})`,
    });
  }
  if (triage.riskFlags.length > 0) {
    found.push({ rule: RULES.riskFlags, reason: `risk flags: ${triage.riskFlags.join(', ')}` });
  }
  return found;
}

export function decideGate(input: GateInput): GateDecision {
  const { order, proposal, policy } = input;
  const amountMinor = computeProposalAmount(order, proposal.lineItems);
  const base = { amountMinor, currency: order.currency, policyVersion: policy.version };
  const refusals = hardRefusals(input);
  if (refusals.length > 0) {
    return { decision: 'refuse', rules: refusals.map((f) => f.rule), reasons: refusals.map((f) => f.reason), ...base };
  }
  const approvals = approvalReasons(input, amountMinor);
  if (approvals.length > 0) {
    return { decision: 'approval', rules: approvals.map((f) => f.rule), reasons: approvals.map((f) => f.reason), ...base };
  }
  return { decision: 'auto', rules: [RULES.autoWithinPolicy], reasons: ['every auto-refund condition holds'], ...base };
}
