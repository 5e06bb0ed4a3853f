// The Lambda mapping: synthetic API Gateway HTTP API v2 events in, structured results out, and the
// harness client reaching the handler through a fetch that builds those events (no server socket
// for the MCP hop; the sandbox store behind it is real HTTP).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import { createZendeskHelpdesk } from '#mcp/adapters/helpdesk/index.js';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { createMcpDeps } from '#mcp/deps.js';
import { createMcpLambdaHandler, type McpLambdaHandler } from '#mcp/lambda.js';
import { clock, HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../sandbox/sandboxes.js';

const CALLER_TOKEN = 'lambda-caller-token-0123456789';
let sandboxes: Sandboxes;
let handler: McpLambdaHandler;

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  handler = createMcpLambdaHandler({
    deps: createMcpDeps({
      shopUrl: sandboxes.store.url, shopifyAdminToken: STORE_TOKEN,
      helpdesk: { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN },
    }, clock),
    callerToken: CALLER_TOKEN,
  });
});
afterAll(() => sandboxes.close());

function apiGatewayEvent(input: { method: string; headers: Record<string, string>; body?: string; base64?: boolean }): APIGatewayProxyEventV2 {
  const body = input.body === undefined ? undefined : input.base64 ? Buffer.from(input.body).toString('base64') : input.body;
  return {
    version: '2.0', routeKey: '$default', rawPath: '/mcp', rawQueryString: '',
    headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', ...input.headers },
    requestContext: {
      accountId: '123456789012', apiId: 'abc123', domainName: 'abc123.execute-api.eu-west-1.amazonaws.com', domainPrefix: 'abc123',
      http: { method: input.method, path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1', routeKey: '$default', stage: '$default', time: '30/Nov/2026:12:00:00 +0000', timeEpoch: 1_796_040_000_000,
    },
    body,
    isBase64Encoded: input.base64 ?? false,
  };
}

/** A fetch that turns the client's Request into an API Gateway event and the result back. */
const lambdaFetch: typeof fetch = async (url, init) => {
  const req = new Request(url, init);
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  const text = req.method === 'GET' ? undefined : await req.text();
  const result = await handler(apiGatewayEvent({ method: req.method, headers, ...(text === undefined ? {} : { body: text, base64: true }) }));
  return new Response(result.statusCode === 202 || result.statusCode === 204 ? null : (result.body ?? null), {
    status: result.statusCode ?? 200, headers: result.headers as Record<string, string>,
  });
};

const initialize = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});

describe('MCP Lambda handler (API Gateway HTTP API v2)', () => {
  it('answers initialize with a JSON body (no SSE) and no session id', async () => {
    const result = await handler(apiGatewayEvent({
      method: 'POST', body: initialize,
      headers: { authorization: `Bearer ${CALLER_TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    }));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/application\/json/);
    expect(result.headers?.['mcp-session-id']).toBeUndefined();
    expect(JSON.parse(result.body ?? '')).toMatchObject({ id: 1, result: { serverInfo: { name: 'refund-agent-store' }, capabilities: { tools: {} } } });
  });

  it('refuses a request without the caller token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${CALLER_TOKEN}`]) {
      const result = await handler(apiGatewayEvent({
        method: 'POST', body: initialize,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
      }));
      expect(result.statusCode).toBe(401);
      expect(result.headers?.['www-authenticate']).toBe('Bearer');
    }
  });

  it('serves the harness client end to end with base64 bodies', async () => {
    const tools = createMcpToolTransport({ url: 'https://abc123.execute-api.eu-west-1.amazonaws.com/mcp', bearerToken: CALLER_TOKEN, serverId: 'store', fetch: lambdaFetch });
    const result = await tools.call('get_order', { orderNumber: '1002' });
    expect(result).toMatchObject({ ok: true, output: { order: { number: '1002', lineItems: [{ title: 'Wool throw blanket', unitPrice: { amountMinor: 6200 } }] } } });
  });

  it('never forwards the caller token downstream', async () => {
    const outgoing: string[] = [];
    const recordingFetch: typeof fetch = async (url, init) => {
      outgoing.push(JSON.stringify({ url: String(url), headers: init?.headers, body: init?.body }));
      return fetch(url, init);
    };
    const recorded = createMcpLambdaHandler({
      deps: {
        shopify: createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: sandboxes.store.url, accessToken: STORE_TOKEN, fetch: recordingFetch }) }),
        helpdesk: createZendeskHelpdesk({ baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN, fetch: recordingFetch }),
        clock,
      },
      callerToken: CALLER_TOKEN,
    });
    const viaRecorded: typeof fetch = async (url, init) => {
      const req = new Request(url, init);
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => (headers[k] = v));
      const result = await recorded(apiGatewayEvent({ method: req.method, headers, ...(req.method === 'GET' ? {} : { body: await req.text() }) }));
      return new Response(result.statusCode === 202 ? null : (result.body ?? null), { status: result.statusCode ?? 200, headers: result.headers as Record<string, string> });
    };
    const tools = createMcpToolTransport({ url: 'https://abc123.execute-api.eu-west-1.amazonaws.com/mcp', bearerToken: CALLER_TOKEN, serverId: 'store', fetch: viaRecorded });
    expect(await tools.call('get_order', { orderNumber: '1001' })).toMatchObject({ ok: true });
    expect(await tools.call('post_draft', { ticketId: '5004', body: 'Draft: order not yet shipped.' })).toMatchObject({ ok: true });
    expect(outgoing.length).toBeGreaterThanOrEqual(2);
    expect(outgoing.join('\n')).toContain(STORE_TOKEN);
    expect(outgoing.join('\n')).not.toContain(CALLER_TOKEN);
  });
});
