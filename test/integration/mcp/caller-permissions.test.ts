// The MCP server's own per-caller tool permissions, over real HTTP to the local server (each
// tool-calling function with its own token, as `npm start` runs it): only the refund step's
// identity may call refund_create, only the reply steps' identities post_draft, whatever the client
// claims to be doing. Defence in depth beside the harness's per-step allowlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerCredentials, createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { startMcpHttpServer, type LocalMcpServer } from '#mcp/local-server.js';
import { CALLER_TOOLS, MCP_CALLERS, mintCallerTokens, type McpCaller } from '#mcp/server/index.js';
import { demoMcpDeps, startDemoSandboxes, type Sandboxes } from '../../support/sandboxes.js';

const TOKENS = mintCallerTokens();
let sandboxes: Sandboxes;
let mcp: LocalMcpServer;
const logged: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
  const deps = demoMcpDeps(sandboxes);
  mcp = await startMcpHttpServer({ deps: { ...deps, log: (line) => void logged.push(line) }, callerTokens: TOKENS });
});
afterAll(async () => {
  await mcp.close();
  await sandboxes.close();
});

/** The MCP client holding one caller's token, whichever step it names. */
const as = (caller: McpCaller) =>
  createMcpToolTransport({ url: mcp.url, credentials: { kind: 'bearer', tokenFor: () => TOKENS[caller] }, serverId: 'store', timeoutMs: 10_000 });

const refundArgs = (key: string) => ({
  orderId: 'gid://shopify/Order/1003',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }],
  amount: { amountMinor: 2400, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/10031',
  gateway: 'shopify_payments',
  note: 'cracked in transit',
  idempotencyKey: key,
});
const refundsOf1003 = () => sandboxes.store.store.orderById('gid://shopify/Order/1003')?.refunds.length ?? 0;

