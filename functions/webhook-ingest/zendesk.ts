// Zendesk event webhooks: signature check (base64 HMAC-SHA256 over timestamp + raw body) and
// normalization of ticket events into one TicketEvent. Called by the ingest use case.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { TicketEvent } from '#harness/domain/types.js';

export const ZENDESK_SIGNATURE_HEADER = 'x-zendesk-webhook-signature';
export const ZENDESK_TIMESTAMP_HEADER = 'x-zendesk-webhook-signature-timestamp';
const MAX_SKEW_MS = 5 * 60 * 1000;

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export function signZendesk(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(timestamp + body).digest('base64');
}

export function verifyZendesk(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  body: string;
  now: Date;
}): VerifyResult {
  if (!input.signature || !input.timestamp) return { ok: false, reason: 'missing signature headers' };
  const at = Date.parse(input.timestamp);
  if (Number.isNaN(at)) return { ok: false, reason: 'unreadable signature timestamp' };
  if (Math.abs(input.now.getTime() - at) > MAX_SKEW_MS) return { ok: false, reason: 'signature timestamp outside 5 minutes' };
  const expected = Buffer.from(signZendesk(input.secret, input.timestamp, input.body));
  const given = Buffer.from(input.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}

const ZendeskTicketEvent = z.object({
  id: z.string().min(1),
  type: z.string().startsWith('zen:event-type:ticket.'),
  time: z.string(),
  detail: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    requester_id: z.union([z.string(), z.number()]).transform(String).nullable().optional(),
    subject: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
  }),
  event: z
    .object({ comment: z.object({ body: z.string(), author: z.object({ is_staff: z.boolean().optional() }).optional() }).optional() })
    .optional(),
});

export type NormalizeResult = { ok: true; event: TicketEvent } | { ok: false; reason: string };

export function normalizeZendesk(payload: unknown, ctx: { tenant: string; receivedAt: string }): NormalizeResult {
  const parsed = ZendeskTicketEvent.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Zendesk ticket event' };
  const p = parsed.data;
  const comment = p.event?.comment;
  return {
    ok: true,
    event: {
      tenant: ctx.tenant,
      helpdesk: 'zendesk',
      eventId: p.id,
      eventType: p.type.replace('zen:event-type:', ''),
      ticketId: p.detail.id,
      requesterId: p.detail.requester_id ?? null,
      requesterEmail: null,
      subject: p.detail.subject ?? '',
      body: comment && !comment.author?.is_staff ? comment.body : (p.detail.description ?? ''),
      receivedAt: ctx.receivedAt,
    },
  };
}

/** The headers Zendesk sends with a signed delivery (used by `npm run ticket` and the tests). */
export function zendeskSignedHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'content-type': 'application/json',
    [ZENDESK_SIGNATURE_HEADER]: signZendesk(secret, timestamp, body),
    [ZENDESK_TIMESTAMP_HEADER]: timestamp,
  };
}
