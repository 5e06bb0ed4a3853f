// The run's vocabulary, shared by the step use cases, the harness and the local runtime.
// Money is integer minor units; times are ISO-8601 UTC strings.
import { z } from 'zod';

/**
 * Which helpdesk's webhook a ticket came in through: its body format and signature scheme
 * (functions/webhook-ingest/helpdesks.ts). Not the helpdesk API the agent writes to, which is a
 * HelpdeskConnector (shared/helpdesk): five helpdesks' webhooks are verified, two have a connector.
 */
export const WebhookSource = z.enum(['zendesk', 'gorgias', 'helpscout', 'intercom', 'freshdesk']);
export type WebhookSource = z.infer<typeof WebhookSource>;

/** One helpdesk event, normalized. `body` is customer text: data, never instructions. */
export const TicketEvent = z.object({
  tenant: z.string().min(1),
  /** The webhook the event came in through; 'sandbox' for events made by hand (tests). */
  helpdesk: z.enum([...WebhookSource.options, 'sandbox']),
  eventId: z.string().min(1),
  eventType: z.string().min(1),
  ticketId: z.string().min(1),
  requesterId: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  receivedAt: z.string(),
  /**
   * What the event means for a run: a customer message (starts a run, or is attached to the live
   * one as a follow-up) or the ticket closed/solved in the helpdesk (cancels the run). Absent = message.
   */
  intent: z.enum(['message', 'closed']).optional(),
});
export type TicketEvent = z.infer<typeof TicketEvent>;

/**
 * 'pending_review': a refund's outcome could not be settled (Refund step); a person must reconcile.
 * 'shadow': the tenant runs this ticket's class in shadow mode; the run stopped at its proposal (Shadow step).
 */
export const RunStatus = z.enum(['running', 'awaiting_approval', 'done', 'escalated', 'cancelled', 'pending_review', 'shadow']);
export type RunStatus = z.infer<typeof RunStatus>;

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
  'Escalate',
  'Shadow',
] as const;
export const StepName = z.enum(STEP_NAMES);
export type StepName = z.infer<typeof StepName>;

/**
 * What a run row's `state` reads when the run is not at a step: `Queued` before its execution
 * started, `Done` once CheckReply closed it, `Cancelled` once a cancel stopped it. Labels, never
 * states of the machine.
 */
export const RUN_MARKS = ['Queued', 'Done', 'Cancelled'] as const;
export type RunMark = (typeof RUN_MARKS)[number];

export const RefundReason = z.enum(['damaged', 'defective', 'wrong_item', 'not_received', 'changed_mind', 'other']);
export type RefundReason = z.infer<typeof RefundReason>;

/** What the customer asks for. Only 'refund' can ever move money. */
export const Remedy = z.enum(['refund', 'replacement', 'store_credit', 'cancel', 'refund_status', 'other']);
export type Remedy = z.infer<typeof Remedy>;

/**
 * Signals in the ticket a person should weigh. `claims_prior_approval` and `instructions_to_system`
 * always require a person; `mentions_earlier_refund` sends a claim on already-refunded units to one.
 */
export const RiskFlag = z.enum(['claims_prior_approval', 'instructions_to_system', 'mentions_earlier_refund', 'multiple_order_numbers']);
export type RiskFlag = z.infer<typeof RiskFlag>;

/** A short verbatim excerpt of the customer's own words (ticket or follow-up). */
export const Quote = z.string().min(1).max(300);

export const Triage = z.object({
  intent: z.enum(['refund_request', 'other']),
  confidence: z.number().min(0).max(1),
  /** The order the request is about (digits only), or null when none is named or it cannot be told. */
  orderNumber: z.string().nullable(),
  /** Every order number the customer's text mentions, the one asked about included. */
  orderNumbersMentioned: z.array(z.string().regex(/^\d{1,12}$/)).max(20),
  /** The customer's words that tie the request to `orderNumber` (needed when several are mentioned). */
  orderQuote: Quote.nullable(),
  language: z.string(),
  reason: RefundReason.nullable(),
  /** Words from the ticket that name the item, used to pick the line item. */
  itemHints: z.array(z.string()),
  riskFlags: z.array(RiskFlag),
});
export type Triage = z.infer<typeof Triage>;