describe('per-caller tool permissions in the MCP server', () => {
  it('refuses refund_create to every caller but the refund step, with not_authorized, and moves no money', async () => {
    for (const caller of MCP_CALLERS.filter((c) => c !== 'refund')) {
      expect(await as(caller).call('refund_create', refundArgs(`perm-${caller}-0001`), 'Refund'), caller).toEqual({
        ok: false,
        error: { category: 'not_authorized', message: `${caller} may not call refund_create` },
      });
    }
    expect(refundsOf1003()).toBe(0);

    expect(await as('refund').call('refund_create', refundArgs('perm-refund-0001'), 'Refund')).toMatchObject({
      ok: true,
      output: { amount: { amountMinor: 2400, currency: 'USD' } },
    });
    expect(refundsOf1003()).toBe(1);
  });

  it('lets only the reply steps and the cancels that end a holding note post a draft', async () => {
    const writers = MCP_CALLERS.filter((c) => (CALLER_TOOLS[c] as readonly string[]).includes('post_draft'));
    expect(writers).toEqual(['cancel-run', 'check-reply', 'console', 'escalate', 'request-approval', 'run-starter', 'shadow', 'stalled-runs']);
    const before = sandboxes.helpdesk.notes('5002').length;

    for (const caller of ['propose-refund', 'refund'] as const) {
      expect(await as(caller).call('post_draft', { ticketId: '5002', body: `Draft from ${caller}` }, 'CheckReply'), caller).toMatchObject({
        ok: false,
        error: { category: 'not_authorized' },
      });
    }
    expect(sandboxes.helpdesk.notes('5002')).toHaveLength(before);

    for (const caller of writers) {
      expect(await as(caller).call('post_draft', { ticketId: '5002', body: `Note from ${caller}` }, 'CheckReply'), caller).toMatchObject({
        ok: true,
        output: { public: false },
      });
    }
    expect(sandboxes.helpdesk.notes('5002')).toHaveLength(before + writers.length);
  });

  it('lets the approval page read the order it shows, and nothing else: no refund, no preview, no note', async () => {
    const page = as('approval-callback');
    expect(await page.call('get_order', { orderNumber: '1003' }, 'CheckOrder')).toMatchObject({ ok: true, output: { order: { number: '1003' } } });
    const refused = { ok: false, error: { category: 'not_authorized' } };
    expect(await page.call('refund_create', refundArgs('perm-page-0001'), 'Refund')).toMatchObject(refused);
    expect(
      await page.call(
        'preview_refund',
        { orderId: 'gid://shopify/Order/1003', lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }] },
        'Refund',
      ),
    ).toMatchObject(refused);
    expect(await page.call('get_refund_history', { customerId: 'gid://shopify/Customer/7001' }, 'CheckOrder')).toMatchObject(refused);
    expect(await page.call('post_draft', { ticketId: '5002', body: 'Note from the approval page' }, 'CheckReply')).toMatchObject(refused);
  });

  it('refuses cancel_order to every caller but the refund step, and cancels nothing', async () => {
    // Order 1004 has not shipped: a cancel the store would carry out.
    const cancelArgs = { orderId: 'gid://shopify/Order/1004', restock: false, staffNote: 'permissions test' };
    for (const caller of MCP_CALLERS.filter((c) => c !== 'refund')) {
      expect(await as(caller).call('cancel_order', cancelArgs, 'Refund'), caller).toEqual({
        ok: false,
        error: { category: 'not_authorized', message: `${caller} may not call cancel_order` },
      });
    }
    expect(sandboxes.store.cancelJobs.jobs.size).toBe(0);
    expect(sandboxes.store.store.orderById('gid://shopify/Order/1004')?.cancelledAt).toBeUndefined();
  });

  it('answers every caller × tool as the table says: not_authorized exactly where a tool is not the caller’s', async () => {
    const cheapArgs = {
      get_order: { orderNumber: '1001' },
      get_refund_history: { customerId: 'gid://shopify/Customer/7001' },
      find_customer_orders: { customerEmail: 'ana@example.com' },
      preview_refund: { orderId: 'gid://shopify/Order/1001', lineItems: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }] },
      // Invalid on purpose where allowed: the table is what is under test, not the store.
      refund_create: { ...refundArgs('perm-matrix-0001'), amount: { amountMinor: 999_999, currency: 'USD' } },
      // Order 1001 has shipped: the store refuses to cancel it.
      cancel_order: { orderId: 'gid://shopify/Order/1001', restock: false, staffNote: 'matrix' },
      post_draft: { ticketId: '5001', body: 'Matrix note' },
      // Refused by the store where allowed (a line not on the order, a return that does not exist): nothing changes.
      open_return: {
        orderId: 'gid://shopify/Order/1001',
        lineItems: [{ lineItemId: 'gid://shopify/LineItem/999999', quantity: 1, reason: 'UNWANTED' }],
        notifyCustomer: false,
        note: 'matrix',
      },
      get_returns: { orderId: 'gid://shopify/Order/1001' },
      process_return: {
        returnId: 'gid://shopify/Return/999999',
        lineItems: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/999999', quantity: 1 }],
        notifyCustomer: false,
        note: 'matrix',
      },
      close_return: { returnId: 'gid://shopify/Return/999999' },
      cancel_return: { returnId: 'gid://shopify/Return/999999' },
    } as const;
    for (const caller of MCP_CALLERS) {
      for (const tool of TOOL_NAMES) {
        const result = await as(caller).call(tool, cheapArgs[tool], 'CheckOrder');
        const refused = !result.ok && result.error.category === 'not_authorized';
        expect(refused, `${caller} ${tool}`).toBe(!(CALLER_TOOLS[caller] as readonly string[]).includes(tool));
      }
    }
  });

  it('keeps tools/list visible to every caller, and refuses a request with no caller token', async () => {
    for (const caller of MCP_CALLERS)
      expect(
        (await as(caller).listTools!('CheckOrder')).tools.map((t) => t.name),
        caller,
      ).toEqual([...TOOL_NAMES]);
    const nobody = createMcpToolTransport({ url: mcp.url, credentials: { kind: 'bearer', tokenFor: () => 'not-a-caller-token' }, serverId: 'store' });
    expect(await nobody.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: false, error: { category: 'not_authorized' } });
  });

  it("presents each step's own token through the harness's credentials, so a step is refused what its function may not do", async () => {
    const harnessTools = createMcpToolTransport({ url: mcp.url, credentials: bearerCredentials(TOKENS), serverId: 'store' });
    expect(await harnessTools.call('refund_create', refundArgs('perm-step-0001'), 'CheckOrder')).toMatchObject({
      ok: false,
      error: { category: 'not_authorized' },
    });
    expect(await harnessTools.call('post_draft', { ticketId: '5001', body: 'x' }, 'ProposeRefund')).toMatchObject({
      ok: false,
      error: { category: 'not_authorized' },
    });
    // A step with no tool-calling function (Triage) has no token: nothing is sent.
    expect(await harnessTools.call('get_order', { orderNumber: '1001' }, 'Triage')).toMatchObject({
      ok: false,
      error: { category: 'not_authorized', message: expect.stringContaining('no MCP credential') },
    });
    expect(await harnessTools.call('get_order', { orderNumber: '1001' }, 'CheckOrder')).toMatchObject({ ok: true });
  });

  it('logs each refusal with the caller and the tool, never the arguments', () => {
    expect(logged).toContainEqual({ msg: 'mcp tool refused', caller: 'propose-refund', tool: 'refund_create', category: 'not_authorized' });
    const text = JSON.stringify(logged);
    for (const leaked of ['Draft from', 'Matrix note', 'cracked in transit', 'ana@example.com', 'gid://shopify', ...Object.values(TOKENS)])
      expect(text).not.toContain(leaked);
  });
});
