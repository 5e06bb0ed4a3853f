// The MCP server on loopback HTTP (local transport) and the harness's MCP client, end to end down
// to the sandbox store and helpdesk. No mocks: real HTTP at every hop.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerCredentials, createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { demoMcpDeps, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';
import { pipelineTools, type PipelineTools } from './local-callers.js';

const CALLER_TOKENS = mintCallerTokens();
/** Any one caller's token: the tool list is open to every caller. */
const CALLER_TOKEN = CALLER_TOKENS['propose-refund'];
let sandboxes: Sandboxes;
let mcp: LocalMcpServer;
let tools: PipelineTools;

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  const deps = demoMcpDeps(sandboxes);
  mcp = await startMcpHttpServer({ deps, callerTokens: CALLER_TOKENS, host: '127.0.0.1', port: 0 });
  tools = pipelineTools({ url: mcp.url, tokens: CALLER_TOKENS });
});
afterAll(async () => {
  await mcp.close();
  await sandboxes.close();
});

describe('MCP server and harness client over loopback HTTP', () => {
  it('lists the twelve tools sorted by name, each with a description, schemas and annotations', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { authorization: `Bearer ${CALLER_TOKEN}` } } }));
    const { tools: listed } = await client.listTools();
    await client.close();
    expect(listed.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    expect(listed.map((t) => t.name)).toEqual([
      'cancel_order',
      'cancel_return',
      'close_return',
      'find_customer_orders',
      'get_order',
      'get_refund_history',
      'get_returns',
      'open_return',
      'post_draft',
      'preview_refund',
      'process_return',
      'refund_create',
    ]);
    for (const tool of listed) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const refund = listed.find((t) => t.name === 'refund_create');
    expect(refund?.inputSchema.required).toEqual(expect.arrayContaining(['orderId', 'amount', 'idempotencyKey']));
    expect(refund?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // Cancelling moves money and is not idempotent (orderCancel takes no key).
    expect(listed.find((t) => t.name === 'cancel_order')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(listed.find((t) => t.name === 'get_order')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(listed.find((t) => t.name === 'find_customer_orders')?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(listed.find((t) => t.name === 'preview_refund')?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    // Returns: read-only get_returns; the writes take no idempotency key; processing moves money.
    expect(listed.find((t) => t.name === 'get_returns')?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(listed.find((t) => t.name === 'open_return')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(listed.find((t) => t.name === 'process_return')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    for (const name of ['close_return', 'cancel_return']) expect(listed.find((t) => t.name === name)?.annotations).toMatchObject({ readOnlyHint: false });
  });

  it('preview_refund says what a refund would be, capped by earlier refunds, and changes nothing', async () => {
    const refundsBefore = sandboxes.store.store.orderById('gid://shopify/Order/992')?.refunds.length;
    const result = await tools.call('preview_refund', {
      orderId: 'gid://shopify/Order/992',
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/10992', quantity: 2 }],
    });
    expect(result).toEqual({
      ok: true,
      output: {
        orderId: 'gid://shopify/Order/992',
        amount: { amountMinor: 1500, currency: 'USD' },
        subtotal: { amountMinor: 1500, currency: 'USD' },
        totalTax: { amountMinor: 0, currency: 'USD' },
        maximumRefundable: { amountMinor: 2400, currency: 'USD' },
        lineItems: [
          {
            lineItemId: 'gid://shopify/LineItem/10992',
            quantity: 1,
            subtotal: { amountMinor: 1500, currency: 'USD' },
            tax: { amountMinor: 0, currency: 'USD' },
          },
        ],
        shipping: {
          amount: { amountMinor: 0, currency: 'USD' },
          tax: { amountMinor: 0, currency: 'USD' },
          maximumRefundable: { amountMinor: 0, currency: 'USD' },
        },
        duties: { total: { amountMinor: 0, currency: 'USD' }, items: [] },
        transactions: [
          {
            parentTransactionId: 'gid://shopify/OrderTransaction/9921',
            gateway: 'shopify_payments',
            amount: { amountMinor: 1500, currency: 'USD' },
            maximumRefundable: { amountMinor: 2400, currency: 'USD' },
          },
        ],
      },
    });
    expect(sandboxes.store.store.orderById('gid://shopify/Order/992')?.refunds.length).toBe(refundsBefore);
  });

  it('preview_refund of an unknown order is not_found, of a malformed id invalid', async () => {
    const lines = [{ lineItemId: 'gid://shopify/LineItem/1', quantity: 1 }];
    expect(await tools.call('preview_refund', { orderId: 'gid://shopify/Order/4242', lineItems: lines })).toMatchObject({
      ok: false,
      error: { category: 'not_found' },
    });
    expect(await tools.call('preview_refund', { orderId: '1001 OR 1=1', lineItems: lines })).toMatchObject({ ok: false, error: { category: 'invalid' } });
  });

  it('get_order marks customer text (note, properties, attributes, address) as untrusted', async () => {
    const apron = await tools.call('get_order', { orderNumber: '1005' });
    expect(apron).toMatchObject({
      ok: true,
      output: {
        order: {
          customAttributes: [{ untrusted: true, key: 'gift_message', value: expect.stringContaining('pre-approved') }],
          lineItems: [{ customAttributes: [{ untrusted: true, key: 'Embroidery', value: expect.stringContaining('IGNORE PREVIOUS') }] }],
          truncated: false,
          truncatedLists: [],
        },
      },
    });
    const mug = await tools.call('get_order', { orderNumber: '1001' });
    expect(mug).toMatchObject({
      ok: true,
      output: {
        order: {
          shippingAddress: { untrusted: true, text: 'Ana Souza\n12 Rua das Flores\nLisboa 1100-001\nPortugal' },
          fulfillments: [{ createdAt: '2026-11-27T12:00:00Z', deliveredAt: '2026-11-29T12:00:00Z' }],
        },
      },
    });
  });

  it('get_order of 1001 returns 1800 USD; the order note of 1005 comes back untrusted', async () => {
    const result = await tools.call('get_order', { orderNumber: '1001' });
    expect(result).toMatchObject({ ok: true, output: { order: { number: '1001', lineItems: [{ unitPrice: { amountMinor: 1800, currency: 'USD' } }] } } });
    const injected = await tools.call('get_order', { orderNumber: '1005' });
    expect(injected).toMatchObject({ ok: true, output: { order: { note: { untrusted: true, text: expect.stringContaining('SYSTEM:') } } } });
  });

  it('get_order says where an earlier refund paid back: order 981’s went to the Visa ending 0981', async () => {
    const napkins = await tools.call('get_order', { orderNumber: '981' });
    expect(napkins).toMatchObject({
      ok: true,
      output: {
        order: {
          refunds: [
            {
              amount: { amountMinor: 2200, currency: 'USD' },
              payments: [
                { method: 'card', gateway: 'shopify_payments', status: 'SUCCESS', processedAt: '2026-10-11T12:00:00Z', cardBrand: 'Visa', cardLast4: '0981' },
              ],
            },
          ],
        },
      },
    });
  });

  it('get_refund_history counts the refunds of the last 90 days by default', async () => {
    const result = await tools.call('get_refund_history', { customerId: 'gid://shopify/Customer/7003' });
    expect(result).toMatchObject({ ok: true, output: { ordersSeen: 3, truncated: false, refunds: [{ orderNumber: '981' }, { orderNumber: '992' }] } });
  });

  it('refund_create called twice with one key refunds once', async () => {
    const args = {
      orderId: 'gid://shopify/Order/1003',
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }],
      amount: { amountMinor: 2400, currency: 'USD' },
      parentTransactionId: 'gid://shopify/OrderTransaction/10031',
      gateway: 'shopify_payments',
      note: 'cracked in transit',
      idempotencyKey: 'run-abc:refund:1',
    };
    const first = await tools.call('refund_create', args);
    const second = await tools.call('refund_create', args);
    expect(first).toMatchObject({ ok: true, output: { amount: { amountMinor: 2400, currency: 'USD' } } });
    expect(second).toEqual(first);
    expect(sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds).toHaveLength(1);
    const conflicting = await tools.call('refund_create', { ...args, amount: { amountMinor: 2300, currency: 'USD' } });
    expect(conflicting).toMatchObject({ ok: false, error: { category: 'conflict' } });
  });

  it('post_draft lands as a private note visible at /sandbox/tickets', async () => {
    const result = await tools.call('post_draft', { ticketId: '5002', body: 'Draft: forwarded to a lead for approval.' });
    expect(result).toMatchObject({ ok: true, output: { ticketId: '5002', public: false } });
    const view = (await (await fetch(`${sandboxes.helpdesk.url}/sandbox/tickets/5002`)).json()) as { ticket: { notes: { body: string; public: boolean }[] } };
    expect(view.ticket.notes).toEqual([expect.objectContaining({ body: 'Draft: forwarded to a lead for approval.', public: false })]);
  });

  it("returns a tool's failure category: not_found for an unknown order, invalid for bad arguments", async () => {
    expect(await tools.call('get_order', { orderNumber: '4242' })).toMatchObject({ ok: false, error: { category: 'not_found' } });
    expect(await tools.call('get_order', { orderNumber: '#1001; drop' })).toMatchObject({ ok: false, error: { category: 'invalid' } });
  });

  it('refuses a wrong bearer token', async () => {
    const intruder = createMcpToolTransport({
      url: mcp.url,
      credentials: { kind: 'bearer', tokenFor: () => 'not-the-token' },
      serverId: 'store',
      timeoutMs: 5000,
    });
    expect(await intruder.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    const raw = await fetch(mcp.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(401);
  });

  it('refuses a request whose Host is not this server (DNS rebinding)', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const url = new URL(mcp.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            host: 'evil.example:80',
            authorization: `Bearer ${CALLER_TOKEN}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });

  it('reports an unreachable MCP server as temporarily_unavailable', async () => {
    const down = createMcpToolTransport({ url: 'http://127.0.0.1:9/mcp', credentials: bearerCredentials(CALLER_TOKENS), serverId: 'store', timeoutMs: 2000 });
    expect(await down.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: false, error: { category: 'temporarily_unavailable' } });
  });
});
