// Shopify signs the body, not X-Shopify-Topic: a delivery's meaning is believed only when the signed
// body has its topic's shape. A captured refunds/create body re-sent as disputes/create (or the
// reverse) is refused and acts on nothing, and what a delivery is deduplicated on never moves with an
// unsigned header. Through the store-webhook handler over the in-memory stores.
import { describe, expect, it } from 'vitest';
import { createStoreWebhookHandler } from '#functions/intake/store-webhook/handler.js';
import { SHOPIFY_HMAC_HEADER, shopifySignedHeaders } from '#functions/intake/store-webhook/shopify.js';
import { bodyMatchesTopic } from '#functions/intake/store-webhook/topic-shapes.js';
import type { StoreWebhookOutcome } from '#functions/intake/store-webhook/use-case.js';
import type { HttpEvent } from '#functions/shared/http.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { recordingMetrics } from '../../support/metrics.js';
import { fixedClock, httpEvent, makeOrder, proposedRun, receiptFor } from '../../support/steps.js';

const SECRET = 'shopify-app-secret-for-tests';

/** A refunds/create body as Shopify sends it (REST shape; the sandbox store's sender sends the same fields). */
const REFUND = JSON.stringify({
  id: 900001,
  order_id: 1001,
  created_at: '2026-09-23T11:00:00Z',
  note: 'refunded by Sam',
  restock: false,
  refund_line_items: [{ id: 1, line_item_id: 11001, quantity: 1, subtotal: '18.00' }],
  transactions: [{ id: 2, kind: 'refund', status: 'success', amount: '18.00', currency: 'USD' }],
  order_adjustments: [],
});
/** A disputes/create body (Shopify Payments dispute, REST shape). */
const DISPUTE = JSON.stringify({
  id: 77001,
  order_id: 1001,
  type: 'chargeback',
  amount: '18.00',
  currency: 'USD',
  reason: 'fraudulent',
  network_reason_code: '4837',
  status: 'needs_response',
  evidence_due_by: '2026-10-07T00:00:00Z',
  initiated_at: '2026-09-23T10:00:00Z',
});
/** An orders/* body: an order, not a dispute, though it names an order and carries an id. */
const ORDER = JSON.stringify({ id: 1001, order_id: 1001, type: 'chargeback', order_number: 1001, line_items: [{ id: 11001, quantity: 1 }] });

function refundedRun(runId: string): Run {
  const run = proposedRun({ runId, status: 'done', state: 'Done' }, makeOrder({ number: '1001' }));
  return { ...run, refund: receiptFor(run) };
}

function setup() {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const { metrics, lines } = recordingMetrics(clock);
  const refundsSeen: Buffer[] = [];
  const handler = createStoreWebhookHandler({
    tenant: 'demo',
    secret: SECRET,
    runs: stores.runs,
    events: stores.events,
    metrics,
    clock,
    topics: {
      'refunds/create': async ({ body }): Promise<StoreWebhookOutcome> => {
        refundsSeen.push(body);
        return { kind: 'recorded', runIds: [] };
      },
    },
  });
  const reversed = () => lines.filter((line) => line.includes('RefundsReversed')).length;
  const send = async (body: string, headers: Record<string, string>) => {
    const event = httpEvent({ method: 'POST', path: '/webhooks/shopify', body });
    const withHeaders: HttpEvent = {
      ...event,
      headers: { ...event.headers, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) },
    };
    const result = await handler(withHeaders);
    return { status: result.statusCode, body: JSON.parse(String(result.body)) as Record<string, unknown> };
  };
  const signed = (body: string, topic: string, webhookId = 'wh-1') => send(body, shopifySignedHeaders(SECRET, body, { topic, webhookId }));
  return { stores, send, signed, reversed, refundsSeen };
}

