// The unit tests' fake transport (test/support/fixtures.ts) and the real path (MCP over HTTP → the
// Shopify adapter → the sandbox store's GraphQL) answer the same tool calls alike: one Shopify
// behaviour, not two. Each scenario runs the same calls on both, starting from the same orders (read
// from the sandbox through the real path), and compares the answers with store-made ids numbered
// by first appearance, since each store numbers its own refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallResult } from '#harness/ports.js';
import type { Order, ToolName } from '#shared/contracts/tools.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { mintCallerTokens } from '#mcp/server/index.js';
import { createFakeTransport } from '../../support/fixtures.js';
import { clock, demoMcpDeps, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';
import { asPipelineSteps, pipelineTools, type PipelineTools } from './local-callers.js';

const CALLER_TOKENS = mintCallerTokens();
let sandboxes: Sandboxes;
let mcp: LocalMcpServer;
let real: PipelineTools;

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  const deps = demoMcpDeps(sandboxes);
  mcp = await startMcpHttpServer({ deps, callerTokens: CALLER_TOKENS, host: '127.0.0.1', port: 0 });
  real = pipelineTools({ url: mcp.url, tokens: CALLER_TOKENS });
});
afterAll(async () => {
  await mcp.close();
  await sandboxes.close();
});

/** Store-made ids (refunds, their transactions and lines) renamed by first appearance: `Refund#1`, … */
function normalizer() {
  const seen = new Map<string, string>();
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const made = /^gid:\/\/shopify\/(Refund|OrderTransaction|RefundLineItem)\/(\d{9})$/.exec(value);
      if (!made) return value;
      if (!seen.has(value)) seen.set(value, `${made[1]}#${[...seen.values()].filter((v) => v.startsWith(`${made[1]}#`)).length + 1}`);
      return seen.get(value);
    }
    if (Array.isArray(value)) return value.map(rename);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    return value;
  };
  return rename;
}

/**
 * get_order's refunds without `payments`: the fake (test/support/fake-shop-tools.ts) does not yet say
 * where a refund it made paid back, so only the rest of each refund is compared; the real path's
 * payments are the adapter tests' (shopify-adapter.test.ts, shopify-store-credit.test.ts).
 */
function withoutRefundPayments(output: unknown): unknown {
  const order = (output as { order?: { refunds?: Record<string, unknown>[] } } | null)?.order;
  if (!order?.refunds) return output;
  return { ...(output as object), order: { ...order, refunds: order.refunds.map(({ payments: _payments, ...rest }) => rest) } };
}

/** A failure is compared by its category: the real path adds the server's wording around Shopify's message. */
function comparable(result: ToolCallResult, rename: (v: unknown) => unknown): unknown {
  return result.ok ? { ok: true, output: rename(withoutRefundPayments(result.output)) } : { ok: false, category: result.error.category };
}

type Step = [ToolName, Record<string, unknown>];

/** Runs the steps on a fresh sandbox-backed fake and on the real path, and returns both transcripts. */
async function onBoth(orderNumbers: string[], steps: Step[]): Promise<{ fake: unknown[]; real: unknown[] }> {
  const orders: Order[] = [];
  for (const number of orderNumbers) {
    const read = await real.call('get_order', { orderNumber: number });
    if (!read.ok) throw new Error(`demo order ${number}: ${read.error.message}`);
    orders.push((read.output as { order: Order }).order);
  }
  const fake = asPipelineSteps(createFakeTransport(orders, { clock }));
  const run = async (tools: PipelineTools) => {
    const rename = normalizer();
    const transcript: unknown[] = [];
    for (const [name, args] of steps) transcript.push(comparable(await tools.call(name, args), rename));
    return transcript;
  };
  return { fake: await run(fake), real: await run(real) };
}

const USD = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const refundOf = (order: string, line: string, quantity: number, amountMinor: number, key: string, extra: Record<string, unknown> = {}) => ({
  orderId: `gid://shopify/Order/${order}`,
  lineItems: [{ lineItemId: `gid://shopify/LineItem/${line}`, quantity }],
  amount: USD(amountMinor),
  parentTransactionId: `gid://shopify/OrderTransaction/${order}1`,
  gateway: 'shopify_payments',
  note: 'refund-agent test',
  idempotencyKey: key,
  ...extra,
});

