// The returns tools' Shopify adapter against the sandbox store over real HTTP and GraphQL: a return
// opened with a fee, read back, its parcel received short (the sandbox receive endpoint), what came
// back processed with a refund of the line less the fee, split over the order's payments as the store
// suggests; the same processing sent again refused (conflict) and refunding nothing; an exchange
// shipped without a refund; a return closed, another cancelled; and the refusals, each with a message
// that says what is wrong and nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import { GetReturnsOutput, OpenReturnOutput, ProcessReturnOutput, type OpenReturnInput } from '#shared/contracts/tools.js';
import { createShopifyApi, createShopifyGraphqlClient, type ShopifyApi } from '#mcp/adapters/shopify/index.js';
import { parseFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN } from '../../support/sandboxes.js';
import { ask, lineId, orderId, receive, returnsFixture, REVERSE_DELIVERY, variantId } from '../../support/returns-store.js';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const shirt = { title: 'Linen shirt', sku: 'SHIRT-M-BLUE', unitPriceMinor: 3400, productId: '8001', variantId: '8101' };
const base = { customerId: '7001', createdDaysAgo: 10 };

/**
 * The returns fixture (5001: two $34 shirts and a mug; 5002: two shirts, one shipped; 5003: two, one
 * refunded; 5004: one paid in euros) and two more: 5301, two shirts paid $20 by gift card then $48 by
 * card; 5302, three shirts shipped in two fulfilments (one, then two).
 */
function fixture() {
  const f = returnsFixture();
  f.orders.push(
    {
      ...base,
      number: 5301,
      lineItems: [{ ...shirt, quantity: 2 }],
      fulfilledDaysAgo: 5,
      payments: [
        { gateway: 'gift_card', amountMinor: 2000 },
        { gateway: 'shopify_payments', amountMinor: 4800 },
      ],
    },
    {
      ...base,
      number: 5302,
      lineItems: [{ ...shirt, quantity: 3 }],
      fulfillments: [
        { daysAgo: 6, lineItems: [{ index: 0, quantity: 1 }] },
        { daysAgo: 4, lineItems: [{ index: 0, quantity: 2 }] },
      ],
    },
  );
  return parseFixture(f);
}

let store: SandboxStore;
let shopify: ShopifyApi;
beforeAll(async () => {
  store = await startSandboxStore({ fixture: fixture(), clock, accessToken: STORE_TOKEN });
  shopify = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, timeoutMs: 5000 }) });
});
afterAll(() => store.close());

const open = (n: number, quantity: number, extra: Partial<OpenReturnInput> = {}) =>
  shopify.openReturn({
    orderId: orderId(n),
    lineItems: [{ lineItemId: lineId(n), quantity, reason: 'SIZE_TOO_SMALL' }],
    notifyCustomer: false,
    note: `refund-agent run-${n}`,
    ...extra,
  });
const refundsOf = (n: number) => store.store.orderById(orderId(n))!.refunds;
const refundTransactionsOf = (n: number) =>
  store.store
    .orderById(orderId(n))!
    .transactions.filter((t) => t.kind === 'REFUND')
    .map((t) => [t.gateway, t.amountMinor]);
const receiveUnits = async (returnId: string, quantity: number, sku = 'SHIRT-M-BLUE') =>
  expect((await receive(store, returnId, { lineItems: [{ sku, quantity }] })).status).toBe(200);

