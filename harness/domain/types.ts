// The gate's vocabulary: step names, what the customer claims and the order facts the harness read,
// the proposal, the gate's decision, approvals, receipts and journal rows. The run row built from
// them is the app's (functions/shared/domain/run.ts). Money is integer minor units; times ISO-8601 UTC.
import * as z from 'zod';
import { AmountBreakdown, DecidedPart, LineMoneyFacts, OrderMoneyFacts, PresentmentMoneyFacts } from './money-types.js';
import { MoneyRemedy, Quote, RefundReason, Remedy } from './vocabulary.js';

export * from './vocabulary.js';
export * from './triage.js';

/**
 * The Task states of state-machine/refund-run.asl.json, one function each: the one list of step
 * names. The allowlist, the step handlers, infra's state → function map, the stalled-run budgets and
 * the console's timeline are keyed by it (test/unit/state-machine/ checks it against the ASL).
 */
export const STEP_NAMES = [
  'Triage',
  'CheckOrder',
  'ProposeRefund',
  'Gate',
  'RequestApproval',
  'Refund',
  'DraftReply',
  'CheckReply',
  'AwaitReturn',
  'ProcessReturn',
  'Escalate',
  'Shadow',
] as const;
export const StepName = z.enum(STEP_NAMES);
export type StepName = z.infer<typeof StepName>;

/** A refund already made on the bound order, as the store reports it. */
export const OrderRefundFact = z.object({
  refundId: z.string(),
  createdAt: z.string(),
  amountMinor: z.number().int(),
  /** Empty for an amount-only refund (goodwill, shipping, a partial amount). */
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int() })),
  /** What it paid back for shipping, tax included, when it did. */
  shippingMinor: z.number().int().optional(),
  /** The duties it paid back. */
  dutyIds: z.array(z.string()).optional(),
  /** Where it paid back to (card with brand and last four digits, store credit, another gateway), when the store said. */
  payments: z
    .array(
      z.object({
        method: z.enum(['card', 'store_credit', 'other']),
        status: z.string(),
        amountMinor: z.number().int(),
        processedAt: z.string().nullable(),
        cardBrand: z.string().nullable(),
        cardLast4: z.string().nullable(),
      }),
    )
    .optional(),
});
export type OrderRefundFact = z.infer<typeof OrderRefundFact>;

/** One of the customer's refunds across the store, from get_refund_history (counted by calendar day). */
export const CustomerRefundFact = z.object({
  refundId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type CustomerRefundFact = z.infer<typeof CustomerRefundFact>;

/** What the harness itself read from the store for the bound order (never from a model). */
export const OrderFacts = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** When the order was placed (Shopify's createdAt): shown to people beside its refunds; absent on facts read before it was kept. */
  placedAt: z.string().optional(),
  currency: z.string(),
  customerId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  lineItems: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      refundableQuantity: z.number().int(),
      unitPriceMinor: z.number().int(),
      /** The first fulfilment of this line (its own, not the order's). */
      fulfilledAt: z.string().nullable(),
      /** Units of this line fulfilled so far (partial fulfilment: fewer than `quantity`). */
      fulfilledQuantity: z.number().int().nonnegative().optional(),
      /** When the carrier reported this line delivered, if it did. */
      deliveredAt: z.string().nullable().optional(),
      /** Gift-card lines are never refunded. */
      giftCard: z.boolean().optional(),
      /** The variant bought ("Medium / White"), when the store names one. */
      variant: z.object({ id: z.string(), title: z.string() }).optional(),
      /** The variants of the line's product the store sells now (price in the shop's currency; `available` null: stock not tracked): what an exchange may ship. */
      variants: z
        .array(
          z.object({ id: z.string(), title: z.string(), sku: z.string().nullable(), unitPriceMinor: z.number().int(), available: z.number().int().nullable() }),
        )
        .max(10)
        .optional(),
      ...LineMoneyFacts,
    }),
  ),
  ...OrderMoneyFacts,
  /** What the store still allows to be refunded on the whole order (amount-only refunds included). */
  maximumRefundableMinor: z.number().int(),
  parentTransaction: z.object({ id: z.string(), gateway: z.string() }).nullable(),
  /** Refunds already made on this order, line-item and amount-only alike. */
  refunds: z.array(OrderRefundFact).optional(),
  /** When the order was cancelled, if it was. */
  cancelledAt: z.string().nullable().optional(),
  /**
   * The order in the currency the customer paid (Shopify Markets), when it is not the shop's: each
   * line's unit price, what the store still allows to be refunded and what was refunded, all in
   * that currency (harness/domain/presentment-facts.ts). The refund is made in it; limits compare the shop's.
   */
  presentment: z
    .object({
      currency: z.string(),
      unitPriceMinor: z.record(z.string(), z.number().int()),
      maximumRefundableMinor: z.number().int(),
      refundedMinor: z.number().int(),
      /** Discounts, tax, shipping, duties and tip in that currency (absent on rows written before they were read). */
      money: PresentmentMoneyFacts.optional(),
    })
    .optional(),
  /** How many of the customer's refunds (all orders) fall in the 90-day window; see recentRefunds. */
  refundsLast90Days: z.number().int(),
  /** The customer's refunds across the store read for the window (a few days wider; the gate counts by day). */
  recentRefunds: z.array(CustomerRefundFact).optional(),
  /**
   * How CheckOrder bound the run: the order the ticket named, the requester's only order, or (`picked`)
   * one of the orders the ticket names, picked by a person in the console on a re-run.
   */
  binding: z.enum(['named', 'only_order', 'quoted', 'picked']).optional(),
});
export type OrderFacts = z.infer<typeof OrderFacts>;

