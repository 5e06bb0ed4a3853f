// Help Scout webhooks: X-HelpScout-Signature = base64(HMAC-SHA1(secret, raw body)); the event name
// is in X-HelpScout-Event and the body is the conversation. Called by ingest.ts via helpdesks.ts.
import * as z from 'zod';
import { hmac, idText, safeEqual, textOf, type VerifyResult } from './signatures.js';
import { boundedEvent, EmailText, HtmlText, ShortText, SubjectText, type NormalizeContext, type NormalizeResult } from './normalized.js';

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

const id = z.union([ShortText, z.number()]).transform(idText);
const Thread = z.object({
  type: ShortText.optional(),
  body: HtmlText.nullable().optional(),
  createdBy: z.object({ type: ShortText.optional() }).passthrough().optional(),
});

const Conversation = z.object({
  id,
  subject: SubjectText.nullable().optional(),
  preview: HtmlText.nullable().optional(),
  status: ShortText.optional(),
  createdAt: ShortText.optional(),
  userUpdatedAt: ShortText.nullable().optional(),
  createdBy: z.object({ id: id.optional(), type: ShortText.optional(), email: EmailText.nullable().optional() }).optional(),
  primaryCustomer: z.object({ id: id.optional(), email: EmailText.nullable().optional() }).optional(),
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
  else return { ok: 'ignored', reason: `event ${eventName.slice(0, 64)} starts no run` };
  // Help Scout sends no delivery id: the conversation, the event and its last customer update identify it.
  const version = c.userUpdatedAt ?? c.createdAt ?? '';
  const customerThread = c._embedded?.threads?.find((t) => t.type === 'customer' && t.body);
  const fromCustomer = c.createdBy?.type === 'customer';
  return {
    ok: true,
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'helpscout',
      eventId: `${eventName}:${c.id}:${version}`,
      eventType: eventName,
      ticketId: c.id,
      requesterId: c.primaryCustomer?.id ?? (fromCustomer ? (c.createdBy?.id ?? null) : null),
      requesterEmail: c.primaryCustomer?.email ?? (fromCustomer ? (c.createdBy?.email ?? null) : null),
      subject: c.subject ?? '',
      body: textOf(customerThread?.body ?? c.preview ?? ''),
      receivedAt: ctx.receivedAt,
      intent,
    }),
  };
}