describe('the fake transport answers as the real path to the sandbox store does', () => {
  it('refunds under Shopify’s checks and @idempotent keys, and the order, its preview and the history show the refund', async () => {
    const bowl = 'gid://shopify/LineItem/10992';
    const { fake, real: actual } = await onBoth(
      ['981', '992', '1003'],
      [
        ['preview_refund', { orderId: 'gid://shopify/Order/992', lineItems: [{ lineItemId: bowl, quantity: 2 }] }],
        ['refund_create', refundOf('992', '10992', 1, 99_999, 'contract-key-above-max')],
        ['refund_create', refundOf('992', '10992', 2, 3000, 'contract-key-units-gone')],
        ['refund_create', refundOf('992', '10992', 1, 1500, 'contract-key-euro', { amount: { amountMinor: 1500, currency: 'EUR' } })],
        ['refund_create', refundOf('992', '10992', 1, 1500, 'contract-key-parent', { parentTransactionId: 'gid://shopify/OrderTransaction/1' })],
        ['refund_create', refundOf('992', '10992', 1, 1500, 'contract-key-1')],
        ['refund_create', refundOf('992', '10992', 1, 1500, 'contract-key-1')],
        ['refund_create', refundOf('992', '10992', 1, 1500, 'contract-key-1', { note: 'other words' })],
        ['preview_refund', { orderId: 'gid://shopify/Order/992', lineItems: [{ lineItemId: bowl, quantity: 1 }] }],
        ['get_order', { orderNumber: '992' }],
        ['get_refund_history', { customerId: 'gid://shopify/Customer/7003', sinceDays: 90 }],
        ['get_refund_history', { customerId: 'gid://shopify/Customer/7003', sinceDays: 30 }],
      ],
    );
    expect(fake).toEqual(actual);
    // What the transcript holds, so agreeing on nothing cannot pass.
    expect(actual.slice(1, 5)).toEqual([
      { ok: false, category: 'invalid' },
      { ok: false, category: 'invalid' },
      { ok: false, category: 'invalid' },
      { ok: false, category: 'invalid' },
    ]);
    expect(actual[5]).toMatchObject({ ok: true, output: { refundId: 'Refund#1', amount: USD(1500) } });
    expect(actual[6]).toEqual(actual[5]);
    expect(actual[7]).toEqual({ ok: false, category: 'conflict' });
    expect(actual[8]).toMatchObject({ ok: true, output: { lineItems: [], amount: USD(0), maximumRefundable: USD(900) } });
  });

  it('agrees on an amount-only earlier refund lowering the remainder, and on units already refunded', async () => {
    const plates = 'gid://shopify/LineItem/11007';
    const { fake, real: actual } = await onBoth(
      ['1006'],
      [
        ['preview_refund', { orderId: 'gid://shopify/Order/1006', lineItems: [{ lineItemId: plates, quantity: 4 }] }],
        ['refund_create', refundOf('1006', '11007', 4, 8800, 'contract-key-plates-all')],
        ['refund_create', refundOf('1006', '11007', 3, 6600, 'contract-key-plates-3')],
        ['get_order', { orderNumber: '1006' }],
        ['get_refund_history', { customerId: 'gid://shopify/Customer/7006' }],
      ],
    );
    expect(fake).toEqual(actual);
    expect(actual[0]).toMatchObject({ ok: true, output: { subtotal: USD(8800), maximumRefundable: USD(13_300) } });
    expect(actual[1]).toMatchObject({ ok: true, output: { amount: USD(8800) } });
    expect(actual[2]).toEqual({ ok: false, category: 'invalid' }); // no plate left to refund
    expect(actual[3]).toMatchObject({ ok: true, output: { order: { maximumRefundable: USD(4500), displayFinancialStatus: 'PARTIALLY_REFUNDED' } } });
  });
});