describe('the topic a signed body is read under', () => {
  it('refuses a signed refunds/create body re-sent as disputes/create, and records no reversal', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1'));

    const res = await s.signed(REFUND, 'disputes/create', 'wh-forged');

    expect(res.status).toBe(400);
    expect(s.reversed()).toBe(0);
    expect((await s.stores.runs.get('run-1'))!.reversals).toBeUndefined();
    expect(s.stores.state.events.size).toBe(0);
  });

  it('still records the same order’s real dispute afterwards, once', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1'));
    await s.signed(REFUND, 'disputes/create', 'wh-forged');

    expect((await s.signed(DISPUTE, 'disputes/create', 'wh-real')).body).toEqual({ recorded: true, runIds: ['run-1'] });
    expect(s.reversed()).toBe(1);
  });

  it('refuses a dispute body re-sent as refunds/create: the refund handler never sees it', async () => {
    const s = setup();

    const res = await s.signed(DISPUTE, 'refunds/create');

    expect(res.status).toBe(400);
    expect(s.refundsSeen).toEqual([]);
  });

  it('hands a refunds/create body to its handler as signed', async () => {
    const s = setup();

    expect((await s.signed(REFUND, 'refunds/create')).status).toBe(200);
    expect(s.refundsSeen.map((b) => b.toString('utf8'))).toEqual([REFUND]);
  });

  it('refuses an order body sent as a dispute, even one that carries a dispute type', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1'));

    expect((await s.signed(ORDER, 'disputes/create')).status).toBe(400);
    expect(s.reversed()).toBe(0);
  });

  it('refuses a dispute whose status or type is no dispute kind', () => {
    const dispute = JSON.parse(DISPUTE) as Record<string, unknown>;
    expect(bodyMatchesTopic('disputes/create', { ...dispute, status: 'success' }).ok).toBe(false);
    expect(bodyMatchesTopic('disputes/create', { ...dispute, type: 'refund' }).ok).toBe(false);
    const { type: _type, ...untyped } = dispute;
    expect(bodyMatchesTopic('disputes/create', untyped).ok).toBe(false);
    expect(bodyMatchesTopic('disputes/create', dispute)).toEqual({ ok: true });
  });

  it('refuses a refund body without its lines or payments', () => {
    const refund = JSON.parse(REFUND) as Record<string, unknown>;
    const { transactions: _t, ...noPayments } = refund;
    expect(bodyMatchesTopic('refunds/create', noPayments).ok).toBe(false);
    expect(bodyMatchesTopic('refunds/create', { ...refund, refund_line_items: null }).ok).toBe(false);
    expect(bodyMatchesTopic('refunds/create', refund)).toEqual({ ok: true });
  });
});

describe('what a Shopify delivery is deduplicated on', () => {
  it('counts one dispute once whatever unsigned headers it comes with', async () => {
    const s = setup();
    await s.stores.runs.create(refundedRun('run-1'));
    const headers = shopifySignedHeaders(SECRET, DISPUTE, { topic: 'disputes/create', webhookId: 'wh-a' });

    const first = await s.send(DISPUTE, headers);
    const variants: Array<Record<string, string>> = [
      { 'X-Shopify-Webhook-Id': 'wh-b' },
      { 'X-Shopify-Shop-Domain': 'another.myshopify.com', 'X-Shopify-API-Version': '2025-01' },
      { 'X-Shopify-Triggered-At': '2030-01-01T00:00:00Z', 'X-Shopify-Event-Id': 'ev-other' },
    ];
    const again = await Promise.all(variants.map((extra) => s.send(DISPUTE, { ...headers, ...extra })));

    expect(first.body).toEqual({ recorded: true, runIds: ['run-1'] });
    expect(again.map((r) => r.body)).toEqual(variants.map(() => ({ duplicate: true, runIds: ['run-1'] })));
    expect(s.reversed()).toBe(1);
    expect([...s.stores.state.events.keys()]).toEqual(['demo#shopify#disputes/create:77001']);
  });

  it('never reads a body whose signature does not match, whatever its topic', async () => {
    const s = setup();
    const headers = shopifySignedHeaders(SECRET, DISPUTE, { topic: 'disputes/create', webhookId: 'wh-a' });

    expect((await s.send(REFUND, { ...headers, [SHOPIFY_HMAC_HEADER]: headers[SHOPIFY_HMAC_HEADER]! })).status).toBe(401);
    expect(s.refundsSeen).toEqual([]);
  });
});
