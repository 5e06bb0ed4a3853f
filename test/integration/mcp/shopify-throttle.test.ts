// Shopify's cost-based throttling between the adapter and the sandbox store, over real HTTP: the store
// charges each request its cost against a leaky bucket and refuses with THROTTLED (nothing run) when
// it lacks room; the adapter waits for the bucket, retries, keeps a refund's idempotency key, and
// fails as temporarily_unavailable when the store stays throttled. Restore rates are high so the real
// waits stay in the tens of milliseconds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient } from '#mcp/adapters/shopify/index.js';
import { ToolFailureError } from '#shared/contracts/errors.js';
import { startDemoSandboxes, STORE_TOKEN, storeGraphql, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
});
afterAll(() => sandboxes.close());
beforeEach(() => sandboxes.store.faults.reset());

/** A fresh adapter (its own bucket estimate, as a new Lambda container would have), recording the bodies it sends. */
function freshApi(sent: { query: string; variables: Record<string, unknown> }[] = []) {
  const recording: typeof fetch = (url, init) => {
    sent.push(JSON.parse(String(init?.body)) as (typeof sent)[number]);
    return fetch(url, init);
  };
  return createShopifyApi({
    graphql: createShopifyGraphqlClient({ shopUrl: sandboxes.store.url, accessToken: STORE_TOKEN, timeoutMs: 5000, fetch: recording }),
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ToolFailureError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolFailureError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const refund1003 = (key: string): RefundCreateInput => ({
  orderId: 'gid://shopify/Order/1003',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/11003', quantity: 1 }],
  amount: { amountMinor: 1200, currency: 'USD' },
  parentTransactionId: 'gid://shopify/OrderTransaction/10031',
  gateway: 'shopify_payments',
  note: 'damaged on arrival',
  idempotencyKey: key,
});

const REFUND = `mutation Refund($key: String!) {
  refundCreate(input: { orderId: "gid://shopify/Order/1003", refundLineItems: [{ lineItemId: "gid://shopify/LineItem/11003", quantity: 1 }] }) @idempotent(key: $key) {
    refund { id } userErrors { field message }
  }
}`;

describe('the sandbox store as a throttled Shopify store', () => {
  it('charges each request its cost and reports the bucket on every answer', async () => {
    sandboxes.store.faults.throttle({ maximumAvailable: 100, currentlyAvailable: 50, restoreRate: 0.001 });
    const answer = await storeGraphql(sandboxes.store, '{ orders(first: 2) { nodes { id name } } }');
    expect(answer.body).toMatchObject({
      extensions: {
        cost: { requestedQueryCost: 4, actualQueryCost: 4, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 46, restoreRate: 0.001 } },
      },
    });
  });

  it('refuses a request costing more than is free with THROTTLED, and does not run it', async () => {
    sandboxes.store.faults.throttle({ maximumAvailable: 100, currentlyAvailable: 5, restoreRate: 0.001 });
    const before = sandboxes.store.store.createdRefunds.length;
    const refused = await storeGraphql(sandboxes.store, REFUND, { key: 'throttled-raw' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: { cost: { requestedQueryCost: 10, actualQueryCost: null, throttleStatus: { currentlyAvailable: 5 } } },
    });
    expect(refused.body.data).toBeUndefined();
    expect(sandboxes.store.store.createdRefunds.length).toBe(before);
  });

  it('refills the bucket at its restore rate', async () => {
    sandboxes.store.faults.throttle({ maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const answer = await storeGraphql(sandboxes.store, '{ orders(first: 2) { nodes { id } } }');
    expect(answer.body.errors).toBeUndefined();
  });
});

describe('the Shopify adapter against a throttled store', () => {
  it('reads an order from an empty bucket by waiting for it to refill', async () => {
    // 400 points a second: the lookup by name (7 points) and the order read (130) each find the bucket short.
    sandboxes.store.faults.throttle({ maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 400 });
    const requestsBefore = sandboxes.store.requestCount();
    const order = await freshApi().getOrderByNumber('1001');
    expect(order.id).toBe('gid://shopify/Order/1001');
    // The lookup by name and the order read, plus at least one THROTTLED answer on the way.
    expect(sandboxes.store.requestCount() - requestsBefore).toBeGreaterThan(2);
  });

  it('makes exactly one refund through THROTTLED answers, resending the same idempotency key', async () => {
    const before = sandboxes.store.store.createdRefunds.length;
    const sent: { query: string; variables: Record<string, unknown> }[] = [];
    sandboxes.store.faults.throttleNext(2, { requestedQueryCost: 10, currentlyAvailable: 0, restoreRate: 1000 });
    const refund = await freshApi(sent).createRefund(refund1003('throttled-refund-key'));
    expect(refund.refundId).toMatch(/^gid:\/\/shopify\/Refund\//);
    expect(sandboxes.store.store.createdRefunds.length).toBe(before + 1);
    // Whatever createRefund reads first, the mutation was sent until it was not throttled, each time with its key.
    const mutations = sent.filter((body) => body.query.includes('refundCreate'));
    expect(mutations.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBe(new Set(sent.map((body) => body.query)).size + 2); // each document once, plus the two refused
    expect(new Set(mutations.map((body) => body.variables.idempotencyKey))).toEqual(new Set(['throttled-refund-key']));
  });

  it('fails as temporarily_unavailable, naming the throttle, when the store stays throttled', async () => {
    const before = sandboxes.store.store.createdRefunds.length;
    sandboxes.store.faults.throttleNext(3, { requestedQueryCost: 10, currentlyAvailable: 0, restoreRate: 1000 });
    const failure = await failureOf(freshApi().createRefund(refund1003('throttled-out-key')));
    expect(failure).toMatchObject({ category: 'temporarily_unavailable', message: expect.stringMatching(/throttled/), retryAfterMs: 10 });
    expect(sandboxes.store.store.createdRefunds.length).toBe(before);
  });

  it('answers every read of a concurrent burst from a small bucket', async () => {
    // Small: one order's reads (its line items page alone asks for 363 points) exhaust it within the burst.
    sandboxes.store.faults.throttle({ maximumAvailable: 500, currentlyAvailable: 500, restoreRate: 3000 });
    const api = freshApi();
    const orders = await Promise.all(['1001', '1002', '1003', '1001', '1002'].map((n) => api.getOrderByNumber(n)));
    expect(orders.map((o) => o.number)).toEqual(['1001', '1002', '1003', '1001', '1002']);
  });
});
