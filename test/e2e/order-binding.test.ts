// A ticket that names no order, through the local runtime: bound to the requester's only order
// (Ana has one, 1001) and refunded like a named one; escalated with the count when the requester
// has several (Chloe has three). The demo store's orders are checked first, so a fixture change
// fails here with a clear message rather than as a wrong refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import type { LocalRuntime } from '#local/runtime.js';
import { postWebhook, settled, startRuntime, storeRefunds, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startRuntime();
});
afterAll(async () => {
  await rt.close();
});

const ordersOf = (customerId: string) =>
  demoFixture()
    .orders.filter((o) => o.customerId === customerId)
    .map((o) => String(o.number));

describe('a ticket that names no order', () => {
  it("is bound to Ana's only order and refunded 1800 automatically", async () => {
    expect(ordersOf('7001'), 'Ana has exactly one order in the demo store').toEqual(['1001']);
    const { status, json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'my mug arrived cracked, refund please' }));
    expect(status).toBe(202);
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.triage.orderNumber).toBeNull();
    expect(run.status).toBe('done');
    expect(run.order).toMatchObject({ orderNumber: '1001', binding: 'only_order' });
    expect(run.refund).toMatchObject({ amountMinor: 1800, currency: 'USD', orderNumber: '1001' });
    expect(await storeRefunds(rt, '1001')).toHaveLength(1);
    const lookup = run.journal.find((row) => row.name === 'find_customer_orders');
    expect(lookup).toMatchObject({ step: 'CheckOrder', kind: 'tool', outcome: 'ok', detail: '1 order found' });
    expect(JSON.stringify(run.journal)).not.toContain('ana@example.com');
    const [note] = await ticketNotes(rt, '5001');
    expect(note!.body).toContain('1001');
  });

  it('is escalated with the reason when Chloe has several orders, and refunds nothing', async () => {
    const chloes = ordersOf('7003');
    expect(chloes.length, 'Chloe has several orders in the demo store').toBeGreaterThan(1);
    const before = await Promise.all(chloes.map(async (n) => (await storeRefunds(rt, n)).length));
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5003', requesterId: '9003', text: 'my plate arrived cracked, refund please' }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('escalated');
    expect(run.escalation.reason).toBe(`the ticket names no order and the requester has ${chloes.length} orders`);
    expect(run.order).toBeNull();
    expect(run.refund).toBeNull();
    expect(await Promise.all(chloes.map(async (n) => (await storeRefunds(rt, n)).length))).toEqual(before);
    expect(run.journal.filter((row) => row.kind === 'tool').map((row) => row.name)).not.toContain('get_order');
    const notes = await ticketNotes(rt, '5003');
    expect(notes.at(-1)!.body).toContain('No refund was made');
  });
});
