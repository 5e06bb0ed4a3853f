/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// What the sandbox money tests share: the demo store with orders of their own, GraphQL documents
// asking for the money Shopify serves, and MoneyBags to compare against. The store is read over its
// real HTTP endpoint, as the adapter reads it.
import { demoFixture, parseFixture, startSandboxStore, type SandboxFixture, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

export const BAG = 'shopMoney { amount currencyCode } presentmentMoney { amount currencyCode }';

const money = (amount: string, currencyCode: string) => ({ amount, currencyCode });
/** A MoneyBag of an order paid in its own currency. */
export const usd = (amount: string) => ({ shopMoney: money(amount, 'USD'), presentmentMoney: money(amount, 'USD') });
/** A MoneyBag of a USD order paid in euros. */
export const usdEur = (dollars: string, euros: string) => ({ shopMoney: money(dollars, 'USD'), presentmentMoney: money(euros, 'EUR') });

export const orderId = (n: number) => `gid://shopify/Order/${n}`;
export const lineId = (n: number, k = 1) => `gid://shopify/LineItem/${n}${String(k).padStart(2, '0')}`;
export const saleId = (n: number) => `gid://shopify/OrderTransaction/${n}1`;

export type FixtureOrder = SandboxFixture['orders'][number];

/** A fulfilled order of the demo store's first customer, with the lines and money terms given. */
export const order = (number: number, terms: Omit<Partial<FixtureOrder>, 'number'> & Pick<FixtureOrder, 'lineItems'>): FixtureOrder => ({
  number,
  customerId: '7001',
  createdDaysAgo: 5,
  fulfilledDaysAgo: 3,
  ...terms,
});

/** The demo store with these orders added, parsed (so validated) as a fixture file would be. */
export function fixtureWith(orders: FixtureOrder[], shop: Partial<SandboxFixture['shop']> = {}): SandboxFixture {
  const f = demoFixture();
  return parseFixture({ ...f, shop: { ...f.shop, ...shop }, orders: [...f.orders, ...orders] });
}

export const startStore = (fixture: SandboxFixture) => startSandboxStore({ fixture, clock, accessToken: STORE_TOKEN });

/** A query's data; a GraphQL error fails the test with its message. */
export async function ask(store: SandboxStore, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const { body } = await storeGraphql(store, query, variables);
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export const SUGGEST = `query S($id: ID!, $lines: [RefundLineItemInput!], $shipping: Boolean, $shippingAmount: Money, $duties: [RefundDutyInput!], $full: Boolean) {
  order(id: $id) { suggestedRefund(refundLineItems: $lines, refundShipping: $shipping, shippingAmount: $shippingAmount, refundDuties: $duties,
    suggestFullRefund: $full, refundMethodAllocation: ORIGINAL_PAYMENT_METHODS) {
    amountSet { ${BAG} } subtotalSet { ${BAG} } discountedSubtotalSet { ${BAG} } totalTaxSet { ${BAG} } totalDutiesSet { ${BAG} } maximumRefundableSet { ${BAG} }
    shipping { amountSet { ${BAG} } taxSet { ${BAG} } maximumRefundableSet { ${BAG} } }
    refundDuties { amountSet { ${BAG} } originalDuty { id } }
    refundLineItems { quantity lineItem { id } priceSet { ${BAG} } subtotalSet { ${BAG} } totalTaxSet { ${BAG} } }
    suggestedTransactions { kind gateway amountSet { ${BAG} } maximumRefundableSet { ${BAG} } parentTransaction { id } }
  } } }`;

export const REFUND = `mutation R($input: RefundInput!, $key: String!) { refundCreate(input: $input) @idempotent(key: $key) {
  refund { id totalRefundedSet { ${BAG} }
    refundLineItems(first: 10) { nodes { quantity lineItem { id } priceSet { ${BAG} } subtotalSet { ${BAG} } totalTaxSet { ${BAG} } } }
    refundShippingLines(first: 5) { nodes { subtotalAmountSet { ${BAG} } taxAmountSet { ${BAG} } } }
    duties { amountSet { ${BAG} } originalDuty { id } } }
  userErrors { field message } } }`;

/** suggestedRefund's answer for an order. */
export const suggest = async (store: SandboxStore, number: number, variables: Record<string, unknown>) =>
  (await ask(store, SUGGEST, { id: orderId(number), ...variables })).order.suggestedRefund;

let keys = 0;
/** refundCreate's answer, under a fresh idempotency key. */
export const refund = async (store: SandboxStore, input: Record<string, unknown>) => (await ask(store, REFUND, { input, key: `money-${++keys}` })).refundCreate;

/** A refund transaction of `amount` against the order's one sale. */
export const toSale = (number: number, amount: string) => ({
  orderId: orderId(number),
  parentId: saleId(number),
  gateway: 'shopify_payments',
  kind: 'REFUND',
  amount,
});
