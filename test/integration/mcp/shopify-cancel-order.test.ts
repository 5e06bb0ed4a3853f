// cancel_order (#23): the Shopify adapter against the sandbox store over real HTTP and GraphQL.
// orderCancel answers a job; the adapter polls it within its budget and, once done, answers the
// cancelled order with the refund the cancel made (everything paid, back to each payment it came
// from, units restocked when asked). A shipped line is refused (invalid), an order already cancelled
// or being cancelled is a conflict, a job that never finishes is answered `pending` with the order
// left as it was, and a THROTTLED orderCancel is sent again (Shopify ran nothing) and cancels once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidError } from '#shared/contracts/errors.js';
import { CancelOrderOutput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient, type ShopifyApi } from '#mcp/adapters/shopify/index.js';
import { DEFAULT_LOCATION_ID } from '#local/sandbox/store/credit.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const order = (number: number) => `gid://shopify/Order/${number}`;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** Unfulfilled orders of two $18 mugs and a $12 candle ($48); 6201 paid $10 by gift card and $38 by card; 6202 has shipped its candle; 6206 was paid in euros. */
function fixture() {
  const f = demoFixture();
  const unshipped = (number: number, extra: Record<string, unknown> = {}) => ({
    number,
    customerId: '7002',
    createdDaysAgo: 1,
    fulfilledDaysAgo: null,
    lineItems: [
      { id: `${number}1`, title: 'Stoneware mug', sku: 'MUG', quantity: 2, unitPriceMinor: 1800 },
      { id: `${number}2`, title: 'Beeswax candle', sku: 'CANDLE', quantity: 1, unitPriceMinor: 1200 },
    ],
    ...extra,
  });
  f.orders.push(
    unshipped(6201, {
      payments: [
        { gateway: 'gift_card', amountMinor: 1000 },
        { gateway: 'shopify_payments', amountMinor: 3800 },
      ],
    }),
    unshipped(6202, { fulfillments: [{ daysAgo: 0, lineItems: [{ sku: 'CANDLE', quantity: 1 }] }] }),
    unshipped(6203),
    unshipped(6204),
    unshipped(6205),
    unshipped(6206, {
      presentmentCurrency: 'EUR',
      lineItems: [
        { id: '62061', title: 'Stoneware mug', sku: 'MUG', quantity: 2, unitPriceMinor: 1800, presentmentUnitPriceMinor: 1660 },
        { id: '62062', title: 'Beeswax candle', sku: 'CANDLE', quantity: 1, unitPriceMinor: 1200, presentmentUnitPriceMinor: 1110 },
      ],
    }),
  );
  return f;
}

let store: SandboxStore;
let shopify: ShopifyApi;
/** Set by a test: the next orderCancel request is answered THROTTLED. */
let throttleNextCancel = false;

beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
  const throttlingFetch: typeof fetch = (url, init) => {
    if (throttleNextCancel && typeof init?.body === 'string' && init.body.includes('orderCancel(')) {
      throttleNextCancel = false;
      store.faults.throttleNext(1, { requestedQueryCost: 10, currentlyAvailable: 0, restoreRate: 1000 });
    }
    return fetch(url, init);
  };
  const graphql = createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, timeoutMs: 5000, fetch: throttlingFetch });
  shopify = createShopifyApi({ graphql, cancelPoll: { intervalMs: 100, budgetMs: 1000 } });
});
afterAll(() => store.close());

const cancel = (number: number, restock = false) =>
  shopify.cancelOrder({ orderId: order(number), restock, staffNote: `refund-agent run-${number}: customer asked` });
const held = (number: number) => store.store.orderById(order(number))!;

