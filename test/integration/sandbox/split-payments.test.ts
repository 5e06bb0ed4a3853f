/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// The sandbox store's split payments (#23) over real HTTP: an order paid by gift card and card, or
// captured in two parts, seeds one transaction per payment; suggestedRefund lists every payment with
// something left, filled in the order they were made (local/sandbox/store/payments.ts says why that
// order is an assumption); refundCreate refuses a transaction above its parent's remainder or on
// another gateway; earlier fixture refunds are split the same way; fixtures must pay their price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, FixtureError, parseFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql as storeGraphqlTyped } from '../../support/sandboxes.js';

const storeGraphql = async (on: SandboxStore, query: string, variables: Record<string, unknown>): Promise<{ body: { data: any } }> =>
  (await storeGraphqlTyped(on, query, variables)) as { body: { data: any } };

const REFUND = `mutation R($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id transactions(first: 5) { nodes { gateway amountSet { shopMoney { amount } } parentTransaction { id } } } } userErrors { field message } }
}`;
const SUGGEST = `query S($id: ID!, $lines: [RefundLineItemInput!]) { order(id: $id) { suggestedRefund(refundLineItems: $lines, refundMethodAllocation: ORIGINAL_PAYMENT_METHODS) {
  amountSet { shopMoney { amount } }
  suggestedTransactions { kind gateway amountSet { shopMoney { amount } } maximumRefundableSet { shopMoney { amount } } parentTransaction { id kind } } } } }`;

const ORDER = 'gid://shopify/Order/5201';
const LAMP = 'gid://shopify/LineItem/52011';
const VASE = 'gid://shopify/LineItem/52012';
const GIFT_CARD = 'gid://shopify/OrderTransaction/52011';
const CARD = 'gid://shopify/OrderTransaction/52012';

/** $40 lamp + $20 vase, paid $30 by gift card then $30 by card; a $5 goodwill refund already made. */
function fixture() {
  const f = demoFixture();
  f.orders.push({
    number: 5201,
    customerId: '7001',
    createdDaysAgo: 5,
    fulfilledDaysAgo: 3,
    lineItems: [
      { id: '52011', title: 'Clay lamp', sku: 'LAMP', quantity: 1, unitPriceMinor: 4000 },
      { id: '52012', title: 'Bud vase', sku: 'VASE', quantity: 1, unitPriceMinor: 2000 },
    ],
    payments: [
      { gateway: 'gift_card', amountMinor: 3000 },
      { gateway: 'shopify_payments', amountMinor: 3000 },
    ],
    refunds: [{ daysAgo: 2, amountMinor: 500 }],
  });
  return f;
}

const transaction = (parentId: string, gateway: string, amount: string) => ({ orderId: ORDER, parentId, gateway, kind: 'REFUND', amount });

let store: SandboxStore;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
});
afterAll(() => store.close());