/** A refund already made on the bound order, as the store reports it. */
export const OrderRefundFact = z.object({
  refundId: z.string(),
  createdAt: z.string(),
  amountMinor: z.number().int(),
  /** Empty for an amount-only refund (goodwill, shipping, a partial amount). */
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int() })),
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
    }),
  ),
  /** What the store still allows to be refunded on the whole order (amount-only refunds included). */
  maximumRefundableMinor: z.number().int(),
  parentTransaction: z.object({ id: z.string(), gateway: z.string() }).nullable(),
  /** Refunds already made on this order, line-item and amount-only alike. */
  refunds: z.array(OrderRefundFact).optional(),
  /** How many of the customer's refunds (all orders) fall in the 90-day window; see recentRefunds. */
  refundsLast90Days: z.number().int(),
  /** The customer's refunds across the store read for the window (a few days wider; the gate counts by day). */
  recentRefunds: z.array(CustomerRefundFact).optional(),
  /** How CheckOrder bound the run: the order the ticket named, or the requester's only order. */
  binding: z.enum(['named', 'only_order', 'quoted']).optional(),
});
export type OrderFacts = z.infer<typeof OrderFacts>;

/** One claimed line: which line, how many units, and the customer's words that say so. */
export const ClaimedLine = z.object({
  lineItemId: z.string(),
  quantity: z.number().int().positive(),
  /** Verbatim from the ticket or a follow-up: names the item and, above one unit, the quantity. */
  quote: Quote,
});
export type ClaimedLine = z.infer<typeof ClaimedLine>;

/**
 * The order agent's reading of the ticket. Only a proposal: the gate checks every line, quantity
 * and quote in code. `unclear` is the honest "I can't tell", with the question a person should ask.
 */
export const Proposal = z.object({
  remedy: Remedy,
  lineItems: z.array(ClaimedLine).max(100),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  reason: RefundReason,
  unclear: z.object({ question: z.string().min(1).max(500) }).nullable(),
  evidence: z.array(z.string()).max(20),
});
export type Proposal = z.infer<typeof Proposal>;

export const GateDecision = z.object({
  decision: z.enum(['auto', 'approval', 'refuse']),
  /** The rule ids that decided, e.g. ["amount_over_auto_limit"]. */
  rules: z.array(z.string()),
  reasons: z.array(z.string()),
  amountMinor: z.number().int(),
  currency: z.string(),
  policyVersion: z.string(),
});
export type GateDecision = z.infer<typeof GateDecision>;

