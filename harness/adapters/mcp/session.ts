// The harness's sessions with one MCP server: one initialize handshake per caller identity (a step's
// own token locally, the function's role deployed) for the life of a warm instance; after it, each
// tool call is one HTTP request (`tools/call` with the negotiated MCP-Protocol-Version). Our server is
// stateless Streamable HTTP: the SDK (1.32) serves a request without a session, checking only that
// the protocol version header is one it speaks, so a session is the client's memory of the
// negotiated version and the server's identity, nothing the server keeps. When a server still
// answers that it wants a handshake (404 for a session id it does not know, 400 "not initialized" or
// a protocol version it does not speak), the session is opened again once and the request sent once
// more.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, type StreamableHTTPClientTransportOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export const MCP_CLIENT_INFO = { name: 'refund-agent-harness', version: '0.1.0' } as const;

/**
 * The SDK would check a tool's structured output against the tool's JSON Schema with ajv; the harness
 * checks it against the tool's zod contract instead (harness/gateway/tool-calls.ts), which is stricter
 * and its own, so the SDK's check passes everything on, and ajv stays out of the bundles (infra/lib/no-ajv.ts).
 */
const CONTRACTS_CHECK_OUTPUTS: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** A negotiated session: the client that sends on it, the protocol version and the server's name and version. */
export interface McpSession {
  client: Client;
  protocolVersion: string;
  server: { name: string; version: string };
}

/** How one caller reaches the server: `key` names its identity, `connection` carries its credential. */
export interface McpCallerIdentity {
  key: string;
  connection: Pick<StreamableHTTPClientTransportOptions, 'fetch' | 'requestInit'>;
}

/** The server refused a request before running it because it wants a (new) handshake. */
export class McpSessionLostError extends Error {
  override readonly name = 'McpSessionLostError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`the MCP server asks for a new handshake (${status}): ${message}`);
  }
}

/** SDK server answers that mean "initialize again" (webStandardStreamableHttp.ts's validateSession and validateProtocolVersion). */
const HANDSHAKE_WANTED = /not initialized|session id|protocol version/i;

async function lostSession(response: Response, headers: Headers): Promise<McpSessionLostError | null> {
  // A 404 is "session unknown" only for a request that named one; otherwise it is a wrong URL.
  if (response.status === 404 && headers.has('mcp-session-id')) return new McpSessionLostError(404, 'session not found');
  if (response.status !== 400) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = typeof body?.error?.message === 'string' ? body.error.message : '';
  return HANDSHAKE_WANTED.test(message) ? new McpSessionLostError(400, message.slice(0, 200)) : null;
}

/**
 * The fetch a session's transport uses. It never sends a GET: the SDK opens a standalone SSE stream
 * after the handshake for server-initiated messages, which this client takes none of (and which
 * would hold a Lambda invocation open); it is answered here as a server without one answers, 405.
 * A request made after the handshake that the server refuses for want of one throws McpSessionLostError.
 */
export function sessionFetch(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') return new Response(null, { status: 405 });
    const response = await send(input, init);
    if (!headers.has('mcp-protocol-version') && !headers.has('mcp-session-id')) return response;
    const lost = await lostSession(response, headers);
    if (lost) {
      await response.body?.cancel();
      throw lost;
    }
    return response;
  };
}

export interface McpSessions {
  /** A new handshake for the caller; it replaces the cached session (the pin check reads a live server identity). */
  open(identity: McpCallerIdentity): Promise<McpSession>;
  /**
   * Runs `work` on the caller's session (a handshake first when there is none). When the server
   * refuses the request for want of a handshake, opens a new session once and runs `work` once more:
   * the refused request never reached a tool, so sending the same one again is safe, and a
   * `refund_create` carries its idempotency key, so a store that did see it answers with the same refund.
   */
  run<T>(identity: McpCallerIdentity, work: (session: McpSession) => Promise<T>): Promise<T>;
}

export function createMcpSessions(options: { url: URL; timeoutMs: number }): McpSessions {
  const sessions = new Map<string, Promise<McpSession>>();

  async function handshake(identity: McpCallerIdentity): Promise<McpSession> {
    const transport = new StreamableHTTPClientTransport(options.url, identity.connection);
    const client = new Client(MCP_CLIENT_INFO, { jsonSchemaValidator: CONTRACTS_CHECK_OUTPUTS });
    // initialize, then notifications/initialized: two requests, once per session.
    await client.connect(transport, { timeout: options.timeoutMs });
    const server = client.getServerVersion();
    return {
      client,
      protocolVersion: transport.protocolVersion ?? 'unknown',
      server: { name: server?.name ?? 'unknown', version: server?.version ?? 'unknown' },
    };
  }

  function open(identity: McpCallerIdentity): Promise<McpSession> {
    // A failed handshake is not kept: the next call tries again. An old session is dropped, not
    // closed, so calls still in flight on it finish on their own.
    const opening: Promise<McpSession> = handshake(identity).catch((error: unknown) => {
      if (sessions.get(identity.key) === opening) sessions.delete(identity.key);
      throw error;
    });
    sessions.set(identity.key, opening);
    return opening;
  }

  return {
    open,
    async run(identity, work) {
      const used = sessions.get(identity.key) ?? open(identity);
      const session = await used;
      try {
        return await work(session);
      } catch (error) {
        if (!(error instanceof McpSessionLostError)) throw error;
        // Concurrent calls refused on the same session share one new handshake.
        const current = sessions.get(identity.key);
        const renewed = current !== undefined && current !== used ? current : open(identity);
        return await work(await renewed);
      }
    },
  };
}
