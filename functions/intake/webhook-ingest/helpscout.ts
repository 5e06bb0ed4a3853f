// Help Scout webhooks: X-HelpScout-Signature = base64(HMAC-SHA1(secret, raw body)); the event name
// is in X-HelpScout-Event and the body is the conversation. Only the body is signed and nothing dates
// the delivery, so the meaning and the dedupe key come from the body (meaningOf) and the body's own
// date bounds a replay (replay-window.ts).
import * as z from 'zod';
import { hmac, idText, safeEqual, textOf, type VerifyResult } from '../../shared/signatures.js';
import {
  attachmentsOf,
  LooseAttachments,
  boundedEvent,
  EmailText,
  HtmlText,
  ShortText,
  SubjectText,
  type NormalizeContext,
  type NormalizeResult,
} from './normalized.js';

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
  id: id.optional(),
  type: ShortText.optional(),
  body: HtmlText.nullable().optional(),
  createdAt: ShortText.nullable().optional(),
  createdBy: z.object({ type: ShortText.optional() }).passthrough().optional(),
  /** The thread's files (Help Scout's webhook Attachment object: filename, mimeType, size, url). */
  attachments: LooseAttachments,
});

const Conversation = z.object({
  id,
  subject: SubjectText.nullable().optional(),
  preview: HtmlText.nullable().optional(),
  status: ShortText.optional(),
  createdAt: ShortText.optional(),
  closedAt: ShortText.nullable().optional(),
  userUpdatedAt: ShortText.nullable().optional(),
  createdBy: z.object({ id: id.optional(), type: ShortText.optional(), email: EmailText.nullable().optional() }).optional(),
  primaryCustomer: z.object({ id: id.optional(), email: EmailText.nullable().optional() }).optional(),
  _embedded: z.object({ threads: z.array(Thread).optional() }).optional(),
});
type Conversation = z.infer<typeof Conversation>;

/** Help Scout event names that mean a customer wrote, and the one that may mean the ticket closed. */
const MESSAGE_EVENTS = new Set(['convo.created', 'convo.customer.reply.created']);
const STATUS_EVENT = 'convo.status';

const timeOf = (text: string | null | undefined) => (text ? Date.parse(text) : Number.NaN);

/** The customer's newest thread in the body (Help Scout lists threads newest first; dates decide when given). */
function newestCustomerThread(c: Conversation) {
  const threads = (c._embedded?.threads ?? []).filter((t) => t.type === 'customer' && t.body);
  return threads.reduce<(typeof threads)[number] | undefined>(
    (newest, t) => (!newest || timeOf(t.createdAt) > timeOf(newest.createdAt) ? t : newest),
    undefined,
  );
}

/**
 * What the signed body says happened, whatever X-HelpScout-Event says (that header is not signed):
 * a closed conversation is a closing, one whose newest writing is the customer's is a message. The
 * key is built from signed fields only (the conversation and the customer's thread id, or the date
 * the body gives for the closing) and `signedAt` is the body's own date for the replay window.
 */
export function meaningOf(c: Conversation): { intent: 'message' | 'closed'; key: string; signedAt: string | null } | null {
  if (c.status === 'closed') {
    const at = c.closedAt ?? c.userUpdatedAt ?? null;
    return at ? { intent: 'closed', key: `closed:${c.id}:${at}`, signedAt: at } : null;
  }
  const thread = newestCustomerThread(c);
  if (thread) {
    const at = thread.createdAt ?? c.userUpdatedAt ?? c.createdAt ?? null;
    return { intent: 'message', key: `message:${c.id}:${thread.id ?? at ?? ''}`, signedAt: at };
  }
  // No threads embedded: a conversation a customer created, known by its last update.
  const at = c.userUpdatedAt ?? c.createdAt;
  if (!c._embedded?.threads?.length && c.createdBy?.type === 'customer' && at) return { intent: 'message', key: `message:${c.id}:${at}`, signedAt: at };
  return null;
}

export function normalizeHelpScout(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const eventName = ctx.header?.(HELPSCOUT_EVENT_HEADER) ?? '';
  if (!eventName) return { ok: false, reason: 'missing X-HelpScout-Event' };
  if (eventName === 'helpscout.test') return { ok: 'ignored', reason: 'test delivery' };
  const parsed = Conversation.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Help Scout conversation' };
  const c = parsed.data;
  const claimed = MESSAGE_EVENTS.has(eventName) ? 'message' : eventName === STATUS_EVENT ? 'closed' : null;
  if (!claimed) return { ok: 'ignored', reason: `event ${eventName.slice(0, 64)} starts no run` };
  const meaning = meaningOf(c);
  if (eventName === STATUS_EVENT && meaning?.intent !== 'closed') return { ok: 'ignored', reason: 'status change that closes nothing' };
  // The event name is believed only when the signed body says the same: a closed conversation is no
  // new message, and a message event needs the customer's writing in the body.
  if (!meaning || meaning.intent !== claimed) return { ok: false, reason: `body does not match event ${eventName.slice(0, 64)}` };
  if (!meaning.signedAt || Number.isNaN(timeOf(meaning.signedAt))) return { ok: false, reason: 'no readable date in the signed body' };
  const customerThread = newestCustomerThread(c);
  const fromCustomer = c.createdBy?.type === 'customer';
  return {
    ok: true,
    signedAt: new Date(timeOf(meaning.signedAt)).toISOString(),
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'helpscout',
      // Help Scout sends no delivery id: the key is what the body signed, never the event header.
      eventId: meaning.key,
      eventType: eventName,
      ticketId: c.id,
      requesterId: c.primaryCustomer?.id ?? (fromCustomer ? (c.createdBy?.id ?? null) : null),
      requesterEmail: c.primaryCustomer?.email ?? (fromCustomer ? (c.createdBy?.email ?? null) : null),
      subject: c.subject ?? '',
      body: textOf(customerThread?.body ?? c.preview ?? ''),
      receivedAt: ctx.receivedAt,
      intent: meaning.intent,
      ...(meaning.intent === 'message'
        ? attachmentsOf(customerThread?.attachments?.map((a) => ({ name: a.filename, contentType: a.mimeType, size: a.size, url: a.url })))
        : {}),
    }),
  };
}