describe('Shopify adapter: cancel_order', () => {
  it('cancels an unshipped order and answers the refund of everything paid, back to each payment, restocked', async () => {
    const result = CancelOrderOutput.parse(await cancel(6201, true));
    expect(result).toMatchObject({ orderId: order(6201), status: 'cancelled', cancelledAt: '2026-11-30T12:00:00Z' });
    expect(result.jobId).toMatch(/^gid:\/\/shopify\/Job\//);
    expect(result.refund?.amount).toEqual(usd(4800));
    expect(result.refund?.lineItems).toEqual([
      { lineItemId: 'gid://shopify/LineItem/62011', quantity: 2 },
      { lineItemId: 'gid://shopify/LineItem/62012', quantity: 1 },
    ]);
    const refunded = held(6201).transactions.filter((t) => t.kind === 'REFUND');
    expect(refunded.map((t) => [t.gateway, t.amountMinor])).toEqual([
      ['gift_card', 1000],
      ['shopify_payments', 3800],
    ]);
    expect(store.store.ledgers.restockedUnits(DEFAULT_LOCATION_ID, 'gid://shopify/LineItem/62011')).toBe(2);
    const read = await shopify.getOrderById(order(6201));
    expect(read.cancelledAt).toBe('2026-11-30T12:00:00Z');
    expect(read.maximumRefundable).toEqual(usd(0));
    expect(read.displayFinancialStatus).toBe('REFUNDED');
  });

  it('reads cancelledAt as null on an order that is not cancelled', async () => {
    expect((await shopify.getOrderById(order(6203))).cancelledAt).toBeNull();
  });

  it('refunds an order paid in euros in euros', async () => {
    const result = await cancel(6206);
    expect(result.status).toBe('cancelled');
    expect(result.refund?.amount).toEqual({ amountMinor: 4800, currency: 'USD', presentment: { amountMinor: 4430, currency: 'EUR' } });
    expect(store.store.ledgers.restocks.filter((r) => r.lineItemId.startsWith('gid://shopify/LineItem/6206'))).toEqual([]);
  });

  it('refuses an order with a shipped line (invalid), cancelling nothing', async () => {
    const jobs = store.cancelJobs.jobs.size;
    await expect(cancel(6202)).rejects.toThrow(InvalidError);
    await expect(cancel(6202)).rejects.toThrow(/fulfilled line items/);
    expect(store.cancelJobs.jobs.size).toBe(jobs);
    expect(held(6202).cancelledAt).toBeUndefined();
    expect(held(6202).refunds).toEqual([]);
  });

  it('answers a second cancel of the same order with a conflict, refunding once', async () => {
    expect((await cancel(6203)).status).toBe('cancelled');
    const error = await cancel(6203).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/already cancelled/);
    expect(held(6203).refunds).toHaveLength(1);
  });

  it('answers pending when the job never finishes, and leaves the order uncancelled and unrefunded', async () => {
    store.faults.cancelJobNeverFinishes();
    try {
      const result = await cancel(6204);
      expect(result).toEqual({
        orderId: order(6204),
        jobId: expect.stringMatching(/^gid:\/\/shopify\/Job\//),
        status: 'pending',
        cancelledAt: null,
        refund: null,
      });
      expect(store.cancelJobs.jobs.get(result.jobId)?.polls).toBeGreaterThan(1);
      expect((await shopify.getOrderById(order(6204))).cancelledAt).toBeNull();
      expect(held(6204).refunds).toEqual([]);
      // While that job is still queued, Shopify refuses another cancel: a conflict, read from its user error.
      await expect(cancel(6204)).rejects.toThrow(ConflictError);
    } finally {
      store.faults.reset();
    }
  });

  it('sends orderCancel again after THROTTLED (nothing ran) and cancels once', async () => {
    const throttled = store.throttledCount();
    const jobs = store.cancelJobs.jobs.size;
    throttleNextCancel = true;
    const result = await cancel(6205);
    expect(store.throttledCount() - throttled).toBe(1);
    expect(result.status).toBe('cancelled');
    expect(result.refund?.amount).toEqual(usd(4800));
    expect(store.cancelJobs.jobs.size - jobs).toBe(1);
    expect(held(6205).refunds).toHaveLength(1);
  });
});

describe('sandbox store: orderCancel as Shopify answers it', () => {
  it('refuses an order already cancelled with Shopify’s INVALID code (2026-04 has none of its own for it)', async () => {
    const { body } = await storeGraphql(
      store,
      `mutation ($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, restock: false, refund: true) { job { id } orderCancelUserErrors { field message code } userErrors { message } } }`,
      { id: order(6201) },
    );
    expect(body.data?.orderCancel).toEqual({
      job: null,
      orderCancelUserErrors: [{ field: ['orderId'], message: 'Order has already been cancelled', code: 'INVALID' }],
      userErrors: [{ message: 'Order has already been cancelled' }],
    });
  });

  it('answers an unknown job id with null', async () => {
    const { body } = await storeGraphql(store, 'query ($id: ID!) { job(id: $id) { id done } }', { id: 'gid://shopify/Job/unknown' });
    expect(body.data).toEqual({ job: null });
  });
});
