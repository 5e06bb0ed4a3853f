/* eslint-disable @typescript-eslint/no-explicit-any -- these tests read loosely typed JSON from HTTP answers */
// Shadow mode end to end through the local runtime: a shadow tenant's run stops at its proposal
// (a note on the ticket, no refund, no email); a person refunds in the sandbox store, whose signed
// refunds/create webhook comes back to the agent, which records what the person did and whether it
// agrees; GET /api/shadow shows the class's figures, and the class is switched to auto only past
// the minimum tickets, after which the next ticket of that class refunds on its own.
import { afterEach, describe, expect, it } from 'vitest';
import { zendeskSignedHeaders } from '#functions/webhook-ingest/zendesk.js';
import { demoFixture, parseFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import {
  capturedEmails,
  getRun,
  postWebhook,
  SECRET,
  settled,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
  type RunView,
} from '../support/local-runtime.js';

const CLASS = 'damaged|0-50|en';
const CLASS_PATH = encodeURIComponent(CLASS);

/** The demo store plus two more customers who each bought the same $18 mug, so three tickets share one class. */
function fixture(): SandboxFixture {
  const demo = demoFixture();
  const extra = [
    { customer: '7101', user: '9101', email: 'hana@example.com', name: 'Hana Ito', order: 2001, line: '12001', ticket: '5101' },
    { customer: '7102', user: '9102', email: 'ivo@example.com', name: 'Ivo Horvat', order: 2002, line: '12002', ticket: '5102' },
  ];
  return parseFixture({
    ...demo,
    customers: [...demo.customers, ...extra.map((e) => ({ id: e.customer, email: e.email, name: e.name, helpdeskUserId: e.user }))],
    orders: [
      ...demo.orders,
      ...extra.map((e) => ({
        number: e.order,
        customerId: e.customer,
        createdDaysAgo: 6,
        fulfilledDaysAgo: 3,
        lineItems: [{ id: e.line, title: 'Stoneware mug', sku: `MUG-${e.order}`, quantity: 1, unitPriceMinor: 1800 }],
      })),
    ],
    helpdesk: {
      users: [...demo.helpdesk.users, ...extra.map((e) => ({ id: e.user, email: e.email, name: e.name }))],
      tickets: [...demo.helpdesk.tickets, ...extra.map((e) => ({ id: e.ticket, requesterId: e.user, subject: 'My mug arrived broken' }))],
    },
  });
}

let rt: LocalRuntime | null = null;
afterEach(async () => {
  await rt?.close();
  rt = null;
});

function start(): Promise<LocalRuntime> {
  return startLocalRuntime({
    port: 0,
    fixture: fixture(),
    tenant: 'demo',
    approverEmails: ['lead@demo-store.example'],
    zendeskSecret: SECRET,
    shopifyWebhookSecret: 'e2e-shopify-webhook-secret',
    retryIntervalMs: 0,
    mode: { default: 'shadow', minTickets: 2 },
  });
}

async function mugTicket(runtime: LocalRuntime, input: { ticketId: string; requesterId: string; order: number }): Promise<RunView> {
  const text = `Hi, the mug in order ${input.order} arrived cracked. Can I get a refund?`;
  const { status, json } = await postWebhook(runtime, ticketCreated({ ticketId: input.ticketId, requesterId: input.requesterId, text }));
  expect(status).toBe(202);
  return waitForRun(runtime, json.runId as string, (run) => run.status === 'shadow' || settled(run));
}

let personRefunds = 0;
/** A person refunds in the store (Shopify Admin GraphQL refundCreate), as they would from the admin. */
async function personRefund(runtime: LocalRuntime, input: { order: number; line: string; quantity: number; amount: string }): Promise<void> {
  personRefunds += 1;
  const orderId = `gid://shopify/Order/${input.order}`;
  const res = await fetch(runtime.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query:
        'mutation($input: RefundInput!, $key: String!) { refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } } }',
      variables: {
        key: `person-${process.pid}-${personRefunds}`,
        input: {
          orderId,
          currency: 'USD',
          note: 'refunded from the admin after reading the ticket',
          refundLineItems: [{ lineItemId: `gid://shopify/LineItem/${input.line}`, quantity: input.quantity }],
          transactions: [
            { orderId, amount: input.amount, gateway: 'shopify_payments', kind: 'REFUND', parentId: `gid://shopify/OrderTransaction/${input.order}1` },
          ],
        },
      },
    }),
  });
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  expect(body.data.refundCreate.userErrors).toEqual([]);
}

