// The MCP server on node:http for the local runtime and tests: stateless Streamable HTTP at /mcp
// (POST only, server/stateless.ts), a fresh server and transport per request, DNS-rebinding
// protection (Host allowlist). Each caller (a tool-calling function, server/permissions.ts) proves
// who it is with its own bearer token, and gets only its own tools: the local stand-in for the
// deployed function URL's IAM identity.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { callerOfBearer, UNAUTHORIZED_BODY, type CallerTokens } from './server/auth.js';
import { createMcpServer } from './server/create-server.js';
import { isMcpMethod, MCP_METHODS, METHOD_NOT_ALLOWED_BODY } from './server/stateless.js';
import type { McpServerDeps } from './server/tools.js';

export interface LocalMcpServerOptions {
  deps: McpServerDeps;
  /** Each caller's own token (mintCallerTokens); a request with none of them is refused with 401. */
  callerTokens: CallerTokens;
  host?: string;
  port?: number;
  /**
   * Host headers accepted besides this server's own loopback address (DNS-rebinding protection),
   * e.g. a reverse proxy's `127.0.0.1:<its port>` that forwards the Host it received.
   */
  extraAllowedHosts?: string[];
}

export interface LocalMcpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  url: string;
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export async function startMcpHttpServer(options: LocalMcpServerOptions): Promise<LocalMcpServer> {
  const host = options.host ?? '127.0.0.1';
  let allowedHosts: string[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://local').pathname !== MCP_PATH) return sendJson(res, 404, { error: 'not found' });
    const caller = callerOfBearer(req.headers.authorization, options.callerTokens);
    if (!caller) return sendJson(res, 401, UNAUTHORIZED_BODY, { 'www-authenticate': 'Bearer' });
    if (!isMcpMethod(req.method ?? '')) return sendJson(res, 405, METHOD_NOT_ALLOWED_BODY, { allow: MCP_METHODS.join(', ') });
    const server = createMcpServer(options.deps, caller);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  allowedHosts = [`${host}:${port}`, `localhost:${port}`, ...(options.extraAllowedHosts ?? [])];
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