/**
 * Words the model cites from the customer's own text: a verbatim span (copied exactly), checked in
 * code to occur there. Citing is how the model shows what it read; code never re-reads the ticket
 * with a parser of its own where the model has cited.
 */
export const CitedWords = z.string().min(1).max(200);

/**
 * One claimed line: which line, how many units, and the customer's words that say so. `itemWords`
 * and `countWords` are spans inside `quote`: the words that name the item and the words that state
 * the count (null when the count is implicit: one unit of a one-unit line).
 */
export const ClaimedLine = z.object({
  lineItemId: z.string(),
  quantity: z.number().int().positive(),
  /** Verbatim from the ticket or a follow-up: names the item and, above one unit, the quantity. */
  quote: Quote,
  /** Inside the quote: the words naming this item ("the blue mug", "la tetera"); null when none do. */
  itemWords: CitedWords.nullable().optional(),
  /** Inside the quote: the words stating the count ("two of them", "both", "all four"); null when implicit. */
  countWords: CitedWords.nullable().optional(),
});
export type ClaimedLine = z.infer<typeof ClaimedLine>;

/** An item the customer says is fine, keeps or leaves out ("the bowl is fine", "except the kettle"), with those words. */
export const ExcludedLine = z.object({ lineItemId: z.string(), words: CitedWords });
export type ExcludedLine = z.infer<typeof ExcludedLine>;

/**
 * The order agent's reading of the ticket. Only a proposal: the gate checks every line, quantity
 * and cited span in code and computes the amount itself. `unclear` is the honest "I can't tell",
 * with the question a person should ask.
 */
export const Proposal = z.object({
  remedy: Remedy,
  lineItems: z.array(ClaimedLine).max(100),
  /** The model's own figure, if it gives one: never used to refund; a difference from the gate's is shown to a person. */
  amountMinor: z.number().int().nonnegative().optional(),
  currency: z.string(),
  reason: RefundReason,
  /** The customer's words that state the reason ("arrived cracked", "the wrong colour"). */
  reasonWords: CitedWords.nullable().optional(),
  /** The customer's words that ask for the remedy ("I'd like my money back"). */
  remedyWords: CitedWords.nullable().optional(),
  /** The customer's words turning another remedy down ("no need for a replacement"). */
  declinedRemedyWords: z.array(CitedWords).max(10).optional(),
  /** An exchange: the customer's words naming the size or colour they want instead ("a large in the same colour"); null for the same item again. */
  exchangeWords: CitedWords.nullable().optional(),
  /** Items of this order the customer says are fine, keeps or leaves out, with their words. */
  exclusions: z.array(ExcludedLine).max(100).optional(),
  unclear: z.object({ question: z.string().min(1).max(500) }).nullable(),
  evidence: z.array(z.string()).max(20),
});
export type Proposal = z.infer<typeof Proposal>;