describe('returns tools against the sandbox store: a return received short, refunded less its fee', () => {
  let returnId: string;
  let returnLineItemId: string;

  it('opens a return of two shipped shirts with a $5.00 fee, its note on the line', async () => {
    const { return: ret } = OpenReturnOutput.parse(await open(5001, 2, { returnFee: usd(500) }));
    ({ returnId } = ret);
    returnLineItemId = ret.lineItems[0]!.returnLineItemId;
    expect(ret).toMatchObject({ name: '#5001-R1', orderId: orderId(5001), status: 'OPEN', closedAt: null, fee: usd(500), label: null, refunds: [] });
    expect(ret.lineItems).toEqual([
      {
        returnLineItemId,
        lineItemId: lineId(5001),
        quantity: 2,
        receivedQuantity: 0,
        processedQuantity: 0,
        refundedQuantity: 0,
        note: 'refund-agent run-5001',
      },
    ]);
  });

  it('reads it back with get_returns: nothing came back yet', async () => {
    const read = GetReturnsOutput.parse(await shopify.getReturns(orderId(5001)));
    expect(read).toMatchObject({ orderId: orderId(5001), truncated: false, truncatedLists: [] });
    expect(read.returns.map((r) => [r.returnId, r.status, r.lineItems[0]?.receivedQuantity])).toEqual([[returnId, 'OPEN', 0]]);
  });

  it('shows the label and tracking the store attached to the parcel', async () => {
    const rfo = (await ask(store, 'query ($id: ID!) { return(id: $id) { reverseFulfillmentOrders(first: 1) { nodes { id } } } }', { id: returnId })).return
      .reverseFulfillmentOrders.nodes[0].id;
    const tracking = { number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };
    await ask(store, REVERSE_DELIVERY, { rfo, lines: [], label: { fileUrl: 'https://labels.example/5001-R1.pdf' }, tracking });
    const [ret] = (await shopify.getReturns(orderId(5001))).returns;
    expect(ret?.label).toEqual({ url: 'https://labels.example/5001-R1.pdf', trackingNumber: tracking.number, trackingUrl: tracking.url, carrier: 'UPS' });
  });

  it('counts one unit received of two once the parcel comes back short', async () => {
    await receiveUnits(returnId, 1);
    const [ret] = (await shopify.getReturns(orderId(5001))).returns;
    expect(ret?.lineItems[0]).toMatchObject({ quantity: 2, receivedQuantity: 1, processedQuantity: 0 });
  });

  it('refuses to process the unit that has not come back, sending nothing', async () => {
    const process = shopify.processReturn({ returnId, lineItems: [{ returnLineItemId, quantity: 2 }], notifyCustomer: false, note: 'run-5001' });
    await expect(process).rejects.toThrow(InvalidError);
    await expect(process).rejects.toThrow(/2 unit\(s\) asked, but 1 of its 2 came back/);
    expect(refundsOf(5001)).toEqual([]);
  });

  it('refuses a refund above what the store refunds for the unit, and one the return does not allow (its fee)', async () => {
    const asking = (amountMinor: number) =>
      shopify.processReturn({
        returnId,
        lineItems: [{ returnLineItemId, quantity: 1 }],
        refund: { amount: usd(amountMinor) },
        notifyCustomer: false,
        note: 'x',
      });
    await expect(asking(4000)).rejects.toThrow(/at most \$34\.00 for these units across the order's payments, less than the \$40\.00 asked/);
    const overFee = asking(3400);
    await expect(overFee).rejects.toThrow(InvalidError);
    await expect(overFee).rejects.toThrow(/Shopify refused to process return .*29\.00 USD this return refunds/);
    expect(refundsOf(5001)).toEqual([]);
  });

  it('processes the unit that came back with a refund of its price less the fee', async () => {
    const out = ProcessReturnOutput.parse(
      await shopify.processReturn({
        returnId,
        lineItems: [{ returnLineItemId, quantity: 1 }],
        refund: { amount: usd(2900) },
        notifyCustomer: false,
        note: 'refund-agent run-5001',
      }),
    );
    expect(out.refund).toMatchObject({ amount: usd(2900) });
    expect(out.refund?.refundId).toMatch(/^gid:\/\/shopify\/Refund\//);
    expect(out.return).toMatchObject({ status: 'OPEN', refunds: [out.refund] });
    expect(out.return.lineItems[0]).toMatchObject({ receivedQuantity: 1, processedQuantity: 1, refundedQuantity: 1 });
    expect(refundTransactionsOf(5001)).toEqual([['shopify_payments', 2900]]);
    expect(refundsOf(5001)[0]?.note).toBe('refund-agent run-5001');
  });

  it('refuses the same processing sent again as a conflict, refunding nothing twice', async () => {
    const again = shopify.processReturn({
      returnId,
      lineItems: [{ returnLineItemId, quantity: 1 }],
      refund: { amount: usd(2900) },
      notifyCustomer: false,
      note: 'refund-agent run-5001',
    });
    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow(/1 of its 2 came back and 1 were processed already/);
    expect(refundsOf(5001)).toHaveLength(1);
  });

  it('closes the return whose second unit never came back, and refuses to close it twice', async () => {
    expect(await shopify.closeReturn(returnId)).toEqual({ returnId, status: 'CLOSED' });
    await expect(shopify.closeReturn(returnId)).rejects.toThrow(ConflictError);
    expect(refundsOf(5001)).toHaveLength(1);
  });
});

describe('returns tools against the sandbox store: payments, exchanges, cancels', () => {
  it("splits the refund over the order's payments as the store suggests: the gift card first, then the card", async () => {
    const { return: ret } = await open(5301, 1, { returnFee: usd(500) });
    await receiveUnits(ret.returnId, 1);
    const out = await shopify.processReturn({
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: ret.lineItems[0]!.returnLineItemId, quantity: 1 }],
      refund: { amount: usd(2900) },
      notifyCustomer: false,
      note: 'run-5301',
    });
    expect(out.refund?.amount).toEqual(usd(2900));
    expect(refundTransactionsOf(5301)).toEqual([
      ['gift_card', 2000],
      ['shopify_payments', 900],
    ]);
    // The return's one line is processed: it closes.
    expect(out.return.status).toBe('CLOSED');
  });

  it('refunds an order paid in euros in euros, the fee in euros (one in dollars refused)', async () => {
    await expect(open(5004, 1, { returnFee: usd(500) })).rejects.toThrow(/the return fee is in USD, but order .*5004 was paid in EUR/);
    const fee = { amountMinor: 430, currency: 'USD', presentment: { amountMinor: 400, currency: 'EUR' } };
    const { return: ret } = await open(5004, 1, { returnFee: fee });
    expect(ret.fee?.presentment).toEqual({ amountMinor: 400, currency: 'EUR' });
    await receiveUnits(ret.returnId, 1);
    const refund = { amount: { amountMinor: 2940, currency: 'USD', presentment: { amountMinor: 2700, currency: 'EUR' } } };
    const out = await shopify.processReturn({
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: ret.lineItems[0]!.returnLineItemId, quantity: 1 }],
      refund,
      notifyCustomer: false,
      note: 'run-5004',
    });
    expect(out.refund?.amount.presentment).toEqual({ amountMinor: 2700, currency: 'EUR' });
  });

  it('opens a return with an exchange for another size and ships it on processing, refunding nothing', async () => {
    const { return: ret } = await open(5002, 1, { exchangeLineItems: [{ variantId: variantId(8102), quantity: 1 }] });
    expect(ret.exchangeLineItems).toEqual([
      {
        exchangeLineItemId: expect.stringMatching(/^gid:\/\/shopify\/ExchangeLineItem\//),
        variantId: variantId(8102),
        variantTitle: 'Large / Blue',
        quantity: 1,
        processedQuantity: 0,
        unitPrice: usd(3400),
      },
    ]);
    await receiveUnits(ret.returnId, 1);
    const out = await shopify.processReturn({
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: ret.lineItems[0]!.returnLineItemId, quantity: 1 }],
      exchangeLineItems: [{ exchangeLineItemId: ret.exchangeLineItems[0]!.exchangeLineItemId, quantity: 1 }],
      notifyCustomer: false,
      note: 'run-5002',
    });
    expect(out.refund).toBeNull();
    expect(out.return.status).toBe('CLOSED');
    expect(out.return.exchangeLineItems[0]).toMatchObject({ processedQuantity: 1, variantTitle: 'Large / Blue', unitPrice: usd(3400) });
    expect(refundsOf(5002)).toEqual([]);
  });

  it('cancels a fresh return, and refuses to cancel it twice', async () => {
    const { return: ret } = await open(5301, 1);
    expect(await shopify.cancelReturn(ret.returnId)).toEqual({ returnId: ret.returnId, status: 'CANCELED' });
    await expect(shopify.cancelReturn(ret.returnId)).rejects.toThrow(ConflictError);
    const statuses = (await shopify.getReturns(orderId(5301))).returns.map((r) => r.status);
    expect(statuses).toEqual(['CLOSED', 'CANCELED']);
  });

  it('spreads a line shipped in two fulfilments over both, and refuses more units than are left', async () => {
    const { return: ret } = await open(5302, 2);
    expect(ret.lineItems.map((l) => [l.lineItemId, l.quantity])).toEqual([
      [lineId(5302), 1],
      [lineId(5302), 1],
    ]);
    await expect(open(5302, 2)).rejects.toThrow(/2 unit\(s\) asked, but only 1 of its 3 shipped unit\(s\) can be returned \(2 already in a return\)/);
  });

  it('answers a processing the store refuses because the same one landed meanwhile as a conflict, with one refund', async () => {
    const [ret] = (await shopify.getReturns(orderId(5302))).returns;
    await receiveUnits(ret!.returnId, 1);
    // Another sender's identical returnProcess reaches the store just before this one.
    const racing: typeof fetch = async (url, init) => {
      if (typeof init?.body === 'string' && init.body.includes('returnProcess(')) await fetch(url, init);
      return fetch(url, init);
    };
    const raced = createShopifyApi({ graphql: createShopifyGraphqlClient({ shopUrl: store.url, accessToken: STORE_TOKEN, fetch: racing }) });
    const process = raced.processReturn({
      returnId: ret!.returnId,
      lineItems: [{ returnLineItemId: ret!.lineItems[0]!.returnLineItemId, quantity: 1 }],
      refund: { amount: usd(3400) },
      notifyCustomer: false,
      note: 'run-5302',
    });
    await expect(process).rejects.toThrow(ConflictError);
    await expect(process).rejects.toThrow(/processed already/);
    expect(refundsOf(5302)).toHaveLength(1);
  });
});

