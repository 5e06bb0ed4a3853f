// CheckOrder binds a run to one order: the one the ticket names, or, when it names none, the
// requester's only order. Several orders, none, or a list cut short go to a person. The use case
// runs through the real harness over the fake store transport. The approval email says how a run
// was bound.
import { describe, expect, it } from 'vitest';
import { createCheckOrder } from '#functions/steps/check-order/use-case.js';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder, makeRun, makeTriage, setupSteps } from '../../support/steps.js';

const mug = makeOrder({ number: '1001' });
const plate = makeOrder({ number: '1003', title: 'Glazed plate', unitPriceMinor: 2400 });
const bens = makeOrder({ number: '1002', customer: { id: 'gid://shopify/Customer/2', email: 'ben@example.com' } });

/** A ticket that names no order (the default) or the words given. */
const NO_ORDER = 'The mug arrived cracked.';

async function checkOrder(
  orders: Order[],
  triage = makeTriage({ orderNumber: null, orderNumbersMentioned: [] }),
  requesterEmail: string | null = 'ana@example.com',
  body = NO_ORDER,
) {
  const s = setupSteps({ orders });
  const run = makeRun({ state: 'Triage', triage });
  await s.stores.runs.create({ ...run, ticket: { ...run.ticket, requesterEmail, body } });
  const result = await createCheckOrder(s.deps)({ runId: run.runId });
  const after = (await s.stores.runs.get(run.runId))!;
  return { ...s, result, after, called: s.transport.calls.map((c) => c.name) };
}

describe('CheckOrder when the ticket names no order', () => {
  it("binds to the requester's only order and reads the same facts as for a named order", async () => {
    const { result, after, called, transport } = await checkOrder([mug, bens]);
    expect(result).toEqual({ outcome: 'continue' });
    expect(called).toEqual(['find_customer_orders', 'get_order', 'get_refund_history']);
    expect(transport.calls[0]!.args).toEqual({ customerEmail: 'ana@example.com' });
    expect(after.order).toEqual({ ...toOrderFacts(mug, 0), recentRefunds: [], binding: 'only_order' });
    expect(after.triage?.orderNumber, 'triage stays what the ticket said').toBeNull();
  });

  it('escalates with the count when the requester has two orders, and reads neither', async () => {
    const { result, after, called } = await checkOrder([mug, plate, bens]);
    expect(result).toEqual({ outcome: 'escalate', reason: 'the ticket names no order and the requester has 2 orders' });
    expect(called).toEqual(['find_customer_orders']);
    expect(after.order).toBeNull();
  });

  it('escalates when the requester has no order in this store', async () => {
    const { result, called } = await checkOrder([bens]);
    expect(result).toEqual({ outcome: 'escalate', reason: 'the ticket names no order and the requester has no orders' });
    expect(called).toEqual(['find_customer_orders']);
  });

  it('escalates when the store cut the list short, even with one order in it', async () => {
    const s = setupSteps({ orders: [mug] });
    s.transport.script('find_customer_orders', { ok: true, output: { orders: [{ id: mug.id, number: '1001', createdAt: mug.createdAt }], truncated: true } });
    const unnamed = makeRun({ state: 'Triage', triage: makeTriage({ orderNumber: null, orderNumbersMentioned: [] }) });
    await s.stores.runs.create({ ...unnamed, ticket: { ...unnamed.ticket, body: NO_ORDER } });
    expect(await createCheckOrder(s.deps)({ runId: 'run-1' })).toEqual({
      outcome: 'escalate',
      reason: 'the ticket names no order and the requester has more than 1 order',
    });
    expect(s.transport.calls.map((c) => c.name)).toEqual(['find_customer_orders']);
  });

  it('still checks ownership of the order the look-up returned', async () => {
    const s = setupSteps({ orders: [mug, bens] });
    s.transport.script('find_customer_orders', {
      ok: true,
      output: { orders: [{ id: bens.id, number: '1002', createdAt: bens.createdAt }], truncated: false },
    });
    const unnamed = makeRun({ state: 'Triage', triage: makeTriage({ orderNumber: null, orderNumbersMentioned: [] }) });
    await s.stores.runs.create({ ...unnamed, ticket: { ...unnamed.ticket, body: NO_ORDER } });
    expect(await createCheckOrder(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'escalate', reason: 'order 1002 does not belong to the requester' });
    expect((await s.stores.runs.get('run-1'))!.order).toBeNull();
  });

  it('does not look up anything when the ticket named several orders', async () => {
    const triage = makeTriage({ orderNumber: null, orderNumbersMentioned: ['1001', '1003'], riskFlags: ['multiple_order_numbers'] });
    const { result, called } = await checkOrder([mug], triage, 'ana@example.com', 'The mug from order #1001 or maybe order #1003 arrived cracked.');
    expect(result).toMatchObject({ outcome: 'escalate', reason: expect.stringContaining('several orders') });
    expect(called).toEqual([]);
  });

  it('does not look up anything for a requester without an email', async () => {
    const { result, called } = await checkOrder([mug], makeTriage({ orderNumber: null, orderNumbersMentioned: [] }), null);
    expect(result).toMatchObject({ outcome: 'escalate', reason: expect.stringContaining('no email') });
    expect(called).toEqual([]);
  });
});

describe('CheckOrder when the ticket names an order', () => {
  it('binds to that order without a look-up, even when the requester has several', async () => {
    const { result, after, called } = await checkOrder(
      [mug, plate],
      makeTriage({ orderNumber: '1003', orderNumbersMentioned: ['1003'] }),
      'ana@example.com',
      'The plate in order #1003 arrived chipped.',
    );
    expect(result).toEqual({ outcome: 'continue' });
    expect(called).toEqual(['get_order', 'get_refund_history']);
    expect(after.order).toMatchObject({ orderNumber: '1003', binding: 'named' });
  });
});

describe('the approval email of a run bound to the only order', () => {
  it('says the ticket named no order, and says nothing of the kind for a named one', async () => {
    const facts = toOrderFacts(mug, 0);
    const email = (binding: 'named' | 'only_order') =>
      approvalEmail({
        run: makeRun({ order: { ...facts, binding } }),
        link: 'https://x/approvals/a',
        approver: 'lead@x',
        expiresAt: new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
        now: NOW,
        amountMinor: 1800,
        currency: 'USD',
      });
    expect(email('only_order').text).toContain("Refund:  $18.00 on order #1001\nOrder:   the ticket names no order; this is the requester's only order\n");
    expect(email('only_order').html).toContain('the ticket names no order');
    expect(email('named').text).toContain('Refund:  $18.00 on order #1001\nReason:  ');
    expect(email('named').text).not.toContain('names no order');
    expect(email('named').html).not.toContain('names no order');
  });
});
