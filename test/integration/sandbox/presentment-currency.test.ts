/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// The sandbox store's presentment currencies (#23, Shopify Markets) over real HTTP: a USD store's
// order paid in euros serves both money sets (shopMoney in USD, presentmentMoney in EUR) on its
// lines, payments, suggestion and refunds; refundCreate on it must name the presentment currency
// (Shopify: "required for orders where the currency and presentment currency differ") and is made
// in it, the shop figure at the payment's own rate; a fixture must price every line in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, FixtureError, parseFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql as storeGraphqlTyped } from '../../support/sandboxes.js';

const storeGraphql = async (on: SandboxStore, query: string, variables: Record<string, unknown>): Promise<{ body: { data: any; errors?: unknown } }> =>
  (await storeGraphqlTyped(on, query, variables)) as { body: { data: any } };

const BAG = 'shopMoney { amount currencyCode } presentmentMoney { amount currencyCode }';
const ORDER_QUERY = `query O($id: ID!) { order(id: $id) {
  currencyCode presentmentCurrencyCode totalPriceSet { ${BAG} }
  lineItems(first: 5) { nodes { id originalUnitPriceSet { ${BAG} } } }
  transactions(first: 5) { kind amountSet { ${BAG} } }
  refunds(first: 5) { totalRefundedSet { ${BAG} } }
  suggestedRefund(suggestFullRefund: true) { maximumRefundableSet { ${BAG} } } } }`;
const SUGGEST = `query S($id: ID!, $lines: [RefundLineItemInput!]) { order(id: $id) { suggestedRefund(refundLineItems: $lines, refundMethodAllocation: ORIGINAL_PAYMENT_METHODS) {
  amountSet { ${BAG} } suggestedTransactions { amountSet { ${BAG} } parentTransaction { id } } } } }`;
const REFUND = `mutation R($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id totalRefundedSet { ${BAG} } } userErrors { field message } }
}`;

const ORDER = 'gid://shopify/Order/5301';
const LAMP = 'gid://shopify/LineItem/53011';
const VASE = 'gid://shopify/LineItem/53012';
const SALE = 'gid://shopify/OrderTransaction/53011';
const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });
const both = (usd: string, eur: string) => ({ shopMoney: money(usd, 'USD'), presentmentMoney: money(eur, 'EUR') });

/** A $40 lamp (€37.00) and a $20 vase (€18.50), paid €55.50 ($60) in one sale. */
function fixture() {
  const f = demoFixture();
  f.orders.push({
    number: 5301,
    customerId: '7001',
    createdDaysAgo: 5,
    fulfilledDaysAgo: 3,
    presentmentCurrency: 'EUR',
    lineItems: [
      { id: '53011', title: 'Clay lamp', sku: 'LAMP', quantity: 1, unitPriceMinor: 4000, presentmentUnitPriceMinor: 3700 },
      { id: '53012', title: 'Bud vase', sku: 'VASE', quantity: 1, unitPriceMinor: 2000, presentmentUnitPriceMinor: 1850 },
    ],
  });
  return f;
}

const refundInput = (currency: string | undefined, amount: string) => ({
  orderId: ORDER,
  ...(currency ? { currency } : {}),
  refundLineItems: [{ lineItemId: VASE, quantity: 1, restockType: 'NO_RESTOCK' }],
  transactions: [{ orderId: ORDER, parentId: SALE, gateway: 'shopify_payments', kind: 'REFUND', amount }],
});

let store: SandboxStore;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
});
afterAll(() => store.close());

