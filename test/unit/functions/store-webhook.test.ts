// The store's side of the refund reversal rate, through the store-webhook handler with API Gateway v2
// events over the in-memory stores: only deliveries signed with the app's secret are read (401
// otherwise), a dispute on an order the agent refunded is recorded on the run and counted once per
// delivery, anything else changes nothing.
import { describe, expect, it } from 'vitest';
import { createStoreWebhookHandler } from '#functions/intake/store-webhook/handler.js';
import { shopifySignedHeaders } from '#functions/intake/store-webhook/shopify.js';
import { decimalToMinorOrNull } from '#shared/money.js';
import type { HttpEvent } from '#functions/shared/http.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { EventLedger } from '#functions/shared/stores/ports.js';
import { recordingMetrics } from '../../support/metrics.js';
import { fixedClock, httpEvent, makeOrder, proposedRun, receiptFor } from '../../support/steps.js';

const SECRET = 'shopify-app-secret-for-tests';
/** Signed with `openssl dgst -sha256 -hmac shopify-app-secret-for-tests -binary | base64`, not by the code under test. */
const VECTOR = {
  body: '{"id":1052,"order_id":450789469,"type":"chargeback","amount":"11.50","currency":"USD","reason":"fraudulent","status":"needs_response"}',
  hmac: '0Tpw1rh61BmPNA6SMm8ccE5jjyK5BSO5WeZHBz6uKnI=',
};

const disputeBody = (orderId: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 9001, order_id: Number(orderId), type: 'chargeback', amount: '18.00', currency: 'USD', reason: 'product_not_received', ...overrides });

function delivery(body: string, headers: Record<string, string>, options: { base64?: boolean } = {}): HttpEvent {
  const event = httpEvent({ method: 'POST', path: '/webhooks/shopify', body, base64: options.base64 });
  return { ...event, headers: { ...event.headers, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) } };
}

const signed = (body: string, webhookId = 'wh-1', topic = 'disputes/create') => delivery(body, shopifySignedHeaders(SECRET, body, { topic, webhookId }));

/** A run whose Refund step refunded order `number` (an 1800 mug by default). */
function refundedRun(runId: string, number: string, status: Run['status'] = 'done'): Run {
  const run = proposedRun({ runId, status, state: 'Done' }, makeOrder({ number }));
  return { ...run, refund: receiptFor(run) };
}

function setup(options: { secret?: string | undefined; events?: (ledger: EventLedger) => EventLedger } = {}) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const { metrics, lines } = recordingMetrics(clock);
  const handler = createStoreWebhookHandler({
    tenant: 'demo',
    secret: 'secret' in options ? options.secret : SECRET,
    runs: stores.runs,
    events: options.events ? options.events(stores.events) : stores.events,
    metrics,
    clock,
  });
  const reversed = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => 'RefundsReversed' in l)
      .map((l) => l.RefundsReversed);
  const send = async (event: HttpEvent) => {
    const result = await handler(event);
    return { status: result.statusCode, body: JSON.parse(String(result.body)) as Record<string, unknown> };
  };
  return { stores, send, reversed, clock };
}

