// The sandbox store's refunds/create webhook, as a Shopify app subscription receives it: one signed
// delivery per refund refundCreate creates (none for a replayed idempotency key, none for a refused
// refund), verifiable with the app secret, and readable as the person's refund by shadow mode.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRefundCreated, refundedMinor } from '#functions/shadow/step/store-refund.js';
import { verifyShopify } from '#functions/intake/store-webhook/shopify.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const SECRET = 'sandbox-webhook-test-secret';
const REFUND = `mutation R($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } }
}`;

type Delivery = { headers: IncomingHttpHeaders; body: Buffer };

let receiver: ReturnType<typeof createServer>;
let deliveries: Delivery[];
let store: SandboxStore;

beforeEach(async () => {
  deliveries = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/shopify`;
  store = await startSandboxStore({ fixture: demoFixture(), clock, accessToken: STORE_TOKEN, webhook: { url, secret: SECRET } });
});
afterEach(async () => {
  await store.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const refundMug = (key: string, amount = '18.00') =>
  storeGraphql(store, REFUND, {
    key,
    input: {
      orderId: 'gid://shopify/Order/1001',
      note: 'goodwill from the admin',
      refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }],
      transactions: [
        { orderId: 'gid://shopify/Order/1001', amount, gateway: 'shopify_payments', kind: 'REFUND', parentId: 'gid://shopify/OrderTransaction/10011' },
      ],
    },
  });

async function delivered(count: number): Promise<Delivery[]> {
  const deadline = Date.now() + 2000;
  while (deliveries.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return deliveries;
}

describe('sandbox store refunds/create webhook', () => {
  it('delivers one signed refunds/create per new refund, which reads as the refunded lines and amount', async () => {
    await refundMug('k-1');
    const [delivery] = await delivered(1);

    expect(delivery!.headers).toMatchObject({ 'x-shopify-topic': 'refunds/create', 'x-shopify-shop-domain': expect.stringMatching(/\.myshopify\.com$/) });
    expect(delivery!.headers['x-shopify-webhook-id']).toEqual(expect.any(String));
    expect(verifyShopify({ secret: SECRET, signature: delivery!.headers['x-shopify-hmac-sha256'] as string, body: delivery!.body })).toEqual({ ok: true });
    expect(verifyShopify({ secret: 'another-secret', signature: delivery!.headers['x-shopify-hmac-sha256'] as string, body: delivery!.body }).ok).toBe(false);
    const parsed = parseRefundCreated(JSON.parse(delivery!.body.toString('utf8')));
    expect(parsed).toMatchObject({
      ok: true,
      signal: { orderId: '1001', note: 'goodwill from the admin', lines: [{ lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 }] },
    });
    expect(parsed.ok && refundedMinor(parsed.signal, 'USD')).toBe(1800);
  });

  it('sends nothing for a replayed idempotency key or a refused refund', async () => {
    await refundMug('k-2');
    await refundMug('k-2');
    const refused = await refundMug('k-3', '999.00');
    await delivered(1);
    await new Promise((r) => setTimeout(r, 100));

    expect((refused.body.data as { refundCreate: { userErrors: unknown[] } }).refundCreate.userErrors).not.toEqual([]);
    expect(deliveries).toHaveLength(1);
  });
});
