// The dispatch check: the gate's rules applied again to the real refund_create arguments, against
// order facts the harness fetched itself just before the call. Throws; never repairs arguments.
// The model never reaches here.
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import type { CustomerRefundFact, GateDecision, OrderFacts, RefundReason } from '../domain/types.js';
import { refuseArguments } from '../errors.js';
import { canonicalHash } from '../hash.js';
import type { ApprovalRecord } from '../ports.js';
import { computeRefund, mergeLines } from './amount.js';
import { presentmentProblem } from './presentment-amount.js';
import { refundParts } from './refund-parts.js';
import { toleranceMinor } from './refund-pricing.js';
import { moneyWords } from './reason-words.js';
import { verifyApproval } from './approval.js';
import type { Policy } from './document.js';
import { RULES } from './rules.js';
import { refundsInWindow, sameEmail } from './gate.js';
import { TOOL_REGISTRY } from '../tools/registry.js';

export interface RefundArgumentsCheck {
  args: RefundCreateInput;
  runId: string;
  /** The order the run was bound to by CheckOrder. */
  boundOrderId: string;
  /** Re-read by the harness for this dispatch. */
  facts: OrderFacts;
  /** The run's proposed reason: with the lines, it decides whether the order's shipping and duties go back (refund-parts.ts). */
  reason: RefundReason;
  gate: GateDecision | null;
  approval: ApprovalRecord | null;
  policy: Policy;
  now: Date;
  /** The ticket's requester as the helpdesk reports it: the order must be theirs. */
  requesterEmail?: string | null;
  /** The refund_create pin the approval binds (default: the registry's). */
  toolPin?: string;
}

export interface RefundArgumentsVerdict {
  argsHash: string;
  approvalRequired: boolean;
  approvalId: string | null;
}

/**
 * Hash that binds an approval to one exact call: the tool, its registry pin and the canonical
 * arguments. A changed amount, order, line, key or tool definition gives another hash.
 */
export function refundArgumentsHash(args: RefundCreateInput, toolPin: string = TOOL_REGISTRY.refund_create.pin): string {
  return canonicalHash({ tool: 'refund_create', pin: toolPin, args });
}

/** The way the money goes back is the gate's: store credit only where it decided store credit (and the order has an account), restock only at its location. */
function checkRefundTerms(args: RefundCreateInput, gate: GateDecision, facts: OrderFacts): void {
  const decided = gate.remedy ?? 'refund';
  if (decided === 'cancel') refuseArguments(RULES.remedyMismatch, 'the gate decided a cancel, not a refund');
  if ((args.method === 'store_credit') !== (decided === 'store_credit')) {
    refuseArguments(
      RULES.remedyMismatch,
      decided === 'store_credit'
        ? 'the gate decided store credit, not a refund to the payments'
        : 'the gate decided a refund to the payments, not store credit',
    );
  }
  if (args.method === 'store_credit' && !facts.customerId)
    refuseArguments(RULES.storeCreditNeedsAccount, 'the order has no customer account to hold store credit');
  if ((args.restockLocationId ?? null) !== (gate.restockLocationId ?? null))
    refuseArguments(RULES.remedyMismatch, 'the restock location is not the one the gate decided');
}

/** A part beside the lines, sent or not as the policy decides it now, at what it comes to now (within the tolerance). */
function checkPart(name: string, sent: { amountMinor: number } | undefined, due: boolean, dueMinor: number, tolerance: number, currency: string): void {
  if (!sent && !due) return;
  if (!sent) refuseArguments(RULES.amountNotRecomputed, `the refund leaves out the order's ${name}, which the policy refunds with these items`);
  if (!due) refuseArguments(RULES.amountNotRecomputed, `the refund adds the order's ${name}, which the policy does not refund with these items`);
  if (Math.abs(sent.amountMinor - dueMinor) > tolerance)
    refuseArguments(
      RULES.amountNotRecomputed,
      `the ${name} refunded is ${moneyWords(sent.amountMinor, currency)}; the order now comes to ${moneyWords(dueMinor, currency)} for it`,
    );
}

/**
 * The amount sent is what the order, as the harness read it just now, comes to for the claimed lines
 * (and for the shipping and duties exactly when the policy refunds them), within one minor unit per
 * claimed line (the store's own rounding, which the refund is made at), in the shop's currency and in
 * the customer's. Never a stored figure. Returns the recomputed shop figure.
 */
function checkRecomputedAmount(args: RefundCreateInput, facts: OrderFacts, reason: RefundReason, policy: Policy): number {
  const parts = refundParts(facts, { lineItems: args.lineItems, reason }, policy);
  const due = computeRefund(facts, parts)!;
  const tolerance = toleranceMinor(parts);
  const money = (minor: number) => moneyWords(minor, facts.currency);
  checkPart('shipping', args.shipping?.amount, parts.shipping, due.shippingMinor, tolerance, facts.currency);
  checkPart('duties', args.duties?.amount, parts.duties, due.dutiesMinor, tolerance, facts.currency);
  if (args.duties && [...args.duties.dutyIds].sort().join() !== [...due.dutyIds].sort().join())
    refuseArguments(RULES.amountNotRecomputed, 'the duties refunded are not the ones the claimed lines carry');
  if (Math.abs(args.amount.amountMinor - due.totalMinor) > tolerance) {
    refuseArguments(
      RULES.amountNotRecomputed,
      `the refund asks ${money(args.amount.amountMinor)}; the order, read again now, comes to ${money(due.totalMinor)} for these items`,
    );
  }
  const presentment = presentmentProblem(facts, parts, args.amount.presentment, tolerance);
  if (presentment) refuseArguments(RULES.currencyMismatch, presentment);
  return due.totalMinor;
}

