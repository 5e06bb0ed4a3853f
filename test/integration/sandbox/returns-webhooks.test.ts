/* eslint-disable @typescript-eslint/no-explicit-any -- reads the webhook bodies as JSON */
// The webhooks a return sends from the sandbox store, as a Shopify app subscribed to them receives
// them: returns/request, returns/approve, reverse_deliveries/attach_deliverable,
// reverse_fulfillment_orders/dispose, refunds/create (naming its return), returns/process,
// returns/close, returns/decline, returns/cancel and returns/reopen, each signed with
// X-Shopify-Hmac-Sha256 exactly as refunds/create is (verified by the app's own verifier), with
// Shopify's REST-style bodies. A refused mutation sends nothing.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyShopify } from '#functions/intake/store-webhook/shopify.js';
import { bodyMatchesTopic } from '#functions/intake/store-webhook/topic-shapes.js';
import { parseRefundCreated } from '#functions/shadow/step/store-refund.js';
import type { SandboxStore } from '#local/sandbox/index.js';
import {
  ask,
  createReturn,
  orderId,
  receive,
  RETURN_APPROVE,
  RETURN_CANCEL,
  RETURN_CLOSE,
  RETURN_DECLINE,
  RETURN_PROCESS,
  RETURN_REOPEN,
  RETURN_REQUEST,
  returnLine,
  REVERSE_DELIVERY,
  saleId,
  startReturnsStore,
} from '../../support/returns-store.js';

const SECRET = 'sandbox-returns-webhook-secret';
type Delivery = { topic: string; headers: IncomingHttpHeaders; raw: Buffer; body: any };

let receiver: ReturnType<typeof createServer>;
let deliveries: Delivery[];
let store: SandboxStore;