describe('sandbox store: split payments', () => {
  it('splits an earlier fixture refund like any other: the $5 goodwill came off the gift card first', () => {
    const refunds = store.store.orderById(ORDER)?.transactions.filter((t) => t.kind === 'REFUND');
    expect(refunds?.map((t) => [t.parentId, t.gateway, t.amountMinor])).toEqual([[GIFT_CARD, 'gift_card', 500]]);
  });

  it('suggests the lamp as $25 back to the gift card (what it has left) and $15 to the card', async () => {
    const { body } = await storeGraphql(store, SUGGEST, { id: ORDER, lines: [{ lineItemId: LAMP, quantity: 1 }] });
    expect(body.data.order.suggestedRefund).toEqual({
      amountSet: { shopMoney: { amount: '40.00' } },
      suggestedTransactions: [
        {
          kind: 'SUGGESTED_REFUND',
          gateway: 'gift_card',
          amountSet: { shopMoney: { amount: '25.00' } },
          maximumRefundableSet: { shopMoney: { amount: '25.00' } },
          parentTransaction: { id: GIFT_CARD, kind: 'SALE' },
        },
        {
          kind: 'SUGGESTED_REFUND',
          gateway: 'shopify_payments',
          amountSet: { shopMoney: { amount: '15.00' } },
          maximumRefundableSet: { shopMoney: { amount: '30.00' } },
          parentTransaction: { id: CARD, kind: 'SALE' },
        },
      ],
    });
  });

  it('lists a payment the refund does not reach at 0.00, as Shopify does', async () => {
    const { body } = await storeGraphql(store, SUGGEST, { id: ORDER, lines: [{ lineItemId: VASE, quantity: 1 }] });
    const split = body.data.order.suggestedRefund.suggestedTransactions.map((t: { gateway: string; amountSet: { shopMoney: { amount: string } } }) => [
      t.gateway,
      t.amountSet.shopMoney.amount,
    ]);
    expect(split).toEqual([
      ['gift_card', '20.00'],
      ['shopify_payments', '0.00'],
    ]);
  });

  it("refuses more than a payment has left, though the order has it, and a gateway not the parent's; refunds nothing", async () => {
    const input = (transactions: unknown[]) => ({ orderId: ORDER, refundLineItems: [{ lineItemId: LAMP, quantity: 1 }], transactions });
    const overGiftCard = await storeGraphql(store, REFUND, { key: 'split-over-gift', input: input([transaction(GIFT_CARD, 'gift_card', '40.00')]) });
    expect(overGiftCard.body.data.refundCreate).toEqual({
      refund: null,
      userErrors: [{ field: ['transactions', '0', 'amount'], message: "Amount cannot be greater than the parent transaction's refundable amount" }],
    });
    const twiceOnCard = await storeGraphql(store, REFUND, {
      key: 'split-twice-card',
      input: input([transaction(CARD, 'shopify_payments', '20.00'), transaction(CARD, 'shopify_payments', '20.00')]),
    });
    expect(twiceOnCard.body.data.refundCreate.userErrors).toEqual([
      { field: ['transactions', '1', 'amount'], message: "Amount cannot be greater than the parent transaction's refundable amount" },
    ]);
    const wrongGateway = await storeGraphql(store, REFUND, { key: 'split-gateway', input: input([transaction(GIFT_CARD, 'shopify_payments', '10.00')]) });
    expect(wrongGateway.body.data.refundCreate.userErrors).toEqual([
      { field: ['transactions', '0', 'gateway'], message: "Gateway must match the parent transaction's gateway (gift_card)" },
    ]);
    expect(store.store.createdRefunds).toEqual([]);
  });

  it('makes a refund across both payments: two REFUND transactions, each on its parent, adding up to the refund', async () => {
    const { body } = await storeGraphql(store, REFUND, {
      key: 'split-lamp',
      input: {
        orderId: ORDER,
        refundLineItems: [{ lineItemId: LAMP, quantity: 1 }],
        transactions: [transaction(GIFT_CARD, 'gift_card', '25.00'), transaction(CARD, 'shopify_payments', '15.00')],
      },
    });
    expect(body.data.refundCreate.userErrors).toEqual([]);
    expect(body.data.refundCreate.refund.transactions.nodes).toEqual([
      { gateway: 'gift_card', amountSet: { shopMoney: { amount: '25.00' } }, parentTransaction: { id: GIFT_CARD } },
      { gateway: 'shopify_payments', amountSet: { shopMoney: { amount: '15.00' } }, parentTransaction: { id: CARD } },
    ]);
    expect(store.store.createdRefunds.map((r) => r.amountMinor)).toEqual([4000]);
  });

  it('seeds captures under one authorisation per gateway, and refuses a fixture whose payments do not add up to its price', async () => {
    const f = demoFixture();
    const captured = {
      ...f.orders[0]!,
      number: 5301,
      payments: [1000, 800].map((amountMinor) => ({ gateway: 'shopify_payments', amountMinor, kind: 'CAPTURE' as const })),
    };
    const twoCaptures = await startSandboxStore({ fixture: { ...f, orders: [...f.orders, captured] }, clock, accessToken: STORE_TOKEN });
    try {
      const seeded = twoCaptures.store.orderById('gid://shopify/Order/5301')?.transactions;
      expect(seeded?.map((t) => [t.kind, t.amountMinor, t.parentId])).toEqual([
        ['AUTHORIZATION', 1800, null],
        ['CAPTURE', 1000, 'gid://shopify/OrderTransaction/530190'],
        ['CAPTURE', 800, 'gid://shopify/OrderTransaction/530190'],
      ]);
    } finally {
      await twoCaptures.close();
    }
    const short = { ...f, orders: [{ ...f.orders[0]!, payments: [{ gateway: 'gift_card', amountMinor: 1000 }] }] };
    expect(() => parseFixture(short)).toThrow(FixtureError);
    expect(() => parseFixture(short)).toThrow(/payments add up to 1000, not the 1800 the lines cost/);
  });
});
