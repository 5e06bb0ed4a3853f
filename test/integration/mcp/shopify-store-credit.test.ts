// Store credit and restocking (#23): the Shopify adapter against the sandbox store over real HTTP and
// GraphQL. A refund_create with method 'store_credit' sends refundCreate with one storeCreditRefund in
// the refund's currency and no transaction: the customer's store credit account is credited, no card
// is refunded; an order without a customer is refused before anything is sent; restockLocationId
// puts the units back in stock at that location (restockType RETURN), and without it nothing is.
// get_order then says where each refund paid back: store credit, or the card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { InvalidError } from '#shared/contracts/errors.js';
import { createShopifyApi, createShopifyGraphqlClient, type ShopifyApi } from '#mcp/adapters/shopify/index.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN } from '../../support/sandboxes.js';

const order = (number: number) => `gid://shopify/Order/${number}`;
const line = (id: string) => `gid://shopify/LineItem/${id}`;
const CUSTOMER = 'gid://shopify/Customer/7001';
const WAREHOUSE = 'gid://shopify/Location/77';

/** 6101: two $18 mugs paid by card (customer 7001). 6102: the same paid in euros (€16.60 each). 6103: a guest checkout (no customer). */
function fixture() {
  const f = demoFixture();
  const mugs = (number: number, extra: Record<string, unknown> = {}) => ({
    number,
    customerId: '7001',
    createdDaysAgo: 5,
    fulfilledDaysAgo: 3,
    lineItems: [{ id: `${number}1`, title: 'Stoneware mug', sku: 'MUG', quantity: 2, unitPriceMinor: 1800 }],
    ...extra,
  });
  f.orders.push(
    mugs(6101),
    mugs(6102, {
      presentmentCurrency: 'EUR',
      lineItems: [{ id: '61021', title: 'Stoneware mug', sku: 'MUG', quantity: 2, unitPriceMinor: 1800, presentmentUnitPriceMinor: 1660 }],
    }),
    mugs(6103),
    mugs(6104),
  );
  return f;
}

let store: SandboxStore;
let shopify: ShopifyApi;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
  // 6103 as a guest checkout: the order names no customer of the store.
  store.store.orderById(order(6103))!.customerId = '';
  shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, timeoutMs: 5000 }) });
});
afterAll(() => store.close());

const refundOf = (
  number: number,
  quantity: number,
  amount: RefundCreateInput['amount'],
  key: string,
  extra: Partial<RefundCreateInput> = {},
): RefundCreateInput => ({
  orderId: order(number),
  lineItems: [{ lineItemId: line(`${number}1`), quantity }],
  amount,
  parentTransactionId: `gid://shopify/OrderTransaction/${number}1`,
  gateway: 'shopify_payments',
  note: `refund-agent run ${key}: cracked`,
  idempotencyKey: `key-store-credit-${key}`,
  ...extra,
});
const cardRefunds = (number: number) => store.store.orderById(order(number))!.transactions.filter((t) => t.kind === 'REFUND' && t.parentId !== null);

