// Local API Gateway: turns HTTP requests on loopback into API Gateway HTTP API (v2) events for the
// same handlers Lambda runs, and maps their results back. Routes are data, as in infra/.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
export interface Route {
  method: string;
  /** API Gateway style path, e.g. /api/runs/{runId}. */
  path: string;
  handler: HttpHandler;
}

const MAX_BODY_BYTES = 1024 * 1024;

function match(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  const want = route.path.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (!g) return null;
      params[w.slice(1, -1)] = decodeURIComponent(g);
    } else if (w !== g) return null;
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function toApiGatewayEvent(req: IncomingMessage, body: Buffer, route: Route, params: Record<string, string>): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    isBase64Encoded: false,
    body: body.length ? body.toString('utf8') : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: { method: route.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '', userAgent: headers['user-agent'] ?? '' },
      requestId: `local-${now.getTime()}-${Math.random().toString(16).slice(2, 10)}`,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

export function createGatewayServer(routes: Route[], onError?: (error: unknown) => void): Server {
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    for (const route of routes) {
      const params = match(route, method, path);
      if (!params) continue;
      const body = await readBody(req);
      if (body === null) return send(res, { statusCode: 413, body: JSON.stringify({ error: 'payload too large' }) });
      try {
        return send(res, await route.handler(toApiGatewayEvent(req, body, route, params)));
      } catch (error) {
        onError?.(error);
        return send(res, { statusCode: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'internal error' }) });
      }
    }
    send(res, { statusCode: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: `no route for ${method} ${path}` }) });
  });
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string> | undefined);
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : result.body);
}
