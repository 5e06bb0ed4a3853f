// Who may talk to the local HTTP API: it serves a person's own machine, so it answers only to its own
// Host names (a page fetched under another name, as DNS rebinding does, gets 421) and refuses writes
// a browser sends from another origin (403), on every route: the console's forms carry their own CSRF
// token, but the runs API's cancel, the approval form and the webhooks do not need a browser at all,
// and a `text/plain` POST from any web page would otherwise reach them. Server-to-server callers (a
// helpdesk's webhook, `npm run ticket`, curl) send no Origin and no Sec-Fetch-Site, and pass. A
// browser's own form under `Referrer-Policy: no-referrer` (the console's) sends `Origin: null`; its
// Sec-Fetch-Site, which no page can set, says same-origin, and that is what is believed then.
import type { IncomingMessage } from 'node:http';

/** Names the HTTP API answers to on its own port, besides any configured ones. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Methods that change nothing: no Origin check (a foreign page may link to the console). */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Sec-Fetch-Site values of a write the HTTP API takes: its own pages, or a person's own action (typed, bookmarked). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface RequestOriginOptions {
  /**
   * Further Host values the HTTP API answers to, exactly as a client sends them ("agent.example.test",
   * "agent.example.test:8443"), e.g. a tunnel's public name. Absent: loopback names only.
   */
  publicHosts?: readonly string[];
}

export type OriginRefusal = { status: 421 | 403; error: string };

/** A Host or Origin authority split into its name (lower case, IPv6 in brackets) and port ('' when none). */
function authorityOf(text: string): { name: string; port: string } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(text.trim());
  return m ? { name: m[1]!.toLowerCase(), port: m[2] ?? '' } : null;
}

/** Whether an authority (Host header, or an Origin's host) names this HTTP API: a loopback name on the port it was reached on, or a configured host. */
function isOwnAuthority(authority: string, localPort: number | undefined, options: RequestOriginOptions): boolean {
  const configured = (options.publicHosts ?? []).map((h) => h.toLowerCase());
  if (configured.includes(authority.toLowerCase())) return true;
  const parsed = authorityOf(authority);
  if (!parsed || !LOOPBACK_NAMES.has(parsed.name)) return false;
  const port = parsed.port || '80';
  return localPort !== undefined && port === String(localPort);
}

/** The Origin header's host, when it is an http(s) origin; null for "null" and anything else. */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username) return null;
    return url.host;
  } catch {
    return null;
  }
}

/** Why this request is refused before any route sees it, or null when it may go on. */
export function refusalOf(req: IncomingMessage, method: string, options: RequestOriginOptions = {}): OriginRefusal | null {
  const localPort = req.socket.localPort;
  const host = req.headers.host;
  if (!host || !isOwnAuthority(host, localPort, options)) return { status: 421, error: 'this server answers only to its own host name (localhost)' };
  if (SAFE_METHODS.has(method)) return null;
  const site = req.headers['sec-fetch-site'];
  // same-site is refused too: another port on localhost (any local dev server) is the same site.
  if (site !== undefined && !OWN_FETCH_SITES.has(site)) return { status: 403, error: 'cross-site writes are refused' };
  const origin = req.headers.origin;
  if (origin === undefined || (origin === 'null' && site !== undefined)) return null;
  const from = originHost(origin);
  if (!from || !isOwnAuthority(from, localPort, options)) return { status: 403, error: 'writes from another origin are refused' };
  return null;
}
