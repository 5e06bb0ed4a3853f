// The pure parts of the sandbox store's returns, in process and without a server: the fixture's
// catalogue rules (each naming its field), which units a return may take, how a receipt spreads over
// a return's lines, what a return may still refund (less the exchanged items and the fee), the
// rate a fee or an exchanged variant is converted at, the carrier read from a tracking URL, and the
// order in which a desk announces what it did.
import { describe, expect, it } from 'vitest';
import { parseFixture } from '#local/sandbox/index.js';
import { catalogueIssues } from '#local/sandbox/fixture-returns.js';
import type { StoreOrder } from '#local/sandbox/store/model.js';
import { toPaidMinor, toShopMinor } from '#local/sandbox/store/order-rate.js';
import { ReturnDesk } from '#local/sandbox/store/return-desk.js';
import { carrierOf } from '#local/sandbox/store/return-delivery.js';
import { receiptDispositions } from '#local/sandbox/store/return-receipt.js';
import { returnRefundCapMinor } from '#local/sandbox/store/return-refund.js';
import { returnableOnFulfillmentLine, returnableQuantity } from '#local/sandbox/store/return-units.js';
import { toProcessAsk } from '#local/sandbox/store/return-resolvers.js';
import { SandboxStoreState } from '#local/sandbox/store/state.js';
import { clock } from '../../support/sandboxes.js';
import { fulfillmentLineId, lineId, orderId, returnLine, returnsFixture, variantId } from '../../support/returns-store.js';

/** The returns fixture's store in memory, with a desk whose events are recorded. */
function desk() {
  const state = new SandboxStoreState(returnsFixture(), clock);
  const sent: string[] = [];
  let changes = 0;
  const returns = new ReturnDesk({ state, events: { changed: () => void changes++, send: (topic) => void sent.push(topic) } });
  return { state, returns, sent, changes: () => changes, order: (n: number) => state.orderById(orderId(n))! };
}

const ask = (order: number, quantity: number, extra: Partial<Parameters<ReturnDesk['create']>[0]> = {}) => ({
  orderId: orderId(order),
  returnLineItems: [{ ...returnLine(order, quantity), returnReason: null, returnReasonNote: null, customerNote: null }],
  exchangeLineItems: [],
  returnShippingFee: null,
  ...extra,
});

/** Two fulfilments of one unit each of the order's line (fulfillment lines 71 and 72). */
const splitFulfilments = (order: StoreOrder, lineItemId: string) =>
  ['71', '72'].map((n) => ({
    id: `gid://shopify/Fulfillment/${n}`,
    createdAt: order.createdAt,
    deliveredAt: null,
    lines: [{ id: `gid://shopify/FulfillmentLineItem/${n}`, lineItemId, quantity: 1 }],
  }));
const unitsOf = (n: string) => ({
  fulfillmentLineItemId: `gid://shopify/FulfillmentLineItem/${n}`,
  quantity: 1,
  returnReason: null,
  returnReasonNote: null,
  customerNote: null,
});

describe('sandbox fixture: variants and the catalogue', () => {
  it('names the field of a duplicate product or variant, a variant without its product, and a variant of another product', () => {
    const catalogue = [
      { productId: '1', productTitle: 'Shirt', variants: [{ id: '11', title: 'M', priceMinor: 100, available: 1 }] },
      { productId: '1', productTitle: 'Again', variants: [{ id: '11', title: 'M', priceMinor: 100, available: 1 }] },
    ];
    const orders = [{ lineItems: [{ variantId: '11' }, { productId: '2', variantId: '11' }, { productId: '1', variantId: '99' }] }];

    expect(catalogueIssues({ catalogue, orders })).toEqual([
      { path: ['catalogue', 1, 'productId'], message: 'duplicate product id' },
      { path: ['catalogue', 1, 'variants', 0, 'id'], message: 'duplicate variant id' },
      { path: ['orders', 0, 'lineItems', 0, 'productId'], message: 'a line with a variantId needs its productId' },
      { path: ['orders', 0, 'lineItems', 1, 'productId'], message: 'variant 11 belongs to product 1 in the catalogue, not 2' },
    ]);
  });

  it('refuses a fixture whose line names a variant of another product, pointing at the line', () => {
    const fixture = returnsFixture();
    const broken = { ...fixture, orders: fixture.orders.map((o) => (o.number === 5001 ? { ...o, lineItems: [{ ...o.lineItems[0]!, productId: '9' }] } : o)) };
    expect(() => parseFixture(broken)).toThrow(/variant 8101 belongs to product 8001 in the catalogue, not 9\s+→ at orders\[\d+\]\.lineItems\[0\]\.productId/);
  });

  it('refuses a variant with negative stock', () => {
    const fixture = returnsFixture();
    const catalogue = [{ ...fixture.catalogue![0]!, variants: [{ id: '1', title: 'M', priceMinor: 100, available: -1 }] }];
    expect(() => parseFixture({ ...fixture, catalogue })).toThrow(/at catalogue\[0\]\.variants\[0\]\.available/);
  });
});

