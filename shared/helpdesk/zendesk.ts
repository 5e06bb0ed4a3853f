// Zendesk implementation of HelpdeskApi: a private comment (public:false) is the internal note;
// API-token basic auth `{email}/token:{token}`. Failures become the tool error categories.
// Built through createHelpdesk (index.ts).
import { InvalidError, NotFoundError, TemporarilyUnavailableError } from '../contracts/errors.js';
import type { HelpdeskApi } from './helpdesk-api.js';
import { createHelpdeskCall, idSegment } from './http.js';

export interface ZendeskOptions {
  /** https://{subdomain}.zendesk.com, or the sandbox helpdesk's URL. */
  baseUrl: string;
  email: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Zendesk API-token basic auth (also the attachment reader's: attachments.ts). */
export const zendeskAuthorization = (email: string, token: string) => `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;

type AuditEvent = { id?: number | string; type?: string; public?: boolean };

export function createZendeskHelpdesk(options: ZendeskOptions): HelpdeskApi {
  const call = createHelpdeskCall({
    baseUrl: options.baseUrl,
    authorization: zendeskAuthorization(options.email, options.token),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return {
    async postInternalNote(ticketId, body) {
      // The only write this adapter makes, and `public: false` is a literal: no path sends a public reply.
      const { status, json } = await call('PUT', `/api/v2/tickets/${idSegment(ticketId)}.json`, { ticket: { comment: { body, public: false } } });
      if (status === 404) throw new NotFoundError(`no ticket ${ticketId} in the helpdesk`);
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the note (HTTP ${status})`);
      const events = (json as { audit?: { events?: AuditEvent[] } } | null)?.audit?.events ?? [];
      const comment = events.find((e) => e.type === 'Comment');
      if (comment?.id === undefined) throw new TemporarilyUnavailableError('the helpdesk did not confirm the note');
      if (comment.public !== false) throw new InvalidError('the helpdesk stored the note as public');
      return { ticketId, noteId: String(comment.id) };
    },

    async getRequester(userId) {
      const { status, json } = await call('GET', `/api/v2/users/${idSegment(userId)}.json`);
      if (status === 404) return null;
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the user look-up (HTTP ${status})`);
      const user = (json as { user?: { id?: number | string; email?: string | null; name?: unknown } } | null)?.user;
      if (!user?.id || !user.email) return null;
      return { id: String(user.id), email: user.email, name: typeof user.name === 'string' && user.name.trim() ? user.name.trim().slice(0, 200) : null };
    },
  };
}
