// Every tool error category, end to end over MCP (harness client → MCP server → sandbox store), and
// the server's own deadline: a store that hangs comes back as temporarily_unavailable in time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { demoMcpDeps, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../../support/sandboxes.js';
import { pipelineTools, type PipelineTools } from './local-callers.js';

const CALLER_TOKENS = mintCallerTokens();
let sandboxes: Sandboxes;
const servers: LocalMcpServer[] = [];

async function toolsWith(storeToken: string, toolTimeoutsMs?: Record<string, number>): Promise<PipelineTools> {
  const deps = demoMcpDeps(sandboxes, storeToken);
  const mcp = await startMcpHttpServer({ deps: { ...deps, ...(toolTimeoutsMs ? { toolTimeoutsMs } : {}) }, callerTokens: CALLER_TOKENS });
  servers.push(mcp);
  return pipelineTools({ url: mcp.url, tokens: CALLER_TOKENS, timeoutMs: 5000 });
}

let tools: PipelineTools;
let shortDeadline: PipelineTools;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  tools = await toolsWith(STORE_TOKEN);
  shortDeadline = await toolsWith(STORE_TOKEN, { get_order: 300 });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await sandboxes.close();
});
beforeEach(() => sandboxes.store.faults.reset());

const refund = {
  orderId: 'gid://shopify/Order/1002',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11002', quantity: 1 }],
  amount: { amountMinor: 6200, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/10021',
  gateway: 'shopify_payments',
  note: 'damaged',
  idempotencyKey: 'errors-test-refund-1002',
};

describe('tool error categories over MCP', () => {
  it('temporarily_unavailable with the wait Shopify reports when throttled', async () => {
    sandboxes.store.faults.throttleNext(1, { requestedQueryCost: 300, currentlyAvailable: 100, restoreRate: 50 });
    expect(await tools.call('get_order', { orderNumber: '1001' })).toEqual({
      ok: false,
      error: { category: 'temporarily_unavailable', message: expect.stringContaining('Throttled'), retryAfterMs: 4000 },
    });
  });

  it('stops the call’s own throttle wait at the tool deadline: nothing is sent to the store after the answer', async () => {
    // Every answer says the bucket is nearly empty and refills slowly: the client waits (up to 2 s) before resending.
    sandboxes.store.faults.throttle({ maximumAvailable: 100, currentlyAvailable: 1, restoreRate: 5 });
    expect(await shortDeadline.call('get_order', { orderNumber: '1001' })).toMatchObject({ ok: false, error: { category: 'temporarily_unavailable' } });
    const sent = sandboxes.store.requestCount();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sandboxes.store.requestCount()).toBe(sent);
    sandboxes.store.faults.throttle(null);
  });

  it('temporarily_unavailable when the store hangs past the tool deadline, without waiting for it', async () => {
    sandboxes.store.faults.hangNext(1);
    const started = Date.now();
    // The Shopify request itself would wait 10 s; the tool's deadline answers first.
    expect(await shortDeadline.call('get_order', { orderNumber: '1001' })).toMatchObject({
      ok: false,
      error: { category: 'temporarily_unavailable', message: 'get_order did not finish within 300 ms' },
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('not_found, invalid and conflict come back with their category', async () => {
    expect(await tools.call('get_order', { orderNumber: '4242' })).toMatchObject({ ok: false, error: { category: 'not_found' } });
    expect(await tools.call('refund_create', { ...refund, amount: { amountMinor: 6201, currency: 'USD' } })).toMatchObject({
      ok: false,
      error: { category: 'invalid', message: expect.stringContaining('refundable amount') },
    });
    expect(await tools.call('refund_create', refund)).toMatchObject({ ok: true });
    expect(await tools.call('refund_create', { ...refund, note: 'other note' })).toMatchObject({ ok: false, error: { category: 'conflict' } });
  });

  it('not_authorized when the store refuses the server’s own token', async () => {
    const badStore = await toolsWith('shpat_revoked_token');
    expect(await badStore.call('get_order', { orderNumber: '1001' })).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
  });

  it('the store only ever sees the store token, never the caller’s', () => {
    expect(sandboxes.store.seenCredentials().sort()).toEqual(['shpat_revoked_token', STORE_TOKEN].sort());
    for (const token of Object.values(CALLER_TOKENS)) expect(sandboxes.store.seenCredentials().join()).not.toContain(token);
  });
});
