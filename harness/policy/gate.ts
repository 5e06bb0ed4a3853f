// The gate: a pure decision over the ticket's requester and words, the triage, the order facts the
// harness read and the order agent's proposal → refuse | auto | approval, with rule ids and
// reasons. The proposal is grounded in the customer's own words first (grounding/). The same numbers
// are re-checked on the real arguments at dispatch.
import type { PreviewRefundInput, PreviewRefundOutput } from '#shared/contracts/tools.js';
import type { GateDecision, OrderFacts, Proposal, TicketRefund, Triage } from '../domain/types.js';
import { computeProposalAmount, mergeLines } from './amount.js';
import { refundParts } from './refund-parts.js';
import { saysSomethingNeverArrived } from './grounding/whole-order.js';
import { sentencesOf } from './grounding/words.js';
import { previewInput, priceRefund, type PricedRefund } from './refund-pricing.js';
import { withinDays } from './days.js';
import type { Policy } from './document.js';
import { groundProposal, type GroundingFinding, type LineVerdict } from './grounding/index.js';
import { cancelAmount, cancelApprovalReasons, enabledRemedies, moneyRemedyOf, remedyRefusals, restockLocationFor } from './other-remedies.js';
import { RULES } from './rules.js';
import { dayWords, moneyWords } from './reason-words.js';
import { insideReturnWindow, isReturn, returnTerms, returnWindowReasons } from './returns.js';
import { exchangeVerdict, isExchange } from './exchanges.js';
import { isStatusQuestion, statusDecision } from './refund-status.js';
import { sameEmail } from './same-email.js';
import { ticketLimitReasons, ticketRefundsNotInHistory } from './ticket-limit.js';
import type { RefundParts } from '../domain/money-types.js';

export interface GateInput {
  /** The requester's email as the helpdesk reports it. */
  ticketEmail: string | null;
  /** The customer's own words (ticket subject and body, follow-ups): what quotes must come from. */
  customerText: readonly string[];
  /** When the ticket arrived: the policy's days count back from that day. */
  ticketReceivedAt: string;
  triage: Triage;
  order: OrderFacts;
  proposal: Proposal;
  policy: Policy;
  now: Date;
  /** The store's own computation of the refund (preview_refund for previewFor's parts); absent when none was read. */
  store?: PreviewRefundOutput;
  /** A ticket with several requests: the refunds its other runs made or reserved (ticket-limit.ts); absent for a ticket's only run. */
  ticketRefunds?: readonly TicketRefund[];
  /** A ticket with several requests, another of which asks about an earlier refund on another order (grounding's `statusAskedOfAnotherOrder`). */
  statusAskedOfAnotherOrder?: boolean;
}

type Finding = { rule: string; reason: string };

/** Risk flags that always need a person (the others inform grounding and binding). */
const APPROVAL_FLAGS = new Set(['claims_prior_approval', 'instructions_to_system']);

export { sameEmail } from './same-email.js';

/**
 * Findings that forbid any refund for this proposal, whatever a person would say. `linesAmountMinor`:
 * what the claimed lines come to (computeProposalAmount), when the caller has computed it already.
 */
export function hardRefusals(
  input: Pick<GateInput, 'ticketEmail' | 'triage' | 'order' | 'proposal'>,
  linesAmountMinor = computeProposalAmount(input.order, input.proposal.lineItems),
): Finding[] {
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
  if (lines.length === 0) return found;
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
  const noneLeft = lines.some((l) => order.lineItems.find((li) => li.id === l.lineItemId)?.refundableQuantity === 0);
  if (linesAmountMinor === 0 || noneLeft) {
    found.push({ rule: RULES.nothingRefundable, reason: 'nothing refundable remains for the claimed items' });
  }
  return found;
}

/** How many of the customer's refunds fall in the window, by calendar day in the store's zone. */
export function refundsInWindow(order: OrderFacts, receivedAt: string, policy: Policy, ticketRefunds?: readonly TicketRefund[]): number {
  // The ticket's other refunds count in its history whenever they were made (they are of this ticket).
  const ticket = ticketRefundsNotInHistory(ticketRefunds, order).length;
  if (!order.recentRefunds) return order.refundsLast90Days + ticket;
  const { timeZone } = policy.document;
  return order.recentRefunds.filter((r) => withinDays(r.createdAt, receivedAt, 90, timeZone)).length + ticket;
}

