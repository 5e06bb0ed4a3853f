// Sign-in for the deployed console: the Cognito hosted UI with the OAuth 2.0 authorization code flow
// and PKCE (a public app client, no secret in the Lambda). The ID token is kept in an HttpOnly,
// Secure, SameSite=Lax cookie that only this host receives (__Host-); API Gateway's authorizer
// checks it on every console route (authorizer.ts) before the console function runs.
//   GET /auth/login     → the hosted UI (state and PKCE verifier in a short-lived cookie)
//   GET /auth/callback  → code exchanged for tokens at the pool's token endpoint → session cookie → /
//   GET /auth/logout    → session cookie cleared → the hosted UI's logout
// (routes listed in functions/composition/routes.ts)
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HttpEvent, HttpResult } from '../../shared/http.js';
import { page, SECURITY_HEADERS } from './security.js';

export const SESSION_COOKIE = '__Host-console_session';
const LOGIN_COOKIE = '__Host-console_login';

export interface SignInConfig {
  /** The hosted UI's base URL, e.g. https://<prefix>.auth.<region>.amazoncognito.com */
  domainUrl: string;
  clientId: string;
  /** The console's own base URL (the HTTP API's), for the redirect URIs. */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** One cookie's value from the request (API Gateway v2 hands cookies over in `cookies`). */
export function cookieOf(event: { cookies?: string[]; headers?: Record<string, string | undefined> }, name: string): string | null {
  const all = [...(event.cookies ?? []), ...(event.headers?.cookie ?? '').split(';')];
  for (const raw of all) {
    const at = raw.indexOf('=');
    if (at > 0 && raw.slice(0, at).trim() === name) return raw.slice(at + 1).trim();
  }
  return null;
}

const cookie = (name: string, value: string, maxAge: number) => `${name}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;

function redirect(location: string, cookies: string[]): HttpResult {
  return { statusCode: 302, headers: { location, ...SECURITY_HEADERS }, cookies, body: '' };
}

/** Where the flow goes: the console's own URLs and the hosted UI's, with the client and the fetch to use. */
interface SignInEnds {
  base: string;
  domain: string;
  callback: string;
  clientId: string;
  get: typeof fetch;
}

const failed = (why: string) =>
  page(
    400,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><main><h1>Sign-in failed</h1><p>${why}</p><p><a href="/auth/login">Sign in again</a></p></main></body></html>`,
  );

export function createSignIn(config: SignInConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const ends: SignInEnds = {
    base,
    domain: config.domainUrl.replace(/\/+$/, ''),
    callback: `${base}/auth/callback`,
    clientId: config.clientId,
    get: config.fetch ?? fetch,
  };

  return async (event: HttpEvent): Promise<HttpResult> => {
    if (event.routeKey === 'GET /auth/login') return login(ends);
    if (event.routeKey === 'GET /auth/callback') return callback(ends, event);
    if (event.routeKey === 'GET /auth/logout') {
      const query = new URLSearchParams({ client_id: ends.clientId, logout_uri: `${base}/auth/login` });
      return redirect(`${ends.domain}/logout?${query}`, [cookie(SESSION_COOKIE, '', 0)]);
    }
    return page(
      404,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>Not found</h1></main></body></html>',
    );
  };
}

/** To the hosted UI, with a fresh state and PKCE verifier kept in a short-lived cookie. */
function login(ends: SignInEnds): HttpResult {
  const state = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: ends.clientId,
    redirect_uri: ends.callback,
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return redirect(`${ends.domain}/oauth2/authorize?${query}`, [cookie(LOGIN_COOKIE, `${state}.${verifier}`, 600)]);
}

/** Back from the hosted UI: the state checked against the login cookie, the code exchanged for the session's ID token. */
async function callback(ends: SignInEnds, event: HttpEvent): Promise<HttpResult> {
  const [state, verifier] = (cookieOf(event, LOGIN_COOKIE) ?? '').split('.');
  const given = event.queryStringParameters?.state ?? '';
  const code = event.queryStringParameters?.code ?? '';
  if (!state || !verifier || given.length !== state.length || !timingSafeEqual(Buffer.from(given), Buffer.from(state)))
    return failed('The sign-in took too long or did not start here.');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(code)) return failed('The sign-in returned no code.');
  const res = await ends.get(`${ends.domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: ends.clientId,
      code,
      redirect_uri: ends.callback,
      code_verifier: verifier,
    }).toString(),
  });
  if (!res.ok) return failed('The sign-in could not be completed.');
  const tokens = (await res.json()) as { id_token?: string; expires_in?: number };
  if (!tokens.id_token) return failed('The sign-in returned no identity.');
  const maxAge = Math.min(Math.max(60, tokens.expires_in ?? 3600), 12 * 3600);
  return redirect(`${ends.base}/`, [cookie(SESSION_COOKIE, tokens.id_token, maxAge), cookie(LOGIN_COOKIE, '', 0)]);
}
