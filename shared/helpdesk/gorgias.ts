// Gorgias implementation of HelpdeskApi: the internal note is a ticket message on the
// `internal-note` channel (POST /api/tickets/{id}/messages), which Gorgias never sends to the
// customer; basic auth `{email}:{api key}`. Built through createHelpdesk (index.ts).
import { InvalidError, NotFoundError, TemporarilyUnavailableError } from '../contracts/errors.js';
import type { HelpdeskApi } from './helpdesk-api.js';
import { createHelpdeskCall, idSegment } from './http.js';

export interface GorgiasOptions {
  /** https://{account}.gorgias.com, or the sandbox helpdesk's URL. */
  baseUrl: string;
  email: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The draft as Gorgias HTML: one paragraph per block, line breaks kept, nothing interpreted. */
export function noteHtml(body: string): string {
  return body
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Gorgias basic auth (also the attachment reader's: attachments.ts). */
export const gorgiasAuthorization = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

type GorgiasMessage = { id?: number | string; channel?: string; public?: boolean };

export function createGorgiasHelpdesk(options: GorgiasOptions): HelpdeskApi {
  const call = createHelpdeskCall({
    baseUrl: options.baseUrl,
    authorization: gorgiasAuthorization(options.email, options.token),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return {
    async postInternalNote(ticketId, body) {
      // The only write this adapter makes; the channel is a literal: no path sends a public reply.
      const { status, json } = await call('POST', `/api/tickets/${idSegment(ticketId)}/messages`, {
        channel: 'internal-note',
        via: 'api',
        from_agent: true,
        sender: { email: options.email },
        body_text: body,
        body_html: noteHtml(body),
      });
      if (status === 404) throw new NotFoundError(`no ticket ${ticketId} in the helpdesk`);
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the note (HTTP ${status})`);
      const message = json as GorgiasMessage | null;
      if (message?.id === undefined) throw new TemporarilyUnavailableError('the helpdesk did not confirm the note');
      if (message.channel !== 'internal-note' || message.public === true) throw new InvalidError('the helpdesk stored the note as a public message');
      return { ticketId, noteId: String(message.id) };
    },

    async getRequester(customerId) {
      const { status, json } = await call('GET', `/api/customers/${idSegment(customerId)}`);
      if (status === 404) return null;
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the customer look-up (HTTP ${status})`);
      const customer = json as { id?: number | string; email?: string | null; name?: unknown } | null;
      if (!customer?.id || !customer.email) return null;
      return {
        id: String(customer.id),
        email: customer.email,
        name: typeof customer.name === 'string' && customer.name.trim() ? customer.name.trim().slice(0, 200) : null,
      };
    },
  };
}
