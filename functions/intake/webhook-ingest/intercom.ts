// Intercom webhooks: X-Hub-Signature = "sha1=" + hex(HMAC-SHA1(client secret, raw body)); the body
// is a notification_event whose topic names what happened. The topic and the id are in the signed
// body; no timestamp is signed, so created_at bounds a replay (replay-window.ts).
import * as z from 'zod';
import { hmac, safeEqual, textOf, type VerifyResult } from '../../shared/signatures.js';
import { attachmentsOf, LooseAttachments, boundedEvent, EmailText, HtmlText, ShortText, type NormalizeContext, type NormalizeResult } from './normalized.js';

export const INTERCOM_SIGNATURE_HEADER = 'x-hub-signature';

export function signIntercom(secret: string, body: string): string {
  return `sha1=${hmac('sha1', secret, body, 'hex')}`;
}

export function verifyIntercom(input: { secret: string; signature: string | undefined; body: string }): VerifyResult {
  if (!input.signature) return { ok: false, reason: 'missing X-Hub-Signature' };
  if (!input.signature.startsWith('sha1=')) return { ok: false, reason: 'X-Hub-Signature is not sha1=' };
  if (!safeEqual(input.signature.toLowerCase(), signIntercom(input.secret, input.body))) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}

const Part = z.object({
  part_type: ShortText.optional(),
  body: HtmlText.nullable().optional(),
  author: z.object({ type: ShortText.optional() }).passthrough().optional(),
  /** The part's files (Intercom's PartAttachment: name, url, content_type, filesize). */
  attachments: LooseAttachments,
});
/** Subjects come as HTML too; cut like HTML, and to the subject's cap once they are text. */
const Message = z.object({ subject: HtmlText.nullable().optional(), body: HtmlText.nullable().optional(), attachments: LooseAttachments }).passthrough();

const Notification = z.object({
  type: z.literal('notification_event'),
  id: ShortText.min(1),
  topic: ShortText.min(1),
  /** When Intercom created the notification (Unix seconds): the signed body's own date. */
  created_at: z.number().int().nonnegative().max(1e11).optional(),
  data: z.object({
    item: z
      .object({
        type: ShortText,
        id: z.union([ShortText, z.number()]).transform(String),
        user: z.object({ id: ShortText.nullable().optional(), email: EmailText.nullable().optional() }).passthrough().optional(),
        source: Message.optional(),
        conversation_message: Message.optional(),
        conversation_parts: z
          .object({ conversation_parts: z.array(Part).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough(),
  }),
});

const MESSAGE_TOPICS = new Set(['conversation.user.created', 'conversation.user.replied']);
const CLOSED_TOPICS = new Set(['conversation.admin.closed']);

export function normalizeIntercom(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const parsed = Notification.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not an Intercom notification' };
  const n = parsed.data;
  const item = n.data.item;
  let intent: 'message' | 'closed';
  if (MESSAGE_TOPICS.has(n.topic)) intent = 'message';
  else if (CLOSED_TOPICS.has(n.topic)) intent = 'closed';
  else return { ok: 'ignored', reason: `topic ${n.topic} starts no run` };
  if (item.type !== 'conversation') return { ok: false, reason: 'notification item is not a conversation' };
  // The first message sits in conversation_message (older API) or source (newer); a reply in the last part.
  const first = item.conversation_message ?? item.source;
  const lastUserPart = [...(item.conversation_parts?.conversation_parts ?? [])].reverse().find((p) => p.author?.type !== 'admin' && p.body);
  const written = n.topic === 'conversation.user.replied' ? lastUserPart : first;
  const body = written?.body ?? '';
  return {
    ok: true,
    ...(n.created_at === undefined ? {} : { signedAt: new Date(n.created_at * 1000).toISOString() }),
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'intercom',
      // The notification's id, in the signed body (retries keep it; delivery_attempts changes): never a header.
      eventId: n.id,
      eventType: n.topic,
      ticketId: item.id,
      requesterId: item.user?.id ?? null,
      requesterEmail: item.user?.email || null,
      subject: textOf(first?.subject ?? ''),
      body: textOf(body),
      receivedAt: ctx.receivedAt,
      intent,
      ...(intent === 'message'
        ? attachmentsOf(written?.attachments?.map((a) => ({ name: a.name, contentType: a.content_type, size: a.filesize, url: a.url })))
        : {}),
    }),
  };
}
