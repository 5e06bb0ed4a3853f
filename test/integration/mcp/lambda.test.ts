// The Lambda mapping behind the MCP server's function URL (AuthType AWS_IAM): payload v2 events with
// the signer's IAM identity in, structured results out, and the harness client reaching the handler
// SigV4-signed through a stand-in for the function URL (function-url.ts: checks the signature, lets
// only the allowed roles through). The signing role decides the tools: per-caller permissions hold
// here as they do locally. No server socket for the MCP hop; the sandbox store behind it is real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import type { StepName } from '#harness/domain/types.js';
import { createZendeskHelpdesk } from '#shared/helpdesk/index.js';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { createMcpDeps } from '#mcp/deps.js';
import { createMcpLambdaHandler, type McpLambdaHandler } from '#mcp/lambda.js';
import { MCP_CALLERS, type McpCaller } from '#mcp/server/index.js';
import { clock, HELPDESK_EMAIL, HELPDESK_TOKEN, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../../support/sandboxes.js';
import { FUNCTION_URL, functionUrlEvent, functionUrlFetch, roleSession, type Invoker } from './function-url.js';

/** Each tool-calling function's execution role, as CDK passes them (MCP_CALLER_ROLES). */
const CALLER_ROLES = Object.fromEntries(MCP_CALLERS.map((caller) => [caller, `arn:aws:iam::123456789012:role/acme-${caller}-role`])) as Record<
  McpCaller,
  string
>;
const SESSIONS = Object.fromEntries(MCP_CALLERS.map((caller, n) => [caller, roleSession(`acme-${caller}-role`, `acme-${caller}`, n + 1)])) as Record<
  McpCaller,
  Invoker
>;
/** A role of the account that is no tool-calling function (here even allowed through the URL). */
const STRANGER = roleSession('acme-runs-api-role', 'acme-runs-api', 99);

let sandboxes: Sandboxes;
let handler: McpLambdaHandler;
const refused: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  handler = createMcpLambdaHandler({
    deps: {
      ...createMcpDeps(
        {
          shopUrl: sandboxes.store.url,
          shopifyAdminToken: STORE_TOKEN,
          helpdesk: { baseUrl: sandboxes.helpdesk.url, email: HELPDESK_EMAIL, token: HELPDESK_TOKEN },
        },
        clock,
      ),
      log: (line) => void refused.push(line),
    },
    callerRoles: CALLER_ROLES,
  });
});
afterAll(() => sandboxes.close());

const viaFunctionUrl = () => functionUrlFetch(handler, [...Object.values(SESSIONS), STRANGER]);

