// Webhook → size check → verify (per helpdesk, constant time) → parse → normalize → enqueue on the
// SQS FIFO queue (group = run, dedupe = event). Answers with the run id the ticket maps to; on any
// 4xx nothing is enqueued. Called by the webhook-ingest handler; knows nothing of HTTP.
import type { Clock } from '#harness/ports.js';
import { dedupeIdFor, runIdFor } from '../shared/ids.js';
import type { TicketQueue } from '../shared/queue.js';
import { HELPDESK_WEBHOOKS, isWebhookHelpdesk, type WebhookSecrets } from './helpdesks.js';

export const MAX_WEBHOOK_BYTES = 256 * 1024;

export type IngestOutcome =
  | { kind: 'accepted'; runId: string; intent: 'message' | 'closed' }
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
}

export function createIngest(deps: IngestDeps) {
  return async function ingest(input: {
    helpdesk: string;
    headers: (name: string) => string | undefined;
    body: string;
  }): Promise<IngestOutcome> {
    if (Buffer.byteLength(input.body) > MAX_WEBHOOK_BYTES) return { kind: 'too_large' };
    const secret = isWebhookHelpdesk(input.helpdesk) ? deps.secrets[input.helpdesk] : undefined;
    if (!isWebhookHelpdesk(input.helpdesk) || !secret) return { kind: 'unknown_helpdesk', helpdesk: input.helpdesk };
    const webhook = HELPDESK_WEBHOOKS[input.helpdesk];
    const now = deps.clock.now();
    const verified = webhook.verify({ secret, header: input.headers, body: input.body, now });
    if (!verified.ok) return { kind: 'unauthorized', reason: verified.reason };
    let payload: unknown;
    try {
      payload = JSON.parse(input.body);
    } catch {
      return { kind: 'invalid', reason: 'body is not JSON' };
    }
    const normalized = webhook.normalize(payload, { tenant: deps.tenant, receivedAt: now.toISOString(), header: input.headers });
    if (normalized.ok === 'ignored') return { kind: 'ignored', reason: normalized.reason };
    if (!normalized.ok) return { kind: 'invalid', reason: normalized.reason };
    const event = normalized.event;
    const runId = runIdFor(event);
    await deps.queue.send({ runId, event }, { groupId: runId, dedupeId: dedupeIdFor(event) });
    return { kind: 'accepted', runId, intent: event.intent ?? 'message' };
  };
}
