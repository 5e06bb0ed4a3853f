// find_customer_orders over real HTTP: the harness's MCP client → the MCP server on loopback → the
// Shopify adapter's `orders(query: "email:…")` → the sandbox store. Small pages make the adapter
// follow cursors; a small cap makes it say truncated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { demoMcpDeps, startDemoSandboxes, STORE_TOKEN, type Sandboxes } from '../../support/sandboxes.js';
import { pipelineTools, type PipelineTools } from './local-callers.js';

const CALLER_TOKENS = mintCallerTokens();
let sandboxes: Sandboxes;
const servers: LocalMcpServer[] = [];

/** An MCP server whose Shopify adapter reads `pageSize` orders per page and returns `cap` at most. */
async function toolsWith(pageSize: number, cap?: number): Promise<PipelineTools> {
  const base = demoMcpDeps(sandboxes);
  const graphql = createShopifyGraphqlClient({ shopUrl: sandboxes.store.url, accessToken: STORE_TOKEN });
  const deps = { ...base, shopify: createShopifyApi({ graphql, pageSize, ...(cap === undefined ? {} : { maxCustomerOrders: cap }) }) };
  const mcp = await startMcpHttpServer({ deps, callerTokens: CALLER_TOKENS, host: '127.0.0.1', port: 0 });
  servers.push(mcp);
  return pipelineTools({ url: mcp.url, tokens: CALLER_TOKENS });
}

let tools: PipelineTools;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  tools = await toolsWith(2);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await sandboxes.close();
});

const numbers = (output: unknown) => (output as { orders: Array<{ number: string }> }).orders.map((o) => o.number);

describe('find_customer_orders against the sandbox store', () => {
  it("returns a customer's one order with its id, number and creation time", async () => {
    const result = await tools.call('find_customer_orders', { customerEmail: 'ana@example.com' });
    const order1001 = sandboxes.store.store.orderById('gid://shopify/Order/1001')!;
    expect(result).toEqual({
      ok: true,
      output: { orders: [{ id: 'gid://shopify/Order/1001', number: '1001', createdAt: order1001.createdAt }], truncated: false },
    });
  });

  it("follows the pages to the end for a customer with several orders, and ignores the address's case", async () => {
    const before = sandboxes.store.requestCount();
    const result = await tools.call('find_customer_orders', { customerEmail: 'Chloe@Example.com' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(numbers(result.output).sort()).toEqual(['1003', '981', '992']);
    expect(result.output).toMatchObject({ truncated: false });
    expect(sandboxes.store.requestCount() - before, 'three orders in pages of two').toBe(2);
  });

  it('answers an empty list, not an error, for an email with no orders', async () => {
    expect(await tools.call('find_customer_orders', { customerEmail: 'nobody@example.com' })).toEqual({ ok: true, output: { orders: [], truncated: false } });
  });

  it('says truncated when the customer has more orders than the cap', async () => {
    const capped = await toolsWith(2, 2);
    const result = await capped.call('find_customer_orders', { customerEmail: 'chloe@example.com' });
    expect(result).toMatchObject({ ok: true, output: { truncated: true } });
    expect(result.ok && numbers(result.output)).toHaveLength(2);
    // Exactly at the cap with nothing beyond it is a complete list.
    expect(await capped.call('find_customer_orders', { customerEmail: 'ana@example.com' })).toMatchObject({ ok: true, output: { truncated: false } });
  });

  it('refuses an argument that is not an email address, without asking the store', async () => {
    const before = sandboxes.store.requestCount();
    const result = await tools.call('find_customer_orders', { customerEmail: 'name:#1001' });
    expect(result).toMatchObject({ ok: false, error: { category: 'invalid' } });
    expect(sandboxes.store.requestCount()).toBe(before);
  });
});