const resolved = (run: RunView) => run.shadow?.resolution !== undefined;

async function shadowView(runtime: LocalRuntime): Promise<any> {
  const res = await fetch(runtime.urls.shadow);
  expect(res.status).toBe(200);
  return res.json();
}

async function promote(runtime: LocalRuntime, by = 'lead@demo-store.example'): Promise<{ status: number; json: any }> {
  const res = await fetch(`${runtime.urls.shadow}/${CLASS_PATH}/promote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ by }),
  });
  return { status: res.status, json: await res.json() };
}

describe('a shadow-mode tenant', () => {
  it('proposes only, learns from the person who refunds, and promotes the class only past the minimum tickets', async () => {
    rt = await start();

    // 1. The run stops at its proposal: a note, no refund, no email.
    const first = await mugTicket(rt, { ticketId: '5001', requesterId: '9001', order: 1001 });
    expect(first).toMatchObject({ status: 'shadow', state: 'Shadow', refund: null, approval: null, gate: { decision: 'auto', amountMinor: 1800 } });
    expect(first.shadow).toMatchObject({
      classKey: CLASS,
      decision: 'auto',
      amountMinor: 1800,
      currency: 'USD',
      lines: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
    });
    const notes = await ticketNotes(rt, '5001');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Nothing was done');
    expect(notes[0]!.body).toContain('1 × Stoneware mug');
    expect(notes[0]!.body).toContain('would have refunded $18.00 on its own');
    expect(await storeRefunds(rt, '1001')).toEqual([]);
    expect(await capturedEmails(rt)).toEqual([]);

    // 2. A person refunds the mug in the store; the store's webhook brings it back to the run.
    await personRefund(rt, { order: 1001, line: '11001', quantity: 1, amount: '18.00' });
    const afterRefund = await waitForRun(rt, first.runId, resolved);
    expect(afterRefund.shadow.resolution).toMatchObject({
      by: 'store_refund',
      amountMinor: 1800,
      lines: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
      agrees: true,
    });
    expect(afterRefund.status).toBe('shadow');

    let view = await shadowView(rt);
    expect(view).toMatchObject({ minTickets: 2, threshold: 0.98, defaultMode: 'shadow' });
    expect(view.classes).toEqual([
      { classKey: CLASS, mode: 'shadow', resolved: 1, agreed: 1, agreement: 1, eligible: false, promotedAt: null, promotedBy: null },
    ]);

    // 3. One agreeing ticket is not enough.
    const early = await promote(rt);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ classKey: CLASS, resolved: 1, agreed: 1, agreement: 1, minTickets: 2, threshold: 0.98, mode: 'shadow' });

    // 4. A second ticket of the same class, refunded the same way by a person.
    const second = await mugTicket(rt, { ticketId: '5101', requesterId: '9101', order: 2001 });
    expect(second).toMatchObject({ status: 'shadow', shadow: { classKey: CLASS } });
    await personRefund(rt, { order: 2001, line: '12001', quantity: 1, amount: '18.00' });
    expect((await waitForRun(rt, second.runId, resolved)).shadow.resolution).toMatchObject({ by: 'store_refund', agrees: true });

    const switched = await promote(rt);
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({ promoted: true, classKey: CLASS, mode: 'auto', resolved: 2, agreed: 2, promotedBy: 'lead@demo-store.example' });
    view = await shadowView(rt);
    expect(view.classes).toEqual([
      expect.objectContaining({ classKey: CLASS, mode: 'auto', resolved: 2, agreed: 2, eligible: false, promotedBy: 'lead@demo-store.example' }),
    ]);
    expect(view.promotions).toEqual([
      expect.objectContaining({ classKey: CLASS, by: 'lead@demo-store.example', resolved: 2, agreed: 2, minTickets: 2, threshold: 0.98 }),
    ]);
    expect((await promote(rt)).status).toBe(409);

    // 5. The class is auto now: the next ticket of it refunds on its own, and its refund coming back
    //    through refunds/create changes no shadow figure.
    const third = await mugTicket(rt, { ticketId: '5102', requesterId: '9102', order: 2002 });
    expect(third).toMatchObject({ status: 'done', refund: { amountMinor: 1800, orderNumber: '2002' } });
    expect(third.shadow).toBeUndefined();
    expect(await storeRefunds(rt, '2002')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await shadowView(rt)).classes).toEqual([expect.objectContaining({ classKey: CLASS, resolved: 2, agreed: 2 })]);
    expect(rt.metrics().ShadowResolved).toEqual([1, 1]);
    expect(rt.metrics().ShadowAgreed).toEqual([1, 1]);
  });

  it('records a person who refunds another amount as disagreeing', async () => {
    rt = await start();
    const run = await mugTicket(rt, { ticketId: '5001', requesterId: '9001', order: 1001 });
    expect(run.status).toBe('shadow');

    await personRefund(rt, { order: 1001, line: '11001', quantity: 1, amount: '10.00' });
    const after = await waitForRun(rt, run.runId, resolved);

    expect(after.shadow.resolution).toMatchObject({ by: 'store_refund', amountMinor: 1000, agrees: false });
    expect((await shadowView(rt)).classes).toEqual([expect.objectContaining({ classKey: CLASS, resolved: 1, agreed: 0, agreement: 0, eligible: false })]);
    expect(rt.metrics().ShadowAgreed).toEqual([0]);
  });

  it('takes a ticket solved with no refund as the answer, until a refund in the store supersedes it', async () => {
    rt = await start();
    const run = await mugTicket(rt, { ticketId: '5001', requesterId: '9001', order: 1001 });
    const solved = JSON.stringify({
      id: `e2e-solved-${process.pid}`,
      type: 'zen:event-type:ticket.status_changed',
      time: new Date().toISOString(),
      detail: { id: '5001', requester_id: '9001', status: 'SOLVED' },
      event: { current: 'SOLVED', previous: 'OPEN' },
    });
    expect((await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, solved, new Date()), body: solved })).status).toBe(202);

    const solvedRun = await waitForRun(rt, run.runId, resolved);
    // Not cancelled: the person's answer was "no refund", which disagrees with the proposed one.
    expect(solvedRun).toMatchObject({ status: 'shadow', shadow: { resolution: { by: 'helpdesk_solved', amountMinor: 0, agrees: false } } });
    expect(solvedRun.cancellation).toBeUndefined();

    await personRefund(rt, { order: 1001, line: '11001', quantity: 1, amount: '18.00' });
    const refunded = await waitForRun(rt, run.runId, (r) => r.shadow?.resolution?.by === 'store_refund');
    expect(refunded.shadow.resolution).toMatchObject({ agrees: true, amountMinor: 1800 });
    expect((await shadowView(rt)).classes).toEqual([expect.objectContaining({ classKey: CLASS, resolved: 1, agreed: 1 })]);
    expect(rt.metrics().ShadowResolved).toEqual([1]);
    expect(rt.metrics().ShadowAgreed).toEqual([0, 1]);
    expect((await getRun(rt, run.runId))!.status).toBe('shadow');
  });
});
