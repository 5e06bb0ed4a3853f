// The refund reversal rate end to end through the local runtime: the agent refunds the cracked mug,
// then the store reports a dispute on that order with a signed Shopify webhook; RefundsReversed is
// counted once (a redelivery changes nothing) and the run shows the reversal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shopifySignedHeaders } from '#functions/intake/store-webhook/shopify.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { getRun, postWebhook, SECRET, settled, ticketCreated, waitForRun } from '../support/local-runtime.js';

const SHOPIFY_SECRET = 'e2e-shopify-webhook-secret';

let rt: LocalRuntime;
beforeEach(async () => {
  rt = await startLocalRuntime({
    port: 0,
    fixture: demoFixture(),
    tenant: 'demo',
    approverEmails: ['lead@demo-store.example'],
    zendeskSecret: SECRET,
    shopifyWebhookSecret: SHOPIFY_SECRET,
    retryIntervalMs: 0,
  });
});
afterEach(async () => {
  await rt.close();
});

async function postDispute(body: string, webhookId: string, secret = SHOPIFY_SECRET) {
  const res = await fetch(rt.urls.storeWebhook, { method: 'POST', headers: shopifySignedHeaders(secret, body, { topic: 'disputes/create', webhookId }), body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('a dispute on an order the agent refunded', () => {
  it('counts one RefundsReversed and shows the reversal on the run', async () => {
    const { json } = await postWebhook(
      rt,
      ticketCreated({ ticketId: '5001', requesterId: '9001', text: 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?' }),
    );
    const runId = json.runId as string;
    const run = await waitForRun(rt, runId, settled);
    expect(run.refund).toMatchObject({ amountMinor: 1800, orderNumber: '1001' });
    expect(rt.metrics().RefundsReversed).toBeUndefined();

    // Shopify's payload carries the numeric order id; the run knows the order by its GID.
    const orderId = Number(String(run.order.orderId).replace('gid://shopify/Order/', ''));
    const dispute = JSON.stringify({
      id: 77001,
      order_id: orderId,
      type: 'chargeback',
      amount: '18.00',
      currency: 'USD',
      reason: 'fraudulent',
      status: 'needs_response',
    });

    expect((await postDispute(dispute, 'wh-e2e-1', 'not-the-app-secret')).status).toBe(401);
    const first = await postDispute(dispute, 'wh-e2e-1');
    const redelivered = await postDispute(dispute, 'wh-e2e-1');

    expect(first).toEqual({ status: 200, json: { recorded: true, runIds: [runId] } });
    expect(redelivered).toEqual({ status: 200, json: { duplicate: true, runIds: [runId] } });
    expect(rt.metrics().RefundsReversed).toEqual([1]);
    expect(rt.metrics().RefundsIssued).toEqual([1]);
    const after = await getRun(rt, runId);
    expect(after!.reversals).toEqual([
      expect.objectContaining({
        source: 'shopify',
        topic: 'disputes/create',
        deliveryId: 'wh-e2e-1',
        disputeId: '77001',
        kind: 'chargeback',
        amountMinor: 1800,
        currency: 'USD',
      }),
    ]);
  });
});