describe('Shopify webhook signature', () => {
  it('accepts a delivery whose X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body with the app secret', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-v', '450789469'));

    const res = await s.send(
      delivery(VECTOR.body, { 'X-Shopify-Hmac-Sha256': VECTOR.hmac, 'X-Shopify-Topic': 'disputes/create', 'X-Shopify-Webhook-Id': 'wh-vector' }),
    );

    expect(res).toEqual({ status: 200, body: { recorded: true, runIds: ['run-v'] } });
    expect(s.reversed()).toEqual([1]);
  });

  it('checks the signature over the bytes API Gateway delivered base64-encoded', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-b', '1001'));
    const body = disputeBody('1001', { reason: 'Produit non reçu — ünïcode' });

    const res = await s.send(delivery(body, shopifySignedHeaders(SECRET, body, { topic: 'disputes/create', webhookId: 'wh-b64' }), { base64: true }));

    expect(res.status).toBe(200);
    expect((await s.stores.runs.get('run-b'))!.reversals![0]!.reason).toBe('Produit non reçu — ünïcode');
  });

  it.each([
    [
      'one byte of the body changed',
      (body: string) => delivery(body.replace('18.00', '18.01'), shopifySignedHeaders(SECRET, body, { topic: 'disputes/create', webhookId: 'wh-x' })),
    ],
    [
      'signed with another secret',
      (body: string) => delivery(body, shopifySignedHeaders('another-secret-entirely', body, { topic: 'disputes/create', webhookId: 'wh-x' })),
    ],
    ['no signature header', (body: string) => delivery(body, { 'X-Shopify-Topic': 'disputes/create', 'X-Shopify-Webhook-Id': 'wh-x' })],
  ])('refuses a delivery with %s (401), recording and counting nothing', async (_case, make) => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    const res = await s.send(make(disputeBody('1001')));

    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
    expect(s.reversed()).toEqual([]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toBeUndefined();
    expect(s.stores.state.events.size).toBe(0);
  });

  it('keeps the route closed (404) while no secret is configured', async () => {
    const s = setup({ secret: undefined });
    expect((await s.send(signed(disputeBody('1001')))).status).toBe(404);
  });
});

