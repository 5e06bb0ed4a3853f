// Split payments (#23): an order paid partly by gift card, or captured in two parts, is refunded with
// one REFUND transaction per payment, as the store's suggestedRefund splits it. The Shopify adapter
// against the sandbox store over real HTTP and GraphQL: the preview shows the split, the refund sends
// exactly it, a refund the suggestion does not agree with is refused before anything is sent, and a
// resend of a split refund is answered with the refund made, not a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundCreateInput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient, type ShopifyApi } from '#mcp/adapters/shopify/index.js';
import { RefundSplitMismatchError } from '#mcp/adapters/shopify/refund-split.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN } from '../../support/sandboxes.js';

const order = (number: number) => `gid://shopify/Order/${number}`;
const line = (id: string) => `gid://shopify/LineItem/${id}`;
const tx = (id: string) => `gid://shopify/OrderTransaction/${id}`;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** Order 5101: a $40 lamp and a $20 vase, paid $30 by gift card then $30 by card. Order 5102: $50 of bowls captured in two parts. */
function splitFixture() {
  const fixture = demoFixture();
  fixture.orders.push(
    {
      number: 5101,
      customerId: '7001',
      createdDaysAgo: 5,
      fulfilledDaysAgo: 3,
      lineItems: [
        { id: '51011', title: 'Clay lamp', sku: 'LAMP', quantity: 1, unitPriceMinor: 4000 },
        { id: '51012', title: 'Bud vase', sku: 'VASE', quantity: 1, unitPriceMinor: 2000 },
      ],
      payments: [
        { gateway: 'gift_card', amountMinor: 3000 },
        { gateway: 'shopify_payments', amountMinor: 3000 },
      ],
    },
    {
      number: 5102,
      customerId: '7002',
      createdDaysAgo: 5,
      fulfilledDaysAgo: 3,
      lineItems: [{ id: '51021', title: 'Nesting bowl', sku: 'BOWL', quantity: 5, unitPriceMinor: 1000 }],
      payments: [
        { gateway: 'shopify_payments', amountMinor: 2000, kind: 'CAPTURE' },
        { gateway: 'shopify_payments', amountMinor: 3000, kind: 'CAPTURE' },
      ],
    },
  );
  return fixture;
}

let store: SandboxStore;
let shopify: ShopifyApi;

beforeAll(async () => {
  store = await startSandboxStore({ fixture: splitFixture(), clock, accessToken: STORE_TOKEN });
  shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, timeoutMs: 5000 }) });
});
afterAll(() => store.close());

const refundOf = (number: number, lines: [string, number][], amountMinor: number, parent: string, gateway: string, key: string): RefundCreateInput => ({
  orderId: order(number),
  lineItems: lines.map(([id, quantity]) => ({ lineItemId: line(id), quantity })),
  amount: usd(amountMinor),
  parentTransactionId: tx(parent),
  gateway,
  note: `refund-agent run ${key}: damaged`,
  idempotencyKey: `key-${key}`,
});