beforeEach(async () => {
  deliveries = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      deliveries.push({ topic: String(req.headers['x-shopify-topic']), headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/shopify`;
  store = await startReturnsStore({ webhook: { url, secret: SECRET } });
});
afterEach(async () => {
  await store.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Every delivery so far, once the store has sent all it queued. */
async function delivered(): Promise<Delivery[]> {
  await store.webhooksDelivered();
  return deliveries;
}
const one = async (topic: string) => (await delivered()).filter((d) => d.topic === topic);
const numeric = (gid: string) => Number(gid.split('/').pop());

describe('sandbox store returns: webhooks', () => {
  it('announces a requested return, its approval, its label, its receipt, its refund, its processing and its close, each signed', async () => {
    const requested = (
      await ask(store, RETURN_REQUEST, { input: { orderId: orderId(5001), returnLineItems: [{ ...returnLine(5001, 1), customerNote: 'too small' }] } })
    ).returnRequest.return;
    const approved = (await ask(store, RETURN_APPROVE, { input: { id: requested.id } })).returnApproveRequest.return;
    const rfo = approved.reverseFulfillmentOrders.nodes[0];
    await ask(store, REVERSE_DELIVERY, {
      rfo: rfo.id,
      lines: [],
      label: { fileUrl: 'https://labels.example/r.pdf' },
      tracking: { number: '940011', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=940011' },
    });
    await receive(store, requested.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    const line = approved.returnLineItems.nodes[0].id;
    const processed = await ask(store, RETURN_PROCESS, {
      input: {
        returnId: requested.id,
        returnLineItems: [{ id: line, quantity: 1 }],
        financialTransfer: { issueRefund: { orderTransactions: [{ parentId: saleId(5001), transactionAmount: { amount: '34.00', currencyCode: 'USD' } }] } },
      },
    });
    expect(processed.returnProcess.userErrors).toEqual([]);

    const all = await delivered();
    expect(all.map((d) => d.topic).sort()).toEqual(
      [
        'refunds/create',
        'returns/approve',
        'returns/close',
        'returns/process',
        'returns/request',
        'reverse_deliveries/attach_deliverable',
        'reverse_fulfillment_orders/dispose',
      ].sort(),
    );
    for (const d of all) {
      expect(verifyShopify({ secret: SECRET, signature: d.headers['x-shopify-hmac-sha256'] as string, body: d.raw })).toEqual({ ok: true });
      expect(d.headers).toMatchObject({ 'x-shopify-api-version': '2026-04', 'x-shopify-shop-domain': expect.stringMatching(/\.myshopify\.com$/) });
      expect(d.headers['x-shopify-webhook-id']).toEqual(expect.any(String));
    }
    const [request] = await one('returns/request');
    expect(request!.body).toMatchObject({
      id: numeric(requested.id),
      admin_graphql_api_id: requested.id,
      status: 'requested',
      name: '#5001-R1',
      order: { id: 5001, admin_graphql_api_id: orderId(5001) },
      total_return_line_items: 1,
      return_line_items: [
        {
          admin_graphql_api_id: line,
          quantity: 1,
          return_reason: 'size_too_small',
          customer_note: 'too small',
          fulfillment_line_item: {
            admin_graphql_api_id: 'gid://shopify/FulfillmentLineItem/50011',
            line_item: { id: 500101, admin_graphql_api_id: 'gid://shopify/LineItem/500101' },
          },
        },
      ],
      exchange_line_items: [],
      total_exchange_line_items: 0,
    });
    expect((await one('returns/approve'))[0]!.body).toMatchObject({ admin_graphql_api_id: requested.id, status: 'open' });
    expect((await one('reverse_deliveries/attach_deliverable'))[0]!.body).toMatchObject({
      return: { admin_graphql_api_id: requested.id },
      shipping_deliverable: { label: { public_file_url: 'https://labels.example/r.pdf' }, tracking: { carrier_name: 'USPS', tracking_number: '940011' } },
    });
    expect((await one('reverse_fulfillment_orders/dispose'))[0]!.body).toMatchObject({
      admin_graphql_api_id: rfo.id,
      total_dispositions: 1,
      dispositions: [
        {
          type: 'restocked',
          quantity: 1,
          location: { admin_graphql_api_id: 'gid://shopify/Location/1' },
          reverse_fulfillment_order_line_item: { admin_graphql_api_id: rfo.lineItems.nodes[0].id },
        },
      ],
    });
    const [refund] = await one('refunds/create');
    expect(refund!.body.return).toEqual({ id: numeric(requested.id), admin_graphql_api_id: requested.id });
    expect(bodyMatchesTopic('refunds/create', refund!.body)).toEqual({ ok: true });
    expect(parseRefundCreated(refund!.body)).toMatchObject({
      ok: true,
      signal: { orderId: '5001', lines: [{ lineItemId: 'gid://shopify/LineItem/500101', quantity: 1 }] },
    });
    expect((await one('returns/process'))[0]!.body).toMatchObject({
      admin_graphql_api_id: requested.id,
      order_id: 5001,
      status: 'closed',
      return_line_items: [{ admin_graphql_api_id: line, quantity: 1, processed_quantity: 1 }],
    });
    expect((await one('returns/close'))[0]!.body).toEqual({ id: numeric(requested.id), admin_graphql_api_id: requested.id, order_id: 5001, status: 'closed' });
  });

  it('announces a return opened at once as approved, and its cancel, close, reopen and decline', async () => {
    const opened = (
      await createReturn(store, {
        orderId: orderId(5001),
        returnLineItems: [returnLine(5001, 1)],
        returnShippingFee: { amount: { amount: '5.00', currencyCode: 'USD' } },
      })
    ).return;
    await ask(store, RETURN_CLOSE, { id: opened.id });
    await ask(store, RETURN_REOPEN, { id: opened.id });
    await ask(store, RETURN_CANCEL, { id: opened.id });
    const requested = (await ask(store, RETURN_REQUEST, { input: { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] } })).returnRequest.return;
    await ask(store, RETURN_DECLINE, { input: { id: requested.id, declineReason: 'FINAL_SALE', declineNote: 'sale item' } });

    const [approve] = await one('returns/approve');
    expect(approve!.body.return_shipping_fees).toEqual([
      expect.objectContaining({ price: { shop_money: { amount: '5.00', currency_code: 'USD' }, presentment_money: { amount: '5.00', currency_code: 'USD' } } }),
    ]);
    for (const [topic, status] of [
      ['returns/close', 'closed'],
      ['returns/reopen', 'open'],
      ['returns/cancel', 'canceled'],
    ] as const) {
      expect((await one(topic))[0]!.body).toEqual({ id: numeric(opened.id), admin_graphql_api_id: opened.id, order_id: 5001, status });
    }
    expect((await one('returns/decline'))[0]!.body).toMatchObject({
      admin_graphql_api_id: requested.id,
      status: 'declined',
      decline: { reason: 'final_sale', note: 'sale item' },
    });
  });

  it('sends nothing for a refused return mutation', async () => {
    await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 9)] });
    await ask(store, RETURN_CLOSE, { id: 'gid://shopify/Return/1' });

    expect(await delivered()).toEqual([]);
  });
});
