// The deployed console's sign-in without AWS: ID tokens signed with a key made here, checked as the
// authorizer checks Cognito's (signature, issuer, client, token use, expiry), and the hosted-UI code
// flow with PKCE and a state cookie against a fake token endpoint.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createConsoleAuthorizer } from '#functions/console/app/authorizer.js';
import { verifyIdToken, type Jwk } from '#functions/console/app/jwt.js';
import { createSignIn, SESSION_COOKIE } from '#functions/console/app/sign-in.js';

const ISSUER = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Test';
const CLIENT = 'console-client';
const now = new Date('2026-11-30T12:00:00Z');
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks: Jwk[] = [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }];

function idToken(claims: Record<string, unknown>, key: KeyObject = privateKey, kid = 'k1'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', kid })}.${part({ iss: ISSUER, aud: CLIENT, token_use: 'id', sub: 'u-1', email: 'lead@acme.test', 'cognito:groups': ['lead'], exp: now.getTime() / 1000 + 600, ...claims })}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), key).toString('base64url')}`;
}

const verifyOpts = { jwks, issuer: ISSUER, clientId: CLIENT, now };

describe('console sign-in', () => {
  it("accepts the pool's ID token for the console client, with the person's email and groups", () => {
    expect(verifyIdToken(idToken({}), verifyOpts)).toMatchObject({ sub: 'u-1', email: 'lead@acme.test', groups: ['lead'] });
  });

  it('refuses a token signed with another key, for another client or pool, expired, or not an ID token', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(verifyIdToken(idToken({}, other), verifyOpts)).toBeNull();
    expect(verifyIdToken(idToken({ aud: 'another-client' }), verifyOpts)).toBeNull();
    expect(verifyIdToken(idToken({ iss: 'https://cognito-idp.eu-west-1.amazonaws.com/other' }), verifyOpts)).toBeNull();
    expect(verifyIdToken(idToken({ exp: now.getTime() / 1000 - 1 }), verifyOpts)).toBeNull();
    expect(verifyIdToken(idToken({ token_use: 'access' }), verifyOpts)).toBeNull();
    expect(verifyIdToken(idToken({}, privateKey, 'unknown-kid'), verifyOpts)).toBeNull();
    const [h, b] = idToken({}).split('.');
    expect(verifyIdToken(`${h}.${b}.`, verifyOpts)).toBeNull();
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url')}.${b}.sig`;
    expect(verifyIdToken(none, verifyOpts)).toBeNull();
  });

  it('lets the authorizer pass a request only with a valid session cookie, handing on who and which groups', async () => {
    const authorize = createConsoleAuthorizer({ issuer: ISSUER, clientId: CLIENT, keys: { keysFor: async () => jwks }, now: () => now });
    expect(await authorize({ cookies: [`${SESSION_COOKIE}=${idToken({ 'cognito:groups': ['lead', 'operator'] })}`], headers: {} })).toEqual({
      isAuthorized: true,
      context: { sub: 'u-1', email: 'lead@acme.test', groups: 'lead operator' },
    });
    expect(await authorize({ cookies: [], headers: {} })).toEqual({ isAuthorized: false });
    expect(await authorize({ cookies: [`${SESSION_COOKIE}=${idToken({ aud: 'x' })}`], headers: {} })).toEqual({ isAuthorized: false });
  });

  it('runs the code flow with PKCE: state checked, the verifier sent, the ID token kept in a host-only HttpOnly cookie', async () => {
    const posted: URLSearchParams[] = [];
    const fakeFetch = (async (_url: string, init: { body: string }) => {
      posted.push(new URLSearchParams(init.body));
      return new Response(JSON.stringify({ id_token: 'the.id.token', expires_in: 3600 }), { status: 200 });
    }) as unknown as typeof fetch;
    const signIn = createSignIn({
      domainUrl: 'https://refund-agent-acme.auth.eu-west-1.amazoncognito.com',
      clientId: CLIENT,
      baseUrl: 'https://api.example',
      fetch: fakeFetch,
    });
    const ev = (routeKey: string, extra: Partial<APIGatewayProxyEventV2> = {}) => ({ routeKey, headers: {}, ...extra }) as APIGatewayProxyEventV2;

    const login = await signIn(ev('GET /auth/login'));
    const to = new URL(login.headers!.location as string);
    expect(to.origin + to.pathname).toBe('https://refund-agent-acme.auth.eu-west-1.amazoncognito.com/oauth2/authorize');
    expect(to.searchParams.get('redirect_uri')).toBe('https://api.example/auth/callback');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    const loginCookie = login.cookies![0]!;
    expect(loginCookie).toMatch(/^__Host-console_login=.*; Path=\/; Secure; HttpOnly; SameSite=Lax/);
    const [state, verifier] = loginCookie.split(';')[0]!.split('=')[1]!.split('.');
    expect(to.searchParams.get('code_challenge')).toBe(createHash('sha256').update(verifier!).digest('base64url'));

    const forged = await signIn(
      ev('GET /auth/callback', { queryStringParameters: { code: 'abc', state: 'other-state-00000000' }, cookies: [loginCookie.split(';')[0]!] }),
    );
    expect(forged.statusCode).toBe(400);
    expect(posted).toHaveLength(0);

    const back = await signIn(ev('GET /auth/callback', { queryStringParameters: { code: 'abc', state: state! }, cookies: [loginCookie.split(';')[0]!] }));
    expect(back.statusCode).toBe(302);
    expect(back.headers!.location).toBe('https://api.example/');
    expect(back.cookies![0]).toMatch(/^__Host-console_session=the\.id\.token; Path=\/; Secure; HttpOnly; SameSite=Lax; Max-Age=3600$/);
    expect(Object.fromEntries(posted[0]!)).toMatchObject({ grant_type: 'authorization_code', code: 'abc', code_verifier: verifier, client_id: CLIENT });
  });
});
