// Zendesk event webhooks: signature check (base64 HMAC-SHA256 over timestamp + raw body, timestamp
// within 5 minutes) and normalization of ticket events into one TicketEvent. The signing helpers
// are for the local tools and tests that sign a delivery.
import * as z from 'zod';
import { hmac, idText, safeEqual, type VerifyResult } from '../../shared/signatures.js';
import { BodyText, boundedEvent, ShortText, SubjectText, type NormalizeContext, type NormalizeResult } from './normalized.js';

export type { VerifyResult } from '../../shared/signatures.js';
export type { NormalizeResult } from './normalized.js';

export const ZENDESK_SIGNATURE_HEADER = 'x-zendesk-webhook-signature';
export const ZENDESK_TIMESTAMP_HEADER = 'x-zendesk-webhook-signature-timestamp';
const MAX_SKEW_MS = 5 * 60 * 1000;

export function signZendesk(secret: string, timestamp: string, body: string): string {
  return hmac('sha256', secret, timestamp + body, 'base64');
}

export function verifyZendesk(input: { secret: string; signature: string | undefined; timestamp: string | undefined; body: string; now: Date }): VerifyResult {
  if (!input.signature || !input.timestamp) return { ok: false, reason: 'missing signature headers' };
  const at = Date.parse(input.timestamp);
  if (Number.isNaN(at)) return { ok: false, reason: 'unreadable signature timestamp' };
  if (Math.abs(input.now.getTime() - at) > MAX_SKEW_MS) return { ok: false, reason: 'signature timestamp outside 5 minutes' };
  if (!safeEqual(input.signature, signZendesk(input.secret, input.timestamp, input.body))) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}

const id = z.union([ShortText, z.number()]).transform(idText);

const ZendeskTicketEvent = z.object({
  id: ShortText.min(1),
  type: ShortText.startsWith('zen:event-type:ticket.'),
  time: ShortText,
  detail: z.object({
    id,
    requester_id: id.nullable().optional(),
    subject: SubjectText.nullable().optional(),
    description: BodyText.nullable().optional(),
    status: ShortText.nullable().optional(),
  }),
  event: z
    .object({
      comment: z.object({ body: BodyText, author: z.object({ is_staff: z.boolean().optional() }).optional() }).optional(),
      current: ShortText.optional(),
    })
    .optional(),
});

const CLOSED_STATUSES = new Set(['SOLVED', 'CLOSED']);

export function normalizeZendesk(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const parsed = ZendeskTicketEvent.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Zendesk ticket event' };
  const p = parsed.data;
  const eventType = p.type.replace('zen:event-type:', '');
  const comment = p.event?.comment;
  let intent: 'message' | 'closed';
  if (eventType === 'ticket.created') intent = 'message';
  else if (eventType === 'ticket.comment_added') {
    // Staff comments include the agent's own internal notes: never a customer follow-up.
    if (!comment || comment.author?.is_staff) return { ok: 'ignored', reason: 'comment by staff' };
    intent = 'message';
  } else if (eventType === 'ticket.status_changed' && CLOSED_STATUSES.has((p.event?.current ?? p.detail.status ?? '').toUpperCase())) {
    intent = 'closed';
  } else return { ok: 'ignored', reason: `event ${eventType} starts no run` };
  return {
    ok: true,
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'zendesk',
      eventId: p.id,
      eventType,
      ticketId: p.detail.id,
      requesterId: p.detail.requester_id ?? null,
      requesterEmail: null,
      subject: p.detail.subject ?? '',
      body: comment && intent === 'message' ? comment.body : (p.detail.description ?? ''),
      receivedAt: ctx.receivedAt,
      intent,
    }),
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
