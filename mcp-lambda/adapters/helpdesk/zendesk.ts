// Zendesk implementation of HelpdeskApi: a private comment (public:false) is the internal note;
// API-token basic auth `{email}/token:{token}`. Failures become the tool error categories.
// Built once per Lambda container by mcp-lambda/index.ts, or by the local runtime for the sandbox.
import { InvalidError, NotAuthorizedError, NotFoundError, TemporarilyUnavailableError } from '../../errors.js';
import type { HelpdeskApi } from './helpdesk-api.js';

export interface ZendeskOptions {
  /** https://{subdomain}.zendesk.com, or the sandbox helpdesk's URL. */
  baseUrl: string;
  email: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type AuditEvent = { id?: number | string; type?: string; public?: boolean };

export function createZendeskHelpdesk(options: ZendeskOptions): HelpdeskApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.email}/token:${options.token}`).toString('base64')}`;

  async function call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new TemporarilyUnavailableError('the helpdesk could not be reached', { cause });
    }
    if (response.status === 401 || response.status === 403) throw new NotAuthorizedError(`the helpdesk refused the credentials (HTTP ${response.status})`);
    if (response.status === 429 || response.status >= 500) {
      const seconds = Number(response.headers.get('retry-after'));
      throw new TemporarilyUnavailableError(`the helpdesk is unavailable (HTTP ${response.status})`,
        Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {});
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  }

  const segment = (id: string) => {
    if (!/^[\w-]{1,64}$/.test(id)) throw new InvalidError('a helpdesk id is letters, digits, "_" or "-"');
    return encodeURIComponent(id);
  };

  return {
    async postInternalNote(ticketId, body) {
      const { status, json } = await call('PUT', `/api/v2/tickets/${segment(ticketId)}.json`, { ticket: { comment: { body, public: false } } });
      if (status === 404) throw new NotFoundError(`no ticket ${ticketId} in the helpdesk`);
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the note (HTTP ${status})`);
      const events = (json as { audit?: { events?: AuditEvent[] } } | null)?.audit?.events ?? [];
      const comment = events.find((e) => e.type === 'Comment');
      if (comment?.id === undefined) throw new TemporarilyUnavailableError('the helpdesk did not confirm the note');
      if (comment.public !== false) throw new InvalidError('the helpdesk stored the note as public');
      return { ticketId, noteId: String(comment.id) };
    },

    async getRequester(userId) {
      const { status, json } = await call('GET', `/api/v2/users/${segment(userId)}.json`);
      if (status === 404) return null;
      if (status < 200 || status >= 300) throw new InvalidError(`the helpdesk refused the user look-up (HTTP ${status})`);
      const user = (json as { user?: { id?: number | string; email?: string | null } } | null)?.user;
      if (!user?.id || !user.email) return null;
      return { id: String(user.id), email: user.email };
    },
  };
}
