// Help Scout webhooks: X-HelpScout-Signature = base64(HMAC-SHA1(secret, raw body)); the event name
// is in X-HelpScout-Event and the body is the conversation. Called by ingest.ts via helpdesks.ts.
import { z } from 'zod';
import { hmac, idText, safeEqual, textOf, type VerifyResult } from './signatures.js';
import { MAX_BODY_CHARS, type NormalizeContext, type NormalizeResult } from './normalized.js';

export const HELPSCOUT_SIGNATURE_HEADER = 'x-helpscout-signature';
export const HELPSCOUT_EVENT_HEADER = 'x-helpscout-event';

export function signHelpScout(secret: string, body: string): string {
  return hmac('sha1', secret, body, 'base64');
}

export function verifyHelpScout(input: { secret: string; signature: string | undefined; body: string }): VerifyResult {
  if (!input.signature) return { ok: false, reason: 'missing X-HelpScout-Signature' };
  if (!safeEqual(input.signature, signHelpScout(input.secret, input.body))) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}

const id = z.union([z.string(), z.number()]).transform(idText);
const Thread = z.object({ type: z.string().optional(), body: z.string().nullable().optional(), createdBy: z.object({ type: z.string().optional() }).passthrough().optional() });

const Conversation = z.object({
  id,
  subject: z.string().nullable().optional(),
  preview: z.string().nullable().optional(),
  status: z.string().optional(),
  createdAt: z.string().optional(),
  userUpdatedAt: z.string().nullable().optional(),
  createdBy: z.object({ id: id.optional(), type: z.string().optional(), email: z.string().nullable().optional() }).optional(),
  primaryCustomer: z.object({ id: id.optional(), email: z.string().nullable().optional() }).optional(),
  _embedded: z.object({ threads: z.array(Thread).optional() }).optional(),
});

/** Help Scout event names that mean a customer wrote, and the one that may mean the ticket closed. */
const MESSAGE_EVENTS = new Set(['convo.created', 'convo.customer.reply.created']);
const STATUS_EVENT = 'convo.status';

export function normalizeHelpScout(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const eventName = ctx.header?.(HELPSCOUT_EVENT_HEADER) ?? '';
  if (!eventName) return { ok: false, reason: 'missing X-HelpScout-Event' };
  if (eventName === 'helpscout.test') return { ok: 'ignored', reason: 'test delivery' };
  const parsed = Conversation.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Help Scout conversation' };
  const c = parsed.data;
  let intent: 'message' | 'closed';
  if (MESSAGE_EVENTS.has(eventName)) intent = 'message';
  else if (eventName === STATUS_EVENT && c.status === 'closed') intent = 'closed';
  else return { ok: 'ignored', reason: `event ${eventName} starts no run` };
  // Help Scout sends no delivery id: the conversation, the event and its last customer update identify it.
  const version = c.userUpdatedAt ?? c.createdAt ?? '';
  const customerThread = c._embedded?.threads?.find((t) => t.type === 'customer' && t.body);
  const fromCustomer = c.createdBy?.type === 'customer';
  return {
    ok: true,
    event: {
      tenant: ctx.tenant,
      helpdesk: 'helpscout',
      eventId: `${eventName}:${c.id}:${version}`,
      eventType: eventName,
      ticketId: c.id,
      requesterId: c.primaryCustomer?.id ?? (fromCustomer ? (c.createdBy?.id ?? null) : null),
      requesterEmail: c.primaryCustomer?.email ?? (fromCustomer ? (c.createdBy?.email ?? null) : null),
      subject: c.subject ?? '',
      body: textOf(customerThread?.body ?? c.preview ?? '').slice(0, MAX_BODY_CHARS),
      receivedAt: ctx.receivedAt,
      intent,
    },
  };
}
