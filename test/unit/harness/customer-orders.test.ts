// find_customer_orders through the harness: CheckOrder may look up the orders of the run's requester
// and of nobody else. A refusal dispatches nothing and leaves one refused journal row with its rule.
import { describe, expect, it } from 'vitest';
import { ArgumentPolicyError, ToolNotAllowedError } from '#harness/errors.js';
import { makeOrder } from '../../support/fixtures.js';
import { setupHarness, stepCtx } from '../../support/harness.js';

const ana = makeOrder({ number: '1001' });
const ben = makeOrder({ number: '1002', customer: { id: 'gid://shopify/Customer/2', email: 'ben@example.com' } });

describe('find_customer_orders', () => {
  it("looks up the requester's orders, whatever the case of the address, and journals a count without the email", async () => {
    const { harness, stores, transport } = setupHarness({ orders: [ana, ben] });
    const found = await harness.callTool(stepCtx('CheckOrder', { requesterEmail: 'Ana@Example.com' }), 'find_customer_orders', {
      customerEmail: 'ana@example.com',
    });
    expect(found).toEqual({ orders: [{ id: ana.id, number: '1001', createdAt: ana.createdAt }], truncated: false });
    expect(transport.calls).toEqual([{ name: 'find_customer_orders', args: { customerEmail: 'ana@example.com' } }]);
    const [row] = await stores.journal.listByRun('run-1');
    expect(row).toMatchObject({ name: 'find_customer_orders', outcome: 'ok', detail: '1 order found' });
    expect(JSON.stringify(row)).not.toContain('ana@example.com');
  });

  it("refuses another customer's email: nothing dispatched, one refused row with customer_not_requester", async () => {
    const { harness, stores, transport } = setupHarness({ orders: [ana, ben] });
    const error = await harness
      .callTool(stepCtx('CheckOrder', { requesterEmail: 'ana@example.com' }), 'find_customer_orders', { customerEmail: 'ben@example.com' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('customer_not_requester');
    expect(transport.calls).toHaveLength(0);
    const rows = await stores.journal.listByRun('run-1');
    expect(rows.map((r) => [r.name, r.outcome, r.decision, r.rule])).toEqual([['find_customer_orders', 'refused', 'refuse', 'customer_not_requester']]);
    expect(JSON.stringify(rows)).not.toContain('ben@example.com');
  });

  it('refuses every look-up when the run has no requester email (fails closed)', async () => {
    const { harness, transport } = setupHarness({ orders: [ana] });
    for (const requesterEmail of [undefined, null, '']) {
      await expect(
        harness.callTool(stepCtx('CheckOrder', { requesterEmail }), 'find_customer_orders', { customerEmail: 'ana@example.com' }),
      ).rejects.toMatchObject({ rule: 'customer_not_requester' });
    }
    expect(transport.calls).toHaveLength(0);
  });

  it('is a CheckOrder tool only: the order agent in ProposeRefund may not call it', async () => {
    const { harness, transport } = setupHarness({ orders: [ana] });
    const ctx = stepCtx('ProposeRefund', { requesterEmail: 'ana@example.com' });
    await expect(harness.callTool(ctx, 'find_customer_orders', { customerEmail: 'ana@example.com' }, { proposedBy: 'order_agent' })).rejects.toThrow(
      ToolNotAllowedError,
    );
    expect(transport.calls).toHaveLength(0);
  });

  it('refuses an argument that is not an email address before anything else', async () => {
    const { harness, stores, transport } = setupHarness({ orders: [ana] });
    await expect(
      harness.callTool(stepCtx('CheckOrder', { requesterEmail: 'ana@example.com' }), 'find_customer_orders', { customerEmail: 'customer 7001' }),
    ).rejects.toThrow(/do not match the contract/);
    expect(transport.calls).toHaveLength(0);
    expect((await stores.journal.listByRun('run-1'))[0]).toMatchObject({ outcome: 'refused', rule: 'arguments_invalid' });
  });
});