describe('returns tools against the sandbox store: refusals', () => {
  it('refuses a line that is not on the order, and one with more units than shipped', async () => {
    const unknown = shopify.openReturn({
      orderId: orderId(5003),
      lineItems: [{ lineItemId: 'gid://shopify/LineItem/999999', quantity: 1, reason: 'UNWANTED' }],
      notifyCustomer: false,
      note: 'run',
    });
    await expect(unknown).rejects.toThrow(InvalidError);
    await expect(unknown).rejects.toThrow('line gid://shopify/LineItem/999999 is not a line of order gid://shopify/Order/5003');
    // 5002's second shirt never shipped (and its first is in a return).
    await expect(open(5002, 1)).rejects.toThrow(/1 unit\(s\) asked, but only 0 of its 1 shipped unit\(s\) can be returned \(1 already in a return\)/);
  });

  it('answers an unknown order or return as not found, and a malformed id as invalid', async () => {
    await expect(shopify.getReturns(orderId(999_999))).rejects.toThrow(NotFoundError);
    await expect(shopify.closeReturn('gid://shopify/Return/999999')).rejects.toThrow(NotFoundError);
    await expect(shopify.cancelReturn('5001-R1')).rejects.toThrow(InvalidError);
    const process = shopify.processReturn({ returnId: 'gid://shopify/Return/999999', lineItems: [], notifyCustomer: false, note: '' });
    await expect(process).rejects.toThrow(NotFoundError);
  });

  it('refuses a return line of another return', async () => {
    const { return: ret } = await open(5003, 1);
    const other = shopify.processReturn({
      returnId: ret.returnId,
      lineItems: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', quantity: 1 }],
      notifyCustomer: false,
      note: '',
    });
    await expect(other).rejects.toThrow(`gid://shopify/ReturnLineItem/1 is not a line of return ${ret.returnId}`);
    await expect(shopify.cancelReturn(ret.returnId)).resolves.toMatchObject({ status: 'CANCELED' });
  });
});