function fulfilmentReasons(input: GateInput): Finding[] {
  const { order, proposal, policy, ticketReceivedAt } = input;
  const doc = policy.document;
  const claimed = mergeLines(proposal.lineItems).map((c) => ({ claim: c, line: order.lineItems.find((li) => li.id === c.lineItemId) }));
  if (claimed.some(({ line }) => !line?.fulfilledAt)) return [{ rule: RULES.notFulfilled, reason: 'a claimed item has not shipped yet' }];
  const found: Finding[] = [];
  // Units not received on a line that shipped only in part may be the units that never shipped.
  const missingOnPartial = input.proposal.reason === 'not_received' || input.triage.reason === 'not_received';
  const partly = claimed.find(
    ({ claim, line }) =>
      line?.fulfilledQuantity !== undefined && (claim.quantity > line.fulfilledQuantity || (missingOnPartial && line.fulfilledQuantity < line.quantity)),
  );
  if (partly?.line) {
    found.push({ rule: RULES.partlyFulfilled, reason: `"${partly.line.title}": ${partly.claim.quantity} claimed, ${partly.line.fulfilledQuantity} shipped` });
  }
  const late = claimed.find(({ line }) => !withinDays(line?.fulfilledAt ?? '', ticketReceivedAt, doc.fulfilledWithinDays, doc.timeZone));
  if (late?.line) {
    found.push({
      rule: RULES.fulfilledTooLongAgo,
      reason: `"${late.line.title}" shipped on ${dayWords(late.line.fulfilledAt ?? '', doc.timeZone)}, more than ${doc.fulfilledWithinDays} days before the ticket`,
    });
  }
  return found;
}

/** What the customer's history and words add, for a refund and a return alike: recent refunds, risk flags. */
function customerReasons(input: GateInput): Finding[] {
  const { order, policy, triage } = input;
  const doc = policy.document;
  const found: Finding[] = [];
  const recent = refundsInWindow(order, input.ticketReceivedAt, policy, input.ticketRefunds);
  if (recent >= doc.maxRefundsIn90Days) {
    found.push({
      rule: RULES.tooManyRecentRefunds,
      reason: `the customer had ${recent} refunds in the last 90 days (automatic only below ${doc.maxRefundsIn90Days})`,
    });
  }
  const flags = triage.riskFlags.filter((f) => APPROVAL_FLAGS.has(f));
  if (flags.length > 0) found.push({ rule: RULES.riskFlags, reason: `risk flags: ${flags.join(', ')}` });
  return found;
}

/** Reasons a person must approve; empty means every auto condition holds. */
export function approvalReasons(input: GateInput, amountMinor: number): Finding[] {
  const { triage, order, proposal, policy } = input;
  const doc = policy.document;
  const found: Finding[] = [];
  if (amountMinor > doc.autoRefundLimitMinor) {
    found.push({
      rule: RULES.amountOverAutoLimit,
      reason: `${moneyWords(amountMinor, order.currency)} is over the ${moneyWords(doc.autoRefundLimitMinor, order.currency)} automatic limit`,
    });
  }
  found.push(...fulfilmentReasons(input));
  const damageLike = (r: string | null) => r !== null && (doc.damageLikeReasons as string[]).includes(r);
  if (!damageLike(proposal.reason) || !damageLike(triage.reason)) {
    found.push({ rule: RULES.reasonNotDamageLike, reason: `the reason "${proposal.reason.replace(/_/g, ' ')}" is not damage or a defect` });
  }
  found.push(...customerReasons(input));
  return found;
}

export interface GateVerdict {
  decision: GateDecision;
  /** One verdict per claimed line: its quote and the grounding rule that decided (for the journal). */
  lines: LineVerdict[];
}

/**
 * What to ask the store to compute before the gate decides (preview_refund's arguments for the
 * refund's parts), or null when no refund of lines could follow: a cancel, an unclear or non-refund
 * reading, or a claim a hard refusal stops anyway (lines not on the order or not left to refund,
 * another customer's order, a gift card).
 */
export function previewFor(input: Pick<GateInput, 'ticketEmail' | 'triage' | 'order' | 'proposal' | 'policy' | 'ticketReceivedAt'>): PreviewRefundInput | null {
  const { order, proposal, policy } = input;
  const remedy = proposal.remedy;
  if (proposal.unclear || (remedy !== 'refund' && remedy !== 'store_credit' && remedy !== 'return') || moneyRemedyOf(proposal, policy) === 'cancel')
    return null;
  const lines = mergeLines(proposal.lineItems);
  const fits = (l: { lineItemId: string; quantity: number }) => {
    const line = order.lineItems.find((li) => li.id === l.lineItemId);
    return line !== undefined && !line.giftCard && l.quantity > 0 && l.quantity <= line.refundableQuantity;
  };
  if (lines.length === 0 || !lines.every(fits) || hardRefusals(input).length > 0) return null;
  return previewInput(order, partsOf(input));
}

