// The sandbox store's card details over real HTTP (local/sandbox/store/card-details.ts): a card
// payment answers OrderTransaction.paymentDetails as Shopify's CardPaymentDetails, its brand and its
// number masked to the last four digits, derived from the order unless the payment names its card; a
// refund reports the card it went back to, with when it was processed; store credit, a gift card and
// other gateways have no card details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const TRANSACTION = 'kind gateway processedAt parentTransaction { id } paymentDetails { __typename ... on CardPaymentDetails { company number } }';
const ORDER = `query ($id: ID!) { order(id: $id) {
  transactions(first: 20) { ${TRANSACTION} }
  refunds(first: 10) { transactions(first: 5) { nodes { ${TRANSACTION} } } } } }`;
const REFUND = `mutation ($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { transactions(first: 5) { nodes { ${TRANSACTION} } } } userErrors { field message } } }`;

interface TransactionRead {
  kind: string;
  gateway: string;
  processedAt: string | null;
  paymentDetails: { __typename: string; company: string | null; number: string | null } | null;
}
interface OrderRead {
  transactions: TransactionRead[];
  refunds: { transactions: { nodes: TransactionRead[] } }[];
}

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const card = (company: string, last4: string) => ({ __typename: 'CardPaymentDetails', company, number: `•••• •••• •••• ${last4}` });

/** 5301: paid by gift card, then two cards. 5302: captured twice on one authorisation. 5303: a card the test names. */
function fixture() {
  const f = demoFixture();
  const base = { customerId: '7001', createdDaysAgo: 5, fulfilledDaysAgo: 3 };
  f.orders.push(
    {
      ...base,
      number: 5301,
      lineItems: [{ id: '53011', title: 'Clay lamp', sku: 'LAMP', quantity: 3, unitPriceMinor: 2000 }],
      payments: [
        { gateway: 'gift_card', amountMinor: 2000 },
        { gateway: 'shopify_payments', amountMinor: 2000 },
        { gateway: 'shopify_payments', amountMinor: 2000 },
      ],
    },
    {
      ...base,
      number: 5302,
      lineItems: [{ id: '53021', title: 'Bud vase', sku: 'VASE', quantity: 2, unitPriceMinor: 1000 }],
      payments: [1000, 1000].map((amountMinor) => ({ gateway: 'shopify_payments', amountMinor, kind: 'CAPTURE' as const })),
    },
    { ...base, number: 5303, lineItems: [{ id: '53031', title: 'Mug', sku: 'MUG', quantity: 2, unitPriceMinor: 1800 }] },
  );
  return f;
}

let store: SandboxStore;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
  // A payment that names its card: the store keeps it on the transaction (a saved data file may too).
  store.store.orderById(gid('Order', 5303))!.transactions[0]!.card = { brand: 'Mastercard', last4: '5454' };
});
afterAll(() => store.close());

async function readOrder(number: number): Promise<OrderRead> {
  const { body } = await storeGraphql(store, ORDER, { id: gid('Order', number) });
  return (body.data as { order: OrderRead }).order;
}
async function refund(input: Record<string, unknown>, key: string): Promise<TransactionRead[]> {
  const { body } = await storeGraphql(store, REFUND, { input, key });
  const payload = (body.data as { refundCreate: { refund: { transactions: { nodes: TransactionRead[] } } | null; userErrors: unknown[] } }).refundCreate;
  expect(payload.userErrors).toEqual([]);
  return payload.refund!.transactions.nodes;
}

describe('sandbox store: card payment details', () => {
  it("pays the demo store's order 1001 by a Visa ending in its number, 1001", async () => {
    const order = await readOrder(1001);
    expect(order.transactions.map((t) => [t.kind, t.gateway, t.paymentDetails])).toEqual([['SALE', 'shopify_payments', card('Visa', '1001')]]);
  });

  it('reports an earlier refund on the card it went back to, processed when it was made (order 981: Visa 0981)', async () => {
    const order = await readOrder(981);
    const [made] = order.refunds[0]!.transactions.nodes;
    expect(made).toMatchObject({ kind: 'REFUND', gateway: 'shopify_payments', processedAt: '2026-10-11T12:00:00Z', paymentDetails: card('Visa', '0981') });
  });

  it('gives each card of an order its own brand and last four, and a gift card none', async () => {
    const order = await readOrder(5301);
    expect(order.transactions.map((t) => [t.gateway, t.paymentDetails])).toEqual([
      ['gift_card', null],
      ['shopify_payments', card('Visa', '5301')],
      ['shopify_payments', card('Mastercard', '6412')],
    ]);
  });

  it('makes every capture of one authorisation on the same card', async () => {
    const order = await readOrder(5302);
    expect(order.transactions.map((t) => [t.kind, t.paymentDetails])).toEqual([
      ['AUTHORIZATION', card('Visa', '5302')],
      ['CAPTURE', card('Visa', '5302')],
      ['CAPTURE', card('Visa', '5302')],
    ]);
  });

  it('reports a refund split across a gift card and a card: card details on the card part only', async () => {
    const made = await refund(
      {
        orderId: gid('Order', 5301),
        refundLineItems: [{ lineItemId: gid('LineItem', 53011), quantity: 1 }],
        transactions: [
          { orderId: gid('Order', 5301), parentId: gid('OrderTransaction', 53011), gateway: 'gift_card', kind: 'REFUND', amount: '5.00' },
          { orderId: gid('Order', 5301), parentId: gid('OrderTransaction', 53013), gateway: 'shopify_payments', kind: 'REFUND', amount: '15.00' },
        ],
      },
      'card-details-split',
    );
    expect(made.map((t) => [t.gateway, t.processedAt, t.paymentDetails])).toEqual([
      ['gift_card', '2026-11-30T12:00:00Z', null],
      ['shopify_payments', '2026-11-30T12:00:00Z', card('Mastercard', '6412')],
    ]);
  });

  it('reports the card a payment names, and a store-credit refund with no card at all', async () => {
    const made = await refund(
      {
        orderId: gid('Order', 5303),
        refundLineItems: [{ lineItemId: gid('LineItem', 53031), quantity: 1 }],
        refundMethods: [{ storeCreditRefund: { amount: { amount: '18.00', currencyCode: 'USD' } } }],
      },
      'card-details-credit',
    );
    expect(made.map((t) => [t.kind, t.gateway, t.processedAt, t.paymentDetails])).toEqual([['REFUND', 'shopify_store_credit', '2026-11-30T12:00:00Z', null]]);
    const order = await readOrder(5303);
    expect(order.transactions[0]?.paymentDetails).toEqual(card('Mastercard', '5454'));
  });
});
