// The returns tools over the wire: the harness's MCP client, called as the Refund step (the refund
// function's token) → the MCP server on loopback → the Shopify adapter → the sandbox store with its
// returns catalogue. Outputs match their contracts; a store refusal arrives as its category; any
// other function is refused every returns tool, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import type { ReturnSummary } from '#shared/contracts/tools.js';
import { demoMcpDeps, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../../support/sandboxes.js';
import { lineId, orderId, receive, startReturnsStore } from '../../support/returns-store.js';
import type { SandboxStore } from '#local/sandbox/index.js';
import { pipelineTools, type PipelineTools } from './local-callers.js';

const CALLER_TOKENS = mintCallerTokens();
let sandboxes: Sandboxes;
let store: SandboxStore;
let mcp: LocalMcpServer;
let tools: PipelineTools;

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  store = await startReturnsStore();
  const shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN }) });
  mcp = await startMcpHttpServer({ deps: { ...demoMcpDeps(sandboxes), shopify }, callerTokens: CALLER_TOKENS, host: '127.0.0.1', port: 0 });
  tools = pipelineTools({ url: mcp.url, tokens: CALLER_TOKENS });
});
afterAll(async () => {
  await mcp.close();
  await store.close();
  await sandboxes.close();
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const openArgs = {
  orderId: orderId(5001),
  lineItems: [{ lineItemId: lineId(5001), quantity: 1, reason: 'SIZE_TOO_LARGE' }],
  returnFee: usd(500),
  notifyCustomer: false,
  note: 'refund-agent run-wire',
};

describe('the returns tools over MCP, as the Refund step', () => {
  let ret: ReturnSummary;

  it('opens a return and reads it back', async () => {
    const opened = await tools.call('open_return', openArgs);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    ret = (opened.output as { return: ReturnSummary }).return;
    expect(ret).toMatchObject({ orderId: orderId(5001), status: 'OPEN', fee: usd(500) });
    expect(await tools.call('get_returns', { orderId: orderId(5001) })).toMatchObject({
      ok: true,
      output: { orderId: orderId(5001), returns: [{ returnId: ret.returnId, lineItems: [{ receivedQuantity: 0, note: 'refund-agent run-wire' }] }] },
    });
  });

  it('processes what came back with a refund, then answers the same processing with a conflict', async () => {
    expect((await receive(store, ret.returnId, { lineItems: [{ lineItemId: lineId(5001), quantity: 1 }] })).status).toBe(200);
    const args = {
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: ret.lineItems[0]!.returnLineItemId, quantity: 1 }],
      refund: { amount: usd(2900) },
      notifyCustomer: false,
      note: 'refund-agent run-wire',
    };
    expect(await tools.call('process_return', args)).toMatchObject({ ok: true, output: { refund: { amount: usd(2900) }, return: { status: 'CLOSED' } } });
    expect(await tools.call('process_return', args)).toMatchObject({ ok: false, error: { category: 'conflict' } });
    expect(store.store.orderById(orderId(5001))!.refunds).toHaveLength(1);
  });

  it('answers a store refusal with its category and message', async () => {
    expect(await tools.call('close_return', { returnId: ret.returnId })).toMatchObject({
      ok: false,
      error: { category: 'conflict', message: expect.stringMatching(/Shopify refused to close return/) },
    });
  });

  it('refuses every returns tool to another function, whatever it says it is doing', async () => {
    const asCheckOrder = (name: 'open_return' | 'get_returns' | 'cancel_return', args: Record<string, unknown>) =>
      tools.transport.call(name, args, 'CheckOrder');
    const returnsBefore = store.store.orderById(orderId(5001))!.returns?.length;
    for (const [name, args] of [
      ['open_return', openArgs],
      ['get_returns', { orderId: orderId(5001) }],
      ['cancel_return', { returnId: ret.returnId }],
    ] as const) {
      expect(await asCheckOrder(name, args), name).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
    }
    expect(store.store.orderById(orderId(5001))!.returns?.length).toBe(returnsBefore);
  });
});
