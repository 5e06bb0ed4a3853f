// One ticket, several requests (docs/policy.md): the triage reports each request with its order, and
// the ticket's first run splits them into runs of their own, one per order: the first run keeps the
// first request, the others get runs whose ids derive from the first run's id and the request's
// place (stable: a repeat opens the same runs). Each run carries the ticket's requests and its own
// place among them; its reading is the triage's narrowed to its request, so it binds, grounds and is
// gated on its own. The ticket's ledger (stores/ports.ts TicketLedger) holds what the runs share: the
// refunds that count toward the ticket's limit, which runs ended, and who wrote the one combined draft.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { MAX_TICKET_REQUESTS, TicketRefund, TriageRequest, type RiskFlag, type Triage } from '#harness/domain/types.js';

/** On each run of a ticket with several requests: the ticket's first run, this run's place (1-based), every run, every request. */
export const TicketRequests = z.object({
  rootRunId: z.string(),
  index: z.number().int().min(1),
  runIds: z.array(z.string()).min(2).max(MAX_TICKET_REQUESTS),
  requests: z.array(TriageRequest).min(2).max(MAX_TICKET_REQUESTS),
});
export type TicketRequests = z.infer<typeof TicketRequests>;

/** The ticket's ledger as stored: its runs, the refunds that count toward its limit, the runs that ended, the combined draft. */
export const TicketLedgerRecord = z.object({
  rootRunId: z.string(),
  runIds: z.array(z.string()),
  refunds: z.array(TicketRefund),
  ended: z.array(z.string()),
  /** The run that writes the combined draft (the last to end), and the note it left once posted. */
  combinedBy: z.string().optional(),
  combinedNoteId: z.string().optional(),
  /** Bumped by every change of `refunds`: a reservation is written only over the version it was decided on. */
  version: z.number().int().nonnegative(),
});
export type TicketLedgerRecord = z.infer<typeof TicketLedgerRecord>;

/** The id of request `index` of the ticket whose first run is `rootRunId`: the first run's own for the first request. */
export function requestRunId(rootRunId: string, index: number): string {
  if (index === 1) return rootRunId;
  const tag = createHash('sha256').update(`${rootRunId}|request|${index}`).digest('hex').slice(0, 8);
  return `${rootRunId}-q${index}-${tag}`;
}

/**
 * The requests the ticket's runs take, one per order, in the customer's order; null when the ticket
 * holds one request (or one order): it stays one run, as before. Requests on the same order are one
 * (their item words together). A request tied to no order stays its own: it goes to a person.
 * More requests than MAX_TICKET_REQUESTS: null (the run goes on as one, and its binding sends it to a person).
 */
export function splitRequests(triage: Pick<Triage, 'requests'>): TriageRequest[] | null {
  const merged: TriageRequest[] = [];
  for (const request of triage.requests ?? []) {
    const same = request.orderNumber === null ? undefined : merged.find((m) => m.orderNumber === request.orderNumber);
    if (!same) merged.push({ ...request, itemHints: [...request.itemHints] });
    else same.itemHints = [...new Set([...same.itemHints, ...request.itemHints])].slice(0, 8);
  }
  if (merged.length < 2 || merged.length > MAX_TICKET_REQUESTS) return null;
  if (merged.filter((r) => r.orderNumber !== null).length === 0) return null;
  return merged;
}

/** Flags about the ticket as a whole, whichever request's words raised them: words to an AI taint every request. */
const TICKET_WIDE_FLAGS: ReadonlySet<RiskFlag> = new Set(['instructions_to_system', 'multiple_order_numbers']);

/** A request's flags: its own where the triage gave them (with the ticket-wide ones), else all the ticket's. */
function flagsFor(triage: Triage, request: TriageRequest): RiskFlag[] {
  if (!request.riskFlags) return triage.riskFlags;
  return [...new Set([...triage.riskFlags.filter((f) => TICKET_WIDE_FLAGS.has(f)), ...request.riskFlags])];
}

/** The triage's reading narrowed to one request: its order, its words, its reason, item words and flags; a status question stays one. */
export function triageFor(triage: Triage, request: TriageRequest): Triage {
  const { requests: _all, ...rest } = triage;
  return {
    ...rest,
    riskFlags: flagsFor(triage, request),
    intent: request.remedy === 'refund_status' ? 'refund_status' : 'refund_request',
    orderNumber: request.orderNumber,
    orderQuote: request.orderQuote,
    reason: request.reason ?? triage.reason,
    itemHints: request.itemHints,
  };
}

/** The ticket's requests as each of its runs carries them. */
export function ticketRequestsOf(rootRunId: string, requests: readonly TriageRequest[], index: number): TicketRequests {
  return { rootRunId, index, runIds: requests.map((_, k) => requestRunId(rootRunId, k + 1)), requests: [...requests] };
}

/** The words of this run's request, for the order agent: the quote that ties it to its order. */
export function requestOf(t: TicketRequests): TriageRequest {
  return t.requests[t.index - 1]!;
}

/**
 * Does another request of the ticket ask about an earlier refund on another order ("…and where is
 * the refund for the vase on #4808?")? Then the ticket's words about a refund's whereabouts are that
 * request's (the gate's grounding: unless this order has a refund they could be about).
 */
export function statusAskedOfAnotherOrder(ticket: TicketRequests | undefined, orderNumber: string): boolean {
  return (ticket?.requests ?? []).some((r) => r.remedy === 'refund_status' && r.orderNumber !== null && r.orderNumber !== orderNumber);
}
