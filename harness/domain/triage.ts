// The triage's reading of a ticket: intent, the order and the words that tie the request to it, the
// reason, item words and risk flags, and for a ticket with several requests each request with its
// order (functions/shared/domain/ticket-requests.ts), and the refunds a ticket's runs share. Re-exported by types.ts.
import * as z from 'zod';
import { Quote, RefundReason, Remedy, RiskFlag } from './vocabulary.js';

/**
 * One of several requests in one ticket, each about its own order ("cancel order 1002, and refund the mug
 * from 1001"): the order the customer's words tie it to (null when they tie it to none), those words,
 * and what is asked. Read by the triage; code checks each binding like a single request's.
 */
export const TriageRequest = z.object({
  orderNumber: z
    .string()
    .regex(/^\d{1,12}$/)
    .nullable(),
  orderQuote: Quote.nullable(),
  remedy: Remedy,
  reason: RefundReason.nullable(),
  itemHints: z.array(z.string()).max(8),
  /** The risk flags this request's own words raise; absent (an answer from before they were asked): the ticket's flags hold for it. */
  riskFlags: z.array(RiskFlag).optional(),
});
export type TriageRequest = z.infer<typeof TriageRequest>;

/** At most this many requests of one ticket become runs; a ticket with more goes to a person. */
export const MAX_TICKET_REQUESTS = 5;

export const Triage = z.object({
  /** 'refund_status': a question about a refund already made or promised ("where is my refund?"). */
  intent: z.enum(['refund_request', 'refund_status', 'other']),
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
  /** Several requests, each about its own order; absent or empty when the ticket asks about one order. */
  requests: z.array(TriageRequest).max(10).optional(),
});
export type Triage = z.infer<typeof Triage>;

/** The triage as the model answers it: `requests` always given (structured outputs require every field), [] when one order. */
export const TriageAnswer = Triage.extend({
  requests: z
    .array(TriageRequest.extend({ riskFlags: z.array(RiskFlag).default([]) }))
    .max(10)
    .default([]),
});

/**
 * A refund another run of the same ticket made or reserved (functions/shared/domain/ticket-requests.ts):
 * the gate counts it in the ticket's automatic limit (when `auto`) and in the customer's refund history.
 */
export const TicketRefund = z.object({
  runId: z.string(),
  orderNumber: z.string(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  at: z.string(),
  decidedBy: z.enum(['auto', 'lead']),
});
export type TicketRefund = z.infer<typeof TicketRefund>;
