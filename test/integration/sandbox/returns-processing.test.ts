/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// The sandbox store's returns over its real Admin GraphQL endpoint, from label to money: a label and
// tracking on the return's reverse delivery; a parcel received short (the sandbox receive endpoint),
// then returnProcess of only the units that came back, refunded through refundCreate's own code less
// the return shipping fee and recorded on the order; a unit never processed, nor refunded, twice; an
// exchange of another size shipped on processing with its stock taken, a cheaper one refunding the
// difference, one out of stock refused; an order paid in euros refunded in euros.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import {
  ask,
  createReturn,
  DISPOSE,
  fields,
  lineId,
  ORDER_RETURNS,
  orderId,
  receive,
  RETURN,
  RETURN_CLOSE,
  RETURN_PROCESS,
  returnLine,
  REVERSE_DELIVERY,
  saleId,
  startReturnsStore,
  VARIANT,
  variantId,
} from '../../support/returns-store.js';
import { STORE_TOKEN } from '../../support/sandboxes.js';

let store: SandboxStore;
beforeEach(async () => {
  store = await startReturnsStore();
});
afterEach(async () => {
  await store.close();
});

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });
const refundOf = (order: number, amount: string, currencyCode = 'USD') => ({
  issueRefund: { orderTransactions: [{ parentId: saleId(order), transactionAmount: { amount, currencyCode } }] },
});
const process = async (input: Record<string, unknown>) => (await ask(store, RETURN_PROCESS, { input })).returnProcess;
const returnLineOf = (ret: any, k = 0) => ret.returnLineItems.nodes[k];
const exchangeLineOf = (ret: any, k = 0) => ret.exchangeLineItems.nodes[k];
const rfoOf = (ret: any) => ret.reverseFulfillmentOrders.nodes[0];

/** A return of `quantity` shirts of order 5001 with a $5.00 return shipping fee. */
const shirtsBack = async (quantity: number, extra: Record<string, unknown> = {}) =>
  (await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, quantity)], returnShippingFee: { amount: usd('5.00') }, ...extra }))
    .return;