describe('sandbox returns: which units a return may take', () => {
  it('takes shipped units not refunded and not already held by a return', () => {
    const { returns, order } = desk();
    const shipped = order(5002);
    expect(returnableQuantity(shipped, shipped.lineItems[0]!)).toBe(1);
    const refunded = order(5003);
    expect(returnableQuantity(refunded, refunded.lineItems[0]!)).toBe(1);

    returns.create(ask(5001, 1));
    expect(returnableOnFulfillmentLine(order(5001), fulfillmentLineId(5001))).toBe(1);
    expect(returnableOnFulfillmentLine(order(5001), 'gid://shopify/FulfillmentLineItem/1')).toBe(0);
  });

  it('counts an order line’s refunded units against every fulfillment line of it asked at once', () => {
    const { state, returns } = desk();
    const order = state.orderById(orderId(5003))!;
    order.fulfillments = splitFulfilments(order, lineId(5003));

    const { userErrors } = returns.create({ ...ask(5003, 1), returnLineItems: ['71', '72'].map(unitsOf) });

    expect(userErrors).toEqual([
      { field: ['returnInput', 'returnLineItems', '1', 'quantity'], message: expect.stringMatching(/more than the 0 unit\(s\)/), code: 'INVALID' },
    ]);
  });

  it('spreads a receipt of an order line over the return lines of its fulfilments, and refuses more than the return expects', () => {
    const { state, returns } = desk();
    const order: StoreOrder = state.orderById(orderId(5001))!;
    order.fulfillments = splitFulfilments(order, lineId(5001));
    const lines = ['71', '72'].map(unitsOf);
    const { ret } = returns.create({ ...ask(5001, 1), returnLineItems: lines });
    const found = { order, ret: ret! };

    const dispositions = receiptDispositions(found, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 2 }], disposition: 'RESTOCKED' });
    expect(dispositions).toEqual(
      ret!.reverseFulfillmentOrders[0]!.lineItems.map((l) => expect.objectContaining({ reverseFulfillmentOrderLineItemId: l.id, quantity: 1 })),
    );
    expect(receiptDispositions(found, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 3 }], disposition: 'RESTOCKED' })).toMatch(/3 unit\(s\) asked, more than/);
  });
});

describe('sandbox returns: what a return may refund', () => {
  it('is what its units are worth, less the exchanged items shipped, the fee, and what it already paid back', () => {
    const { returns, order } = desk();
    const { ret } = returns.create(ask(5001, 2, { returnShippingFee: { amount: '5.00', currencyCode: 'USD' } }));

    expect(returnRefundCapMinor(order(5001), ret!, 6800, 0)).toBe(6300);
    expect(returnRefundCapMinor(order(5001), ret!, 3400, 3000)).toBe(0);
    expect(returnRefundCapMinor(order(5001), ret!, 3400, 4000)).toBe(0);
  });

  it('converts a fee or a variant’s price at the rate the order was paid at', () => {
    const { order } = desk();
    expect(toShopMinor(order(5004), 500)).toBe(548);
    expect(toPaidMinor(order(5004), 3400)).toBe(3100);
    expect(toShopMinor(order(5001), 500)).toBe(500);
  });
});

describe('sandbox returns: the desk', () => {
  it('saves and announces every change in order, and nothing for a refusal', () => {
    const { returns, sent, changes } = desk();
    const { ret } = returns.create(ask(5001, 1, { exchangeLineItems: [{ variantId: variantId(8102), quantity: 1 }] }));
    returns.create(ask(5001, 5));
    returns.close(ret!.id);
    returns.reopen(ret!.id);

    expect(sent).toEqual(['returns/approve', 'returns/close', 'returns/reopen']);
    expect(changes()).toBe(3);
  });

  it('reads returnProcess’s input: a refund only with financialTransfer.issueRefund, shipping without one flagged', () => {
    const withRefund = toProcessAsk({
      returnId: 'gid://shopify/Return/1',
      returnLineItems: [{ id: 'gid://shopify/ReturnLineItem/2', quantity: 1 }],
      financialTransfer: { issueRefund: { orderTransactions: [{ parentId: 'p', transactionAmount: { amount: 29, currencyCode: 'USD' } }] } },
      refundShipping: { fullRefund: true },
    });
    expect(withRefund.refund).toMatchObject({
      orderTransactions: [{ transactionAmount: { amount: '29', currencyCode: 'USD' } }],
      refundShipping: { fullRefund: true },
    });
    expect(withRefund.strayMoney).toBe(false);
    expect(toProcessAsk({ returnId: 'r', refundShipping: { fullRefund: true } })).toMatchObject({ refund: null, strayMoney: true });
  });
});

describe('sandbox returns: the carrier of a tracking URL', () => {
  it.each([
    ['https://www.ups.com/track?tracknum=1Z', 'UPS'],
    ['https://tools.usps.com/go/TrackConfirmAction?tLabels=9400', 'USPS'],
    ['https://www.royalmail.com/track-your-item#/tracking-results/AB1', 'Royal Mail'],
    ['https://tracking.example/abc', null],
    [null, null],
  ])('%s → %s', (url, carrier) => {
    expect(carrierOf(url)).toBe(carrier);
  });
});
