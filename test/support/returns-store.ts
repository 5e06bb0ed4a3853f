/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// What the returns tests share (the sandbox store's, the unit tests of its pure parts, the MCP returns
// tools'), so no tier reaches into another's folder: the demo store with a catalogue of shirts in
// sizes and colours and orders of them, the GraphQL documents the tests send (each validated against
// Shopify's real 2026-04 schema by test/unit/mcp/sandbox-returns-documents.test.ts), and helpers that
// send them over the store's real HTTP endpoint.
import { demoFixture, parseFixture, startSandboxStore, type SandboxFixture, type SandboxStore, type SandboxStoreOptions } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from './sandboxes.js';

export const orderId = (n: number) => `gid://shopify/Order/${n}`;
export const lineId = (n: number, k = 1) => `gid://shopify/LineItem/${n}${String(k).padStart(2, '0')}`;
/** The fulfillment line of line k of an order fulfilled at once (`fulfilledDaysAgo`). */
export const fulfillmentLineId = (n: number, k = 1) => `gid://shopify/FulfillmentLineItem/${n}${k}`;
export const saleId = (n: number) => `gid://shopify/OrderTransaction/${n}1`;
export const variantId = (n: number) => `gid://shopify/ProductVariant/${n}`;

/** Linen shirts: Medium / Blue (5 in stock), Large / Blue (3), Small / Blue (none), Large / Green (2, dearer), Medium / White (1, cheaper). */
export const CATALOGUE: NonNullable<SandboxFixture['catalogue']> = [
  {
    productId: '8001',
    productTitle: 'Linen shirt',
    variants: [
      { id: '8101', title: 'Medium / Blue', sku: 'SHIRT-M-BLUE', priceMinor: 3400, presentmentPricesMinor: { EUR: 3100 }, available: 5 },
      { id: '8102', title: 'Large / Blue', sku: 'SHIRT-L-BLUE', priceMinor: 3400, presentmentPricesMinor: { EUR: 3100 }, available: 3 },
      { id: '8103', title: 'Small / Blue', sku: 'SHIRT-S-BLUE', priceMinor: 3000, available: 0 },
      { id: '8104', title: 'Large / Green', sku: 'SHIRT-L-GREEN', priceMinor: 4000, available: 2 },
      { id: '8105', title: 'Medium / White', sku: 'SHIRT-M-WHITE', priceMinor: 3000, available: 1 },
    ],
  },
];

const shirt = (quantity: number) => ({
  title: 'Linen shirt',
  sku: 'SHIRT-M-BLUE',
  quantity,
  unitPriceMinor: 3400,
  productId: '8001',
  variantId: '8101',
});
const mug = { title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 1800 };

type Order = SandboxFixture['orders'][number];
const base = { customerId: '7001', createdDaysAgo: 10 };

/**
 * 5001: two Medium / Blue shirts ($34.00 each) and a mug, fulfilled 5 days ago, with $6.00 shipping.
 * 5002: two shirts, one shipped, one not. 5003: two shirts, one refunded before. 5004: a shirt paid in
 * euros (€31.00). 5005: a gift card and a mug, fulfilled.
 */
export const RETURN_ORDERS: Order[] = [
  { ...base, number: 5001, lineItems: [shirt(2), mug], fulfilledDaysAgo: 5, shippingLines: [{ title: 'Standard', priceMinor: 600 }] },
  { ...base, number: 5002, lineItems: [shirt(2)], fulfillments: [{ daysAgo: 4, lineItems: [{ index: 0, quantity: 1 }] }] },
  { ...base, number: 5003, lineItems: [shirt(2)], fulfilledDaysAgo: 5, refunds: [{ daysAgo: 2, lineItems: [{ index: 0, quantity: 1 }] }] },
  {
    ...base,
    number: 5004,
    presentmentCurrency: 'EUR',
    lineItems: [{ ...shirt(1), presentmentUnitPriceMinor: 3100 }],
    fulfilledDaysAgo: 5,
    payments: [{ gateway: 'shopify_payments', amountMinor: 3400, presentmentAmountMinor: 3100 }],
  },
  { ...base, number: 5005, lineItems: [{ title: 'Gift card', quantity: 1, unitPriceMinor: 5000, giftCard: true }, mug], fulfilledDaysAgo: 5 },
];

export function returnsFixture(): SandboxFixture {
  const f = demoFixture();
  return parseFixture({ ...f, orders: [...f.orders, ...RETURN_ORDERS], catalogue: CATALOGUE });
}

export const startReturnsStore = (options: Partial<SandboxStoreOptions> = {}): Promise<SandboxStore> =>
  startSandboxStore({ fixture: returnsFixture(), clock, accessToken: STORE_TOKEN, ...options });