/**
 * What the order agent is asked for: the proposal without an amount (the gate computes it), every
 * field present (structured outputs require each property; a span not cited is null, a list empty).
 * Stored on the run as a Proposal.
 */
export const ProposalAnswer = Proposal.omit({ amountMinor: true })
  .extend({ lineItems: z.array(ClaimedLine.required()).max(100) })
  .required();
export type ProposalAnswer = z.infer<typeof ProposalAnswer>;

/** What a decided return is: these units back, this fee off the refund, the parcel awaited this many days. */
export const ReturnTerms = z.object({
  lines: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int().positive() })),
  feeMinor: z.number().int().nonnegative(),
  /** The fee in the currency the customer paid, on a Markets order. */
  feePresentmentMinor: z.number().int().nonnegative().optional(),
  /** The lines' refund before the fee: what the units that come back are worth. */
  worthMinor: z.number().int().nonnegative(),
  receiveWithinDays: z.number().int().positive(),
  /** An exchange: the variant shipped instead of the units that come back (the same one for a replacement), at its price now. */
  exchange: z
    .array(
      z.object({
        lineItemId: z.string(),
        variantId: z.string(),
        title: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int().positive(),
        unitPriceMinor: z.number().int().nonnegative(),
      }),
    )
    .optional(),
  /** A damaged, defective or wrong item below the tenant's keep-it amount: the exchange ships at once and nothing comes back. */
  shipsAtOnce: z.boolean().optional(),
});
export type ReturnTerms = z.infer<typeof ReturnTerms>;

/** One earlier refund a status answer tells: when (the store's calendar day too), how much, what it covered, where it went. */
export const AnsweredRefund = OrderRefundFact.pick({ refundId: true, createdAt: true, amountMinor: true, lineItems: true, payments: true }).extend({
  /** The day it was made in the store's time zone, YYYY-MM-DD. */
  day: z.string(),
});
export type AnsweredRefund = z.infer<typeof AnsweredRefund>;

export const GateDecision = z.object({
  /** 'answer': a question about an earlier refund, answered from the record (`statusAnswer`); nothing moves. */
  decision: z.enum(['auto', 'approval', 'refuse', 'answer']),
  /** The rule ids that decided, e.g. ["amount_over_auto_limit"]. */
  rules: z.array(z.string()),
  reasons: z.array(z.string()),
  amountMinor: z.number().int(),
  currency: z.string(),
  policyVersion: z.string(),
  /** What the decision moves money by: a refund (absent on older rows), store credit, or cancelling the order. */
  remedy: MoneyRemedy.optional(),
  /** The tenant's restock location, for units refunded for a reason other than damage or a defect (absent: no restock). */
  restockLocationId: z.string().optional(),
  /** What the refund comes to, part by part, in the currency the customer paid (absent on older rows and on a cancel). */
  breakdown: AmountBreakdown.optional(),
  /** The refund in the currency the customer paid, on an order paid in another one than the shop's (Shopify Markets). */
  presentment: z.object({ amountMinor: z.number().int(), currency: z.string() }).optional(),
  /** The order's shipping, refunded in full with the lines (tax included). */
  shipping: DecidedPart.optional(),
  /** These duties, refunded in full with the lines. */
  duties: DecidedPart.extend({ dutyIds: z.array(z.string()).min(1) }).optional(),
  /** The shop's figure the policy computed, when the store's own (`amountMinor`, what is refunded) differs from it within the tolerance. */
  policyAmountMinor: z.number().int().optional(),
  /** A return (remedy 'return'): the units that come back, the fee, how long the run waits. `amountMinor` is the refund on receipt, the fee taken. */
  returnTerms: ReturnTerms.optional(),
  /** An answer (decision 'answer'): the refunds on the order the customer's question is about, newest last. */
  statusAnswer: z.object({ refunds: z.array(AnsweredRefund).min(1) }).optional(),
});
export type GateDecision = z.infer<typeof GateDecision>;

