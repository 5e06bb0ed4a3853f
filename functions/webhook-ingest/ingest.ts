// Webhook → verify → normalize → enqueue (SQS FIFO). Answers with the run id the ticket maps to.
// Called by the webhook-ingest handler; knows nothing of HTTP.
import type { Clock } from '#harness/ports.js';
import { dedupeIdFor, runIdFor } from '../shared/ids.js';
import type { TicketQueue } from '../shared/queue.js';
import { normalizeZendesk, verifyZendesk, ZENDESK_SIGNATURE_HEADER, ZENDESK_TIMESTAMP_HEADER } from './zendesk.js';

export const MAX_WEBHOOK_BYTES = 256 * 1024;

export type IngestOutcome =
  | { kind: 'accepted'; runId: string }
  | { kind: 'ignored'; reason: string }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'too_large' }
  | { kind: 'unknown_helpdesk'; helpdesk: string };

export interface IngestDeps {
  tenant: string;
  secrets: { zendesk: string };
  queue: TicketQueue;
  clock: Clock;
}

/** Event types that can start a run; others are acknowledged and dropped. */
const STARTING_EVENTS = new Set(['ticket.created', 'ticket.comment_added']);

export function createIngest(deps: IngestDeps) {
  return async function ingest(input: {
    helpdesk: string;
    headers: (name: string) => string | undefined;
    body: string;
  }): Promise<IngestOutcome> {
    if (Buffer.byteLength(input.body) > MAX_WEBHOOK_BYTES) return { kind: 'too_large' };
    if (input.helpdesk !== 'zendesk') return { kind: 'unknown_helpdesk', helpdesk: input.helpdesk };
    const now = deps.clock.now();
    const verified = verifyZendesk({
      secret: deps.secrets.zendesk,
      signature: input.headers(ZENDESK_SIGNATURE_HEADER),
      timestamp: input.headers(ZENDESK_TIMESTAMP_HEADER),
      body: input.body,
      now,
    });
    if (!verified.ok) return { kind: 'unauthorized', reason: verified.reason };
    let payload: unknown;
    try {
      payload = JSON.parse(input.body);
    } catch {
      return { kind: 'invalid', reason: 'body is not JSON' };
    }
    const normalized = normalizeZendesk(payload, { tenant: deps.tenant, receivedAt: now.toISOString() });
    if (!normalized.ok) return { kind: 'invalid', reason: normalized.reason };
    const event = normalized.event;
    if (!STARTING_EVENTS.has(event.eventType)) return { kind: 'ignored', reason: `event ${event.eventType} starts no run` };
    const runId = runIdFor(event);
    await deps.queue.send({ runId, event }, { groupId: runId, dedupeId: dedupeIdFor(event) });
    return { kind: 'accepted', runId };
  };
}