/** The REFUND transactions the store holds for a refund: parent, gateway and amount. */
function refundTransactionsOf(refundId: string) {
  const o = store.store.orders.find((candidate) => candidate.refunds.some((r) => r.id === refundId));
  const refund = o?.refunds.find((r) => r.id === refundId);
  return (o?.transactions ?? [])
    .filter((t) => refund?.transactionIds.includes(t.id))
    .map((t) => ({ parentId: t.parentId, gateway: t.gateway, amountMinor: t.amountMinor }));
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('split payments through the Shopify adapter', () => {
  it('reads both payments of a gift-card-and-card order', async () => {
    const read = await shopify.getOrderById(order(5101));
    expect(read.transactions.map((t) => [t.kind, t.gateway, t.amount.amountMinor])).toEqual([
      ['SALE', 'gift_card', 3000],
      ['SALE', 'shopify_payments', 3000],
    ]);
    expect(read.maximumRefundable).toEqual(usd(6000));
  });

  it('previews the lamp as $30 back to the gift card and $10 to the card', async () => {
    const preview = await shopify.previewRefund({ orderId: order(5101), lineItems: [{ lineItemId: line('51011'), quantity: 1 }] });
    expect(preview.amount).toEqual(usd(4000));
    expect(preview.transactions).toEqual([
      { parentTransactionId: tx('51011'), gateway: 'gift_card', amount: usd(3000), maximumRefundable: usd(3000) },
      { parentTransactionId: tx('51012'), gateway: 'shopify_payments', amount: usd(1000), maximumRefundable: usd(3000) },
    ]);
  });

  it('refuses a refund above what the payments give for these lines, and sends nothing', async () => {
    const before = store.store.createdRefunds.length;
    const error = await failureOf(shopify.createRefund(refundOf(5101, [['51011', 1]], 4001, '51011', 'gift_card', 'over')));
    expect(error).toBeInstanceOf(RefundSplitMismatchError);
    expect(error).toMatchObject({ category: 'invalid', message: expect.stringMatching(/\$40\.00.*less than the \$40\.01 asked/) });
    expect(store.store.createdRefunds.length).toBe(before);
  });

  it('refuses a refund whose parent is not one of the payments the store suggests, and sends nothing', async () => {
    const before = store.store.createdRefunds.length;
    const error = await failureOf(shopify.createRefund(refundOf(5101, [['51011', 1]], 4000, '10011', 'shopify_payments', 'parent')));
    expect(error).toBeInstanceOf(RefundSplitMismatchError);
    expect(error.message).toContain('other payments than gid://shopify/OrderTransaction/10011');
    expect(store.store.createdRefunds.length).toBe(before);
  });

  it('refunds the lamp across both payments, once, and answers a resend with the same refund', async () => {
    const input = refundOf(5101, [['51011', 1]], 4000, '51011', 'gift_card', 'lamp');
    const refund = await shopify.createRefund(input);
    expect(refund).toMatchObject({ orderId: order(5101), amount: usd(4000) });
    expect(refundTransactionsOf(refund.refundId)).toEqual([
      { parentId: tx('51011'), gateway: 'gift_card', amountMinor: 3000 },
      { parentId: tx('51012'), gateway: 'shopify_payments', amountMinor: 1000 },
    ]);
    // The lost-answer retry: the suggestion has moved (the lamp is refunded), the key and the run's refund answer.
    const again = await shopify.createRefund(input);
    expect(again).toEqual(refund);
    expect(store.store.orderById(order(5101))?.refunds).toHaveLength(1);
    // What is left goes to the card only: the gift card has nothing more to give back.
    const rest = await shopify.previewRefund({ orderId: order(5101), lineItems: [{ lineItemId: line('51012'), quantity: 1 }] });
    expect(rest.transactions).toEqual([{ parentTransactionId: tx('51012'), gateway: 'shopify_payments', amount: usd(2000), maximumRefundable: usd(2000) }]);
  });

  it('refunds three bowls across two captures, each its own parent', async () => {
    const read = await shopify.getOrderById(order(5102));
    expect(read.transactions.map((t) => t.kind)).toEqual(['AUTHORIZATION', 'CAPTURE', 'CAPTURE']);
    const refund = await shopify.createRefund(refundOf(5102, [['51021', 3]], 3000, '51021', 'shopify_payments', 'bowls'));
    expect(refundTransactionsOf(refund.refundId)).toEqual([
      { parentId: tx('51021'), gateway: 'shopify_payments', amountMinor: 2000 },
      { parentId: tx('51022'), gateway: 'shopify_payments', amountMinor: 1000 },
    ]);
    expect(refund.amount).toEqual(usd(3000));
  });

  it('gives a smaller amount than the suggestion (the policy left tax or a gift-card line out) to the first payments', async () => {
    const fresh = await startSandboxStore({ fixture: splitFixture(), clock, accessToken: STORE_TOKEN });
    try {
      const api = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: fresh.url, accessToken: STORE_TOKEN, timeoutMs: 5000 }) });
      const refund = await api.createRefund(refundOf(5101, [['51011', 1]], 3500, '51011', 'gift_card', 'smaller'));
      const o = fresh.store.orderById(order(5101));
      const made = o?.transactions.filter((t) => t.kind === 'REFUND').map((t) => [t.gateway, t.amountMinor]);
      expect(refund.amount).toEqual(usd(3500));
      expect(made).toEqual([
        ['gift_card', 3000],
        ['shopify_payments', 500],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