describe('disputes on agent refunds', () => {
  it('counts one RefundsReversed for a dispute on an order the agent refunded and records it on the run', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    const res = await s.send(signed(disputeBody('1001'), 'wh-dispute-1'));

    expect(res).toEqual({ status: 200, body: { recorded: true, runIds: ['run-1'] } });
    expect(s.reversed()).toEqual([1]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toEqual([
      {
        source: 'shopify',
        topic: 'disputes/create',
        deliveryId: 'wh-dispute-1',
        disputeId: '9001',
        kind: 'chargeback',
        reason: 'product_not_received',
        amountMinor: 1800,
        currency: 'USD',
        receivedAt: s.clock.now().toISOString(),
      },
    ]);
  });

  it('counts a redelivery of the same webhook id once', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));
    const body = disputeBody('1001');

    const first = await s.send(signed(body, 'wh-same'));
    const again = await s.send(signed(body, 'wh-same'));

    expect(first.body).toMatchObject({ recorded: true });
    expect(again).toEqual({ status: 200, body: { duplicate: true, runIds: ['run-1'] } });
    expect(s.reversed()).toEqual([1]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toHaveLength(1);
  });

  it('counts a dispute once however many webhook ids it arrives under: the unsigned header is not the key', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));
    const body = disputeBody('1001');

    const answers = [];
    for (const webhookId of ['wh-a', 'wh-b', 'wh-c']) answers.push(await s.send(signed(body, webhookId)));

    expect(answers.map((a) => a.body)).toEqual([
      { recorded: true, runIds: ['run-1'] },
      { duplicate: true, runIds: ['run-1'] },
      { duplicate: true, runIds: ['run-1'] },
    ]);
    expect(s.reversed()).toEqual([1]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toHaveLength(1);
  });

  it('counts two disputes on the same order as two, keyed by the signed dispute id', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    await s.send(signed(disputeBody('1001', { id: 9001 }), 'wh-same'));
    await s.send(signed(disputeBody('1001', { id: 9002 }), 'wh-same'));

    expect(s.reversed()).toEqual([1, 1]);
    expect((await s.stores.runs.get('run-1'))!.reversals!.map((r) => r.disputeId)).toEqual(['9001', '9002']);
  });

  it('keeps at most 20 reversals on a run and still counts every further dispute', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    for (let id = 1; id <= 25; id++) {
      const res = await s.send(signed(disputeBody('1001', { id }), `wh-${id}`));
      expect(res.body).toMatchObject({ recorded: true, runIds: ['run-1'] });
    }

    const reversals = (await s.stores.runs.get('run-1'))!.reversals!;
    expect(reversals).toHaveLength(20);
    expect(reversals.map((r) => r.disputeId)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(s.reversed()).toHaveLength(25);
  });

  it('still counts once when the first delivery failed after recording: Shopify retries, the run keeps one entry', async () => {
    let failNext = true;
    const s = setup({
      events: (ledger) => ({
        claim: async (input) => {
          if (failNext) {
            failNext = false;
            throw new Error('ledger temporarily unavailable');
          }
          return ledger.claim(input);
        },
      }),
    });
    await s.stores.runs.create(refundedRun('run-1', '1001'));
    const body = disputeBody('1001');

    await expect(s.send(signed(body, 'wh-retry'))).rejects.toThrow('ledger temporarily unavailable');
    const retried = await s.send(signed(body, 'wh-retry'));

    expect(retried.body).toMatchObject({ recorded: true });
    expect(s.reversed()).toEqual([1]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toHaveLength(1);
  });

  it('changes nothing for a dispute on an order the agent never refunded', async () => {
    const s = setup();
    // The agent looked at order 1002 but did not refund it; nobody ran on order 1003.
    await s.stores.runs.create(proposedRun({ runId: 'run-2', status: 'escalated', state: 'Escalate' }, makeOrder({ number: '1002' })));
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    for (const order of ['1002', '1003']) {
      const res = await s.send(signed(disputeBody(order), `wh-${order}`));
      expect(res).toEqual({ status: 200, body: { ignored: 'no agent refund on this order' } });
    }

    expect(s.reversed()).toEqual([]);
    expect((await s.stores.runs.get('run-2'))!.reversals).toBeUndefined();
    expect((await s.stores.runs.get('run-1'))!.reversals).toBeUndefined();
    expect(s.stores.state.events.size).toBe(0);
  });

  it('finds the refund in a run of any status that can hold one, and records on every run that refunded the order', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-a', '1001', 'escalated'));
    await s.stores.runs.create({ ...refundedRun('run-b', '1001', 'cancelled'), createdAt: s.clock.now().toISOString().replace('12:00', '13:00') });

    const res = await s.send(signed(disputeBody('1001'), 'wh-two'));

    expect(res.body).toEqual({ recorded: true, runIds: ['run-a', 'run-b'] });
    expect(s.reversed()).toEqual([1]);
    for (const runId of ['run-a', 'run-b']) expect((await s.stores.runs.get(runId))!.reversals).toHaveLength(1);
  });

  it('answers 200 and changes nothing for a topic that reverses nothing', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    const res = await s.send(signed(JSON.stringify({ id: 450789469, name: '#1001' }), 'wh-o', 'orders/updated'));

    expect(res).toEqual({ status: 200, body: { ignored: 'topic orders/updated does not reverse a refund' } });
    expect(s.reversed()).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', signed('{"order_id": 1001', 'wh-m1')],
    ['a dispute without its order', signed(JSON.stringify({ id: 9001, type: 'chargeback' }), 'wh-m2')],
    [
      'no webhook id',
      delivery(disputeBody('1001'), {
        ...shopifySignedHeaders(SECRET, disputeBody('1001'), { topic: 'disputes/create', webhookId: 'x' }),
        'X-Shopify-Webhook-Id': '',
      }),
    ],
    ['no topic', delivery(disputeBody('1001'), { ...shopifySignedHeaders(SECRET, disputeBody('1001'), { topic: '', webhookId: 'wh-m4' }) })],
  ])('refuses %s (400), counting nothing', async (_case, event) => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1', '1001'));

    const res = await s.send(event);

    expect(res.status).toBe(400);
    expect(s.reversed()).toEqual([]);
    expect((await s.stores.runs.get('run-1'))!.reversals).toBeUndefined();
  });
});

describe('disputed amounts', () => {
  it("reads Shopify's decimal amount as integer minor units of its currency", () => {
    expect(decimalToMinorOrNull('11.50', 'USD')).toBe(1150);
    expect(decimalToMinorOrNull('11.5', 'EUR')).toBe(1150);
    expect(decimalToMinorOrNull('1500', 'JPY')).toBe(1500);
    expect(decimalToMinorOrNull('1.005', 'USD')).toBeNull();
  });
});