describe('sandbox store returns: a label', () => {
  it('records the label and tracking of a reverse delivery for the return’s units, the carrier read from the tracking URL', async () => {
    const ret = await shirtsBack(2);
    const rfo = rfoOf(ret);
    const payload = (
      await ask(store, REVERSE_DELIVERY, {
        rfo: rfo.id,
        lines: [],
        label: { fileUrl: 'https://labels.example/5001-R1.pdf' },
        tracking: { number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      })
    ).reverseDeliveryCreateWithShipping;

    expect(payload.userErrors).toEqual([]);
    expect(payload.reverseDelivery).toMatchObject({
      deliverable: {
        label: { publicFileUrl: 'https://labels.example/5001-R1.pdf', createdAt: '2026-11-30T12:00:00Z' },
        tracking: { number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', carrierName: 'UPS' },
      },
      reverseDeliveryLineItems: { nodes: [{ quantity: 2 }] },
      reverseFulfillmentOrder: { id: rfo.id },
    });
    const read = (await ask(store, RETURN, { id: ret.id })).return;
    expect(rfoOf(read).reverseDeliveries.nodes[0].deliverable.label.publicFileUrl).toBe('https://labels.example/5001-R1.pdf');
  });

  it('refuses a delivery of more units than the return has, and one on a closed return', async () => {
    const ret = await shirtsBack(1);
    const rfo = rfoOf(ret);
    const line = rfo.lineItems.nodes[0].id;
    const tooMany = (await ask(store, REVERSE_DELIVERY, { rfo: rfo.id, lines: [{ reverseFulfillmentOrderLineItemId: line, quantity: 2 }] }))
      .reverseDeliveryCreateWithShipping;
    expect(fields(tooMany)).toEqual(['reverseDeliveryLineItems.0.quantity']);

    await ask(store, RETURN_CLOSE, { id: ret.id });
    const closed = (await ask(store, REVERSE_DELIVERY, { rfo: rfo.id, lines: [] })).reverseDeliveryCreateWithShipping;
    expect(closed).toMatchObject({ reverseDelivery: null, userErrors: [{ field: ['reverseFulfillmentOrderId'], code: 'INVALID_STATE' }] });
  });
});

describe('sandbox store returns: a parcel received short, then processed', () => {
  it('processes and refunds only the unit that came back, less the fee, recorded on the order; the other unit later, and never one twice', async () => {
    const ret = await shirtsBack(2);
    const received = await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    expect(received).toMatchObject({
      status: 200,
      body: { return: { name: '#5001-R1', status: 'OPEN' }, lineItems: [{ quantity: 2, received: 1, processed: 0 }] },
    });
    const line = returnLineOf((await ask(store, RETURN, { id: ret.id })).return);
    expect(line).toMatchObject({ processableQuantity: 1, unprocessedQuantity: 2 });

    const both = await process({ returnId: ret.id, returnLineItems: [{ id: line.id, quantity: 2 }], financialTransfer: refundOf(5001, '58.00') });
    expect(both).toMatchObject({ return: null, userErrors: [{ field: ['input', 'returnLineItems', '0', 'quantity'], code: 'INVALID' }] });
    const overFee = await process({ returnId: ret.id, returnLineItems: [{ id: line.id, quantity: 1 }], financialTransfer: refundOf(5001, '34.00') });
    expect(overFee.userErrors).toEqual([
      {
        field: ['input', 'financialTransfer', 'issueRefund', 'orderTransactions'],
        message: expect.stringMatching(/more than the 29\.00 USD this return refunds/),
        code: 'INVALID',
      },
    ]);
    expect(store.store.orderById(orderId(5001))!.refunds).toEqual([]);

    const first = await process({
      returnId: ret.id,
      returnLineItems: [{ id: line.id, quantity: 1 }],
      financialTransfer: refundOf(5001, '29.00'),
      note: 'R1 received',
    });
    expect(first.userErrors).toEqual([]);
    expect(first.return).toMatchObject({ status: 'OPEN' });
    expect(returnLineOf(first.return)).toMatchObject({ processedQuantity: 1, refundedQuantity: 1, processableQuantity: 0, unprocessedQuantity: 1 });
    expect(first.return.refunds.nodes).toEqual([
      expect.objectContaining({
        totalRefundedSet: expect.objectContaining({ shopMoney: usd('29.00') }),
        refundLineItems: { nodes: [{ quantity: 1, lineItem: { id: lineId(5001) } }] },
        transactions: { nodes: [expect.objectContaining({ parentTransaction: { id: saleId(5001) } })] },
      }),
    ]);
    const order = (await ask(store, ORDER_RETURNS, { id: orderId(5001) })).order;
    expect(order.refunds).toEqual([
      expect.objectContaining({ return: { id: ret.id, name: '#5001-R1' }, totalRefundedSet: expect.objectContaining({ shopMoney: usd('29.00') }) }),
    ]);
    expect(order.lineItems.nodes[0].refundableQuantity).toBe(1);

    const again = await process({ returnId: ret.id, returnLineItems: [{ id: line.id, quantity: 1 }], financialTransfer: refundOf(5001, '29.00') });
    expect(again.userErrors).toEqual([
      { field: ['input', 'returnLineItems', '0', 'quantity'], message: expect.stringMatching(/0 unit\(s\) received and not processed/), code: 'INVALID' },
    ]);
    expect(store.store.orderById(orderId(5001))!.refunds).toHaveLength(1);

    await receive(store, '5001-R1', { lineItems: [{ lineItemId: lineId(5001), quantity: 1 }] });
    const last = await process({ returnId: ret.id, returnLineItems: [{ id: line.id, quantity: 1 }], financialTransfer: refundOf(5001, '34.00') });
    expect(last.userErrors).toEqual([]);
    expect(last.return).toMatchObject({ status: 'CLOSED', closedAt: '2026-11-30T12:00:00Z' });
    expect(store.store.refundedMinor(store.store.orderById(orderId(5001))!)).toBe(2900 + 3400);
  });

  it('refunds nothing twice when the answer to a returnProcess was lost and the caller sends it again', async () => {
    const ret = await shirtsBack(1);
    await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    const input = { returnId: ret.id, returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }], financialTransfer: refundOf(5001, '29.00') };
    store.faults.hangNext(1, { operation: 'returnProcess', afterCommit: true });
    const lost = fetch(store.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': STORE_TOKEN },
      body: JSON.stringify({ query: RETURN_PROCESS, variables: { input } }),
      signal: AbortSignal.timeout(500),
    });
    await expect(lost).rejects.toThrow();

    const retried = await process(input);

    // Every unit processed, the return closed: the same call again is refused, and refunds nothing.
    expect(retried).toMatchObject({ return: null, userErrors: [{ field: ['input', 'returnId'], code: 'INVALID_STATE' }] });
    const read = (await ask(store, RETURN, { id: ret.id })).return;
    expect(read).toMatchObject({
      status: 'CLOSED',
      refunds: { nodes: [expect.objectContaining({ totalRefundedSet: expect.objectContaining({ shopMoney: usd('29.00') }) })] },
    });
    expect(store.store.orderById(orderId(5001))!.refunds).toHaveLength(1);
  });

  it('refuses to receive more than the return expects, on a return it does not have, or on one not open', async () => {
    const ret = await shirtsBack(1);
    expect((await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 2 }] })).status).toBe(422);
    expect((await receive(store, ret.name, { lineItems: [{ sku: 'MUG', quantity: 1 }] })).status).toBe(422);
    expect((await receive(store, '5001-R9', { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] })).status).toBe(404);
    expect((await receive(store, ret.name, { lineItems: [] })).status).toBe(400);
    await ask(store, RETURN_CLOSE, { id: ret.id });
    expect((await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] })).status).toBe(409);
  });

  it('receives units inside returnProcess (inline dispositions), restocking them, and leaves a unit marked MISSING unprocessable', async () => {
    const ret = await shirtsBack(2);
    const rfoLine = rfoOf(ret).lineItems.nodes[0].id;
    const missing = (await ask(store, DISPOSE, { inputs: [{ reverseFulfillmentOrderLineItemId: rfoLine, quantity: 1, dispositionType: 'MISSING' }] }))
      .reverseFulfillmentOrderDispose;
    expect(missing).toEqual({ reverseFulfillmentOrderLineItems: [{ id: rfoLine, dispositions: [{ type: 'MISSING', quantity: 1 }] }], userErrors: [] });

    const restock = { reverseFulfillmentOrderLineItemId: rfoLine, quantity: 1, dispositionType: 'RESTOCKED', locationId: 'gid://shopify/Location/1' };
    const done = await process({ returnId: ret.id, returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1, dispositions: [restock] }] });

    expect(done.userErrors).toEqual([]);
    expect(returnLineOf(done.return)).toMatchObject({ processedQuantity: 1, refundedQuantity: 0, processableQuantity: 0 });
    expect(rfoOf(done.return).lineItems.nodes[0].dispositions).toEqual([
      { type: 'MISSING', quantity: 1, location: null },
      { type: 'RESTOCKED', quantity: 1, location: { id: 'gid://shopify/Location/1' } },
    ]);
    expect((await ask(store, VARIANT, { id: variantId(8101) })).productVariant.inventoryQuantity).toBe(6);
  });

  it('refuses shipping or duties without a refund to carry them, and a restock without a location', async () => {
    const ret = await shirtsBack(1);
    const rfoLine = rfoOf(ret).lineItems.nodes[0].id;
    const stray = await process({ returnId: ret.id, returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }], refundShipping: { fullRefund: true } });
    expect(fields(stray)).toContain('input.refundShipping');
    const noLocation = await process({
      returnId: ret.id,
      returnLineItems: [
        { id: returnLineOf(ret).id, quantity: 1, dispositions: [{ reverseFulfillmentOrderLineItemId: rfoLine, quantity: 1, dispositionType: 'RESTOCKED' }] },
      ],
    });
    expect(fields(noLocation)).toEqual(['input.returnLineItems.0.dispositions.0.locationId']);
  });
});

