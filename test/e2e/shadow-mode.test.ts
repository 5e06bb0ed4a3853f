/* eslint-disable @typescript-eslint/no-explicit-any -- these tests read loosely typed JSON from HTTP answers */
// Shadow mode end to end through the local runtime, at the tenant defaults (50 resolved tickets, 98%
// agreement): a shadow tenant's run stops at its proposal (a note on the ticket, no refund, no
// email); a person refunds in the sandbox store, whose signed refunds/create webhook comes back to the
// agent, which records what the person did and whether it agrees — or the person solves the ticket
// with no refund; GET /api/shadow shows the class's figures, and the class is switched to auto only
// with the minimum tickets resolved and enough of them agreeing, after which the next ticket of that
// class refunds on its own. One person's refund is one decision: three tickets from one customer about
// one order and one refund in the store resolve one run, one sample from one customer and one order.
import { afterEach, describe, expect, it } from 'vitest';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { DEFAULT_MIN_TICKETS, MIN_AGREEMENT } from '#functions/shared/domain/shadow.js';
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

/** One customer of the demo store's, or one of the buyers added below: each with one $18 mug and a ticket. */
type Buyer = { requesterId: string; ticketId: string; order: number; line: string };
const ANA: Buyer = { requesterId: '9001', ticketId: '5001', order: 1001, line: '11001' };
/** Ana's further tickets about the same order. */
const ANA_AGAIN: Buyer[] = ['5901', '5902'].map((ticketId) => ({ ...ANA, ticketId }));
/** Enough buyers of the same $18 mug that one class reaches the default minimum and one more ticket follows. */
const BUYERS: Buyer[] = Array.from({ length: DEFAULT_MIN_TICKETS + 1 }, (_, i) => ({
  requesterId: String(9101 + i),
  ticketId: String(5101 + i),
  order: 2001 + i,
  line: String(12001 + i),
}));

/** The demo store plus the buyers, so that many tickets share one class. */
function fixture(): SandboxFixture {
  const demo = demoFixture();
  const extra = BUYERS.map((b, i) => ({ ...b, customer: String(7101 + i), email: `buyer${i + 1}@example.com`, name: `Buyer ${i + 1}` }));
  return parseFixture({
    ...demo,
    customers: [...demo.customers, ...extra.map((e) => ({ id: e.customer, email: e.email, name: e.name, helpdeskUserId: e.requesterId }))],
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
      users: [...demo.helpdesk.users, ...extra.map((e) => ({ id: e.requesterId, email: e.email, name: e.name }))],
      tickets: [
        ...demo.helpdesk.tickets,
        ...[...extra, ...ANA_AGAIN].map((e) => ({ id: e.ticketId, requesterId: e.requesterId, subject: 'My mug arrived broken' })),
      ],
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
    // The tenant file's defaults: minTickets and agreement as a tenant gets them unless it asks for more.
    mode: { default: 'shadow' },
  });
}

async function mugTicket(runtime: LocalRuntime, input: Pick<Buyer, 'ticketId' | 'requesterId' | 'order'>): Promise<RunView> {
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
  // Shopify delivers refunds/create after the mutation answers; the handler has counted it once its delivery is answered.
  await runtime.store.webhooksDelivered();
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

/** The helpdesk says the ticket was solved (Zendesk's status_changed), with no refund made. */
async function solveTicket(runtime: LocalRuntime, buyer: Pick<Buyer, 'ticketId' | 'requesterId'>): Promise<void> {
  const solved = JSON.stringify({
    id: `e2e-solved-${process.pid}-${buyer.ticketId}`,
    type: 'zen:event-type:ticket.status_changed',
    time: new Date().toISOString(),
    detail: { id: buyer.ticketId, requester_id: buyer.requesterId, status: 'SOLVED' },
    event: { current: 'SOLVED', previous: 'OPEN' },
  });
  expect((await fetch(runtime.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, solved, new Date()), body: solved })).status).toBe(202);
}

/** Each buyer's ticket to its shadow proposal, a few at a time. */
async function shadowRuns(runtime: LocalRuntime, buyers: readonly Buyer[]): Promise<RunView[]> {
  const runs: RunView[] = [];
  for (let i = 0; i < buyers.length; i += 10) runs.push(...(await Promise.all(buyers.slice(i, i + 10).map((b) => mugTicket(runtime, b)))));
  return runs;
}

const classFigures = async (runtime: LocalRuntime) => (await shadowView(runtime)).classes.find((c: any) => c.classKey === CLASS);

