// Webhook → helpdesk known → signature headers present → size check → verify (per helpdesk, constant
// time) → parse → normalize → replay window (helpdesks that sign no timestamp: replay-window.ts) →
// enqueue on the SQS FIFO queue (group = run, dedupe = event, built from signed fields). Answers
// with the run id the ticket maps to; on any 4xx nothing is enqueued. The cheap refusals come first:
// a delivery without its signature headers costs no body read, no HMAC and no JSON parse.
// Knows nothing of HTTP.
import type { Clock } from '#harness/ports.js';
import { dedupeIdFor, runIdFor } from '../../shared/ids.js';
import { ATTACHMENT_LINK_EVENT_TYPES } from '#functions/shared/domain/attachments.js';
import type { TicketQueue } from '../../shared/queue.js';
import type { EventLedger } from '../../shared/stores/ports.js';
import { createReplayWindow } from './replay-window.js';
import { HELPDESK_WEBHOOKS, isWebhookSource, type WebhookSecrets } from './helpdesks.js';

export const MAX_WEBHOOK_BYTES = 256 * 1024;

export type IngestOutcome =
  | { kind: 'accepted'; runId: string; intent: 'message' | 'closed' }
  /** The same signed id again within the replay window: answered with its run, nothing enqueued. */
  | { kind: 'replayed'; runId: string }
  | { kind: 'ignored'; reason: string }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'too_large' }
  | { kind: 'unknown_helpdesk'; helpdesk: string };

export interface IngestDeps {
  tenant: string;
  secrets: WebhookSecrets;
  queue: TicketQueue;
  clock: Clock;
  /** Remembers the signed ids of deliveries without a signed timestamp (replay-window.ts); required, so no composition runs without it. */
  events: EventLedger;
}

export interface IngestInput {
  helpdesk: string;
  headers: (name: string) => string | undefined;
  /** The raw body, or how to read it (the handler decodes it only once the signature headers are there). */
  body: string | (() => string);
}

export function createIngest(deps: IngestDeps) {
  const admit = createReplayWindow({ ledger: deps.events });
  return async function ingest(input: IngestInput): Promise<IngestOutcome> {
    const secret = isWebhookSource(input.helpdesk) ? deps.secrets[input.helpdesk] : undefined;
    if (!isWebhookSource(input.helpdesk) || !secret) return { kind: 'unknown_helpdesk', helpdesk: input.helpdesk };
    const webhook = HELPDESK_WEBHOOKS[input.helpdesk];
    const missing = webhook.signatureHeaders.find((name) => !input.headers(name));
    if (missing) return { kind: 'unauthorized', reason: `missing ${missing}` };
    const body = typeof input.body === 'function' ? input.body() : input.body;
    if (Buffer.byteLength(body) > MAX_WEBHOOK_BYTES) return { kind: 'too_large' };
    const now = deps.clock.now();
    const verified = webhook.verify({ secret, header: input.headers, body, now });
    if (!verified.ok) return { kind: 'unauthorized', reason: verified.reason };
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return { kind: 'invalid', reason: 'body is not JSON' };
    }
    const normalized = webhook.normalize(payload, { tenant: deps.tenant, receivedAt: now.toISOString(), header: input.headers });
    if (normalized.ok === 'ignored') return { kind: 'ignored', reason: normalized.reason };
    if (!normalized.ok) return { kind: 'invalid', reason: normalized.reason };
    const event = normalized.event;
    const runId = runIdFor(event);
    if (webhook.replayWindow) {
      // Claimed before the enqueue: fails closed (a claim whose enqueue failed refuses the retry) rather than acting twice.
      const admitted = await admit({ tenant: deps.tenant, helpdesk: input.helpdesk, signedId: event.eventId, signedAt: normalized.signedAt, runId, now });
      if (!admitted.ok) return admitted.kind === 'stale' ? { kind: 'invalid', reason: admitted.reason } : { kind: 'replayed', runId: admitted.runId };
    }
    // A file linked apart from its comment (Zendesk) waits in a group of its own until the ticket's run
    // exists (the run starter retries it), so it never holds up the ticket's own messages.
    const groupId = ATTACHMENT_LINK_EVENT_TYPES.has(event.eventType) ? `${runId}:attachments` : runId;
    await deps.queue.send({ runId, event }, { groupId, dedupeId: dedupeIdFor(event) });
    return { kind: 'accepted', runId, intent: event.intent ?? 'message' };
  };
}
