// Test helper: our MCP server (createMcpServer: the same tools, callers and permissions) behind the
// SDK's stateful Streamable HTTP transport, as a deployment that keeps sessions would run it:
// initialize hands out an Mcp-Session-Id, every later request must carry it, and the sessions live
// in this process's memory, so a restart forgets them and a request naming one gets 404 (the spec's
// "initialize again"). The product's server is stateless (mcp-lambda/local-server.ts); this one
// gives the client's re-initialize path a real server to recover from.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { callerOfBearer, createMcpServer, type CallerTokens, type McpServerDeps } from '#mcp/server/index.js';

export interface SessionKeepingServer {
  url: string;
  close(): Promise<void>;
}

const jsonRpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

export async function startSessionKeepingServer(deps: McpServerDeps, callerTokens: CallerTokens): Promise<SessionKeepingServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    const caller = callerOfBearer(req.headers.authorization, callerTokens);
    if (!caller) return void res.writeHead(401, { 'content-type': 'application/json' }).end(jsonRpcError(-32001, 'Unauthorized'));
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      if (!transport) return void res.writeHead(404, { 'content-type': 'application/json' }).end(jsonRpcError(-32001, 'Session not found'));
      return void transport.handleRequest(req, res);
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    void createMcpServer(deps, caller)
      .connect(transport)
      .then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
      await new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
