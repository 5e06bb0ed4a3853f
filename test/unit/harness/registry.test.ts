// The tool registry is pinned to the contracts, the allowlist is the documented table, and the
// canonical hash ignores key order but nothing else.
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '#mcp/contracts/tools.js';
import { STEP_ALLOWLIST, TOOL_REGISTRY, computeToolPin, isToolAllowed, verifyToolPins } from '#harness/tools/index.js';
import { canonicalHash, canonicalJson } from '#harness/hash.js';
import { HarnessConfigError } from '#harness/errors.js';

describe('tool registry', () => {
  it('pins every tool to the hash of its current contract', () => {
    for (const name of TOOL_NAMES) {
      expect(TOOL_REGISTRY[name].pin, `pin of ${name}: update harness/tools/registry.ts after reviewing the contract change`).toBe(computeToolPin(name));
    }
    expect(() => verifyToolPins()).not.toThrow();
  });

  it('fails closed when a contract no longer matches its pin', () => {
    const drifted = { ...TOOL_REGISTRY, refund_create: { ...TOOL_REGISTRY.refund_create, pin: 'sha256:0000' } };
    expect(() => verifyToolPins(drifted)).toThrow(HarnessConfigError);
    expect(() => verifyToolPins(drifted)).toThrow(/refund_create/);
  });

  it('labels refund_create as money and never retries it inside a call', () => {
    expect(TOOL_REGISTRY.refund_create).toMatchObject({ risk: 'money', maxAttempts: 1, retryOn: [] });
    expect(TOOL_REGISTRY.get_order.risk).toBe('read');
    expect(TOOL_REGISTRY.post_draft.risk).toBe('write');
  });
});

describe('per-step allowlist', () => {
  it('is the documented table and denies everything else', () => {
    expect(STEP_ALLOWLIST).toEqual({
      Triage: [],
      CheckOrder: ['get_order', 'get_refund_history', 'preview_refund'],
      ProposeRefund: ['get_order', 'get_refund_history', 'preview_refund'],
      Gate: [],
      RequestApproval: [],
      Refund: ['preview_refund', 'refund_create'],
      DraftReply: [],
      CheckReply: ['post_draft'],
      Done: [],
      Escalate: ['post_draft'],
    });
    expect(isToolAllowed('DraftReply', 'post_draft')).toBe(false);
    expect(isToolAllowed('ProposeRefund', 'refund_create')).toBe(false);
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
