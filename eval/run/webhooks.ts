// The helpdesk deliveries a golden ticket becomes, signed the way each helpdesk signs them
// (docs/helpdesk-setup.md): Zendesk event webhooks with X-Zendesk-Webhook-Signature, Gorgias HTTP
// integration messages with the shared secret in X-Webhook-Secret.
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { SHARED_SECRET_HEADER } from '#functions/intake/webhook-ingest/shared-secret.js';
import type { Helpdesk } from '../golden/schema.js';
import type { Requester } from './golden.js';

export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

export interface MessageInput {
  helpdesk: Helpdesk;
  secret: string;
  ticketId: string;
  requester: Requester;
  subject: string;
  text: string;
  /** 0: the message that opens the ticket; 1, 2…: the customer's later messages. */
  index: number;
  /** Makes event ids unique per eval run, so a repeated attempt is never taken for a retry. */
  nonce: string;
  now: Date;
}

export function messageDelivery(input: MessageInput): Delivery {
  return input.helpdesk === 'gorgias' ? gorgiasMessage(input) : zendeskMessage(input);
}

function zendeskMessage(input: MessageInput): Delivery {
  const opening = input.index === 0;
  const body = JSON.stringify({
    id: `eval-${input.nonce}-${input.ticketId}-${input.index}`,
    type: opening ? 'zen:event-type:ticket.created' : 'zen:event-type:ticket.comment_added',
    time: input.now.toISOString(),
    subject: `zen:ticket:${input.ticketId}`,
    zendesk_event_version: '2022-11-06',
    event: opening ? {} : { comment: { body: input.text, author: { is_staff: false } } },
    detail: {
      id: input.ticketId,
      requester_id: input.requester.helpdeskUserId,
      subject: input.subject,
      ...(opening ? { description: input.text } : {}),
      status: opening ? 'NEW' : 'OPEN',
    },
  });
  return { body, headers: zendeskSignedHeaders(input.secret, body, input.now) };
}

/** Gorgias "ticket message created": the message object; the id is unique per message. */
function gorgiasMessage(input: MessageInput): Delivery {
  const body = JSON.stringify({
    id: `eval-${input.nonce}-${input.ticketId}-${input.index}`,
    ticket_id: input.ticketId,
    from_agent: false,
    channel: 'email',
    via: 'email',
    subject: input.subject,
    stripped_text: input.text,
    body_text: input.text,
    sender: { id: input.requester.helpdeskUserId, email: input.requester.email },
    created_datetime: input.now.toISOString(),
  });
  return { body, headers: { 'content-type': 'application/json', [SHARED_SECRET_HEADER]: input.secret } };
}

/** The opening message when follow-ups go inline: the customer's later messages as more paragraphs. */
export function inlineText(body: string, followUps: readonly string[] | undefined): string {
  return [body, ...(followUps ?? [])].join('\n\n');
}
