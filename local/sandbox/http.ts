// Small node:http helpers shared by the sandbox servers: read a JSON body, answer JSON, listen on
// loopback (port 0 by default) and close cleanly, serve POST /sandbox/faults, hang on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { applyFaults, FaultsRequest, type StoreFaults } from './store/faults.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export async function readBody(req: IncomingMessage, maxBytes = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > maxBytes) throw new Error('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function listen(handler: Handler, host = '127.0.0.1', port = 0): Promise<Listening> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { errors: 'internal sandbox error' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** POST /sandbox/faults: set the fault knobs (see FaultsRequest); answers 204, or 400 with the reason. */
export async function handleFaultsRequest(req: IncomingMessage, res: ServerResponse, faults: StoreFaults): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
  let parsed: z.infer<typeof FaultsRequest>;
  try {
    const result = FaultsRequest.safeParse(JSON.parse(await readBody(req, 10_000)));
    if (!result.success) return sendJson(res, 400, { error: z.prettifyError(result.error) });
    parsed = result.data;
  } catch {
    return sendJson(res, 400, { error: 'body is not JSON' });
  }
  applyFaults(faults, parsed);
  res.writeHead(204).end();
}

/** Reads the request and never answers: resolves when the client gives up or the server closes. */
export async function hangUntilClosed(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  await new Promise<void>((resolve) => {
    res.once('close', resolve);
  });
}
