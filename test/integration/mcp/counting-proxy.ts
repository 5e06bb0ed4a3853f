// Test helper: a loopback proxy in front of an MCP server that writes down every HTTP request the
// server receives (HTTP method, JSON-RPC method, protocol version and session headers, arguments,
// the server's status) and forwards it unchanged but for Host, which it sets to the server's own
// (the server's DNS-rebinding check stays on). The upstream can be swapped while the proxy keeps its
// address: a server restarted behind the same URL. One fault knob: the next request's
// MCP-Protocol-Version replaced, as a client would meet a server that no longer speaks its version.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** The JSON-RPC method, or null (a GET, an unreadable body). */
  rpc: string | null;
  protocolVersion: string | null;
  sessionId: string | null;
  /** tools/call arguments, when there are any. */
  arguments: Record<string, unknown> | null;
  status: number;
}

export interface CountingProxy {
  url: string;
  seen: SeenRequest[];
  /** `POST initialize`, `POST tools/call`…: the requests seen since `from`. */
  lines(from?: number): string[];
  setUpstream(url: string): void;
  rewriteNextProtocolVersion(version: string): void;
  close(): Promise<void>;
}

function rpcOf(body: string): { rpc: string | null; arguments: Record<string, unknown> | null } {
  try {
    const message = JSON.parse(body) as { method?: string; params?: { arguments?: Record<string, unknown> } };
    return { rpc: message.method ?? null, arguments: message.params?.arguments ?? null };
  } catch {
    return { rpc: null, arguments: null };
  }
}

export async function startCountingProxy(upstreamUrl: string): Promise<CountingProxy> {
  let upstream = new URL(upstreamUrl);
  let nextProtocolVersion: string | null = null;
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
      if (nextProtocolVersion !== null && headers['mcp-protocol-version'] !== undefined) {
        headers['mcp-protocol-version'] = nextProtocolVersion;
        nextProtocolVersion = null;
      }
      const entry: SeenRequest = {
        method: req.method ?? '',
        ...rpcOf(body.toString('utf8')),
        protocolVersion: (headers['mcp-protocol-version'] as string | undefined) ?? null,
        sessionId: (headers['mcp-session-id'] as string | undefined) ?? null,
        status: 0,
      };
      seen.push(entry);
      const forward = request({ host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: req.method, headers }, (answer) => {
        entry.status = answer.statusCode ?? 0;
        res.writeHead(entry.status, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => {
        entry.status = 502;
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    lines: (from = 0) => seen.slice(from).map((r) => `${r.method} ${r.rpc ?? ''}`.trim()),
    setUpstream: (url) => void (upstream = new URL(url)),
    rewriteNextProtocolVersion: (version) => void (nextProtocolVersion = version),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
