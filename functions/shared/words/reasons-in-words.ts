// Why a run went to a person, as a sentence a person reads: a refusal's rule id (harness/policy/rules.ts)
// or a failure's error class, rendered from the run's facts, with money in the store's locale and dates
// in the store's time zone. No error class name, no minor units, no ISO timestamp reaches the words.
// The code-facing detail (error name, rule, message) stays in the journal rows and on run.escalation.error.
// The approval rules' own words are shared/approvals/rule-reasons.ts, which this module defers to for them.
import { orderNumberOf } from '../domain/run-summary.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/document.js';
import { RULES } from '#harness/policy/rules.js';
import { createFormats, type Formats } from '../approvals/formats.js';
import type { StoreProfile } from '../step/deps.js';

export interface ReasonContext {
  run: Run;
  fmt: Formats;
}

/** The store's formats for a run's sentences: its locale, its zone (else the policy's, else UTC). */
export function storeFormats(input: { store?: StoreProfile; policy?: Policy; now: Date }): Formats {
  return createFormats({ locale: input.store?.locale, timeZone: input.store?.timeZone ?? input.policy?.document.timeZone, now: input.now });
}

const orderName = (run: Run) => {
  const n = orderNumberOf(run);
  return n ? `order #${n}` : 'the order';
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** One sentence: capital first letter, one full stop. */
export const sentence = (s: string) => {
  const t = s.trim().replace(/[\s;:,]+$/, '');
  return t ? capital(/[.!?]$/.test(t) ? t : `${t}.`) : '';
};

/** "11 Nov 2026 ($15.00)" per earlier refund on the order (amount-only ones included), oldest first. */
function earlierRefunds(c: ReasonContext): string[] {
  const currency = c.run.order?.currency ?? c.run.gate?.currency ?? 'USD';
  return [...(c.run.order?.refunds ?? [])]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((r) => `${c.fmt.date(r.createdAt)} (${c.fmt.money(r.amountMinor, currency)})`);
}

const andList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** What happened to the money, said truthfully: a refund made, or none. */
function moneyClause(c: ReasonContext): string {
  const r = c.run.refund;
  return r ? `a refund of ${c.fmt.money(r.amountMinor, r.currency)} was made before it stopped` : 'no refund was made';
}

/**
 * The gate's own sentence for a store that computes the refund otherwise (harness/policy/refund-pricing.ts):
 * both figures, or the other units it would refund. Without it, the policy's figure alone.
 */
function storeDiffers(c: ReasonContext): string {
  const said = c.run.gate?.reasons.find((r) => /^the store (computes|would refund|does not compute)/.test(r));
  if (said) return `${said.replace(/; a person checks the order$/, '')}; a person checks ${orderName(c.run)}`;
  const g = c.run.gate;
  const policy = g ? ` (the policy computes ${c.fmt.money(g.policyAmountMinor ?? g.amountMinor, g.currency)})` : '';
  return `the store's own computation of the refund differs from the policy's${policy}; a person checks ${orderName(c.run)}`;
}

/** Refusal rules (gate, grounding, dispatch) → one sentence from the run's facts. */
const REFUSALS: Record<string, (c: ReasonContext) => string> = {
  [RULES.notRefundRequest]: () => 'the ticket is not a refund request',
  [RULES.orderNotRequesters]: (c) => `${orderName(c.run)} does not belong to the customer who wrote the ticket`,
  [RULES.customerNotRequester]: (c) => `${orderName(c.run)} does not belong to the customer who wrote the ticket`,
  [RULES.itemsNotOnOrder]: (c) => `an item the agent claimed is not on ${orderName(c.run)}`,
  [RULES.quantityExceedsRefundable]: (c) => `more units are claimed than are left to refund on ${orderName(c.run)}`,
  [RULES.nothingRefundable]: (c) => {
    const earlier = earlierRefunds(c);
    return `nothing is left to refund on ${orderName(c.run)}${earlier.length ? `: its lines were refunded on ${andList(earlier)}` : ': its items were already refunded'}`;
  },
  [RULES.currencyMismatch]: (c) => `the refund's currency is not the currency of ${orderName(c.run)}`,
  [RULES.storeAmountDiffers]: storeDiffers,
  [RULES.claimUnclear]: (c) =>
    `the agent could not tell what the customer claims${c.run.proposal?.unclear?.question ? ` (${c.run.proposal.unclear.question})` : ''}`,
  [RULES.remedyNotRefund]: (c) => `the customer asks for ${(c.run.proposal?.remedy ?? 'something else').replace(/_/g, ' ')}, not a refund`,
  [RULES.refundStatusQuestion]: (c) => {
    const earlier = earlierRefunds(c);
    return `the customer asks about an earlier refund, not for a new one; ${earlier.length ? `refunds on ${orderName(c.run)}: ${andList(earlier)}` : `${orderName(c.run)} shows no refund`}`;
  },
  [RULES.claimsRefundedUnits]: (c) => {
    const earlier = earlierRefunds(c);
    return `the customer claims units of ${orderName(c.run)} that were already refunded${earlier.length ? ` (${andList(earlier)})` : ''}`;
  },
  [RULES.nothingClaimed]: () => 'the agent found no item the customer claims',
  [RULES.giftCardLine]: () => 'a gift card is claimed; gift cards are never refunded by the agent',
  [RULES.remedyNotGrounded]: () => "nothing in the customer's words asks for money back",
  [RULES.orderNotInCustomerText]: () => "the order the agent chose is not named in the customer's words",
  [RULES.orderQuoteNotGrounded]: () => "the words tying the ticket to an order are not the customer's",
  [RULES.severalOrdersUnbound]: () => 'the ticket names several orders; a person picks the one it is about',
  // At dispatch: the harness re-checks the exact refund before any money moves.
  [RULES.previewMismatch]: (c) => `the store's own check of the refund disagreed with the agent's (${orderName(c.run)} changed since it was read)`,
  [RULES.tooManyRecentRefundsAtDispatch]: () =>
    'counted again just before the refund, the customer already had too many refunds in the last 90 days; a person decides',
  [RULES.maxRefundsPerRun]: () => 'this run already made a refund; it never makes a second one',
  [RULES.approvalAlreadyUsed]: () => 'the approval was already used for another refund',
  [RULES.approvalMissing]: () => 'this refund needs a lead’s approval and has none',
  [RULES.approvalNotApproved]: () => 'the approval was not given',
  [RULES.approvalOtherRun]: () => 'the approval was given for another ticket',
  [RULES.approvalArgsMismatch]: () => 'the refund no longer matches what the lead approved',
  [RULES.approvalExpired]: () => 'the approval expired before the refund was sent',
  [RULES.approvalPolicyChanged]: () => 'the refund policy changed after the approval was given',
  [RULES.policyChanged]: () => 'the refund policy changed after the gate decided',
  [RULES.gateNotPassed]: () => 'the policy did not allow a refund for this ticket',
  [RULES.gateAmountMismatch]: () => 'the refund amount is not the amount the policy decided on',
  // No longer raised; kept for journal rows written before the amount was recomputed at dispatch.
  [RULES.amountExceedsRefundable]: (c) => `the refund is more than is left to refund on ${orderName(c.run)}`,
  [RULES.amountNotRecomputed]: (c) =>
    `the refund's amount is not what ${orderName(c.run)}, read again just before the refund, comes to for these items (the order changed since the gate decided)`,
  [RULES.autoOverLimitAtDispatch]: () => 'computed again just before the refund, the amount is over the automatic limit; a lead must approve it',
  [RULES.amountNotPositive]: () => 'there is no amount to refund',
  [RULES.parentTransactionMismatch]: (c) => `the refund would go to a payment that is not the sale of ${orderName(c.run)}`,
  [RULES.orderNotBound]: (c) => `the refund is not for ${orderName(c.run)}, the order this ticket is about`,
  [RULES.customerNotBound]: () => 'the refund is not for the customer who wrote the ticket',
  [RULES.idempotencyKeyReused]: () => 'the refund’s safety key was already used for a different refund',
  [RULES.toolNotAllowed]: () => 'a step tried an action it is not allowed',
  [RULES.storeUnavailable]: () => 'the store could not be read to check the refund',
  [RULES.policyInvalid]: () => 'the store’s refund policy is not valid; an engineer must fix it',
  [RULES.customerRefundLockBusy]: () => 'another refund for this customer was being sent at the same time',
};

/** How a rule reads; an unknown rule still reads as words, never as its id with underscores. */
export function ruleInWords(rule: string, c: ReasonContext): string {
  const say = REFUSALS[rule];
  return sentence(say ? say(c) : `the policy rule “${rule.replace(/_/g, ' ')}” stopped the refund`);
}

/** The gate's refusal as sentences, one per rule it recorded (the gate's own reasons stay on run.gate). */
export function refusalInWords(c: ReasonContext): string {
  const rules = (c.run.gate?.rules ?? []).filter((r) => r !== RULES.autoWithinPolicy);
  if (rules.length === 0) return sentence('the policy refused this refund');
  return [...new Set(rules.map((r) => ruleInWords(r, c)))].join(' ');
}

/**
 * The rule of a policy error, from its message (a Step Functions Cause carries only the error's name
 * and message, not its context): each pattern is the start of a message harness/ throws for that rule.
 */
const RULE_OF_MESSAGE: ReadonlyArray<[RegExp, string]> = [
  [/has nothing left to refund|nothing refundable remains/, RULES.nothingRefundable],
  [/requested, \d+ refundable|claimed, \d+ still refundable/, RULES.quantityExceedsRefundable],
  [/dry run disagrees/, RULES.previewMismatch],
  [/refunds in 90 days at dispatch|refund history was cut short/, RULES.tooManyRecentRefundsAtDispatch],
  [/already issued a refund/, RULES.maxRefundsPerRun],
  [/approval was already used/, RULES.approvalAlreadyUsed],
  [/needs an approval and the run has none/, RULES.approvalMissing],
  [/^approval is \w+, not approved/, RULES.approvalNotApproved],
  [/approval was given for another run/, RULES.approvalOtherRun],
  [/approval does not bind/, RULES.approvalArgsMismatch],
  [/approval expired/, RULES.approvalExpired],
  [/policy changed since the approval/, RULES.approvalPolicyChanged],
  [/policy changed since the gate/, RULES.policyChanged],
  [/gate did not allow|no bound order or proposal|no proposal or order yet/, RULES.gateNotPassed],
  [/gate decided on/, RULES.gateAmountMismatch],
  [/exceeds the .* refundable/, RULES.amountExceedsRefundable],
  [
    /read again now, comes to|the order now comes to|which the policy (does not )?refunds? with these items|duties refunded are not the ones/,
    RULES.amountNotRecomputed,
  ],
  [/recorded as automatic, but .* automatic limit/, RULES.autoOverLimitAtDispatch],
  [/^the store (computes|would refund|does not compute)/, RULES.storeAmountDiffers],
  [/amount must be positive/, RULES.amountNotPositive],
  [/parent transaction/, RULES.parentTransactionMismatch],
  [/not for the order the run is bound to|bound to another order|another run or tenant/, RULES.orderNotBound],
  [/does not belong to the ticket's requester|no customer to count refunds for/, RULES.orderNotRequesters],
  [/currency \w+ is not the order's/, RULES.currencyMismatch],
  [/line item is not on the order/, RULES.itemsNotOnOrder],
  [/idempotency key was first used/, RULES.idempotencyKeyReused],
  [/refund policy is invalid/, RULES.policyInvalid],
];

export function ruleOfMessage(message: string): string | null {
  return RULE_OF_MESSAGE.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

/** Which outside service a message names: the words a person knows it by. */
function serviceOf(message: string): string {
  if (/\bmodel\b|anthropic|reply_agent|order_agent|triage/i.test(message)) return 'The AI model';
  if (/post_draft|helpdesk/i.test(message)) return 'The helpdesk';
  if (/lock store|store needed to settle|registry/i.test(message)) return 'A service the agent depends on';
  return 'The store';
}

const TOOL_WORDS: Readonly<Record<string, string>> = {
  get_order: 'reading the order',
  find_customer_orders: "looking up the customer's orders",
  get_refund_history: "reading the customer's refund history",
  preview_refund: 'checking the refund with the store',
  refund_create: 'sending the refund',
  post_draft: 'leaving a note on the ticket',
};

export interface FailureInput {
  /** The error's class name (Step Functions' Error), e.g. "ArgumentPolicyError" or "States.Timeout". */
  name: string;
  /** Its message (the Cause's errorMessage), read only to learn the rule or the service. */
  message: string;
  /** The rule id, when the caller has the error itself (HarnessError.context.rule). */
  rule?: string | null;
}

/** A failure a step threw, as a sentence: what stopped, and whether money moved. */
export function failureInWords(error: FailureInput, c: ReasonContext): string {
  const { name, message } = error;
  const order = orderName(c.run);
  if (c.run.status === 'pending_review' || name === 'AmbiguousOutcomeError' || /refund outcome unknown/.test(message)) {
    return sentence(`the store did not say whether the refund went through; someone must check ${order} in Shopify`);
  }
  const rule = error.rule ?? (name === 'ArgumentPolicyError' || name === 'ApprovalRequiredError' ? ruleOfMessage(message) : null);
  if (rule) return `${ruleInWords(rule, c)} ${sentence(moneyClause(c))}`;
  const money = moneyClause(c);
  switch (name) {
    case 'States.Timeout':
      return sentence('the approval request expired without a decision');
    case 'TemporarilyUnavailableError':
      if (/another refund for this customer/.test(message)) return sentence(`another refund for this customer was being sent at the same time; ${money}`);
      return sentence(`${serviceOf(message)} was unavailable; the run stopped and ${money}`);
    case 'BudgetExceededError':
      return sentence(`the run reached its cost limit and stopped; ${money}`);
    case 'InvalidModelOutputError':
      return sentence(`the AI model's answer could not be read; the run stopped and ${money}`);
    case 'ToolFailedError': {
      const tool = /^(\w+):/.exec(message)?.[1] ?? '';
      const what = TOOL_WORDS[tool] ?? 'a call to the store';
      const notFound = /not[ _]found/.test(message) ? ' (not found)' : '';
      return sentence(`${capital(what)} failed${notFound}; ${money}`);
    }
    case 'RunClosedError':
      return sentence(`the run was closed while a step was working; ${money}`);
    case 'MissingStepDataError':
    case 'RunNotFoundError':
    case 'InvalidEventError':
      return sentence(`the run's record lacked what a step needed (an engineer must look); ${money}`);
    case 'ToolNotAllowedError':
    case 'HarnessConfigError':
      return sentence(`the agent is not set up correctly for this step (an engineer must look); ${money}`);
    default:
      return sentence(`the run stopped on an unexpected error (the engineers can find it in the run's journal); ${money}`);
  }
}
