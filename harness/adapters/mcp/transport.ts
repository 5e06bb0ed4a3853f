// ToolTransport over MCP Streamable HTTP: a session per caller identity (session.ts: one handshake
// per warm instance, then one HTTP request per tool call), a timeout, and the caller's credential:
// deployed, every request signed with SigV4 as the function's own role (the server's function URL
// is AuthType AWS_IAM); locally, the calling step's own bearer token. A tool's own failure comes back
// as its {category, message}; a transport failure is temporarily_unavailable, a refused credential
// not_authorized. Built by the step handlers / local runtime and handed to the harness.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListToolsResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError, type ToolErrorCategory, type ToolName } from '#shared/contracts/tools.js';
import type { StepName } from '../../domain/types.js';
import type { LiveToolList, ToolCallResult, ToolTransport } from '../../ports.js';
import { createMcpSessions, sessionFetch, type McpCallerIdentity } from './session.js';
import { createSigV4Fetch, type SigV4Credentials } from './sigv4.js';

export { MCP_CLIENT_INFO } from './session.js';

export type McpCredentials =
  /** Deployed: the function's role signs (service `lambda`); the server knows the caller by that role. */
  | { kind: 'sigv4'; region: string; credentials: SigV4Credentials; now?: () => Date }
  /** Locally: each step's own token (local/backend.ts mints one per caller); none for a step, no call. */
  | { kind: 'bearer'; tokenFor(caller: StepName): string | undefined };

/** Steps that run inside another step's function (the ProposeRefund Task runs CheckOrder and the Gate). */
const STEP_HOSTS: Partial<Record<StepName, StepName>> = { CheckOrder: 'ProposeRefund', Gate: 'ProposeRefund' };

/**
 * The caller the MCP server knows for a step: the name of the function that runs it
 * (infra/lib/functions.ts STATE_FUNCTIONS), e.g. Triage → triage, CheckOrder → propose-refund.
 */
export const mcpCallerOfStep = (step: StepName): string => (STEP_HOSTS[step] ?? step).replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();

/** Local credentials from the callers' tokens (caller name → token): each step presents its function's own. */
export function bearerCredentials(tokens: Readonly<Record<string, string>>): McpCredentials {
  return {
    kind: 'bearer',
    tokenFor: (step) => {
      const caller = mcpCallerOfStep(step);
      return Object.hasOwn(tokens, caller) ? tokens[caller] : undefined;
    },
  };
}

export interface McpToolTransportOptions {
  url: string;
  credentials: McpCredentials;
  serverId: string;
  timeoutMs?: number;
  /** A fetch to use instead of the global one (tests reach a Lambda handler with no server). */
  fetch?: typeof fetch;
}

class NoCredentialError extends Error {
  override readonly name = 'NoCredentialError';
}

function failure(category: ToolErrorCategory, message: string): ToolCallResult {
  return { ok: false, error: { category, message } };
}

function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((c) => (c.type === 'text' ? [c.text] : []))
    .join(' ')
    .slice(0, 500);
}

export function toToolCallResult(result: CallToolResult): ToolCallResult {
  if (result.isError) {
    const parsed = ToolError.safeParse(result.structuredContent);
    if (parsed.success) return { ok: false, error: parsed.data };
    // The SDK reports bad arguments and unknown tools as isError text without structured content.
    return failure('invalid', textOf(result) || 'the tool failed without details');
  }
  if (result.structuredContent === undefined) return failure('invalid', 'the tool returned no structured content');
  return { ok: true, output: result.structuredContent };
}

function isStatus(error: unknown, ...codes: number[]): boolean {
  return error instanceof StreamableHTTPError && error.code !== undefined && codes.includes(error.code);
}

export function createMcpToolTransport(options: McpToolTransportOptions): ToolTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const { credentials } = options;
  const sessions = createMcpSessions({ url: new URL(options.url), timeoutMs: timeout });
  // The global fetch is looked up per request, not kept: whoever wraps it later (a meter) still sees every request.
  const send: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const signing =
    credentials.kind === 'sigv4'
      ? createSigV4Fetch({
          region: credentials.region,
          credentials: credentials.credentials,
          ...(credentials.now ? { now: credentials.now } : {}),
          fetch: send,
        })
      : null;

  /** Who the caller is to the server, and the connection presenting it (the signing role, or the step's token). */
  function identityOf(caller: StepName): McpCallerIdentity {
    // Deployed, every step of this function signs as the function's one role: one identity.
    if (signing) return { key: 'role', connection: { fetch: sessionFetch(signing) } };
    const token = credentials.kind === 'bearer' ? credentials.tokenFor(caller) : undefined;
    if (token === undefined) throw new NoCredentialError(`no MCP credential for step ${caller}`);
    return { key: `bearer ${token}`, connection: { requestInit: { headers: { authorization: `Bearer ${token}` } }, fetch: sessionFetch(send) } };
  }

  return {
    serverId: options.serverId,
    async call(name: ToolName, args: Record<string, unknown>, caller: StepName): Promise<ToolCallResult> {
      try {
        const result = (await sessions.run(identityOf(caller), (session) =>
          session.client.callTool({ name, arguments: args }, undefined, { timeout }),
        )) as CallToolResult;
        return toToolCallResult(result);
      } catch (error) {
        if (error instanceof NoCredentialError) return failure('not_authorized', error.message);
        if (isStatus(error, 401, 403)) return failure('not_authorized', `the MCP server ${options.serverId} refused our credential`);
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
        return failure('temporarily_unavailable', `the MCP server ${options.serverId} could not be used: ${reason}`);
      }
    },
    /**
     * tools/list and the server's name and version, for the registry's pin check; throws when
     * unreachable. A new handshake each time, so the identity checked is the live server's (a
     * redeployed server is seen); the session it opens serves the caller's tool calls after it.
     */
    async listTools(caller: StepName): Promise<LiveToolList> {
      const session = await sessions.open(identityOf(caller));
      // A plain request, not client.listTools(): the tool calls after it behave the same with or without a pin check.
      const { tools } = await session.client.request({ method: 'tools/list' }, ListToolsResultSchema, { timeout });
      return { server: session.server, tools };
    },
  };
}
