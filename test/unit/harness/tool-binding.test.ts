// The tool binding table (policy/tool-binding.ts): every tool has an entry, refund_create is never a
// step's call, and each check refuses exactly what leaves the run's order, customer or requester.
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { TOOL_BINDINGS, toolBinding, type BindingScope } from '#harness/policy/tool-binding.js';

const bound: BindingScope = { boundOrderId: 'gid://shopify/Order/1001', boundCustomerId: 'gid://shopify/Customer/7001', requesterEmail: 'Ana@Example.com ' };
const unbound: BindingScope = { boundOrderId: null, boundCustomerId: null, requesterEmail: null };

describe('the tool binding table', () => {
  it('has one entry per tool in the contracts, and none for other names', () => {
    expect(Object.keys(TOOL_BINDINGS).sort()).toEqual([...TOOL_NAMES]);
    for (const name of ['delete_order', 'toString', '__proto__', 'hasOwnProperty']) expect(toolBinding(name as never)).toBeUndefined();
  });

  it('leaves refund_create to harness.refund alone', () => {
    expect(TOOL_BINDINGS.refund_create).toEqual({ via: 'refund' });
  });

  it("refuses another order's dry run and another order's answer once the run is bound", () => {
    const lineItems = [{ lineItemId: 'gid://shopify/LineItem/1', quantity: 1 }];
    const preview = TOOL_BINDINGS.preview_refund;
    const getOrder = TOOL_BINDINGS.get_order;
    if (preview.via !== 'callTool' || getOrder.via !== 'callTool') throw new Error('both are step calls');
    expect(preview.args?.({ orderId: 'gid://shopify/Order/1001', lineItems }, bound)).toBeNull();
    expect(preview.args?.({ orderId: 'gid://shopify/Order/1002', lineItems }, bound)?.rule).toBe('order_not_bound');
    expect(preview.args?.({ orderId: 'gid://shopify/Order/1002', lineItems }, unbound)).toBeNull();
    const answer = (id: string) => ({ order: { id } }) as Parameters<NonNullable<typeof getOrder.output>>[0];
    expect(getOrder.output?.(answer('gid://shopify/Order/1002'), bound)?.rule).toBe('order_not_bound');
    expect(getOrder.output?.(answer('gid://shopify/Order/1001'), bound)).toBeNull();
  });

  it('opens and reads returns on the bound order only, and refuses an answer about another order', () => {
    const open = TOOL_BINDINGS.open_return;
    const read = TOOL_BINDINGS.get_returns;
    if (open.via !== 'callTool' || read.via !== 'callTool') throw new Error('both are step calls');
    const args = (orderId: string) => ({
      orderId,
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/1', quantity: 1, reason: 'UNWANTED' as const }],
      notifyCustomer: false,
      note: 'run-1',
    });
    expect(open.args?.(args('gid://shopify/Order/1001'), bound)).toBeNull();
    expect(open.args?.(args('gid://shopify/Order/1002'), bound)?.rule).toBe('order_not_bound');
    expect(open.args?.(args('gid://shopify/Order/1002'), unbound)).toBeNull();
    const opened = (orderId: string) => ({ return: { orderId } }) as Parameters<NonNullable<typeof open.output>>[0];
    expect(open.output?.(opened('gid://shopify/Order/1002'), bound)?.rule).toBe('order_not_bound');
    expect(open.output?.(opened('gid://shopify/Order/1001'), bound)).toBeNull();
    expect(read.args?.({ orderId: 'gid://shopify/Order/1002' }, bound)?.rule).toBe('order_not_bound');
    const listed = (orderId: string, ...returnOrders: string[]) =>
      ({ orderId, returns: returnOrders.map((id) => ({ orderId: id })) }) as Parameters<NonNullable<typeof read.output>>[0];
    expect(read.output?.(listed('gid://shopify/Order/1001', 'gid://shopify/Order/1001'), bound)).toBeNull();
    expect(read.output?.(listed('gid://shopify/Order/1001', 'gid://shopify/Order/1002'), bound)?.rule).toBe('order_not_bound');
  });

  it('leaves a return id to the caller to bind: process, close and cancel are step calls with no check of their own', () => {
    for (const tool of ['process_return', 'close_return', 'cancel_return'] as const) expect(TOOL_BINDINGS[tool]).toEqual({ via: 'callTool' });
  });

  it("reads only the bound customer's refund history and looks up only the requester's orders", () => {
    const history = TOOL_BINDINGS.get_refund_history;
    const find = TOOL_BINDINGS.find_customer_orders;
    if (history.via !== 'callTool' || find.via !== 'callTool') throw new Error('both are step calls');
    expect(history.args?.({ customerId: 'gid://shopify/Customer/7002' }, bound)?.rule).toBe('customer_not_bound');
    expect(history.args?.({ customerId: 'gid://shopify/Customer/7001' }, bound)).toBeNull();
    expect(find.args?.({ customerEmail: 'ana@example.com' }, bound)).toBeNull();
    expect(find.args?.({ customerEmail: 'bo@example.com' }, bound)?.rule).toBe('customer_not_requester');
    // No requester email on the run: no look-up at all.
    expect(find.args?.({ customerEmail: 'ana@example.com' }, unbound)?.rule).toBe('customer_not_requester');
  });
});
