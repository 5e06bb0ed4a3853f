// What a tool call costs on the wire: the harness's MCP client against our real server on loopback
// HTTP, every request the server receives counted by a proxy in front of it (counting-proxy.ts). A
// warm client sends one request per tool call; the handshake happens once per caller; a restarted
// server is recovered from with at most one re-initialize, and a refund_create sent again after it
// is the same request with the same idempotency key. No mocks: real HTTP, the sandbox store behind.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerCredentials, createMcpToolTransport, McpSessionLostError, sessionFetch } from '#harness/adapters/mcp/index.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens, type McpServerDeps } from '#mcp/server/index.js';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { demoMcpDeps, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startSessionKeepingServer } from './session-keeping-server.js';

const TOKENS = mintCallerTokens();
const HANDSHAKE = ['POST initialize', 'POST notifications/initialized'];
const REFUND = {
  orderId: 'gid://shopify/Order/1003',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }],
  amount: { amountMinor: 2400, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/10031',
  gateway: 'shopify_payments',
  note: 'cracked in transit',
  idempotencyKey: 'run-sessions:refund:1',
};

let sandboxes: Sandboxes;
let deps: McpServerDeps;
let server: LocalMcpServer;
let proxy: CountingProxy;

const newClient = () => createMcpToolTransport({ url: proxy.url, credentials: bearerCredentials(TOKENS), serverId: 'refund-agent-mcp', timeoutMs: 5000 });
const getOrder = (tools: ReturnType<typeof newClient>, orderNumber = '1001') => tools.call('get_order', { orderNumber }, 'CheckOrder');

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  deps = demoMcpDeps(sandboxes);
});
afterAll(() => sandboxes.close());