/** The harness's client as deployed in one function: every request signed with its role's credentials. */
function toolsOf(session: Invoker, fetch: typeof globalThis.fetch = viaFunctionUrl()) {
  return createMcpToolTransport({
    url: FUNCTION_URL,
    serverId: 'refund-agent-mcp',
    credentials: { kind: 'sigv4', region: 'eu-west-1', credentials: session },
    fetch,
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const REFUND = {
  orderId: 'gid://shopify/Order/1003',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }],
  amount: { amountMinor: 2400, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/10031',
  gateway: 'shopify_payments',
  note: 'cracked in transit',
  idempotencyKey: 'lambda-test-refund-1003',
};

describe('MCP Lambda handler (function URL, AuthType AWS_IAM)', () => {
  it('answers initialize with a JSON body (no SSE) and no session id', async () => {
    const result = await handler(functionUrlEvent({ method: 'POST', body: initialize, headers: jsonHeaders, signer: SESSIONS['propose-refund'] }));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/application\/json/);
    expect(result.headers?.['mcp-session-id']).toBeUndefined();
    expect(JSON.parse(result.body ?? '')).toMatchObject({ id: 1, result: { serverInfo: { name: 'refund-agent-store' }, capabilities: { tools: {} } } });
  });

  it('refuses a request without an IAM identity with 401, and a role that is none of the tool-calling functions with 403', async () => {
    const anonymous = await handler(
      functionUrlEvent({ method: 'POST', body: initialize, headers: { ...jsonHeaders, authorization: 'Bearer some-old-shared-token' } }),
    );
    expect(anonymous.statusCode).toBe(401);

    const stranger = await handler(functionUrlEvent({ method: 'POST', body: initialize, headers: jsonHeaders, signer: STRANGER }));
    expect(stranger.statusCode).toBe(403);
    // The same role name in another account is nobody either.
    const elsewhere = { ...SESSIONS.refund, userArn: SESSIONS.refund.userArn.replace('123456789012', '210987654321') };
    expect((await handler(functionUrlEvent({ method: 'POST', body: initialize, headers: jsonHeaders, signer: elsewhere }))).statusCode).toBe(403);
    expect(refused.at(-1)).toMatchObject({ msg: 'mcp caller refused' });
  });

  it('serves the harness client end to end, SigV4-signed as the function role', async () => {
    const result = await toolsOf(SESSIONS['propose-refund']).call('get_order', { orderNumber: '1002' }, 'CheckOrder');
    expect(result).toMatchObject({
      ok: true,
      output: { order: { number: '1002', lineItems: [{ title: 'Wool throw blanket', unitPrice: { amountMinor: 6200 } }] } },
    });
  });

  it('costs a warm function one signed invocation per tool call; its first call makes the handshake', async () => {
    const invoked: string[] = [];
    const counted: McpLambdaHandler = async (event) => {
      const body = event.body === undefined ? '' : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
      invoked.push(`${event.requestContext.http.method} ${(JSON.parse(body || '{}') as { method?: string }).method ?? ''}`.trim());
      return handler(event);
    };
    const tools = toolsOf(SESSIONS['propose-refund'], functionUrlFetch(counted, Object.values(SESSIONS)));

    for (const orderNumber of ['1001', '1002', '1003']) expect(await tools.call('get_order', { orderNumber }, 'CheckOrder')).toMatchObject({ ok: true });

    expect(invoked).toEqual(['POST initialize', 'POST notifications/initialized', 'POST tools/call', 'POST tools/call', 'POST tools/call']);
  });

  it('answers a GET with 405 at once instead of holding the invocation open', async () => {
    const result = await handler(functionUrlEvent({ method: 'GET', headers: { accept: 'text/event-stream' }, signer: SESSIONS['propose-refund'] }));
    expect(result).toMatchObject({ statusCode: 405, headers: { allow: 'POST' } });
  });

  it('is closed to unsigned, badly signed or unknown callers before the server sees them', async () => {
    const unsigned = await viaFunctionUrl()(FUNCTION_URL, { method: 'POST', headers: jsonHeaders, body: initialize });
    expect(unsigned.status).toBe(403);
    const forged = toolsOf({ ...SESSIONS.refund, secretAccessKey: 'not-the-role-secret-000000000000000000000' });
    expect(await forged.call('refund_create', REFUND, 'Refund')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    const outsider = toolsOf(roleSession('someone-else', 'x', 77));
    expect(await outsider.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(0);
  });

  it("decides by the signing role, whatever step the harness names: only the refund role moves money, only reply steps' roles write notes", async () => {
    const asOrderTask = toolsOf(SESSIONS['propose-refund']);
    const before = sandboxes.helpdesk.notes('5004').length;

    // A compromised propose-refund function naming the Refund step is still propose-refund.
    expect(await asOrderTask.call('refund_create', REFUND, 'Refund')).toMatchObject({
      ok: false,
      error: { category: 'not_authorized', message: 'propose-refund may not call refund_create' },
    });
    expect(await asOrderTask.call('post_draft', { ticketId: '5004', body: 'Draft' }, 'CheckReply')).toMatchObject({
      ok: false,
      error: { category: 'not_authorized' },
    });
    expect(await toolsOf(SESSIONS['check-reply']).call('refund_create', REFUND, 'Refund')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(0);
    expect(refused).toContainEqual({ msg: 'mcp tool refused', caller: 'propose-refund', tool: 'refund_create', category: 'not_authorized' });

    expect(await toolsOf(SESSIONS.refund).call('refund_create', REFUND, 'Refund')).toMatchObject({ ok: true, output: { amount: { amountMinor: 2400 } } });
    expect(await toolsOf(SESSIONS['check-reply']).call('post_draft', { ticketId: '5004', body: 'Draft: checked reply.' }, 'CheckReply')).toMatchObject({
      ok: true,
    });
    expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(1);
    expect(sandboxes.helpdesk.notes('5004').length).toBe(before + 1);
  });

  it('never forwards the caller credentials downstream', async () => {
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
      callerRoles: CALLER_ROLES,
    });
    const through = functionUrlFetch(recorded, Object.values(SESSIONS));
    const steps: Array<[McpCaller, StepName]> = [
      ['propose-refund', 'CheckOrder'],
      ['escalate', 'Escalate'],
    ];
    expect(await toolsOf(SESSIONS[steps[0]![0]], through).call('get_order', { orderNumber: '1001' }, steps[0]![1])).toMatchObject({ ok: true });
    expect(
      await toolsOf(SESSIONS[steps[1]![0]], through).call('post_draft', { ticketId: '5004', body: 'Draft: order not yet shipped.' }, steps[1]![1]),
    ).toMatchObject({ ok: true });
    expect(outgoing.length).toBeGreaterThanOrEqual(2);
    expect(outgoing.join('\n')).toContain(STORE_TOKEN);
    for (const session of Object.values(SESSIONS)) {
      for (const secret of [session.secretAccessKey, session.sessionToken, session.accessKeyId]) expect(outgoing.join('\n')).not.toContain(secret);
    }
    expect(outgoing.join('\n')).not.toContain('AWS4-HMAC-SHA256');
  });
});
