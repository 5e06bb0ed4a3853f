// Who is calling: the caller (a function name, permissions.ts) behind a request, or null. Deployed,
// the function URL (AuthType AWS_IAM) has verified the SigV4 signature and the caller's right to
// invoke; its IAM context names the role, which the tenant's role table (MCP_CALLER_ROLES, set by
// CDK) maps to a function. Locally, each caller has its own bearer token, compared in constant time.
// No credential is ever forwarded downstream.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MCP_CALLERS, type McpCaller } from './permissions.js';

/** Locally: each caller's own bearer token. */
export type CallerTokens = Readonly<Partial<Record<McpCaller, string>>>;
/** Deployed: each caller's IAM role ARN (arn:aws:iam::<account>:role/<name>). */
export type CallerRoles = Readonly<Partial<Record<McpCaller, string>>>;
/** The part of a function URL's `requestContext.authorizer.iam` this server reads. */
export type IamIdentity = { userArn?: string | null };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerMatches(authorization: string | null | undefined, expectedToken: string): boolean {
  if (!authorization || expectedToken === '') return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] !== undefined && sameSecret(match[1], expectedToken);
}

/** The caller whose token the request carries; every token is compared, so timing says nothing of which. */
export function callerOfBearer(authorization: string | null | undefined, tokens: CallerTokens): McpCaller | null {
  let found: McpCaller | null = null;
  for (const caller of MCP_CALLERS) {
    const token = tokens[caller];
    if (token !== undefined && bearerMatches(authorization, token)) found = caller;
  }
  return found;
}

/** One fresh token per caller (the local runtime mints them at each start). */
export function mintCallerTokens(random: () => string = () => randomBytes(24).toString('base64url')): Record<McpCaller, string> {
  return Object.fromEntries(MCP_CALLERS.map((caller) => [caller, random()])) as Record<McpCaller, string>;
}

const ASSUMED_ROLE = /^arn:([\w-]+):sts::(\d{12}):assumed-role\/([\w+=,.@-]+)\/[^/]+$/;
const ROLE = /^arn:([\w-]+):iam::(\d{12}):role\/(?:[\w+=,.@-]+\/)*([\w+=,.@-]+)$/;

/**
 * The caller whose role signed the request. A Lambda function's credentials are a session of its
 * execution role (`arn:aws:sts::<account>:assumed-role/<role>/<session>`): partition, account and
 * role name must match one role of the table; anything else (a user, another role) is nobody.
 */
export function callerOfIam(iam: IamIdentity | null | undefined, roles: CallerRoles): McpCaller | null {
  const session = ASSUMED_ROLE.exec(iam?.userArn ?? '');
  if (!session) return null;
  const [, partition, account, roleName] = session;
  for (const caller of MCP_CALLERS) {
    const role = ROLE.exec(roles[caller] ?? '');
    if (role && role[1] === partition && role[2] === account && role[3] === roleName) return caller;
  }
  return null;
}

/** The JSON-RPC body of a refused request (no id: the request was not read). */
export const UNAUTHORIZED_BODY = { jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized' }, id: null } as const;
/** An authenticated principal that is none of the tenant's tool-calling functions. */
export const FORBIDDEN_BODY = { jsonrpc: '2.0', error: { code: -32003, message: 'Forbidden' }, id: null } as const;