describe('sandbox store returns: exchanges', () => {
  it('ships another size on processing: its stock taken, a line and a fulfilment of it on the order, no money moved', async () => {
    const ret = await shirtsBack(1, { returnShippingFee: undefined, exchangeLineItems: [{ variantId: variantId(8102), quantity: 1 }] });
    expect(exchangeLineOf(ret)).toMatchObject({ variantId: variantId(8102), quantity: 1, processedQuantity: 0, lineItems: [] });
    await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });

    const done = await process({
      returnId: ret.id,
      returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }],
      exchangeLineItems: [{ id: exchangeLineOf(ret).id, quantity: 1 }],
    });

    expect(done.userErrors).toEqual([]);
    expect(done.return.status).toBe('CLOSED');
    expect(exchangeLineOf(done.return)).toMatchObject({
      processedQuantity: 1,
      unprocessedQuantity: 0,
      lineItems: [
        { title: 'Linen shirt', sku: 'SHIRT-L-BLUE', quantity: 1, variantTitle: 'Large / Blue', variant: { id: variantId(8102), title: 'Large / Blue' } },
      ],
    });
    expect((await ask(store, VARIANT, { id: variantId(8102) })).productVariant).toMatchObject({ inventoryQuantity: 2, availableForSale: true });
    const order = (await ask(store, ORDER_RETURNS, { id: orderId(5001) })).order;
    expect(order.fulfillments.at(-1).fulfillmentLineItems.nodes).toEqual([
      { quantity: 1, lineItem: expect.objectContaining({ sku: 'SHIRT-L-BLUE', variantTitle: 'Large / Blue' }) },
    ]);
    expect(order.refunds).toEqual([]);
    expect(order.lineItems.nodes[0]).toMatchObject({
      variantTitle: 'Medium / Blue',
      variant: { id: variantId(8101), sku: 'SHIRT-M-BLUE', product: { title: 'Linen shirt' } },
    });
  });

  it('refunds the difference for a cheaper variant, and not a cent more', async () => {
    const ret = await shirtsBack(1, { returnShippingFee: undefined, exchangeLineItems: [{ variantId: variantId(8105), quantity: 1 }] });
    await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    const input = (amount: string) => ({
      returnId: ret.id,
      returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }],
      exchangeLineItems: [{ id: exchangeLineOf(ret).id, quantity: 1 }],
      financialTransfer: refundOf(5001, amount),
    });

    expect((await process(input('4.01'))).userErrors[0].message).toMatch(/more than the 4\.00 USD this return refunds/);
    const done = await process(input('4.00'));
    expect(done.userErrors).toEqual([]);
    expect(done.return.refunds.nodes[0].totalRefundedSet.shopMoney).toEqual(usd('4.00'));
    expect((await ask(store, VARIANT, { id: variantId(8105) })).productVariant).toMatchObject({ inventoryQuantity: 0, availableForSale: false });
  });

  it('refuses to ship an exchange whose variant ran out since the return was opened, changing nothing', async () => {
    const green = (order: number, quantity: number) => ({
      orderId: orderId(order),
      returnLineItems: [returnLine(order, quantity)],
      exchangeLineItems: [{ variantId: variantId(8104), quantity }],
    });
    const first = (await createReturn(store, green(5001, 2))).return;
    const second = (await createReturn(store, green(5003, 1))).return;
    await receive(store, first.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 2 }] });
    await receive(store, second.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    const ship = (ret: any, quantity: number) =>
      process({ returnId: ret.id, returnLineItems: [{ id: returnLineOf(ret).id, quantity }], exchangeLineItems: [{ id: exchangeLineOf(ret).id, quantity }] });

    expect((await ship(first, 2)).userErrors).toEqual([]);
    const refused = await ship(second, 1);

    expect(refused.userErrors).toEqual([
      { field: ['input', 'exchangeLineItems', '0', 'id'], message: expect.stringMatching(/Large \/ Green is out of stock: 0 available/), code: 'INVALID' },
    ]);
    const after = (await ask(store, RETURN, { id: second.id })).return;
    expect(returnLineOf(after).processedQuantity).toBe(0);
    expect(exchangeLineOf(after).processedQuantity).toBe(0);
  });
});