export const RefundReceipt = z.object({
  refundId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  idempotencyKey: z.string(),
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

export const ReplyDraft = z.object({
  body: z.string(),
  language: z.string(),
  check: z.object({ passed: z.boolean(), problems: z.array(z.string()) }).nullable(),
  noteId: z.string().nullable(),
});
export type ReplyDraft = z.infer<typeof ReplyDraft>;

export const FollowUp = z.object({
  eventId: z.string(),
  receivedAt: z.string(),
  /** Bounded excerpt of the customer's words (data, never instructions). */
  excerpt: z.string(),
});
export type FollowUp = z.infer<typeof FollowUp>;

export const RunCancellation = z.object({
  at: z.string(),
  by: z.enum(['api', 'helpdesk']),
  reason: z.string(),
  /** The state the run was in when the cancel landed. */
  state: z.string(),
});
export type RunCancellation = z.infer<typeof RunCancellation>;

/**
 * The Refund step's claim on the run, written conditionally (run open, not cancelled) before the
 * harness may dispatch: from then on a cancel is refused ("a refund is in flight"), so a cancel and a
 * refund are ordered by writes on the run row. Kept after the refund, as the record of the claim.
 */
export const RefundIntent = z.object({
  at: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type RefundIntent = z.infer<typeof RefundIntent>;

/**
 * The store's word that an agent refund was undone after the fact: today a payment dispute
 * (chargeback or inquiry) opened on the refunded order, from Shopify's disputes/create webhook.
 * Recorded by functions/store-webhook; one entry per webhook delivery.
 */
export const RefundReversal = z.object({
  source: z.literal('shopify'),
  topic: z.string(),
  /** X-Shopify-Webhook-Id of the delivery that reported it (informational: disputes are deduplicated on the signed dispute id). */
  deliveryId: z.string(),
  disputeId: z.string().nullable(),
  /** e.g. 'chargeback' or 'inquiry'. */
  kind: z.string(),
  reason: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  receivedAt: z.string(),
});
export type RefundReversal = z.infer<typeof RefundReversal>;

/** One refunded (or proposed) line: which line item and how many units. */
export const ShadowLine = z.object({ lineItemId: z.string(), quantity: z.number().int().positive() });
export type ShadowLine = z.infer<typeof ShadowLine>;

/**
 * What a person did with a shadow run's ticket, and whether it agrees with the proposal
 * (harness/domain/shadow.ts). Recorded by functions/shadow/resolve.ts, once per source event.
 */
export const ShadowResolution = z.object({
  /** A refund made in the store (refunds/create), or the ticket solved in the helpdesk without one. */
  by: z.enum(['store_refund', 'helpdesk_solved']),
  amountMinor: z.number().int().nonnegative(),
  lines: z.array(ShadowLine),
  at: z.string(),
  agrees: z.boolean(),
  /** The store refund's id or the helpdesk event's id: a redelivery of the same one changes nothing. */
  sourceId: z.string(),
});
export type ShadowResolution = z.infer<typeof ShadowResolution>;

/** A shadow-mode run's proposal as the gate saw it (what the agent would have done), then the person's resolution. */
export const RunShadow = z.object({
  /** `<reason>|<amount band>|<language>`, e.g. "damaged|0-50|en" (harness/domain/shadow.ts). */
  classKey: z.string(),
  /** The gate's decision: what the agent would have done. */
  decision: z.enum(['auto', 'approval', 'refuse']),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  lines: z.array(ShadowLine),
  proposedAt: z.string(),
  /** The internal note with the proposal (Shadow step); null when it could not be left. */
  noteId: z.string().nullable().optional(),
  resolution: ShadowResolution.optional(),
});
export type RunShadow = z.infer<typeof RunShadow>;

/** The run row: one per ticket intent, the orchestrator's durable record. */
export const Run = z.object({
  runId: z.string(),
  tenant: z.string(),
  status: RunStatus,
  state: z.string(),
  ticket: TicketEvent,
  triage: Triage.nullable(),
  order: OrderFacts.nullable(),
  proposal: Proposal.nullable(),
  gate: GateDecision.nullable(),
  approval: ApprovalSummary.nullable(),
  refund: RefundReceipt.nullable(),
  draft: ReplyDraft.nullable(),
  escalation: z.object({ reason: z.string(), step: z.string() }).nullable(),
  /**
   * Set once by the step that found the run must go to a person (functions/shared/step.ts): which step
   * and why. The steps after it do no work and pass it on; Escalate records it as the escalation.
   */
  escalationRequest: z.object({ reason: z.string(), step: z.string() }).optional(),
  costMicros: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Later customer messages on the ticket while the run lived: attached here, never a new run. */
  followUps: z.array(FollowUp).optional(),
  /** Set once when the run is cancelled (API or ticket closed); every step checks it at entry. */
  cancellation: RunCancellation.optional(),
  /** Set once by the Refund step before dispatch, only on a run still open and not cancelled (see RefundIntent). */
  refundIntent: RefundIntent.optional(),
  /** Disputes or reversals the store reported after the agent refunded (functions/store-webhook). */
  reversals: z.array(RefundReversal).optional(),
  /** Set once when the customer wrote again within 72 h of the run closing `done`: the reopen rate's numerator. */
  reopenedAt: z.string().optional(),
  /** Shadow mode: the proposal the run stopped at and, once a person resolved the ticket, what they did. */
  shadow: RunShadow.optional(),
});
export type Run = z.infer<typeof Run>;

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
});
export type JournalRow = z.infer<typeof JournalRow>;