describe('Shopify adapter: refunds as store credit', () => {
  it('credits the customer’s store credit account and refunds no card', async () => {
    const before = store.store.ledgers.balanceMinor(CUSTOMER, 'USD');
    const refund = await shopify.createRefund(refundOf(6101, 1, { amountMinor: 1800, currency: 'USD' }, 'usd', { method: 'store_credit' }));
    expect(refund).toMatchObject({ orderId: order(6101), amount: { amountMinor: 1800, currency: 'USD' }, method: 'store_credit' });
    expect(store.store.ledgers.balanceMinor(CUSTOMER, 'USD') - before).toBe(1800);
    expect(cardRefunds(6101)).toEqual([]);
    const read = await shopify.getOrderById(order(6101));
    expect(read.refunds.map((r) => r.amount)).toEqual([{ amountMinor: 1800, currency: 'USD' }]);
    expect(read.lineItems[0]?.refundableQuantity).toBe(1);
    expect(read.maximumRefundable).toEqual({ amountMinor: 1800, currency: 'USD' });
    expect(read.transactions.filter((t) => t.kind === 'REFUND').map((t) => t.gateway)).toEqual(['shopify_store_credit']);
    expect(read.refunds[0]?.payments).toEqual([
      expect.objectContaining({
        method: 'store_credit',
        gateway: 'shopify_store_credit',
        amount: { amountMinor: 1800, currency: 'USD' },
        cardBrand: null,
        cardLast4: null,
      }),
    ]);
  });

  it('answers a resend with the same key with the same refund, crediting once', async () => {
    const input = refundOf(6104, 1, { amountMinor: 1800, currency: 'USD' }, 'resend', { method: 'store_credit' });
    const before = store.store.ledgers.balanceMinor(CUSTOMER, 'USD');
    const first = await shopify.createRefund(input);
    const second = await shopify.createRefund(input);
    expect(second).toEqual(first);
    expect(store.store.ledgers.balanceMinor(CUSTOMER, 'USD') - before).toBe(1800);
    expect(store.store.orderById(order(6104))!.refunds).toHaveLength(1);
  });

  it('gives store credit in the currency the customer paid: €16.60 for a mug bought in euros', async () => {
    const eurBefore = store.store.ledgers.balanceMinor(CUSTOMER, 'EUR');
    const usdBefore = store.store.ledgers.balanceMinor(CUSTOMER, 'USD');
    const amount = { amountMinor: 1800, currency: 'USD', presentment: { amountMinor: 1660, currency: 'EUR' } };
    const refund = await shopify.createRefund(refundOf(6102, 1, amount, 'eur', { method: 'store_credit' }));
    expect(refund.amount).toEqual(amount);
    expect(store.store.ledgers.balanceMinor(CUSTOMER, 'EUR') - eurBefore).toBe(1660);
    expect(store.store.ledgers.balanceMinor(CUSTOMER, 'USD')).toBe(usdBefore);
    expect(cardRefunds(6102)).toEqual([]);
  });

  it('refuses store credit on an order without a customer (invalid), sending nothing', async () => {
    const requests = store.requestCount();
    await expect(shopify.createRefund(refundOf(6103, 1, { amountMinor: 1800, currency: 'USD' }, 'guest', { method: 'store_credit' }))).rejects.toThrow(
      InvalidError,
    );
    // Only the suggestion was read: no refundCreate.
    expect(store.requestCount() - requests).toBe(1);
    expect(store.store.orderById(order(6103))!.refunds).toEqual([]);
  });

  it('refuses store credit above what the lines cost, before anything is sent', async () => {
    const refunds = store.store.orderById(order(6101))!.refunds.length;
    await expect(shopify.createRefund(refundOf(6101, 1, { amountMinor: 1900, currency: 'USD' }, 'too-much', { method: 'store_credit' }))).rejects.toMatchObject(
      { category: 'invalid' },
    );
    expect(store.store.orderById(order(6101))!.refunds).toHaveLength(refunds);
  });
});

describe('Shopify adapter: restocking refunded units', () => {
  it('restocks at the named location (restockType RETURN) and refunds to the card as before', async () => {
    const refund = await shopify.createRefund(refundOf(6103, 1, { amountMinor: 1800, currency: 'USD' }, 'restock', { restockLocationId: WAREHOUSE }));
    expect(refund.method).toBe('original_payment');
    expect(store.store.ledgers.restockedUnits(WAREHOUSE, line('61031'))).toBe(1);
    expect(cardRefunds(6103).map((t) => t.amountMinor)).toEqual([1800]);
    expect(store.store.orderById(order(6103))!.refunds[0]?.lines[0]).toMatchObject({ restockType: 'RETURN', locationId: WAREHOUSE });
    // get_order says it went back to the card the order was paid with (the sandbox's: a Visa ending in the order number).
    const read = await shopify.getOrderById(order(6103));
    expect(read.refunds[0]?.payments).toEqual([expect.objectContaining({ method: 'card', gateway: 'shopify_payments', cardBrand: 'Visa', cardLast4: '6103' })]);
  });

  it('restocks nothing without a location (NO_RESTOCK)', async () => {
    const restocked = store.store.ledgers.restocks.length;
    await shopify.createRefund(refundOf(6103, 1, { amountMinor: 1800, currency: 'USD' }, 'no-restock'));
    expect(store.store.ledgers.restocks).toHaveLength(restocked);
    expect(store.store.orderById(order(6103))!.refunds[1]?.lines[0]?.restockType).toBeUndefined();
  });
});
