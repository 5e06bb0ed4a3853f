// What every console answer carries and what every console action must show. Pages: a CSP without
// scripts (inline styles only), no framing, no referrer, no sniffing, never cached. Actions: a POST
// with a CSRF token signed for the person and recent (HMAC, checked in constant time), from the
// console's own origin when the browser says where it came from (Sec-Fetch-Site, Origin).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '#harness/ports.js';
import { header, type HttpEvent, type HttpResult } from '../../shared/http.js';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  // Deployed behind https only; a browser ignores it over the local runtime's http.
  'strict-transport-security': 'max-age=31536000',
};

export function page(statusCode: number, body: string, extra: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...extra }, body };
}

/** Post/redirect/get: after an action the browser loads a page; `notice` is a code, never data. */
export function seeOther(location: string, extra: Record<string, string> = {}): HttpResult {
  return { statusCode: 303, headers: { location, ...SECURITY_HEADERS, ...extra }, body: '' };
}

/** A CSRF token lives this long: a page left open over a shift still posts. */
const TOKEN_TTL_MS = 12 * 3600_000;

export function createCsrf(deps: { secret: string; clock: Clock }) {
  const mac = (actor: string, issuedAt: string) => createHmac('sha256', deps.secret).update(`console-csrf|${actor}|${issuedAt}`).digest('base64url');
  return {
    issue(actor: string): string {
      const issuedAt = String(deps.clock.now().getTime());
      return `${issuedAt}.${mac(actor, issuedAt)}`;
    },
    verify(actor: string, token: string | undefined): boolean {
      if (!token) return false;
      const [issuedAt, given] = token.split('.');
      if (!issuedAt || !given || !/^\d{1,15}$/.test(issuedAt)) return false;
      const age = deps.clock.now().getTime() - Number(issuedAt);
      if (age < 0 || age > TOKEN_TTL_MS) return false;
      const want = Buffer.from(mac(actor, issuedAt));
      const got = Buffer.from(given);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;

/**
 * False when the browser says the request came from another site (a forged form post). Browsers
 * send Sec-Fetch-Site; with Referrer-Policy no-referrer a form post's Origin is "null", which says
 * nothing either way (the CSRF token still has to match).
 */
export function sameOrigin(event: HttpEvent): boolean {
  const site = header(event, 'sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = header(event, 'origin');
  if (!origin || origin === 'null') return true;
  const host = header(event, 'host') ?? event.requestContext.domainName;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