export function checkRefundArguments(check: RefundArgumentsCheck): RefundArgumentsVerdict {
  const { args, facts, gate, policy } = check;
  if (args.orderId !== check.boundOrderId || facts.orderId !== check.boundOrderId) {
    refuseArguments(RULES.orderNotBound, 'the refund is not for the order the run is bound to');
  }
  if (check.requesterEmail !== undefined && !sameEmail(check.requesterEmail, facts.customerEmail)) {
    refuseArguments(RULES.orderNotRequesters, "the order does not belong to the ticket's requester");
  }
  if (args.amount.currency !== facts.currency) refuseArguments(RULES.currencyMismatch, `currency ${args.amount.currency} is not the order's`);
  const lines = mergeLines(args.lineItems);
  for (const claim of lines) {
    const line = facts.lineItems.find((li) => li.id === claim.lineItemId);
    if (!line) refuseArguments(RULES.itemsNotOnOrder, 'a refunded line item is not on the order');
    if (line.refundableQuantity <= 0) refuseArguments(RULES.nothingRefundable, `"${line.title}" has nothing left to refund`);
    if (claim.quantity > line.refundableQuantity) {
      refuseArguments(RULES.quantityExceedsRefundable, `"${line.title}": ${claim.quantity} requested, ${line.refundableQuantity} refundable`);
    }
  }
  // After the lines: a claim on units already refunded is told as such, not as a zero amount.
  if (!(args.amount.amountMinor > 0)) refuseArguments(RULES.amountNotPositive, 'the refund amount must be positive');
  const recomputedMinor = checkRecomputedAmount(args, facts, check.reason, policy);
  const parent = facts.parentTransaction;
  if (!parent || parent.id !== args.parentTransactionId || parent.gateway !== args.gateway) {
    refuseArguments(RULES.parentTransactionMismatch, "the parent transaction is not the order's sale");
  }
  if (!gate || gate.decision === 'refuse') refuseArguments(RULES.gateNotPassed, 'the gate did not allow a refund for this run');
  if (gate.amountMinor !== args.amount.amountMinor || gate.currency !== args.amount.currency) {
    refuseArguments(RULES.gateAmountMismatch, `the gate decided on ${gate.amountMinor}, not ${args.amount.amountMinor}`);
  }
  if (gate.policyVersion !== policy.version) refuseArguments(RULES.policyChanged, 'the policy changed since the gate decided');
  checkRefundTerms(args, gate, facts);

  // The limits compare the larger of what is sent and what the order comes to now; a decision
  // stored as automatic is not trusted past them.
  const limitMinor = Math.max(args.amount.amountMinor, recomputedMinor);
  if (gate.decision === 'auto' && limitMinor > policy.document.autoRefundLimitMinor) {
    refuseArguments(
      RULES.autoOverLimitAtDispatch,
      `recorded as automatic, but ${moneyWords(limitMinor, facts.currency)} is over the ${moneyWords(policy.document.autoRefundLimitMinor, facts.currency)} automatic limit`,
    );
  }
  const argsHash = refundArgumentsHash(args, check.toolPin);
  const approvalRequired = gate.decision === 'approval';
  if (approvalRequired) {
    verifyApproval(check.approval, { runId: check.runId, argsHash, policyVersion: policy.version, now: check.now });
  }
  return { argsHash, approvalRequired, approvalId: approvalRequired ? (check.approval?.approvalId ?? null) : null };
}

export interface RecentRefundsCheck {
  /** The customer's refunds as get_refund_history answered just now, under the customer's refund lock. */
  history: { refunds: CustomerRefundFact[]; truncated: boolean };
  facts: OrderFacts;
  /** The policy's days count back from the day the ticket arrived. */
  ticketReceivedAt: string;
  policy: Policy;
}

/**
 * The gate's "fewer than N refunds in 90 days" again at dispatch, for an automatic refund: counted
 * with the gate's calendar-day rule over the history read under the lock, so refunds other runs of
 * the customer made since the gate count too. A history cut short cannot be counted: refused.
 * Returns the count.
 */
export function checkRecentRefundsAtDispatch(check: RecentRefundsCheck): number {
  const max = check.policy.document.maxRefundsIn90Days;
  if (check.history.truncated) refuseArguments(RULES.tooManyRecentRefundsAtDispatch, "the customer's refund history was cut short and cannot be counted");
  const recent = refundsInWindow({ ...check.facts, recentRefunds: check.history.refunds }, check.ticketReceivedAt, check.policy);
  if (recent >= max) {
    refuseArguments(
      RULES.tooManyRecentRefundsAtDispatch,
      `the customer has ${recent} refunds in 90 days at dispatch (auto only below ${max}); a person must decide`,
    );
  }
  return recent;
}