describe('MCP sessions against the stateless server', () => {
  beforeEach(async () => {
    server = await startMcpHttpServer({ deps, callerTokens: TOKENS });
    proxy = await startCountingProxy(server.url);
  });
  afterEach(async () => {
    await proxy.close();
    await server.close();
  });

  it('makes the handshake on the first call of a cold client: initialize, notifications/initialized, tools/call, and no GET', async () => {
    expect(await getOrder(newClient())).toMatchObject({ ok: true, output: { order: { number: '1001' } } });

    expect(proxy.lines()).toEqual([...HANDSHAKE, 'POST tools/call']);
    expect(proxy.seen.map((r) => r.status)).toEqual([200, 202, 200]);
  });

  it('sends exactly one request per tool call once warm, with the negotiated MCP-Protocol-Version', async () => {
    const tools = newClient();
    await getOrder(tools);
    const warm = proxy.seen.length;

    for (const order of ['1001', '1002', '1003', '1005']) expect(await getOrder(tools, order)).toMatchObject({ ok: true });
    expect(await tools.call('get_refund_history', { customerId: 'gid://shopify/Customer/7003' }, 'CheckOrder')).toMatchObject({ ok: true });

    expect(proxy.lines(warm)).toEqual(Array(5).fill('POST tools/call'));
    expect(proxy.seen.slice(warm).map((r) => r.protocolVersion)).toEqual(Array(5).fill(LATEST_PROTOCOL_VERSION));
  });

  it('keeps one session per caller identity: another step, with its own token, makes its own handshake once', async () => {
    const tools = newClient();
    await getOrder(tools);
    const before = proxy.seen.length;

    expect(await tools.call('post_draft', { ticketId: '5002', body: 'Draft: a reply.' }, 'CheckReply')).toMatchObject({ ok: true });
    expect(await getOrder(tools)).toMatchObject({ ok: true });
    expect(await tools.call('post_draft', { ticketId: '5002', body: 'Draft: another reply.' }, 'CheckReply')).toMatchObject({ ok: true });

    expect(proxy.lines(before)).toEqual([...HANDSHAKE, 'POST tools/call', 'POST tools/call', 'POST tools/call']);
  });

  it("reads the pin check's server identity from a new handshake, and the tool calls after it ride on that session", async () => {
    const tools = newClient();
    await getOrder(tools);
    const before = proxy.seen.length;

    const live = await tools.listTools!('CheckOrder');
    await getOrder(tools);

    expect(live.server).toEqual({ name: 'refund-agent-store', version: '0.1.0' });
    expect(live.tools).toHaveLength(TOOL_NAMES.length);
    expect(proxy.lines(before)).toEqual([...HANDSHAKE, 'POST tools/list', 'POST tools/call']);
  });

  it('is not set back by a restart of the stateless server: the next call is still one request', async () => {
    const tools = newClient();
    await getOrder(tools);
    await server.close();
    server = await startMcpHttpServer({ deps, callerTokens: TOKENS });
    proxy.setUpstream(server.url);
    const before = proxy.seen.length;

    expect(await getOrder(tools)).toMatchObject({ ok: true, output: { order: { number: '1001' } } });
    expect(proxy.lines(before)).toEqual(['POST tools/call']);
  });

  it('re-initializes once when the server rejects the protocol version, and sends the call once more', async () => {
    const tools = newClient();
    await getOrder(tools);
    const before = proxy.seen.length;
    proxy.rewriteNextProtocolVersion('1999-01-01');

    expect(await getOrder(tools)).toMatchObject({ ok: true, output: { order: { number: '1001' } } });
    expect(proxy.lines(before)).toEqual(['POST tools/call', ...HANDSHAKE, 'POST tools/call']);
    expect(proxy.seen.slice(before).map((r) => r.status)).toEqual([400, 200, 202, 200]);
  });

  it('answers a tools/call that comes with no handshake before it (the stateless SDK server), and 400 to an unknown protocol version', async () => {
    const post = (version: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKENS['propose-refund']}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': version,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_order', arguments: { orderNumber: '1001' } } }),
      });

    const answered = await post(LATEST_PROTOCOL_VERSION);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ id: 7, result: { structuredContent: { order: { number: '1001' } } } });
    // What the client reads as "initialize again" (session.ts), from the real server's answer.
    await expect(
      sessionFetch(fetch)(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKENS['propose-refund']}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '1999-01-01',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_order', arguments: { orderNumber: '1001' } } }),
      }),
    ).rejects.toBeInstanceOf(McpSessionLostError);
  });

  it('answers 405 to a GET or DELETE (no standalone stream, no session), instead of holding a GET open', async () => {
    const headers = { authorization: `Bearer ${TOKENS['propose-refund']}`, accept: 'text/event-stream' };
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(server.url, { method, headers, signal: AbortSignal.timeout(2000) });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expect((await fetch(server.url, { method: 'GET' })).status).toBe(401);
  });
});

describe('MCP sessions against a server that keeps sessions and loses them in a restart', () => {
  it('recovers with one re-initialize, and a refund_create sent again is the same request, idempotency key and all: one refund', async () => {
    let keeping = await startSessionKeepingServer(deps, TOKENS);
    proxy = await startCountingProxy(keeping.url);
    try {
      const tools = newClient();
      expect(await tools.call('get_order', { orderNumber: '1003' }, 'Refund')).toMatchObject({ ok: true });
      expect(proxy.seen.at(-1)?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      await keeping.close();
      keeping = await startSessionKeepingServer(deps, TOKENS);
      proxy.setUpstream(keeping.url);
      const before = proxy.seen.length;

      const refund = await tools.call('refund_create', REFUND, 'Refund');

      expect(refund).toMatchObject({ ok: true, output: { amount: { amountMinor: 2400, currency: 'USD' } } });
      expect(proxy.lines(before)).toEqual(['POST tools/call', ...HANDSHAKE, 'POST tools/call']);
      expect(proxy.seen.slice(before).map((r) => r.status)).toEqual([404, 200, 202, 200]);
      const [refused, retried] = proxy.seen.slice(before).filter((r) => r.rpc === 'tools/call');
      expect(retried!.arguments).toEqual(refused!.arguments);
      expect(retried!.arguments).toMatchObject({ idempotencyKey: REFUND.idempotencyKey });
      expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(1);
      // And were it sent once more still, the store answers with the same refund.
      expect(await tools.call('refund_create', REFUND, 'Refund')).toEqual(refund);
      expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(1);
    } finally {
      await proxy.close();
      await keeping.close();
    }
  });
});
