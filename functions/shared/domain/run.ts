// The run's vocabulary: the ticket event, the run row and its parts the app alone keeps (follow-ups,
// cancellation, the refund's claim, reversals, shadow mode). Built on the harness's gate types; used
// by the step use cases, the stores and the local runtime. Money is integer minor units; times ISO-8601 UTC.
import * as z from 'zod';
import { ApprovalSummary, GateDecision, OrderFacts, Proposal, RefundReceipt, Triage } from '#harness/domain/types.js';
import { MAX_ATTACHMENTS, TicketAttachment } from './attachments.js';
import { TicketRequests } from './ticket-requests.js';

/**
 * Which helpdesk's webhook a ticket came in through: its body format and signature scheme
 * (functions/intake/webhook-ingest/helpdesks.ts). Not the helpdesk API the agent writes to, which is a
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
  /** The requester's name as the helpdesk knows them, when it says (console: who the customer is). Personal data: never logged. */
  requesterName: z.string().max(200).nullable().optional(),
  subject: z.string(),
  body: z.string(),
  receivedAt: z.string(),
  /**
   * What the event means for a run: a customer message (starts a run, or is attached to the live
   * one as a follow-up) or the ticket closed/solved in the helpdesk (cancels the run). Absent = message.
   */
  intent: z.enum(['message', 'closed']).optional(),
  /** Files the customer attached (attachments.ts): names and links are customer data, never instructions, never logged. */
  attachments: z.array(TicketAttachment).max(MAX_ATTACHMENTS).optional(),
});
export type TicketEvent = z.infer<typeof TicketEvent>;

/**
 * 'pending_review': a refund's outcome could not be settled (Refund step); a person must reconcile.
 * 'shadow': the tenant runs this ticket's class in shadow mode; the run stopped at its proposal (Shadow step).
 */
export const RunStatus = z.enum(['running', 'awaiting_approval', 'awaiting_return', 'done', 'escalated', 'cancelled', 'pending_review', 'shadow']);
export type RunStatus = z.infer<typeof RunStatus>;

/**
 * What a run row's `state` reads when the run is not at a step: `Queued` before its execution
 * started, `Done` once CheckReply closed it, `Cancelled` once a cancel stopped it. Labels, never
 * states of the machine.
 */
export const RUN_MARKS = ['Queued', 'Done', 'Cancelled'] as const;
export type RunMark = (typeof RUN_MARKS)[number];

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
  /** 'console': a person in the operator console (their id is in `reason` and the journal row). */
  by: z.enum(['api', 'helpdesk', 'console']),
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
 * Recorded by functions/intake/store-webhook; one entry per webhook delivery.
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
 * (functions/shared/domain/shadow.ts). Recorded by functions/shadow/step/resolve.ts, once per source event.
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
  /**
   * The resolution this one replaced ("solved with no refund", superseded by a store refund), kept so
   * that redoing its counting after a crash moves the class's figures by the same difference.
   */
  supersedes: z.object({ by: z.enum(['store_refund', 'helpdesk_solved']), sourceId: z.string(), agrees: z.boolean() }).optional(),
});
export type ShadowResolution = z.infer<typeof ShadowResolution>;

