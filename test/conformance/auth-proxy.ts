// Test helper: a tiny loopback proxy that adds one caller's bearer token to every request and
// forwards it unchanged otherwise (Host header included, so the MCP server's DNS-rebinding check
// still sees what the client sent). The conformance suite cannot send a token; this proxy plays the
// part of one tool-calling function holding its own, and the server under test keeps its auth and
// its per-caller tool permissions switched on.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AuthProxy {
  port: number;
  /** Where to forward; set once the upstream server has started. */
  setUpstream(url: string): void;
  close(): Promise<void>;
}

export async function startAuthProxy(bearerToken: string): Promise<AuthProxy> {
  let upstream: URL | undefined;
  const server = createServer((req, res) => {
    if (!upstream) return void res.writeHead(503).end();
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${bearerToken}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setUpstream: (url) => (upstream = new URL(url)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
