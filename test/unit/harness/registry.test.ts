// The tool registry is pinned to the MCP server's live definitions, the allowlist is the documented
// table, and the canonical hash ignores key order but nothing else.
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { STEP_ALLOWLIST, TOOL_REGISTRY, TOOL_SERVER, checkLiveTools, computeToolPin, isToolAllowed, registryPins } from '#harness/tools/index.js';
import { canonicalHash, canonicalJson } from '#harness/hash.js';
import { liveToolList } from '../../support/live-tools.js';

describe('tool registry', () => {
  it('pins the server name and version and every tool to the hash of its live definition', async () => {
    const live = await liveToolList();
    expect(live.server).toEqual(TOOL_SERVER);
    for (const name of TOOL_NAMES) {
      const def = live.tools.find((t) => t.name === name);
      expect(def, `${name} is listed`).toBeDefined();
      expect(TOOL_REGISTRY[name].pin, `pin of ${name}: review the definition change, then set this pin in harness/tools/registry.ts`).toBe(
        computeToolPin(def!),
      );
    }
    expect(Object.values(checkLiveTools(live, TOOL_SERVER, registryPins())).every((v) => v.ok)).toBe(true);
  });

  it('a pin covers the description, the schemas and the annotations, but not title or _meta', async () => {
    const def = (await liveToolList()).tools.find((t) => t.name === 'refund_create')!;
    const pin = computeToolPin(def);
    expect(computeToolPin({ ...def, description: `${def.description} Now also refunds shipping.` })).not.toBe(pin);
    expect(computeToolPin({ ...def, annotations: { ...def.annotations, destructiveHint: false } })).not.toBe(pin);
    expect(computeToolPin({ ...def, inputSchema: { ...def.inputSchema, additionalProperties: true } })).not.toBe(pin);
    expect(computeToolPin({ ...def, outputSchema: undefined })).not.toBe(pin);
    expect(computeToolPin({ ...def, title: 'Other', _meta: { x: 1 } } as typeof def)).toBe(pin);
  });

  it('flags only the drifted tool, and every tool when the server version differs', async () => {
    const live = await liveToolList();
    const drifted = { ...live, tools: live.tools.map((t) => (t.name === 'refund_create' ? { ...t, description: 'changed' } : t)) };
    const verdicts = checkLiveTools(drifted, TOOL_SERVER, registryPins());
    expect(verdicts.refund_create.ok).toBe(false);
    expect(verdicts.get_order.ok).toBe(true);
    const bumped = checkLiveTools({ ...live, server: { ...live.server, version: '9.9.9' } }, TOOL_SERVER, registryPins());
    expect(Object.values(bumped).every((v) => !v.ok)).toBe(true);
    const missing = checkLiveTools({ ...live, tools: live.tools.filter((t) => t.name !== 'post_draft') }, TOOL_SERVER, registryPins());
    expect(missing.post_draft).toMatchObject({ ok: false, reason: expect.stringContaining('not in the server') });
  });

  it('labels risk itself and retries refund_create only on timeouts and temporary failures, twice at most', () => {
    expect(TOOL_REGISTRY.refund_create).toMatchObject({
      risk: 'money',
      timeoutMs: 8000,
      maxAttempts: 2,
      retryOn: ['timeout', 'temporarily_unavailable'],
      backoffMs: [500, 2000],
    });
    expect(TOOL_REGISTRY.get_order.risk).toBe('read');
    expect(TOOL_REGISTRY.find_customer_orders.risk).toBe('read');
    expect(TOOL_REGISTRY.post_draft.risk).toBe('write');
    expect(TOOL_REGISTRY.post_draft.maxAttempts).toBe(1);
  });

  it('labels the returns tools and never retries a return written without an idempotency key', () => {
    expect(TOOL_REGISTRY.get_returns).toMatchObject({ risk: 'read', maxAttempts: 2, retryOn: ['timeout', 'temporarily_unavailable'] });
    expect(TOOL_REGISTRY.process_return).toMatchObject({ risk: 'money', maxAttempts: 1, retryOn: [] });
    expect(TOOL_REGISTRY.open_return).toMatchObject({ risk: 'write', maxAttempts: 1, retryOn: [] });
    for (const tool of ['close_return', 'cancel_return'] as const) expect(TOOL_REGISTRY[tool]).toMatchObject({ risk: 'write', maxAttempts: 1 });
  });
});

describe('per-step allowlist', () => {
  it('is the documented table and denies everything else', () => {
    expect(STEP_ALLOWLIST).toEqual({
      Triage: [],
      CheckOrder: ['get_order', 'get_refund_history', 'preview_refund', 'find_customer_orders'],
      ProposeRefund: ['get_order', 'get_refund_history', 'preview_refund'],
      Gate: ['preview_refund'],
      RequestApproval: ['post_draft'],
      Refund: ['preview_refund', 'refund_create', 'cancel_order', 'open_return', 'get_returns', 'process_return', 'close_return'],
      DraftReply: [],
      CheckReply: ['post_draft'],
      AwaitReturn: [],
      ProcessReturn: ['get_order', 'get_returns', 'process_return', 'close_return', 'cancel_return'],
      Escalate: ['post_draft'],
      Shadow: ['post_draft'],
    });
    expect(isToolAllowed('DraftReply', 'post_draft')).toBe(false);
    expect(isToolAllowed('ProposeRefund', 'refund_create')).toBe(false);
    expect(isToolAllowed('ProposeRefund', 'find_customer_orders')).toBe(false);
    // A return is opened by the Refund step alone; what comes back is refunded, and a return closed or cancelled, by ProcessReturn alone.
    const stepsOf = (tool: (typeof TOOL_NAMES)[number]) =>
      Object.entries(STEP_ALLOWLIST)
        .filter(([, tools]) => tools.includes(tool))
        .map(([step]) => step);
    expect(stepsOf('open_return')).toEqual(['Refund']);
    // A replacement below the keep-it amount ships at once in the Refund step: the exchange processed, the return closed.
    for (const tool of ['process_return', 'close_return'] as const) expect(stepsOf(tool), tool).toEqual(['Refund', 'ProcessReturn']);
    expect(stepsOf('cancel_return')).toEqual(['ProcessReturn']);
    expect(stepsOf('get_returns')).toEqual(['Refund', 'ProcessReturn']);
  });
});

describe('canonical hash', () => {
  it('is equal for equal data whatever the key order, and differs when a value differs', () => {
    const a = { orderId: 'o', amount: { currency: 'USD', amountMinor: 6200 }, lineItems: [{ quantity: 1, lineItemId: 'l' }] };
    const b = { lineItems: [{ lineItemId: 'l', quantity: 1 }], amount: { amountMinor: 6200, currency: 'USD' }, orderId: 'o' };
    expect(canonicalHash(a)).toBe(canonicalHash(b));
    expect(canonicalHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalHash({ ...a, amount: { currency: 'USD', amountMinor: 62000 } })).not.toBe(canonicalHash(a));
    expect(canonicalJson({ b: 1, a: undefined, c: [2, 1] })).toBe('{"b":1,"c":[2,1]}');
  });
});
