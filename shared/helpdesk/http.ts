// The HTTP call shared by the helpdesk adapters: one request with a deadline, and the failures every
// helpdesk API shares mapped to the tool error categories (unreachable or 429/5xx → temporarily
// unavailable with Retry-After, 401/403 → not authorized).
import { InvalidError, NotAuthorizedError, TemporarilyUnavailableError } from '../contracts/errors.js';

export interface HelpdeskHttpOptions {
  baseUrl: string;
  authorization: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type HelpdeskCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<{ status: number; json: unknown }>;

export function createHelpdeskCall(options: HelpdeskHttpOptions): HelpdeskCall {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        headers: { authorization: options.authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new TemporarilyUnavailableError('the helpdesk could not be reached', { cause });
    }
    if (response.status === 401 || response.status === 403) throw new NotAuthorizedError(`the helpdesk refused the credentials (HTTP ${response.status})`);
    if (response.status === 429 || response.status >= 500) {
      const seconds = Number(response.headers.get('retry-after'));
      throw new TemporarilyUnavailableError(
        `the helpdesk is unavailable (HTTP ${response.status})`,
        Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {},
      );
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  };
}

/** A ticket or user id as a URL path segment; anything else is refused before a request is made. */
export function idSegment(id: string): string {
  if (!/^[\w-]{1,64}$/.test(id)) throw new InvalidError('a helpdesk id is letters, digits, "_" or "-"');
  return encodeURIComponent(id);
}