/** The parts a decision refunds: a return refunds the units that come back, never the shipping. */
function partsOf(input: Pick<GateInput, 'order' | 'proposal' | 'policy' | 'ticketReceivedAt'>): RefundParts {
  const { order, proposal, policy } = input;
  if (isExchange(proposal, policy) || returning(input, computeProposalAmount(order, proposal.lineItems)))
    return { lines: mergeLines(proposal.lineItems), shipping: false, duties: false };
  return refundParts(order, proposal, policy);
}

/** Whether the gate decides a return for this claim (returns.ts). */
function returning(input: Pick<GateInput, 'order' | 'proposal' | 'policy' | 'ticketReceivedAt'>, worthMinor: number): boolean {
  const { order, proposal, policy } = input;
  return isReturn(proposal, policy, worthMinor, insideReturnWindow(order, proposal, input.ticketReceivedAt, policy));
}

/**
 * Why a person decides a return (or an exchange) before it is opened (docs/policy.md "Returns and
 * exchanges"): no damage-like reason is needed, the item comes back. `what`: the figure the limits compare.
 */
export function returnApprovalReasons(input: GateInput, limitMinor: number, what = 'the refund on receipt'): Finding[] {
  const { order, proposal, policy } = input;
  const doc = policy.document;
  const found: Finding[] = [];
  if (limitMinor > doc.autoRefundLimitMinor) {
    found.push({
      rule: RULES.amountOverAutoLimit,
      reason: `${what}, ${moneyWords(limitMinor, order.currency)}, is over the ${moneyWords(doc.autoRefundLimitMinor, order.currency)} automatic limit`,
    });
  }
  found.push(...returnWindowReasons(order, proposal, input.ticketReceivedAt, policy));
  found.push(...customerReasons(input));
  return found;
}

/** A return's decision terms: the refund on receipt is the units' worth less the fee. */
function returnDecisionTerms(proposal: Proposal, policy: GateInput['policy'], priced: PricedRefund): Partial<GateDecision> & { amountMinor: number } {
  const worth = { amountMinor: priced.amountMinor, ...(priced.presentment ? { presentmentMinor: priced.presentment.amountMinor } : {}) };
  const { terms, refundMinor, refundPresentmentMinor } = returnTerms(proposal, policy, worth);
  return {
    amountMinor: refundMinor,
    returnTerms: terms,
    ...(priced.presentment && refundPresentmentMinor !== undefined
      ? { presentment: { amountMinor: refundPresentmentMinor, currency: priced.presentment.currency } }
      : {}),
  };
}

/** What a priced refund adds to the decision: its parts, the customer's currency, the policy's own figure when the store's differs. */
function pricedTerms(priced: PricedRefund | null): Partial<GateDecision> {
  if (!priced) return {};
  return {
    breakdown: priced.breakdown,
    ...(priced.presentment ? { presentment: priced.presentment } : {}),
    ...(priced.shipping ? { shipping: priced.shipping } : {}),
    ...(priced.duties ? { duties: priced.duties } : {}),
    ...(priced.policyMinor !== priced.amountMinor ? { policyAmountMinor: priced.policyMinor } : {}),
  };
}

/** A refund of the shipping and duties because nothing arrived rests on the customer's words saying so, not on the reason's name alone. */
function shippingFindings(input: GateInput, priced: PricedRefund | null): Finding[] {
  if (!priced || !(priced.parts.shipping || priced.parts.duties) || input.proposal.reason !== 'not_received') return [];
  if (saysSomethingNeverArrived(sentencesOf(input.customerText.join('\n')))) return [];
  return [{ rule: RULES.shippingNotGrounded, reason: "the refund includes the order's shipping, but no words of the customer's say the order never arrived" }];
}