describe('sandbox store returns: an order paid in another currency', () => {
  it('takes the fee in euros and refunds the unit in euros, less the fee, split as refundCreate splits it', async () => {
    const ret = (
      await createReturn(store, {
        orderId: orderId(5004),
        returnLineItems: [returnLine(5004, 1)],
        returnShippingFee: { amount: { amount: '5.00', currencyCode: 'EUR' } },
      })
    ).return;
    expect(ret.returnShippingFees[0].amountSet).toEqual({ shopMoney: usd('5.48'), presentmentMoney: { amount: '5.00', currencyCode: 'EUR' } });
    await receive(store, ret.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });

    const inDollars = await process({
      returnId: ret.id,
      returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }],
      financialTransfer: refundOf(5004, '26.00'),
    });
    expect(fields(inDollars)).toEqual(['input.financialTransfer.issueRefund.orderTransactions']);
    const done = await process({
      returnId: ret.id,
      returnLineItems: [{ id: returnLineOf(ret).id, quantity: 1 }],
      financialTransfer: refundOf(5004, '26.00', 'EUR'),
    });

    expect(done.userErrors).toEqual([]);
    expect(done.return.refunds.nodes[0].totalRefundedSet).toEqual({ shopMoney: usd('28.52'), presentmentMoney: { amount: '26.00', currencyCode: 'EUR' } });
  });
});