/** A shadow-mode run's proposal as the gate saw it (what the agent would have done), then the person's resolution. */
export const RunShadow = z.object({
  /** `<reason>|<amount band>|<language>`, e.g. "damaged|0-50|en" (functions/shared/domain/shadow.ts). */
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

/**
 * A run started again from the console for the same ticket (functions/intake/run-starter/rerun.ts): on the
 * new run, the run it repeats (`runId`), the first run of the chain (`rootRunId`) and the attempt
 * number its id is derived from, with who started it and, when a person picked the order, which.
 */
export const RerunOf = z.object({
  runId: z.string(),
  rootRunId: z.string(),
  attempt: z.number().int().positive(),
  by: z.string(),
  at: z.string(),
  orderNumber: z.string().nullable(),
});
export type RerunOf = z.infer<typeof RerunOf>;

/** On the run that was repeated: the run that repeats it (set once, with who and when). */
export const RerunAs = z.object({ runId: z.string(), by: z.string(), at: z.string() });
export type RerunAs = z.infer<typeof RerunAs>;

/**
 * The order a person picked for a ticket that names several (console): CheckOrder binds to it, once
 * it finds the number in the customer's own words and the order is the requester's.
 */
export const OrderChoice = z.object({ orderNumber: z.string(), by: z.string(), at: z.string() });
export type OrderChoice = z.infer<typeof OrderChoice>;

/** An escalated run handed back to the team from the console, with the person's note (posted on the ticket). */
export const HandBack = z.object({ by: z.string(), at: z.string(), note: z.string(), noteId: z.string().nullable() });
export type HandBack = z.infer<typeof HandBack>;

/**
 * A return the run opened in the store (docs/policy.md "Returns and exchanges"): what comes back, the
 * refund decided for it (at most `decidedAmountMinor`, under `policyVersion`, however many days the
 * parcel takes), until when the run waits, and what happened since, in order.
 */
export const ReturnCase = z.object({
  returnId: z.string(),
  /** "#1001-R1" */
  name: z.string(),
  orderId: z.string(),
  /** The return's reverse fulfillment orders: what the store's dispose webhook names. */
  reverseFulfillmentOrderIds: z.array(z.string()).optional(),
  openedAt: z.string(),
  /** `exchanged`: the new item shipped (at once, or when the parcel came back) and nothing refunded. */
  status: z.enum(['open', 'refunded', 'exchanged', 'closed', 'cancelled']),
  lines: z.array(z.object({ returnLineItemId: z.string(), lineItemId: z.string(), quantity: z.number().int().positive() })).min(1),
  feeMinor: z.number().int().nonnegative(),
  /** The refund on receipt the decision authorised (shop currency), and in the currency the customer paid on a Markets order. */
  decidedAmountMinor: z.number().int().nonnegative(),
  decidedPresentmentMinor: z.number().int().nonnegative().optional(),
  currency: z.string(),
  policyVersion: z.string(),
  /** Who decided: the gate on its own, or the lead who approved (their approval id). */
  decidedBy: z.object({ kind: z.enum(['auto', 'lead']), approvalId: z.string().optional(), by: z.string().optional() }),
  /** The run closes the return, nothing refunded, when the parcel has not come back by then. */
  receiveBy: z.string(),
  /** The label and tracking, when the store has them. */
  label: z
    .object({ url: z.string().nullable(), trackingNumber: z.string().nullable(), trackingUrl: z.string().nullable(), carrier: z.string().nullable() })
    .nullable()
    .optional(),
  /** An exchange: the variants shipped instead, and whether they shipped at once (nothing comes back). */
  exchange: z.array(z.object({ variantId: z.string(), title: z.string(), quantity: z.number().int().positive() })).optional(),
  shipsAtOnce: z.boolean().optional(),
  /** Units received and refunded so far, per return line. */
  received: z.array(z.object({ returnLineItemId: z.string(), quantity: z.number().int().nonnegative() })).optional(),
  /** The timeline across the days: opened, waiting, received, refunded, extended, closed, cancelled. */
  events: z.array(z.object({ at: z.string(), what: z.string(), by: z.string() })).max(50),
});
export type ReturnCase = z.infer<typeof ReturnCase>;

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
  /** `reason` is the sentence people read; `error` the code-facing detail of a failure ("ArgumentPolicyError: …"), for engineers (runs API). */
  escalation: z.object({ reason: z.string(), step: z.string(), error: z.string().optional() }).nullable(),
  /**
   * Set once by the step that found the run must go to a person (functions/shared/step/step.ts): which step
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
  /** Disputes or reversals the store reported after the agent refunded (functions/intake/store-webhook). */
  reversals: z.array(RefundReversal).optional(),
  /** Set once when the customer wrote again within 72 h of the run closing `done`: the reopen rate's numerator. */
  reopenedAt: z.string().optional(),
  /**
   * When the helpdesk said the ticket was solved or closed after the run had already ended (escalated,
   * or cancelled with the customer waiting): the team answered it, so it leaves the console's queues.
   */
  ticketClosedAt: z.string().optional(),
  /** Shadow mode: the proposal the run stopped at and, once a person resolved the ticket, what they did. */
  shadow: RunShadow.optional(),
  /** Console re-runs (functions/intake/run-starter/rerun.ts): the run this one repeats, and the run that repeats this one. */
  rerunOf: RerunOf.optional(),
  rerunAs: RerunAs.optional(),
  /** The order a person picked for a ticket naming several (read by CheckOrder). */
  orderChoice: OrderChoice.optional(),
  /** Set once when a person handed the escalated ticket back to the team with a note (console). */
  handBack: HandBack.optional(),
  /** The return the run opened, where the gate decided one (status awaiting_return while the parcel is awaited). */
  returnCase: ReturnCase.optional(),
  /** While the run waits for the parcel: the wait's task token (server side only: never in the runs API, a page or a log). */
  returnWait: z.object({ taskToken: z.string(), since: z.string() }).optional(),
  /** One of several requests of the ticket (ticket-requests.ts): this run's place, the ticket's runs and requests. */
  ticketRequests: TicketRequests.optional(),
  /** Set on the run that ended last of its ticket's runs: the one reply it left for all of them. */
  combinedDraft: z.object({ body: z.string(), noteId: z.string().nullable(), at: z.string(), runIds: z.array(z.string()) }).optional(),
});
export type Run = z.infer<typeof Run>;
