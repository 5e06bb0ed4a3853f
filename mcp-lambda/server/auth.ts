// Checks the caller's bearer token (the harness's credential for this MCP server) in constant time.
// Used by both transports (lambda.ts, local-server.ts). The token is never forwarded downstream.
import { timingSafeEqual } from 'node:crypto';

export function bearerMatches(authorization: string | null | undefined, expectedToken: string): boolean {
  if (!authorization || expectedToken === '') return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(expectedToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The JSON-RPC body of a refused request (no id: the request was not read). */
export const UNAUTHORIZED_BODY = { jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null } as const;
