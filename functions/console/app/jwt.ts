// Checks a Cognito ID token without a library: RS256 over the user pool's JWKS (node:crypto), then
// issuer, audience (the console's app client), token use and expiry.
// Pure apart from the key set it is given.
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

export type Jwk = JsonWebKey & { kid?: string; alg?: string };

export interface IdTokenClaims {
  sub: string;
  email: string | null;
  groups: string[];
  exp: number;
}

export interface VerifyOptions {
  jwks: readonly Jwk[];
  /** https://cognito-idp.<region>.amazonaws.com/<userPoolId> */
  issuer: string;
  clientId: string;
  now: Date;
}

const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** The claims of a valid ID token, or null (bad signature, other pool or client, expired, not an ID token). */
export function verifyIdToken(token: string, opts: VerifyOptions): IdTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [head, body, signature] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let claims: Record<string, unknown>;
  try {
    header = decode(head) as typeof header;
    claims = decode(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (header.alg !== 'RS256' || typeof header.kid !== 'string') return null;
  const jwk = opts.jwks.find((k) => k.kid === header.kid && k.kty === 'RSA');
  if (!jwk) return null;
  let valid: boolean;
  try {
    valid = verify('RSA-SHA256', Buffer.from(`${head}.${body}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
  } catch {
    return null;
  }
  if (!valid) return null;
  const nowSeconds = Math.floor(opts.now.getTime() / 1000);
  if (claims.iss !== opts.issuer || claims.aud !== opts.clientId || claims.token_use !== 'id') return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  if (typeof claims.sub !== 'string') return null;
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].filter((g): g is string => typeof g === 'string') : [];
  return { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : null, groups, exp: claims.exp };
}

/** The pool's key set, fetched once and kept (a key it does not know triggers one refetch at most per minute). */
export function createJwksSource(deps: { url: string; fetch?: typeof fetch; now?: () => number }) {
  const get = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  let keys: Jwk[] | null = null;
  let fetchedAt = 0;
  async function load(): Promise<Jwk[]> {
    const res = await get(deps.url);
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
    const body = (await res.json()) as { keys?: Jwk[] };
    keys = body.keys ?? [];
    fetchedAt = now();
    return keys;
  }
  return {
    async keysFor(kid: string | null): Promise<Jwk[]> {
      if (!keys) return load();
      if (kid && !keys.some((k) => k.kid === kid) && now() - fetchedAt > 60_000) return load();
      return keys;
    },
  };
}

/** The `kid` a token names, for the key look-up (not trusted for anything else). */
export function kidOf(token: string): string | null {
  try {
    const header = decode(token.split('.')[0] ?? '') as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}