describe('sandbox store: an order paid in another currency (Shopify Markets)', () => {
  it('serves both money sets: the shop figure in USD, what the customer paid in EUR', async () => {
    const { body } = await storeGraphql(store, ORDER_QUERY, { id: ORDER });
    const order = body.data.order;
    expect(order.currencyCode).toBe('USD');
    expect(order.presentmentCurrencyCode).toBe('EUR');
    expect(order.totalPriceSet).toEqual(both('60.00', '55.50'));
    expect(order.lineItems.nodes.map((l: any) => l.originalUnitPriceSet)).toEqual([both('40.00', '37.00'), both('20.00', '18.50')]);
    expect(order.transactions).toEqual([{ kind: 'SALE', amountSet: both('60.00', '55.50') }]);
    expect(order.suggestedRefund.maximumRefundableSet).toEqual(both('60.00', '55.50'));
  });

  it('suggests the vase as €18.50 ($20.00) back to the sale', async () => {
    const { body } = await storeGraphql(store, SUGGEST, { id: ORDER, lines: [{ lineItemId: VASE, quantity: 1 }] });
    expect(body.data.order.suggestedRefund).toEqual({
      amountSet: both('20.00', '18.50'),
      suggestedTransactions: [{ amountSet: both('20.00', '18.50'), parentTransaction: { id: SALE } }],
    });
  });

  it('refuses a refund in the shop currency, in a third one, or naming none; refunds nothing', async () => {
    const message = 'Currency must be the presentment currency of the order (EUR)';
    for (const [key, currency] of [
      ['fx-usd', 'USD'],
      ['fx-gbp', 'GBP'],
      ['fx-none', undefined],
    ] as const) {
      const { body } = await storeGraphql(store, REFUND, { key, input: refundInput(currency, '18.50') });
      expect(body.data.refundCreate).toEqual({ refund: null, userErrors: [{ field: ['currency'], message }] });
    }
    expect(store.store.createdRefunds).toEqual([]);
  });

  it('refuses more euros than the order has left', async () => {
    const { body } = await storeGraphql(store, REFUND, { key: 'fx-over', input: refundInput('EUR', '55.51') });
    expect(body.data.refundCreate.userErrors).toEqual([
      { field: ['transactions', '0', 'amount'], message: 'Amount cannot be greater than the refundable amount' },
    ]);
  });

  it('refunds the vase in euros: €18.50 paid back, $20.00 in the shop’s books, and the remainder drops in both', async () => {
    const { body } = await storeGraphql(store, REFUND, { key: 'fx-vase', input: refundInput('EUR', '18.50') });
    expect(body.data.refundCreate.userErrors).toEqual([]);
    expect(body.data.refundCreate.refund.totalRefundedSet).toEqual(both('20.00', '18.50'));
    const after = await storeGraphql(store, ORDER_QUERY, { id: ORDER });
    expect(after.body.data.order.refunds).toEqual([{ totalRefundedSet: both('20.00', '18.50') }]);
    expect(after.body.data.order.suggestedRefund.maximumRefundableSet).toEqual(both('40.00', '37.00'));
    const lamp = await storeGraphql(store, SUGGEST, { id: ORDER, lines: [{ lineItemId: LAMP, quantity: 1 }] });
    expect(lamp.body.data.order.suggestedRefund.amountSet).toEqual(both('40.00', '37.00'));
  });

  it('refunds the last of a payment at its own shop remainder, so the books close at exactly zero', async () => {
    const input = { ...refundInput('EUR', '37.00'), refundLineItems: [{ lineItemId: LAMP, quantity: 1, restockType: 'NO_RESTOCK' }] };
    const { body } = await storeGraphql(store, REFUND, { key: 'fx-lamp', input });
    expect(body.data.refundCreate.refund.totalRefundedSet).toEqual(both('40.00', '37.00'));
    const after = await storeGraphql(store, ORDER_QUERY, { id: ORDER });
    expect(after.body.data.order.suggestedRefund.maximumRefundableSet).toEqual(both('0.00', '0.00'));
  });

  it('takes a fixture only when every line is priced in the presentment currency and the payments add up in it', () => {
    const order = fixture().orders.at(-1)!;
    const withOrder = (o: unknown) => ({ ...demoFixture(), orders: [o] });
    expect(() =>
      parseFixture(withOrder({ ...order, lineItems: [order.lineItems[0], { ...order.lineItems[1], presentmentUnitPriceMinor: undefined }] })),
    ).toThrow(/every line needs a presentmentUnitPriceMinor/);
    expect(() => parseFixture(withOrder({ ...order, presentmentCurrency: undefined }))).toThrow(FixtureError);
    expect(() => parseFixture(withOrder({ ...order, payments: [{ gateway: 'shopify_payments', amountMinor: 6000, presentmentAmountMinor: 5500 }] }))).toThrow(
      /adding up to the 5550/,
    );
    expect(() =>
      parseFixture(withOrder({ ...order, payments: [{ gateway: 'shopify_payments', amountMinor: 6000, presentmentAmountMinor: 5550 }] })),
    ).not.toThrow();
  });
});
