// The local HTTP API (what API Gateway is in AWS): turns HTTP requests on loopback into API Gateway HTTP API (v2) events for the
// same handlers Lambda runs, and maps their results back. Routes are data (local/routes.ts: the
// HTTP API's list in functions/composition/routes.ts, which infra/ deploys); the most specific match wins.
// No request may stop the process: a malformed percent-encoding is a 400 (as API Gateway answers),
// a failing handler or an unsendable result a 500, a request Node cannot parse a plain status line.
// Before any route: a foreign Host name is a 421 and a cross-origin write a 403 (request-origin.ts).
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { refusalOf, type RequestOriginOptions } from './request-origin.js';

export type HttpHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
export interface Route {
  method: string;
  /** API Gateway style path, e.g. /api/runs/{runId}. */
  path: string;
  handler: HttpHandler;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** A path or query whose percent-encoding is not UTF-8: answered 400, never thrown past the server. */
export class MalformedRequestError extends Error {
  override readonly name = 'MalformedRequestError';
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch (cause) {
    throw new MalformedRequestError('malformed percent-encoding in the path', { cause });
  }
}

/** The request target's path and query, or null when it is not one (absolute forms are read as URLs). */
function parseTarget(url: string | undefined): URL | null {
  try {
    return new URL(url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

/** A query string as API Gateway hands it over: decoded values, refused when an encoding is malformed. */
function queryOf(search: string): Record<string, string> | undefined {
  if (!search || search === '?') return undefined;
  const params: Record<string, string> = {};
  for (const pair of search.slice(1).split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [key, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    params[decodeComponent(key.replace(/\+/g, ' '))] = decodeComponent(value.replace(/\+/g, ' '));
  }
  return params;
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * API Gateway's precedence between routes that both match: a literal segment beats a {parameter} at
 * the first place their paths differ in kind (POST /webhooks/shopify before POST /webhooks/{helpdesk}).
 */
function bySpecificity(a: Route, b: Route): number {
  const as = a.path.split('/');
  const bs = b.path.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = isParameter(as[i]!);
    if (ap !== isParameter(bs[i]!)) return ap ? 1 : -1;
  }
  return 0;
}

function match(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  const want = route.path.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (isParameter(w)) {
      if (!g) return null;
      params[w.slice(1, -1)] = decodeComponent(g);
    } else if (w !== g) return null;
  }
  return params;
}

/** The body, or null past the limit (the rest is drained unread, so the client can read the 413). */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function toApiGatewayEvent(req: IncomingMessage, body: Buffer, route: Route, params: Record<string, string>): APIGatewayProxyEventV2 {
  const url = parseTarget(req.url) ?? new URL('/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: queryOf(url.search),
    pathParameters: Object.keys(params).length ? params : undefined,
    isBase64Encoded: false,
    body: body.length ? body.toString('utf8') : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: `local-${now.getTime()}-${Math.random().toString(16).slice(2, 10)}`,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

export function createHttpApiServer(routes: readonly Route[], onError?: (error: unknown) => void, origin: RequestOriginOptions = {}): Server {
  const ordered = [...routes].sort(bySpecificity);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void serve(ordered, req, res).catch((error: unknown) => {
      // Only reached when even the 500 could not be written (the client went away, say).
      onError?.(error);
      res.destroy();
    });
  });
  server.on('clientError', answerUnparsable);
  // CONNECT and protocol upgrades would otherwise have their connections dropped without a word.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerOnSocket(socket, 405));
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => answerOnSocket(socket, 426));
  return server;

  async function serve(all: readonly Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.on('error', () => {}); // a client that aborts mid-body is not the server's failure
    const method = (req.method ?? 'GET').toUpperCase();
    const url = parseTarget(req.url);
    if (!url) return sendSafely(res, jsonResult(400, { error: 'malformed request target' }), onError);
    const refused = refusalOf(req, method, origin);
    if (refused) {
      req.resume();
      return sendSafely(res, refusalResult(refused.status, refused.error), onError);
    }
    const path = url.pathname;
    for (const route of all) {
      let params: Record<string, string> | null;
      let event: APIGatewayProxyEventV2;
      try {
        params = match(route, method, path);
        if (!params) continue;
        const body = await readBody(req);
        if (body === null) return sendSafely(res, jsonResult(413, { error: 'payload too large' }), onError);
        event = toApiGatewayEvent(req, body, route, params);
      } catch (error) {
        if (error instanceof MalformedRequestError) return sendSafely(res, jsonResult(400, { error: error.message }), onError);
        onError?.(error);
        return sendSafely(res, jsonResult(500, { error: 'internal error' }), onError);
      }
      let result: APIGatewayProxyStructuredResultV2;
      try {
        result = await route.handler(event);
      } catch (error) {
        onError?.(error);
        return sendSafely(res, jsonResult(500, { error: 'internal error' }), onError);
      }
      return sendSafely(res, result, onError);
    }
    req.resume();
    sendSafely(res, jsonResult(404, { error: `no route for ${method} ${path.slice(0, 200)}` }), onError);
  }
}

const jsonResult = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A request refused before any route (request-origin.ts): never framed, sniffed or cached, as the console's own pages. */
const refusalResult = (statusCode: number, error: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
  body: JSON.stringify({ error }),
});

/** Writes the result, or a 500 when the result itself cannot be sent (a bad status code or header). */
function sendSafely(res: ServerResponse, result: APIGatewayProxyStructuredResultV2, onError?: (error: unknown) => void): void {
  try {
    send(res, result);
  } catch (error) {
    onError?.(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    send(res, jsonResult(500, { error: 'internal error' }));
  }
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string> | undefined);
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : result.body);
}

/** A status line on a socket Node's HTTP parser gave up on, then close once the client has read it. */
function answerOnSocket(socket: Duplex, status: number): void {
  socket.on('error', () => {});
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  // Drain what the client still sends (closing with unread bytes would reset the connection before
  // it reads the answer), and give up on clients that never close.
  socket.resume();
  setTimeout(() => socket.destroy(), 5_000).unref();
}

/** Node's parser refused the request (bad method, bad target, headers too large, a lying length). */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  answerOnSocket(socket, status);
}