/** What the decision moves and how much: the remedy, the refund priced, a return's or an exchange's terms. */
function decisionTerms(input: GateInput, linesAmountMinor: number) {
  const { order, proposal, policy } = input;
  const exchanging = isExchange(proposal, policy) && proposal.lineItems.length > 0;
  const isAReturn = !exchanging && returning(input, linesAmountMinor);
  const remedy = exchanging ? 'exchange' : isAReturn && proposal.lineItems.length > 0 ? 'return' : moneyRemedyOf(proposal, policy);
  // The refund priced by the policy, its parts (shipping and duties when nothing arrived) included, and checked against the store's figure.
  const priced = remedy === 'cancel' ? null : priceRefund(order, partsOf(input), input.store);
  // A return of nothing is no return: a claim of no line is refused below as a refund's would be.
  const returned = isAReturn && priced && proposal.lineItems.length > 0 ? returnDecisionTerms(proposal, policy, priced) : null;
  // An exchange's refund is the difference of a cheaper variant, on receipt; its limits compare the value shipped again.
  const exchanged = exchanging && priced ? exchangeVerdict(order, proposal, policy, priced.amountMinor) : null;
  const amountMinor = exchanged ? exchanged.refundMinor : returned ? returned.amountMinor : priced ? priced.amountMinor : cancelAmount(order);
  const restockLocationId = isAReturn || exchanging ? undefined : restockLocationFor(policy, remedy, proposal.reason);
  const base = {
    currency: order.currency,
    policyVersion: policy.version,
    ...(remedy !== 'refund' ? { remedy } : {}),
    ...(restockLocationId ? { restockLocationId } : {}),
    ...pricedTerms(priced),
    ...(returned ?? {}),
    ...(exchanged?.terms ? { returnTerms: exchanged.terms } : {}),
    amountMinor,
  };
  return { remedy, priced, returned, exchanged, amountMinor, base };
}

export function decideGateWithGrounding(input: GateInput): GateVerdict {
  // A question about an earlier refund is answered from the record (refund-status.ts); nothing is priced.
  if (isStatusQuestion(input)) return { decision: statusDecision(input), lines: [] };
  const { order, proposal, policy } = input;
  // What the claimed lines alone come to: the nothing-left check.
  const linesAmountMinor = computeProposalAmount(order, proposal.lineItems);
  const { remedy, priced, returned, exchanged, amountMinor, base } = decisionTerms(input, linesAmountMinor);
  const remedies = enabledRemedies(policy);
  const grounding = groundProposal({
    customerText: input.customerText,
    proposal,
    order,
    triage: input.triage,
    timeZone: policy.document.timeZone,
    remedies,
    statusAskedOfAnotherOrder: input.statusAskedOfAnotherOrder,
  });
  const bySeverity = (s: GroundingFinding['severity']) => grounding.findings.filter((f) => f.severity === s);
  const refusals = [
    ...hardRefusals(input, linesAmountMinor),
    ...remedyRefusals(remedy, order),
    ...bySeverity('refuse'),
    ...(exchanged?.refusals ?? []),
    ...(priced?.disagreement ? [priced.disagreement] : []),
  ];
  // The amount is the gate's; a different figure from the model is shown, never a reason to refuse.
  const differs = proposal.amountMinor !== undefined && proposal.amountMinor !== amountMinor;
  const note = differs
    ? [
        `the agent's own figure was ${moneyWords(proposal.amountMinor ?? 0, order.currency)}; the amount is computed from the order: ${moneyWords(amountMinor, order.currency)}`,
      ]
    : [];
  const verdict = (decision: GateDecision['decision'], found: Finding[]): GateVerdict => ({
    decision: { decision, rules: [...new Set(found.map((f) => f.rule))], reasons: [...found.map((f) => f.reason), ...note], ...base },
    lines: grounding.lines,
  });
  if (refusals.length > 0) return verdict('refuse', refusals);
  // A cancel is always a lead's decision; the refund's fulfilment and reason rules do not apply to an unshipped order.
  // The limits compare the larger of the policy's figure and the store's.
  const approvals = [
    ...bySeverity('approval'),
    ...shippingFindings(input, priced),
    ...(remedy === 'cancel'
      ? cancelApprovalReasons(order)
      : exchanged
        ? returnApprovalReasons(input, exchanged.valueMinor, 'the value shipped again')
        : returned
          ? returnApprovalReasons(input, (priced?.limitMinor ?? amountMinor) - (returned.returnTerms?.feeMinor ?? 0))
          : approvalReasons(input, priced?.limitMinor ?? amountMinor)),
    ...(remedy === 'cancel' ? [] : ticketLimitReasons(input.ticketRefunds, amountMinor, order, policy)),
  ];
  if (approvals.length > 0) return verdict('approval', approvals);
  const why = exchanged
    ? 'every condition for the exchange holds'
    : returned
      ? 'every condition for opening the return at once holds'
      : 'every auto-refund condition holds';
  return verdict('auto', [{ rule: RULES.autoWithinPolicy, reason: `${why} and every claimed line is grounded` }]);
}

export function decideGate(input: GateInput): GateDecision {
  return decideGateWithGrounding(input).decision;
}
