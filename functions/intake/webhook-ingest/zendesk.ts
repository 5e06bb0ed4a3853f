// Zendesk event webhooks: signature check (base64 HMAC-SHA256 over timestamp + raw body, timestamp
// within 5 minutes) and normalization of ticket events into one TicketEvent. The signing helpers
// are for the local tools and tests that sign a delivery.
import * as z from 'zod';
import { hmac, idText, safeEqual, type VerifyResult } from '../../shared/signatures.js';
import { keepAttachments } from '#functions/shared/domain/attachments.js';
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
    /** Who did what the event reports: an attachment linked by anyone but the requester is not the customer's. */
    actor_id: id.nullable().optional(),
    subject: SubjectText.nullable().optional(),
    description: BodyText.nullable().optional(),
    status: ShortText.nullable().optional(),
  }),
  event: z
    .object({
      comment: z
        .object({
          body: BodyText.optional(),
          author: z.object({ is_staff: z.boolean().optional() }).optional(),
          /** ticket.attachment_linked_to_comment: one file per event (Zendesk's comment_added carries none). */
          attachment: z
            .object({
              filename: z.unknown().optional(),
              content_type: z.unknown().optional(),
              content_url: z.unknown().optional(),
              size: z.unknown().optional(),
            })
            .optional(),
        })
        .optional(),
      current: ShortText.optional(),
    })
    .optional(),
});

const CLOSED_STATUSES = new Set(['SOLVED', 'CLOSED']);
const ATTACHMENT_LINKED = 'ticket.attachment_linked_to_comment';

type ZendeskTicketEvent = z.infer<typeof ZendeskTicketEvent>;

/**
 * Zendesk sends a comment's files as separate ticket.attachment_linked_to_comment events (the
 * comment_added event has no attachments): each becomes an event that adds one file to the ticket's
 * run (run-starter), never a run of its own. Only the requester's own files count.
 */
function attachmentEvent(p: ZendeskTicketEvent, ctx: NormalizeContext): NormalizeResult {
  const file = p.event?.comment?.attachment;
  if (!file) return { ok: false, reason: 'attachment event without an attachment' };
  if (p.detail.actor_id && p.detail.requester_id && p.detail.actor_id !== p.detail.requester_id)
    return { ok: 'ignored', reason: 'attachment not linked by the requester' };
  const attachments = keepAttachments([{ name: file.filename, contentType: file.content_type, size: file.size, url: file.content_url }]);
  if (attachments.length === 0) return { ok: 'ignored', reason: 'attachment without a usable link' };
  return {
    ok: true,
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'zendesk',
      eventId: p.id,
      eventType: ATTACHMENT_LINKED,
      ticketId: p.detail.id,
      requesterId: p.detail.requester_id ?? null,
      requesterEmail: null,
      subject: p.detail.subject ?? '',
      body: '',
      receivedAt: ctx.receivedAt,
      intent: 'message',
      attachments,
    }),
  };
}

export function normalizeZendesk(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const parsed = ZendeskTicketEvent.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Zendesk ticket event' };
  const p = parsed.data;
  const eventType = p.type.replace('zen:event-type:', '');
  if (eventType === ATTACHMENT_LINKED) return attachmentEvent(p, ctx);
  const comment = p.event?.comment;
  let intent: 'message' | 'closed';
  if (eventType === 'ticket.created') intent = 'message';
  else if (eventType === 'ticket.comment_added') {
    // Staff comments include the agent's own internal notes: never a customer follow-up.
    if (comment?.body === undefined || comment.author?.is_staff) return { ok: 'ignored', reason: 'comment by staff' };
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
      body: comment?.body !== undefined && intent === 'message' ? comment.body : (p.detail.description ?? ''),
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