/** A document's data; a GraphQL error fails the test with its message. */
export async function ask(store: SandboxStore, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const { body } = await storeGraphql(store, query, variables);
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const BAG = 'shopMoney { amount currencyCode } presentmentMoney { amount currencyCode }';

/** What the tests read of a return. */
export const RETURN_FIELDS = `id name status createdAt closedAt requestApprovedAt totalQuantity decline { reason note }
  order { id name }
  returnShippingFees { id amountSet { ${BAG} } }
  returnLineItems(first: 10) { nodes { id quantity processedQuantity processableQuantity unprocessedQuantity refundedQuantity refundableQuantity
    returnReason returnReasonNote customerNote ... on ReturnLineItem { fulfillmentLineItem { id lineItem { id sku } } } } }
  exchangeLineItems(first: 10) { nodes { id variantId quantity processedQuantity unprocessedQuantity
    lineItems { id title sku quantity variantTitle variant { id title } originalUnitPriceSet { ${BAG} } } } }
  reverseFulfillmentOrders(first: 5) { nodes { id status
    lineItems(first: 10) { nodes { id totalQuantity fulfillmentLineItem { id } dispositions { type quantity location { id } } } }
    reverseDeliveries(first: 5) { nodes { id
      deliverable { ... on ReverseDeliveryShippingDeliverable { label { publicFileUrl } tracking { number url carrierName } } }
      reverseDeliveryLineItems(first: 10) { nodes { quantity reverseFulfillmentOrderLineItem { id } } } } } } }
  refunds(first: 5) { nodes { id totalRefundedSet { ${BAG} } refundLineItems(first: 10) { nodes { quantity lineItem { id } } }
    transactions(first: 5) { nodes { amountSet { ${BAG} } parentTransaction { id } } } } }`;

const USER_ERRORS = 'userErrors { field message code }';

export const RETURN_CREATE = `mutation ReturnCreate($returnInput: ReturnInput!) {
  returnCreate(returnInput: $returnInput) { return { ${RETURN_FIELDS} } ${USER_ERRORS} } }`;
export const RETURN_REQUEST = `mutation ReturnRequest($input: ReturnRequestInput!) {
  returnRequest(input: $input) { return { ${RETURN_FIELDS} } ${USER_ERRORS} } }`;
export const RETURN_APPROVE = `mutation ReturnApprove($input: ReturnApproveRequestInput!) {
  returnApproveRequest(input: $input) { return { ${RETURN_FIELDS} } ${USER_ERRORS} } }`;
export const RETURN_DECLINE = `mutation ReturnDecline($input: ReturnDeclineRequestInput!) {
  returnDeclineRequest(input: $input) { return { ${RETURN_FIELDS} } ${USER_ERRORS} } }`;
export const RETURN_CANCEL = `mutation ReturnCancel($id: ID!) { returnCancel(id: $id, notifyCustomer: false) { return { id status } ${USER_ERRORS} } }`;
export const RETURN_CLOSE = `mutation ReturnClose($id: ID!) { returnClose(id: $id) { return { id status closedAt } ${USER_ERRORS} } }`;
export const RETURN_REOPEN = `mutation ReturnReopen($id: ID!) { returnReopen(id: $id) { return { id status closedAt } ${USER_ERRORS} } }`;
export const RETURN_PROCESS = `mutation ReturnProcess($input: ReturnProcessInput!) {
  returnProcess(input: $input) { return { ${RETURN_FIELDS} } ${USER_ERRORS} } }`;
export const REVERSE_DELIVERY = `mutation ReverseDelivery($rfo: ID!, $lines: [ReverseDeliveryLineItemInput!]!, $label: ReverseDeliveryLabelInput,
  $tracking: ReverseDeliveryTrackingInput) {
  reverseDeliveryCreateWithShipping(reverseFulfillmentOrderId: $rfo, reverseDeliveryLineItems: $lines, labelInput: $label, trackingInput: $tracking,
    notifyCustomer: false) {
    reverseDelivery { id deliverable { ... on ReverseDeliveryShippingDeliverable { label { publicFileUrl createdAt } tracking { number url carrierName } } }
      reverseDeliveryLineItems(first: 10) { nodes { quantity } } reverseFulfillmentOrder { id } }
    ${USER_ERRORS} } }`;
export const DISPOSE = `mutation Dispose($inputs: [ReverseFulfillmentOrderDisposeInput!]!) {
  reverseFulfillmentOrderDispose(dispositionInputs: $inputs) { reverseFulfillmentOrderLineItems { id dispositions { type quantity } } ${USER_ERRORS} } }`;
export const ORDER_RETURNS = `query OrderReturns($id: ID!) { order(id: $id) { returnStatus returns(first: 5) { nodes { id name status } }
  refunds(first: 10) { id return { id name } totalRefundedSet { ${BAG} } }
  lineItems(first: 10) { nodes { id refundableQuantity variantTitle variant { id title sku inventoryQuantity product { id title } } product { id title } } }
  fulfillments(first: 10) { createdAt fulfillmentLineItems(first: 10) { nodes { quantity lineItem { id sku variantTitle } } } } } }`;
export const RETURN = `query Return($id: ID!) { return(id: $id) { ${RETURN_FIELDS} } }`;
export const VARIANT = `query Variant($id: ID!) { productVariant(id: $id) { id title sku displayName price inventoryQuantity availableForSale
  product { id title variants(first: 10) { nodes { id title inventoryQuantity } } } } }`;

/** Every document the returns tests send, by name, for the schema check. */
export const RETURN_DOCUMENTS = {
  RETURN_CREATE,
  RETURN_REQUEST,
  RETURN_APPROVE,
  RETURN_DECLINE,
  RETURN_CANCEL,
  RETURN_CLOSE,
  RETURN_REOPEN,
  RETURN_PROCESS,
  REVERSE_DELIVERY,
  DISPOSE,
  ORDER_RETURNS,
  RETURN,
  VARIANT,
};

/** A return line: `quantity` units of an order line shipped at once. */
export const returnLine = (order: number, quantity: number, k = 1, reason = 'SIZE_TOO_SMALL') => ({
  fulfillmentLineItemId: fulfillmentLineId(order, k),
  quantity,
  returnReason: reason,
});

/** returnCreate's payload for these terms on an order. */
export const createReturn = async (store: SandboxStore, returnInput: Record<string, unknown>) =>
  (await ask(store, RETURN_CREATE, { returnInput })).returnCreate;

/** POST /sandbox/returns/{ref}/receive. */
export async function receive(store: SandboxStore, ref: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${store.url}/sandbox/returns/${encodeURIComponent(ref)}/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The field paths of a payload's user errors, joined by dots. */
export const fields = (payload: { userErrors: { field: string[] | null }[] }) => payload.userErrors.map((e) => (e.field ?? []).join('.'));