describe('a shadow-mode tenant', () => {
  it('proposes only, and leaves a note saying what it would have done', async () => {
    rt = await start();

    const first = await mugTicket(rt, ANA);

    expect(first).toMatchObject({ status: 'shadow', state: 'Shadow', refund: null, approval: null, gate: { decision: 'auto', amountMinor: 1800 } });
    expect(first.shadow).toMatchObject({
      classKey: CLASS,
      decision: 'auto',
      amountMinor: 1800,
      currency: 'USD',
      lines: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
    });
    const notes = await ticketNotes(rt, ANA.ticketId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Nothing was done');
    expect(notes[0]!.body).toContain('1 × Stoneware mug');
    expect(notes[0]!.body).toContain('would have refunded $18.00 on its own');
    expect(await storeRefunds(rt, '1001')).toEqual([]);
    expect(await capturedEmails(rt)).toEqual([]);
  });

  it(`promotes a class only with ${DEFAULT_MIN_TICKETS} resolved tickets and ${MIN_AGREEMENT * 100}% of them agreeing, people disagreeing on some`, async () => {
    rt = await start();
    const [wrongAmount, solvedFirst, ...agreeing] = BUYERS.slice(0, DEFAULT_MIN_TICKETS);
    const next = BUYERS[DEFAULT_MIN_TICKETS]!;
    const runs = new Map((await shadowRuns(rt, BUYERS.slice(0, DEFAULT_MIN_TICKETS))).map((run, i) => [BUYERS[i]!.ticketId, run]));
    const runOf = (b: Buyer) => runs.get(b.ticketId)!;
    for (const run of runs.values())
      expect(run).toMatchObject({ status: 'shadow', refund: null, shadow: { classKey: CLASS, decision: 'auto', amountMinor: 1800 } });

    // 1. People disagree on two tickets: one refunds another amount, one solves the ticket with no refund.
    await personRefund(rt, { order: wrongAmount!.order, line: wrongAmount!.line, quantity: 1, amount: '10.00' });
    expect((await waitForRun(rt, runOf(wrongAmount!).runId, resolved)).shadow.resolution).toMatchObject({
      by: 'store_refund',
      amountMinor: 1000,
      agrees: false,
    });
    await solveTicket(rt, solvedFirst!);
    expect((await waitForRun(rt, runOf(solvedFirst!).runId, resolved)).shadow.resolution).toMatchObject({ by: 'helpdesk_solved', agrees: false });

    // 2. They refund exactly what the agent proposed on all but the last of the others.
    for (const b of agreeing.slice(0, -1)) {
      await personRefund(rt, { order: b.order, line: b.line, quantity: 1, amount: '18.00' });
      expect((await waitForRun(rt, runOf(b).runId, resolved)).shadow.resolution, b.ticketId).toMatchObject({ by: 'store_refund', agrees: true });
    }
    const under = DEFAULT_MIN_TICKETS - 1;
    expect(await classFigures(rt)).toEqual(expect.objectContaining({ mode: 'shadow', resolved: under, agreed: under - 2, eligible: false }));
    const tooFew = await promote(rt);
    expect(tooFew.status).toBe(409);
    expect(tooFew.json).toMatchObject({ resolved: under, agreed: under - 2, minTickets: DEFAULT_MIN_TICKETS, threshold: MIN_AGREEMENT, mode: 'shadow' });

    // 3. The minimum reached, but 48 of 50 (96%) is under the threshold.
    const last = agreeing.at(-1)!;
    await personRefund(rt, { order: last.order, line: last.line, quantity: 1, amount: '18.00' });
    await waitForRun(rt, runOf(last).runId, resolved);
    expect(await classFigures(rt)).toEqual(
      expect.objectContaining({ resolved: DEFAULT_MIN_TICKETS, agreed: DEFAULT_MIN_TICKETS - 2, agreement: 0.96, eligible: false }),
    );
    expect((await promote(rt)).status).toBe(409);

    // 4. The person who had solved a ticket refunds it after all, as proposed: 49 of 50 agree, exactly 98%.
    await personRefund(rt, { order: solvedFirst!.order, line: solvedFirst!.line, quantity: 1, amount: '18.00' });
    const superseded = await waitForRun(rt, runOf(solvedFirst!).runId, (r) => r.shadow?.resolution?.by === 'store_refund');
    expect(superseded.shadow.resolution).toMatchObject({ agrees: true });
    expect(await classFigures(rt)).toEqual(
      expect.objectContaining({
        resolved: DEFAULT_MIN_TICKETS,
        agreed: DEFAULT_MIN_TICKETS - 1,
        samples: DEFAULT_MIN_TICKETS,
        customers: DEFAULT_MIN_TICKETS,
        orders: DEFAULT_MIN_TICKETS,
        eligible: true,
      }),
    );

    const switched = await promote(rt);
    expect(switched.status).toBe(200);
    expect(switched.json).toMatchObject({
      promoted: true,
      classKey: CLASS,
      mode: 'auto',
      resolved: DEFAULT_MIN_TICKETS,
      agreed: DEFAULT_MIN_TICKETS - 1,
      promotedBy: 'lead@demo-store.example',
    });
    const view = await shadowView(rt);
    expect(view).toMatchObject({ minTickets: DEFAULT_MIN_TICKETS, threshold: MIN_AGREEMENT, defaultMode: 'shadow' });
    expect(view.promotions).toEqual([
      expect.objectContaining({
        classKey: CLASS,
        resolved: DEFAULT_MIN_TICKETS,
        agreed: DEFAULT_MIN_TICKETS - 1,
        customers: DEFAULT_MIN_TICKETS,
        orders: DEFAULT_MIN_TICKETS,
        minTickets: DEFAULT_MIN_TICKETS,
        minCustomers: DEFAULT_MIN_TICKETS / 2,
        minOrders: DEFAULT_MIN_TICKETS,
        threshold: MIN_AGREEMENT,
      }),
    ]);
    expect((await promote(rt)).status).toBe(409);
    const sum = (points: number[] | undefined) => (points ?? []).reduce((a, b) => a + b, 0);
    expect(sum(rt.metrics().ShadowResolved)).toBe(DEFAULT_MIN_TICKETS);
    expect(sum(rt.metrics().ShadowAgreed)).toBe(DEFAULT_MIN_TICKETS - 1);

    // 5. The class is auto now: the next ticket of it refunds on its own, and its refund coming back
    //    through refunds/create changes no shadow figure.
    const after = await mugTicket(rt, next);
    expect(after).toMatchObject({ status: 'done', refund: { amountMinor: 1800, orderNumber: String(next.order) } });
    expect(after.shadow).toBeUndefined();
    expect(await storeRefunds(rt, String(next.order))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await classFigures(rt)).toEqual(expect.objectContaining({ resolved: DEFAULT_MIN_TICKETS, agreed: DEFAULT_MIN_TICKETS - 1 }));
  }, 300_000);

  it('counts three tickets from one customer about one order and one refund in the store as one decision', async () => {
    rt = await start();
    const runs: RunView[] = [];
    for (const ticket of [ANA, ...ANA_AGAIN]) runs.push(await mugTicket(rt, ticket));
    expect(runs.map((r) => r.status)).toEqual(['shadow', 'shadow', 'shadow']);
    expect(new Set(runs.map((r) => r.runId)).size).toBe(3);

    await personRefund(rt, { order: 1001, line: '11001', quantity: 1, amount: '18.00' });
    const first = await waitForRun(rt, runs[0]!.runId, resolved);
    await new Promise((r) => setTimeout(r, 200));

    expect(first.shadow.resolution).toMatchObject({ by: 'store_refund', agrees: true });
    for (const later of runs.slice(1)) expect((await getRun(rt, later.runId))!.shadow.resolution).toBeUndefined();
    expect(await classFigures(rt)).toEqual(
      expect.objectContaining({ resolved: 1, agreed: 1, samples: 1, agreeingSamples: 1, customers: 1, orders: 1, agreement: 1, eligible: false }),
    );
    expect(rt.metrics().ShadowResolved).toEqual([1]);
    const refused = await promote(rt);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ customers: 1, orders: 1, minCustomers: DEFAULT_MIN_TICKETS / 2, minOrders: DEFAULT_MIN_TICKETS });
  });

  it('records a person who refunds another amount as disagreeing', async () => {
    rt = await start();
    const run = await mugTicket(rt, ANA);
    expect(run.status).toBe('shadow');

    await personRefund(rt, { order: 1001, line: '11001', quantity: 1, amount: '10.00' });
    const after = await waitForRun(rt, run.runId, resolved);

    expect(after.shadow.resolution).toMatchObject({ by: 'store_refund', amountMinor: 1000, agrees: false });
    expect((await shadowView(rt)).classes).toEqual([expect.objectContaining({ classKey: CLASS, resolved: 1, agreed: 0, agreement: 0, eligible: false })]);
    expect(rt.metrics().ShadowAgreed).toEqual([0]);
  });

  it('takes a ticket solved with no refund as the answer, until a refund in the store supersedes it', async () => {
    rt = await start();
    const run = await mugTicket(rt, ANA);
    await solveTicket(rt, ANA);

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
