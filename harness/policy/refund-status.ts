// A question about a refund already made ("where is my refund?", docs/policy.md "Questions about a
// refund already made"): answered from the order's own refunds, never by moving money. The answer
// names the refunds the customer's question is about: those covering the items the agent read in
// it, or the amount the customer states, else every refund on the order. A refund the customer
// expects that the record does not hold (an item no refund covered, an amount no refund made, a
// person's promise nothing on record ties to), a payment back that failed, or an order paid in another
// currency goes to a person with what was found.
import type { AnsweredRefund, GateDecision, OrderFacts, Proposal, Triage } from '../domain/types.js';
import { mergeLines } from './amount.js';
import type { Policy } from './document.js';
import { addressesTheSystem, asksToPayAgain, sentencesOf } from './grounding/index.js';
import { minorDigits } from '#shared/money.js';
import { dayWords, moneyWords } from './reason-words.js';
import { RULES } from './rules.js';
import { calendarDay } from './days.js';
import { sameEmail } from './same-email.js';
import { statedAmountsMinor } from './stated-money.js';

type Finding = { rule: string; reason: string };
/** What the status path reads: the gate's input (gate.ts StatusInput) less the store's preview. */
export interface StatusInput {
  ticketEmail: string | null;
  customerText: readonly string[];
  triage: Triage;
  order: OrderFacts;
  proposal: Proposal;
  policy: Policy;
}
type Refund = NonNullable<OrderFacts['refunds']>[number];

/** At most this many refunds are told (the newest): a question is about one or two. */
const MAX_ANSWERED = 3;
/** A payment back in one of these states did not go through. */
const FAILED = new Set(['FAILURE', 'ERROR']);

/** Whether the proposal reads a question about an earlier refund: the status path decides it. */
export const isStatusQuestion = (input: Pick<StatusInput, 'proposal'>) => input.proposal.remedy === 'refund_status';

/** Figures a customer may mean that are no refund: what the order's lines cost, one unit or several. */
function orderFigures(order: OrderFacts): number[] {
  const lines = order.lineItems.flatMap((l) => Array.from({ length: Math.min(l.quantity, 20) }, (_, k) => l.unitPriceMinor * (k + 1)));
  return [...lines, order.lineItems.reduce((n, l) => n + l.unitPriceMinor * l.quantity, 0)];
}

/** The refunds the question is about, and what it names that no refund on record matches. */
function matchRecord(input: StatusInput, refunds: readonly Refund[]): { matched: Refund[]; missing: Finding[]; tied: boolean } {
  const { order, proposal } = input;
  const missing: Finding[] = [];
  const byLine = new Set<Refund>();
  for (const claim of mergeLines(proposal.lineItems)) {
    const covering = refunds.filter((r) => r.lineItems.some((l) => l.lineItemId === claim.lineItemId));
    const title = order.lineItems.find((l) => l.id === claim.lineItemId)?.title ?? claim.lineItemId;
    if (covering.length === 0) missing.push({ rule: RULES.refundStatusNoRecord, reason: `no refund on order ${order.orderNumber} covers "${title}"` });
    covering.forEach((r) => byLine.add(r));
  }
  // Amounts only where the order's currency has cents as the reading assumes.
  const stated = minorDigits(order.currency) === 2 ? statedAmountsMinor(input.customerText.join('\n')) : [];
  const total = refunds.reduce((n, r) => n + r.amountMinor, 0);
  const byAmount = refunds.filter((r) => stated.includes(r.amountMinor));
  const known = new Set([...refunds.map((r) => r.amountMinor), total, ...orderFigures(order)]);
  for (const minor of stated.filter((m) => !known.has(m))) {
    missing.push({
      rule: RULES.refundStatusNoRecord,
      reason: `the customer speaks of ${moneyWords(minor, order.currency)}; no refund on the order is that amount`,
    });
  }
  const tied = byLine.size > 0 || byAmount.length > 0 || stated.includes(total);
  const matched = byLine.size > 0 ? [...byLine] : byAmount.length > 0 ? byAmount : [...refunds];
  return { matched, missing, tied };
}

