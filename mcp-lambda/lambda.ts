// The MCP server behind API Gateway (HTTP API, payload v2): maps the event to a web Request, runs a
// fresh stateless WebStandardStreamableHTTPServerTransport (JSON responses) and maps the Response
// back. Requires `Authorization: Bearer <caller token>`. Wired by index.ts; tests call it directly.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { bearerMatches, UNAUTHORIZED_BODY } from './server/auth.js';
import { createMcpServer } from './server/create-server.js';
import type { McpServerDeps } from './server/tools.js';

export interface McpLambdaOptions {
  deps: McpServerDeps;
  callerToken: string;
}

export type McpLambdaHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

export function eventToRequest(event: APIGatewayProxyEventV2): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (event.cookies?.length) headers.set('cookie', event.cookies.join('; '));
  const host = headers.get('host') ?? event.requestContext.domainName;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method.toUpperCase();
  const body = event.body === undefined || method === 'GET' || method === 'HEAD'
    ? undefined
    : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(`https://${host}${event.rawPath}${query}`, { method, headers, body });
}

export async function responseToResult(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  return {
    statusCode: response.status,
    headers,
    body: await response.text(),
    isBase64Encoded: false,
    ...(cookies.length > 0 ? { cookies } : {}),
  };
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), isBase64Encoded: false,
});

export function createMcpLambdaHandler(options: McpLambdaOptions): McpLambdaHandler {
  return async (event) => {
    const authorization = event.headers?.authorization ?? event.headers?.Authorization;
    if (!bearerMatches(authorization, options.callerToken)) {
      return json(401, UNAUTHORIZED_BODY, { 'www-authenticate': 'Bearer' });
    }
    const server = createMcpServer(options.deps);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await responseToResult(await transport.handleRequest(eventToRequest(event)));
    } finally {
      await transport.close();
      await server.close();
    }
  };
}
