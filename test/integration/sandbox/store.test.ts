// The sandbox store over real HTTP: Shopify's auth, search, pagination, suggestedRefund and the
// @idempotent refundCreate, as the adapter relies on them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, parseFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, startDemoSandboxes, STORE_TOKEN, storeGraphql, type Sandboxes } from '../../support/sandboxes.js';

let sandboxes: Sandboxes;
beforeAll(async () => {
  sandboxes = await startDemoSandboxes();
});
afterAll(() => sandboxes.close());

const REFUND = `mutation R($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id totalRefundedSet { shopMoney { amount currencyCode } } } userErrors { field message } }
}`;
const refundInput = (orderNumber: number, lineItemId: string, quantity: number, amount: string) => ({
  orderId: `gid://shopify/Order/${orderNumber}`,
  refundLineItems: [{ lineItemId, quantity }],
  transactions: [
    {
      orderId: `gid://shopify/Order/${orderNumber}`,
      parentId: `gid://shopify/OrderTransaction/${orderNumber}1`,
      gateway: 'shopify_payments',
      kind: 'REFUND',
      amount,
    },
  ],
});

describe('sandbox store', () => {
  it('refuses a request without the right access token with 401', async () => {
    const { status, body } = await storeGraphql(sandboxes.store, '{ orders(first: 1) { nodes { id } } }', {}, 'wrong');
    expect(status).toBe(401);
    expect(body.errors).toMatch(/Invalid API key or access token/);
  });

  it("finds an order by name, with or without '#' and quotes", async () => {
    for (const query of ['name:1001', "name:'#1001'", 'name:#1001']) {
      const { body } = await storeGraphql(sandboxes.store, 'query Q($q: String!) { orders(first: 5, query: $q) { nodes { name } } }', { q: query });
      expect(body.data).toEqual({ orders: { nodes: [{ name: '#1001' }] } });
    }
  });

  it("pages through a customer's orders with cursors", async () => {
    const query =
      'query Q($after: String) { orders(first: 2, after: $after, query: "customer_id:7003") { nodes { name } pageInfo { hasNextPage endCursor } } }';
    const first = await storeGraphql(sandboxes.store, query);
    const page1 = (first.body.data as { orders: { nodes: { name: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }).orders;
    expect(page1.nodes.map((n) => n.name)).toEqual(['#981', '#992']);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await storeGraphql(sandboxes.store, query, { after: page1.pageInfo.endCursor });
    expect(second.body.data).toMatchObject({ orders: { nodes: [{ name: '#1003' }], pageInfo: { hasNextPage: false } } });
  });

  it('requires `first` on connections, as Shopify does', async () => {
    const { body } = await storeGraphql(sandboxes.store, '{ orders { nodes { id } } }');
    expect(JSON.stringify(body.errors)).toMatch(/first or last/);
  });

  it('suggests a refund capped by what earlier refunds left', async () => {
    const { body } = await storeGraphql(
      sandboxes.store,
      `{ order(id: "gid://shopify/Order/992") {
      suggestedRefund(refundLineItems: [{ lineItemId: "gid://shopify/LineItem/10992", quantity: 2 }]) {
        amountSet { shopMoney { amount } } maximumRefundableSet { shopMoney { amount currencyCode } }
        refundLineItems { quantity } suggestedTransactions { kind gateway parentTransaction { id kind } } } } }`,
    );
    expect(body.data).toEqual({
      order: {
        suggestedRefund: {
          amountSet: { shopMoney: { amount: '15.00' } },
          maximumRefundableSet: { shopMoney: { amount: '24.00', currencyCode: 'USD' } },
          refundLineItems: [{ quantity: 1 }],
          suggestedTransactions: [
            { kind: 'SUGGESTED_REFUND', gateway: 'shopify_payments', parentTransaction: { id: 'gid://shopify/OrderTransaction/9921', kind: 'SALE' } },
          ],
        },
      },
    });
  });

  it('refuses refundCreate without @idempotent with a top-level error, refunding nothing', async () => {
    const before = sandboxes.store.store.createdRefunds.length;
    const { body } = await storeGraphql(
      sandboxes.store,
      'mutation R($input: RefundInput!) { refundCreate(input: $input) { refund { id } userErrors { message } } }',
      { input: refundInput(1002, 'gid://shopify/LineItem/11002', 1, '62.00') },
    );
    expect(JSON.stringify(body.errors)).toMatch(/@idempotent directive is required/);
    expect(sandboxes.store.store.createdRefunds.length).toBe(before);
  });

  it('reports validation failures as userErrors and does not burn the key', async () => {
    const key = 'key-validation-0001';
    const tooMany = await storeGraphql(sandboxes.store, REFUND, { key, input: refundInput(1002, 'gid://shopify/LineItem/11002', 2, '62.00') });
    expect(tooMany.body.data).toEqual({
      refundCreate: {
        refund: null,
        userErrors: [{ field: ['refundLineItems', '0', 'quantity'], message: 'Quantity cannot refund more items than were purchased' }],
      },
    });
    const unknown = await storeGraphql(sandboxes.store, REFUND, { key, input: refundInput(1002, 'gid://shopify/LineItem/1', 1, '62.00') });
    expect(unknown.body.data).toMatchObject({ refundCreate: { userErrors: [{ field: ['refundLineItems', '0', 'lineItemId'] }] } });
    const tooMuch = await storeGraphql(sandboxes.store, REFUND, { key, input: refundInput(1002, 'gid://shopify/LineItem/11002', 1, '62.01') });
    expect(tooMuch.body.data).toMatchObject({ refundCreate: { userErrors: [{ message: 'Amount cannot be greater than the refundable amount' }] } });
    expect(sandboxes.store.store.idempotencyKeys.has(key)).toBe(false);
  });

  it('replays the first refund for the same key and input, and refuses the key with other input', async () => {
    const input = refundInput(1001, 'gid://shopify/LineItem/11001', 1, '18.00');
    const first = await storeGraphql(sandboxes.store, REFUND, { key: 'key-replay-0001', input });
    const again = await storeGraphql(sandboxes.store, REFUND, { key: 'key-replay-0001', input });
    expect(again.body.data).toEqual(first.body.data);
    expect(sandboxes.store.store.createdRefunds.filter((r) => r.lines[0]?.lineItemId === 'gid://shopify/LineItem/11001')).toHaveLength(1);
    const other = await storeGraphql(sandboxes.store, REFUND, { key: 'key-replay-0001', input: { ...input, note: 'different' } });
    expect(other.body.errors).toMatchObject([{ extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' } }]);
  });

  it('reports Shopify-style query cost on every answer, and the bucket state when throttled', async () => {
    const ok = await storeGraphql(sandboxes.store, '{ orders(first: 1) { nodes { id } } }');
    expect(ok.body).toMatchObject({ extensions: { cost: { throttleStatus: { maximumAvailable: 1000, restoreRate: 50 } } } });
    sandboxes.store.faults.throttleNext(1, { requestedQueryCost: 120, currentlyAvailable: 20 });
    const throttled = await storeGraphql(sandboxes.store, '{ orders(first: 1) { nodes { id } } }');
    expect(throttled.body).toMatchObject({
      errors: [{ extensions: { code: 'THROTTLED' } }],
      extensions: { cost: { requestedQueryCost: 120, throttleStatus: { currentlyAvailable: 20, restoreRate: 50 } } },
    });
  });

  it('turns the fault knobs over POST /sandbox/faults, and refuses unknown knobs', async () => {
    const post = (body: unknown) => fetch(`${sandboxes.store.url}/sandbox/faults`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ failNext: { count: 1, status: 502 } })).status).toBe(204);
    expect((await storeGraphql(sandboxes.store, '{ orders(first: 1) { nodes { id } } }')).status).toBe(502);
    expect((await post({ explode: true })).status).toBe(400);
    expect((await post({ hangNext: { count: 1 } })).status).toBe(204);
    const hung = await fetch(sandboxes.store.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': STORE_TOKEN },
      body: JSON.stringify({ query: '{ orders(first: 1) { nodes { id } } }' }),
      signal: AbortSignal.timeout(100),
    }).then(
      () => 'answered',
      (error: unknown) => (error as Error).name,
    );
    expect(hung).toBe('TimeoutError');
    expect((await storeGraphql(sandboxes.store, '{ orders(first: 1) { nodes { id } } }')).status).toBe(200);
    expect((await post({ reset: true, latencyMs: 0 })).status).toBe(204);
  });

  it('fails the next calls on demand: HTTP 503, then THROTTLED', async () => {
    sandboxes.store.faults.failNext(1);
    sandboxes.store.faults.throttleNext(1);
    const query = '{ orders(first: 1) { nodes { id } } }';
    expect((await storeGraphql(sandboxes.store, query)).status).toBe(503);
    expect((await storeGraphql(sandboxes.store, query)).body.errors).toMatchObject([{ extensions: { code: 'THROTTLED' } }]);
    expect((await storeGraphql(sandboxes.store, query)).status).toBe(200);
  });
});

const money = '{ shopMoney { amount } }';
const ORDER_FACTS = `query O($id: ID!) { order(id: $id) {
  displayFinancialStatus displayFulfillmentStatus
  lineItems(first: 10) { nodes { sku quantity refundableQuantity isGiftCard } }
  fulfillments(first: 10) { name createdAt deliveredAt fulfillmentLineItems(first: 10) { nodes { quantity lineItem { sku } } } }
  refunds(first: 10) { createdAt totalRefundedSet ${money} refundLineItems(first: 10) { nodes { quantity lineItem { sku } } } }
  suggestedRefund(suggestFullRefund: true) { amountSet ${money} subtotalSet ${money} maximumRefundableSet ${money} }
} }`;

describe('sandbox store: gift cards, partial fulfilment, amount-only refunds', () => {
  let store: SandboxStore;
  beforeAll(async () => {
    store = await startSandboxStore({ fixture: demoFixture(), clock, accessToken: STORE_TOKEN });
  });
  afterAll(() => store.close());
  const orderOf = async (number: number) => {
    const { body } = await storeGraphql(store, ORDER_FACTS, { id: `gid://shopify/Order/${number}` });
    expect(body.errors).toBeUndefined();
    return (body.data as { order: Record<string, unknown> }).order;
  };

  it('answers isGiftCard, each fulfilment with its own units, and a goodwill refund with no lines netted from the remainder', async () => {
    expect(await orderOf(1006)).toEqual({
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
      lineItems: {
        nodes: [
          { sku: 'GIFT-50', quantity: 1, refundableQuantity: 1, isGiftCard: true },
          { sku: 'PLATE-DIN', quantity: 4, refundableQuantity: 4, isGiftCard: false },
        ],
      },
      fulfillments: [
        {
          name: '#1006-F1',
          createdAt: '2026-11-24T12:00:00Z',
          deliveredAt: '2026-11-26T12:00:00Z',
          fulfillmentLineItems: {
            nodes: [
              { quantity: 1, lineItem: { sku: 'GIFT-50' } },
              { quantity: 2, lineItem: { sku: 'PLATE-DIN' } },
            ],
          },
        },
        {
          name: '#1006-F2',
          createdAt: '2026-11-28T12:00:00Z',
          deliveredAt: null,
          fulfillmentLineItems: { nodes: [{ quantity: 1, lineItem: { sku: 'PLATE-DIN' } }] },
        },
      ],
      refunds: [{ createdAt: '2026-11-27T12:00:00Z', totalRefundedSet: { shopMoney: { amount: '5.00' } }, refundLineItems: { nodes: [] } }],
      suggestedRefund: {
        amountSet: { shopMoney: { amount: '133.00' } },
        subtotalSet: { shopMoney: { amount: '138.00' } },
        maximumRefundableSet: { shopMoney: { amount: '133.00' } },
      },
    });
  });

  it('answers a partial-amount refund: the unit is refunded, the order keeps the rest of its price', async () => {
    expect(await orderOf(1007)).toMatchObject({
      displayFulfillmentStatus: 'FULFILLED',
      lineItems: {
        nodes: [
          { sku: 'CLOTH-LINEN', refundableQuantity: 1 },
          { sku: 'RING-BRASS', refundableQuantity: 1 },
        ],
      },
      refunds: [{ totalRefundedSet: { shopMoney: { amount: '8.00' } }, refundLineItems: { nodes: [{ quantity: 1, lineItem: { sku: 'RING-BRASS' } }] } }],
      suggestedRefund: { maximumRefundableSet: { shopMoney: { amount: '104.00' } } },
    });
  });

  it('refuses a refundCreate beyond the order remainder, though every line is still refundable', async () => {
    const input = (amount: string, lines: { lineItemId: string; quantity: number }[]) => ({
      orderId: 'gid://shopify/Order/1006',
      refundLineItems: lines,
      transactions: [
        { orderId: 'gid://shopify/Order/1006', parentId: 'gid://shopify/OrderTransaction/10061', gateway: 'shopify_payments', kind: 'REFUND', amount },
      ],
    });
    const everything = [
      { lineItemId: 'gid://shopify/LineItem/11006', quantity: 1 },
      { lineItemId: 'gid://shopify/LineItem/11007', quantity: 4 },
    ];
    const refused = await storeGraphql(store, REFUND, { key: 'key-remainder-0001', input: input('138.00', everything) });
    expect(refused.body.data).toEqual({
      refundCreate: { refund: null, userErrors: [{ field: ['transactions', '0', 'amount'], message: 'Amount cannot be greater than the refundable amount' }] },
    });
    expect(store.store.createdRefunds).toEqual([]);

    const goodwill = await storeGraphql(store, REFUND, { key: 'key-remainder-0002', input: input('33.00', []) });
    expect(goodwill.body.data).toMatchObject({ refundCreate: { refund: { totalRefundedSet: { shopMoney: { amount: '33.00' } } }, userErrors: [] } });
    expect(store.store.createdRefunds.map((r) => [r.lines.length, r.amountMinor])).toEqual([[0, 3300]]);
    expect(await orderOf(1006)).toMatchObject({
      suggestedRefund: { amountSet: { shopMoney: { amount: '100.00' } }, maximumRefundableSet: { shopMoney: { amount: '100.00' } } },
    });
    const plate = await storeGraphql(store, REFUND, {
      key: 'key-remainder-0003',
      input: input('100.01', [{ lineItemId: 'gid://shopify/LineItem/11007', quantity: 1 }]),
    });
    expect(plate.body.data).toMatchObject({ refundCreate: { refund: null, userErrors: [{ message: 'Amount cannot be greater than the refundable amount' }] } });
  });

  it("answers the shop's IANA time zone, UTC unless the fixture names one", async () => {
    const query = '{ shop { name currencyCode ianaTimezone } }';
    expect((await storeGraphql(store, query)).body.data).toEqual({ shop: { name: 'Hearth & Clay (demo)', currencyCode: 'USD', ianaTimezone: 'UTC' } });
    const fixture = parseFixture({ ...demoFixture(), shop: { name: 'Lisbon shop', currency: 'EUR', timeZone: 'Europe/Lisbon' } });
    const lisbon = await startSandboxStore({ fixture, clock, accessToken: STORE_TOKEN });
    try {
      expect((await storeGraphql(lisbon, query)).body.data).toEqual({ shop: { name: 'Lisbon shop', currencyCode: 'EUR', ianaTimezone: 'Europe/Lisbon' } });
    } finally {
      await lisbon.close();
    }
  });
});
