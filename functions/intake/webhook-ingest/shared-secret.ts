// Gorgias and Freshdesk sign nothing: their HTTP integrations send headers we configure, so each
// delivery carries our shared secret in X-Webhook-Secret, compared in constant time. The bodies are
// the ones docs/helpdesk-setup.md tells the operator to configure.
import * as z from 'zod';
import { digestOf, idText, safeEqual, textOf, type VerifyResult } from '../../shared/signatures.js';
import {
  attachmentsOf,
  LooseAttachments,
  BodyText,
  boundedEvent,
  EmailText,
  HtmlText,
  ShortText,
  SubjectText,
  type NormalizeContext,
  type NormalizeResult,
} from './normalized.js';

export const SHARED_SECRET_HEADER = 'x-webhook-secret';

export function verifySharedSecret(input: { secret: string; given: string | undefined }): VerifyResult {
  if (!input.given) return { ok: false, reason: `missing ${SHARED_SECRET_HEADER}` };
  if (!safeEqual(input.given, input.secret)) return { ok: false, reason: 'shared secret mismatch' };
  return { ok: true };
}

const id = z.union([ShortText, z.number()]).transform(idText);

/** Gorgias ticket-message-created: the message object ({{context}} of the HTTP integration). */
const GorgiasMessage = z.object({
  id,
  ticket_id: id,
  from_agent: z.boolean(),
  channel: ShortText.optional(),
  subject: SubjectText.nullable().optional(),
  stripped_text: BodyText.nullable().optional(),
  body_text: BodyText.nullable().optional(),
  body_html: HtmlText.nullable().optional(),
  sender: z.object({ id: id.optional(), email: EmailText.nullable().optional() }).passthrough().optional(),
  /** The message's files: `{url, name, size, content_type}` (read, capped and checked by keepAttachments). */
  attachments: LooseAttachments,
});

/** Gorgias ticket-updated: the ticket object; only a closed status matters to us. */
const GorgiasTicket = z.object({
  id,
  status: ShortText,
  updated_datetime: ShortText.nullable().optional(),
  customer: z.object({ id: id.optional(), email: EmailText.nullable().optional() }).passthrough().optional(),
  subject: SubjectText.nullable().optional(),
});

export function normalizeGorgias(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const message = GorgiasMessage.safeParse(payload);
  if (message.success) {
    const m = message.data;
    // Agent messages include our own internal notes: never a customer message.
    if (m.from_agent || m.channel === 'internal-note') return { ok: 'ignored', reason: 'message from an agent' };
    return {
      ok: true,
      event: boundedEvent({
        tenant: ctx.tenant,
        helpdesk: 'gorgias',
        eventId: `message:${m.ticket_id}:${m.id}`,
        eventType: 'ticket-message-created',
        ticketId: m.ticket_id,
        requesterId: m.sender?.id ?? null,
        requesterEmail: m.sender?.email ?? null,
        subject: m.subject ?? '',
        body: m.stripped_text || m.body_text || textOf(m.body_html ?? ''),
        receivedAt: ctx.receivedAt,
        intent: 'message',
        ...attachmentsOf(m.attachments?.map((a) => ({ name: a.name, contentType: a.content_type, size: a.size, url: a.url }))),
      }),
    };
  }
  const ticket = GorgiasTicket.safeParse(payload);
  if (!ticket.success) return { ok: false, reason: 'not a Gorgias ticket message or ticket' };
  const t = ticket.data;
  if (t.status !== 'closed') return { ok: 'ignored', reason: `ticket status ${t.status} starts nothing` };
  return {
    ok: true,
    event: {
      tenant: ctx.tenant,
      helpdesk: 'gorgias',
      eventId: `closed:${t.id}:${t.updated_datetime ?? ''}`,
      eventType: 'ticket-updated',
      ticketId: t.id,
      requesterId: t.customer?.id ?? null,
      requesterEmail: t.customer?.email ?? null,
      subject: t.subject ?? '',
      body: '',
      receivedAt: ctx.receivedAt,
      intent: 'closed',
    },
  };
}

/**
 * Freshdesk automation rule "Trigger webhook", with the JSON body docs/helpdesk-setup.md gives. Its
 * placeholders offer no attachments, so a Freshdesk ticket's files are not kept (none on the run).
 */
const FreshdeskWebhook = z.object({
  freshdesk_webhook: z.object({
    triggered_event: ShortText,
    ticket_id: id,
    ticket_subject: SubjectText.nullable().optional(),
    ticket_description: HtmlText.nullable().optional(),
    ticket_status: ShortText.nullable().optional(),
    requester_email: EmailText.nullable().optional(),
    ticket_latest_public_comment: HtmlText.nullable().optional(),
  }),
});

const FRESHDESK_CLOSED = new Set(['resolved', 'closed']);

export function normalizeFreshdesk(payload: unknown, ctx: NormalizeContext): NormalizeResult {
  const parsed = FreshdeskWebhook.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'not a Freshdesk ticket webhook' };
  const w = parsed.data.freshdesk_webhook;
  const trigger = w.triggered_event.replace(/\s+/g, '');
  const status = (w.ticket_status ?? '').toLowerCase();
  let intent: 'message' | 'closed';
  let body = '';
  if (trigger.includes('ticket_action:created')) {
    intent = 'message';
    body = textOf(w.ticket_description ?? '');
  } else if (trigger.includes('reply_sent') || trigger.includes('note_action:created') || trigger.includes('customer_reply')) {
    intent = 'message';
    body = textOf(w.ticket_latest_public_comment ?? '');
    if (!body) return { ok: 'ignored', reason: 'reply without text' };
  } else if (trigger.includes('status:') && FRESHDESK_CLOSED.has(status)) {
    intent = 'closed';
  } else return { ok: 'ignored', reason: `event ${w.triggered_event} starts no run` };
  return {
    ok: true,
    event: boundedEvent({
      tenant: ctx.tenant,
      helpdesk: 'freshdesk',
      // Freshdesk sends no delivery id: the ticket, the trigger and the status identify a delivery.
      eventId: `${w.ticket_id}:${trigger}:${intent === 'closed' ? status : digestOf(body)}`,
      eventType: w.triggered_event,
      ticketId: w.ticket_id,
      requesterId: null,
      requesterEmail: w.requester_email ?? null,
      subject: w.ticket_subject ?? '',
      body,
      receivedAt: ctx.receivedAt,
      intent,
    }),
  };
}
