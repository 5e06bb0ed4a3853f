// The console's sign-in check in front of every console route (an HTTP API Lambda authorizer with
// simple responses): the session cookie's Cognito ID token must verify (jwt.ts) against the tenant's
// user pool and console app client; the person's email and groups (viewer, lead, operator) go to the
// console function in the authorizer context, which is all it trusts (identity.ts). No token, or a
// bad one: denied, and API Gateway answers 403 before the console function runs.
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { kidOf, verifyIdToken, type Jwk } from './jwt.js';
import { cookieOf, SESSION_COOKIE } from './sign-in.js';

export interface ConsoleAuthorizerDeps {
  issuer: string;
  clientId: string;
  keys: { keysFor(kid: string | null): Promise<Jwk[]> };
  now(): Date;
}

export type AuthorizerAnswer = { isAuthorized: boolean; context?: Record<string, string> };

export function createConsoleAuthorizer(deps: ConsoleAuthorizerDeps) {
  return async (event: Pick<APIGatewayRequestAuthorizerEventV2, 'cookies' | 'headers'>): Promise<AuthorizerAnswer> => {
    const token = cookieOf(event, SESSION_COOKIE);
    if (!token || token.length > 8192) return { isAuthorized: false };
    let jwks: Jwk[];
    try {
      jwks = await deps.keys.keysFor(kidOf(token));
    } catch {
      return { isAuthorized: false };
    }
    const claims = verifyIdToken(token, { jwks, issuer: deps.issuer, clientId: deps.clientId, now: deps.now() });
    if (!claims) return { isAuthorized: false };
    return { isAuthorized: true, context: { sub: claims.sub, email: claims.email ?? '', groups: claims.groups.join(' ') } };
  };
}