export const RefundReceipt = z.object({
  refundId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** What the customer got back in the currency they paid, when it is not the shop's (`amountMinor` is the shop's figure). */
  presentment: z.object({ amountMinor: z.number().int(), currency: z.string() }).optional(),
  createdAt: z.string(),
  idempotencyKey: z.string(),
  /** Paid back as store credit on the customer's account (absent: to the original payments). */
  method: z.literal('store_credit').optional(),
  /** Set when the money went back by cancelling the order (orderCancel): when it was cancelled. */
  cancelledAt: z.string().optional(),
});
export type RefundReceipt = z.infer<typeof RefundReceipt>;

export const ApprovalSummary = z.object({
  approvalId: z.string(),
  /** 'cancelled': closed without a decision because its run was cancelled or escalated otherwise. */
  status: z.enum(['pending', 'approved', 'rejected', 'expired', 'cancelled']),
  argsHash: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ApprovalSummary = z.infer<typeof ApprovalSummary>;

/**
 * What the harness reads of a run to refund or settle it: the app's run row
 * (functions/shared/domain/run.ts) has these fields and more, so it is passed as is.
 */
export interface GatedRun {
  runId: string;
  tenant: string;
  status: string;
  createdAt: string;
  ticket: { tenant: string; requesterEmail: string | null; receivedAt: string };
  order: OrderFacts | null;
  proposal: Proposal | null;
  gate: GateDecision | null;
  refund: RefundReceipt | null;
  /** The Refund step's claim on the run, when it made one (when the refund was first attempted). */
  refundIntent?: { at: string };
}

/** One row per tool call and per model call. Bounded: no raw payloads, no tokens, no PII. */
export const JournalRow = z.object({
  runId: z.string(),
  seq: z.string(),
  at: z.string(),
  step: z.string(),
  kind: z.enum(['tool', 'model', 'decision']),
  name: z.string(),
  /** 'offline' | 'anthropic' | 'replay' for model rows, the MCP server id for tool rows. */
  provider: z.string(),
  argsHash: z.string(),
  outcome: z.enum(['ok', 'error', 'refused']),
  detail: z.string(),
  latencyMs: z.number().int(),
  costMicros: z.number().int(),
  model: z.string().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  idempotencyKey: z.string().nullable(),
  /** Bounded, redacted result text (about 800 tokens at most); `truncated` says it was cut. */
  result: z.string().optional(),
  truncated: z.boolean().optional(),
  /** For policy checks (kind 'decision') and the calls they allowed: the verdict and the rule that decided. */
  decision: z.enum(['allow', 'refuse', 'auto', 'approval']).optional(),
  rule: z.string().optional(),
  approvalId: z.string().nullable().optional(),
  /** Set when a model proposed this tool call (the repeated-call detector counts these). */
  proposedBy: z.string().optional(),
  /** Model rows: prompt tokens read from and written to the prompt cache (inputTokens includes them). */
  cacheReadTokens: z.number().int().nullable().optional(),
  cacheWriteTokens: z.number().int().nullable().optional(),
  /**
   * Model rows that answered: the exact question asked, so a new model or prompt can be asked it again
   * (npm run eval -- --from-journal): canonical JSON of { input }, bounded, contact data redacted.
   */
  input: z.string().optional(),
  inputTruncated: z.boolean().optional(),
  /** The system prompt's version: the first 12 hex of its SHA-256 (a prompt change shows as a new version). */
  promptVersion: z.string().optional(),
  /** A person's action recorded on the run (console: an approval decided, a review settled): who did it. */
  actor: z.string().optional(),
  /** Model rows: the provider's own id of the call (Anthropic `request-id`/`msg_…`), kept whole so it can be traced in the provider's logs. */
  requestId: z.string().max(200).nullable().optional(),
});
export type JournalRow = z.infer<typeof JournalRow>;