/** Why a person answers instead: findings about the order, the record and the customer's words. */
function statusFindings(input: StatusInput, refunds: readonly Refund[], tied: boolean): Finding[] {
  const { order, triage, proposal } = input;
  const found: Finding[] = [];
  if (!sameEmail(input.ticketEmail, order.customerEmail))
    found.push({ rule: RULES.orderNotRequesters, reason: `order ${order.orderNumber} does not belong to the requester` });
  if (triage.intent === 'other') found.push({ rule: RULES.notRefundRequest, reason: 'the triage read no question about a refund' });
  if (proposal.unclear) found.push({ rule: RULES.claimUnclear, reason: `the agent cannot tell what is asked: ${proposal.unclear.question}` });
  if (refunds.length === 0) found.push({ rule: RULES.refundStatusNoRecord, reason: `the customer expects a refund; order ${order.orderNumber} shows none` });
  if (order.presentment) found.push({ rule: RULES.refundStatusNeedsPerson, reason: `the order was paid in ${order.presentment.currency}` });
  if (refunds.some((r) => r.payments?.some((p) => FAILED.has(p.status.toUpperCase()))))
    found.push({ rule: RULES.refundStatusNeedsPerson, reason: 'a payment back of a refund on this order did not go through' });
  if (triage.riskFlags.includes('claims_prior_approval') && !tied)
    found.push({
      rule: RULES.refundStatusNoRecord,
      reason: 'the customer speaks of a promise; no item or amount in their words ties it to a refund on record',
    });
  if (asksToPayAgain(sentencesOf(input.customerText.join('\n'))))
    found.push({ rule: RULES.refundStatusNeedsPerson, reason: 'the customer asks for a refund already made to be paid again' });
  if (triage.riskFlags.includes('instructions_to_system') || addressesTheSystem(input.customerText.join('\n')))
    found.push({ rule: RULES.instructionsInCustomerText, reason: "the customer's text addresses an AI or a system: a person answers" });
  return found;
}

/** What was found on the order, for the person who answers instead. */
const recordWords = (order: OrderFacts, timeZone: string) =>
  (order.refunds ?? []).length === 0
    ? 'the order shows no refund'
    : `refunds on this order: ${(order.refunds ?? []).map((r) => `${dayWords(r.createdAt, timeZone)} (${moneyWords(r.amountMinor, order.currency)})`).join(', ')}`;

/** The decision on a question about an earlier refund: 'answer' with the refunds to tell, or 'refuse' (a person answers). */
export function statusDecision(input: StatusInput): GateDecision {
  const { order, policy } = input;
  const timeZone = policy.document.timeZone;
  const refunds = [...(order.refunds ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const { matched, missing, tied } = matchRecord(input, refunds);
  const findings = [...statusFindings(input, refunds, tied), ...(refunds.length > 0 ? missing : [])];
  const base = { amountMinor: 0, currency: order.currency, policyVersion: policy.version };
  if (findings.length > 0) {
    return {
      ...base,
      decision: 'refuse',
      rules: [...new Set([RULES.refundStatusQuestion, ...findings.map((f) => f.rule)])],
      reasons: [`the customer asks about an earlier refund; ${recordWords(order, timeZone)}`, ...findings.map((f) => f.reason)],
    };
  }
  const told: AnsweredRefund[] = matched.slice(-MAX_ANSWERED).map((r) => ({
    refundId: r.refundId,
    createdAt: r.createdAt,
    day: calendarDay(r.createdAt, timeZone),
    amountMinor: r.amountMinor,
    lineItems: r.lineItems,
    ...(r.payments ? { payments: r.payments } : {}),
  }));
  return {
    ...base,
    decision: 'answer',
    rules: [RULES.refundStatusAnswered],
    reasons: [`the customer asks about an earlier refund; answered from the record: ${recordWords({ ...order, refunds: matched }, timeZone)}`],
    statusAnswer: { refunds: told },
  };
}
