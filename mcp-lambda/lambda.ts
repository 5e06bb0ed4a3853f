// The MCP server behind its Lambda function URL (AuthType AWS_IAM, payload v2, the same shape as an
// HTTP API's): Lambda has already verified the SigV4 signature and the caller's right to invoke; the
// handler maps the signing role (requestContext.authorizer.iam) to a caller through the tenant's
// role table, refuses anyone else, answers anything but a POST with 405 (server/stateless.ts), then
// maps the event to a web Request, runs a fresh stateless WebStandardStreamableHTTPServerTransport
// (JSON responses; a tools/call needs no handshake before it) for that caller and maps the Response
// back. Wired by index.ts; tests call it directly.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { callerOfIam, FORBIDDEN_BODY, UNAUTHORIZED_BODY, type CallerRoles, type IamIdentity } from './server/auth.js';
import { createMcpServer, logRefusal } from './server/create-server.js';
import { isMcpMethod, MCP_METHODS, METHOD_NOT_ALLOWED_BODY } from './server/stateless.js';
import type { McpServerDeps } from './server/tools.js';

export interface McpLambdaOptions {
  deps: McpServerDeps;
  /** Each tool-calling function's execution role (MCP_CALLER_ROLES). */
  callerRoles: CallerRoles;
}

/** A function URL event; with AuthType AWS_IAM, Lambda fills `authorizer.iam` with the verified signer. */
export type McpFunctionUrlEvent = APIGatewayProxyEventV2 & { requestContext: { authorizer?: { iam?: IamIdentity } } };

export type McpLambdaHandler = (event: McpFunctionUrlEvent) => Promise<APIGatewayProxyStructuredResultV2>;

export function eventToRequest(event: APIGatewayProxyEventV2): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  if (event.cookies?.length) headers.set('cookie', event.cookies.join('; '));
  const host = headers.get('host') ?? event.requestContext.domainName;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method.toUpperCase();
  const body =
    event.body === undefined || method === 'GET' || method === 'HEAD' ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
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
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
  isBase64Encoded: false,
});

export function createMcpLambdaHandler(options: McpLambdaOptions): McpLambdaHandler {
  return async (event) => {
    const iam = event.requestContext.authorizer?.iam;
    // No IAM context: the URL is not AWS_IAM (a misconfiguration), so nothing was verified.
    if (!iam) return json(401, UNAUTHORIZED_BODY, { 'www-authenticate': 'AWS4-HMAC-SHA256' });
    const caller = callerOfIam(iam, options.callerRoles);
    if (!caller) {
      // An IAM principal's ARN, no customer data.
      (options.deps.log ?? logRefusal)({ msg: 'mcp caller refused', principal: iam.userArn ?? null, reason: 'not a tool-calling function of this tenant' });
      return json(403, FORBIDDEN_BODY);
    }
    if (!isMcpMethod(event.requestContext.http.method)) return json(405, METHOD_NOT_ALLOWED_BODY, { allow: MCP_METHODS.join(', ') });
    const server = createMcpServer(options.deps, caller);
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
