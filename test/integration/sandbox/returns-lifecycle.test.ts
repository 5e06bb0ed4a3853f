// The sandbox store's returns over its real Admin GraphQL endpoint, the lifecycle: returnCreate opens a
// return at once (with its reverse fulfillment order), returnRequest waits for the merchant who
// approves or declines it, returnCancel works only before anything was done, returnClose and
// returnReopen move it between OPEN and CLOSED. And Shopify's refusals, each a user error naming its
// field with nothing changed: units not shipped, already refunded or already in a return, a quantity
// of 0, an exchange variant unknown or out of stock, a fee below 0 or in another currency.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import {
  ask,
  createReturn,
  fields,
  fulfillmentLineId,
  ORDER_RETURNS,
  orderId,
  receive,
  RETURN_APPROVE,
  RETURN_CANCEL,
  RETURN_CLOSE,
  RETURN_DECLINE,
  RETURN_REOPEN,
  RETURN_REQUEST,
  returnLine,
  startReturnsStore,
  variantId,
} from '../../support/returns-store.js';

let store: SandboxStore;
beforeEach(async () => {
  store = await startReturnsStore();
});
afterEach(async () => {
  await store.close();
});

const fee = (amount: string, currencyCode = 'USD') => ({ amount: { amount, currencyCode } });

describe('sandbox store returns: opening one', () => {
  it('opens a return at once with returnCreate: named after the order, OPEN, its reverse fulfillment order and fee in place', async () => {
    const payload = await createReturn(store, {
      orderId: orderId(5001),
      returnLineItems: [{ ...returnLine(5001, 1), returnReasonNote: 'too tight' }],
      returnShippingFee: fee('5.00'),
    });

    expect(payload.userErrors).toEqual([]);
    const ret = payload.return;
    expect(ret).toMatchObject({
      name: '#5001-R1',
      status: 'OPEN',
      createdAt: '2026-11-30T12:00:00Z',
      closedAt: null,
      totalQuantity: 1,
      order: { name: '#5001' },
    });
    expect(ret.id).toMatch(/^gid:\/\/shopify\/Return\/\d+$/);
    expect(ret.returnShippingFees).toEqual([
      {
        id: expect.stringMatching(/ReturnShippingFee/),
        amountSet: { shopMoney: { amount: '5.00', currencyCode: 'USD' }, presentmentMoney: { amount: '5.00', currencyCode: 'USD' } },
      },
    ]);
    expect(ret.returnLineItems.nodes).toEqual([
      expect.objectContaining({
        quantity: 1,
        processedQuantity: 0,
        processableQuantity: 0,
        unprocessedQuantity: 1,
        returnReason: 'SIZE_TOO_SMALL',
        returnReasonNote: 'too tight',
        fulfillmentLineItem: { id: fulfillmentLineId(5001), lineItem: { id: 'gid://shopify/LineItem/500101', sku: 'SHIRT-M-BLUE' } },
      }),
    ]);
    expect(ret.reverseFulfillmentOrders.nodes).toEqual([
      expect.objectContaining({ status: 'OPEN', lineItems: { nodes: [expect.objectContaining({ totalQuantity: 1, dispositions: [] })] } }),
    ]);
    const read = await ask(store, ORDER_RETURNS, { id: orderId(5001) });
    expect(read.order).toMatchObject({ returnStatus: 'IN_PROGRESS', returns: { nodes: [{ id: ret.id, name: '#5001-R1', status: 'OPEN' }] } });
  });

  it('numbers a second return of the same order R2 and lets it take only the units the first left', async () => {
    await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] });
    const second = await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] });
    const third = await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] });

    expect(second.return.name).toBe('#5001-R2');
    expect(third.return).toBeNull();
    expect(third.userErrors).toEqual([
      {
        field: ['returnInput', 'returnLineItems', '0', 'quantity'],
        message: expect.stringMatching(/more than the 0 unit\(s\) of this item that are fulfilled, not refunded and not in another return/),
        code: 'INVALID',
      },
    ]);
  });

  it('takes a requested return through approval: REQUESTED with no reverse fulfillment order, then OPEN with one', async () => {
    const requested = (
      await ask(store, RETURN_REQUEST, {
        input: {
          orderId: orderId(5001),
          returnLineItems: [{ fulfillmentLineItemId: fulfillmentLineId(5001), quantity: 2, returnReason: 'UNWANTED', customerNote: 'changed my mind' }],
        },
      })
    ).returnRequest;
    expect(requested.userErrors).toEqual([]);
    expect(requested.return).toMatchObject({ status: 'REQUESTED', requestApprovedAt: null, reverseFulfillmentOrders: { nodes: [] } });
    expect(requested.return.returnLineItems.nodes[0]).toMatchObject({ customerNote: 'changed my mind', returnReason: 'UNWANTED' });
    expect((await ask(store, ORDER_RETURNS, { id: orderId(5001) })).order.returnStatus).toBe('RETURN_REQUESTED');

    const approved = (await ask(store, RETURN_APPROVE, { input: { id: requested.return.id, notifyCustomer: false } })).returnApproveRequest;
    expect(approved.return).toMatchObject({ status: 'OPEN', requestApprovedAt: '2026-11-30T12:00:00Z' });
    expect(approved.return.reverseFulfillmentOrders.nodes[0].lineItems.nodes).toEqual([expect.objectContaining({ totalQuantity: 2 })]);

    const again = (await ask(store, RETURN_APPROVE, { input: { id: requested.return.id } })).returnApproveRequest;
    expect(again).toMatchObject({ return: null, userErrors: [{ field: ['input', 'id'], code: 'INVALID_STATE' }] });
  });

  it('declines a requested return with its reason, and its units are free for another return', async () => {
    const requested = (await ask(store, RETURN_REQUEST, { input: { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)] } })).returnRequest;
    const declined = (
      await ask(store, RETURN_DECLINE, { input: { id: requested.return.id, declineReason: 'RETURN_PERIOD_ENDED', declineNote: 'bought in March' } })
    ).returnDeclineRequest;

    expect(declined.return).toMatchObject({ status: 'DECLINED', decline: { reason: 'RETURN_PERIOD_ENDED', note: 'bought in March' } });
    expect((await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)] })).userErrors).toEqual([]);
  });
});

describe('sandbox store returns: cancel, close, reopen', () => {
  it('cancels a return nothing was done on, and frees its units', async () => {
    const opened = await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)] });
    const cancelled = (await ask(store, RETURN_CANCEL, { id: opened.return.id })).returnCancel;

    expect(cancelled).toEqual({ return: { id: opened.return.id, status: 'CANCELED' }, userErrors: [] });
    expect((await ask(store, ORDER_RETURNS, { id: orderId(5001) })).order.returnStatus).toBe('NO_RETURN');
    expect((await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)] })).userErrors).toEqual([]);
  });

  it('refuses to cancel a return once a unit of it was received', async () => {
    const opened = await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)] });
    await receive(store, opened.return.name, { lineItems: [{ sku: 'SHIRT-M-BLUE', quantity: 1 }] });
    const cancelled = (await ask(store, RETURN_CANCEL, { id: opened.return.id })).returnCancel;

    expect(cancelled).toMatchObject({ return: null, userErrors: [{ field: ['id'], code: 'INVALID_STATE' }] });
    expect(store.store.orderById(orderId(5001))!.returns![0]!.status).toBe('OPEN');
  });

  it('closes an open return (a parcel that never came back) and reopens it', async () => {
    const opened = await createReturn(store, { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)] });
    const closed = (await ask(store, RETURN_CLOSE, { id: opened.return.id })).returnClose;
    expect(closed).toEqual({ return: { id: opened.return.id, status: 'CLOSED', closedAt: '2026-11-30T12:00:00Z' }, userErrors: [] });
    expect((await ask(store, ORDER_RETURNS, { id: orderId(5001) })).order.returnStatus).toBe('RETURNED');
    expect((await ask(store, RETURN_CLOSE, { id: opened.return.id })).returnClose.userErrors).toEqual([
      { field: ['id'], message: expect.stringMatching(/not closable/), code: 'INVALID_STATE' },
    ]);

    const reopened = (await ask(store, RETURN_REOPEN, { id: opened.return.id })).returnReopen;
    expect(reopened).toEqual({ return: { id: opened.return.id, status: 'OPEN', closedAt: null }, userErrors: [] });
  });

  it('answers NOT_FOUND for a return it does not have', async () => {
    const payload = (await ask(store, RETURN_CLOSE, { id: 'gid://shopify/Return/1' })).returnClose;
    expect(payload).toEqual({ return: null, userErrors: [{ field: ['id'], message: 'Return does not exist', code: 'NOT_FOUND' }] });
  });
});

describe('sandbox store returns: refusals, each naming its field, nothing changed', () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an order it does not have', { orderId: orderId(9999), returnLineItems: [returnLine(5001, 1)] }, 'returnInput.orderId', 'NOT_FOUND'],
    ['no return line', { orderId: orderId(5001), returnLineItems: [] }, 'returnInput.returnLineItems', 'BLANK'],
    [
      'a unit not shipped',
      { orderId: orderId(5002), returnLineItems: [{ fulfillmentLineItemId: 'gid://shopify/FulfillmentLineItem/500299', quantity: 1 }] },
      'returnInput.returnLineItems.0.fulfillmentLineItemId',
      'NOT_FOUND',
    ],
    [
      'more units than shipped',
      { orderId: orderId(5002), returnLineItems: [{ fulfillmentLineItemId: 'gid://shopify/FulfillmentLineItem/5002101', quantity: 2 }] },
      'returnInput.returnLineItems.0.quantity',
      'INVALID',
    ],
    ['a unit refunded before', { orderId: orderId(5003), returnLineItems: [returnLine(5003, 2)] }, 'returnInput.returnLineItems.0.quantity', 'INVALID'],
    ['a quantity of 0', { orderId: orderId(5001), returnLineItems: [returnLine(5001, 0)] }, 'returnInput.returnLineItems.0.quantity', 'GREATER_THAN'],
    ['a gift card', { orderId: orderId(5005), returnLineItems: [returnLine(5005, 1)] }, 'returnInput.returnLineItems.0.fulfillmentLineItemId', 'INVALID'],
    [
      'an exchange variant the shop does not have',
      { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)], exchangeLineItems: [{ variantId: variantId(1), quantity: 1 }] },
      'returnInput.exchangeLineItems.0.variantId',
      'NOT_FOUND',
    ],
    [
      'an exchange variant out of stock',
      { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)], exchangeLineItems: [{ variantId: variantId(8103), quantity: 1 }] },
      'returnInput.exchangeLineItems.0.variantId',
      'INVALID',
    ],
    [
      'more exchange units than in stock',
      { orderId: orderId(5001), returnLineItems: [returnLine(5001, 2)], exchangeLineItems: [{ variantId: variantId(8104), quantity: 3 }] },
      'returnInput.exchangeLineItems.0.variantId',
      'INVALID',
    ],
    [
      'a fee below 0',
      { orderId: orderId(5001), returnLineItems: [returnLine(5001, 1)], returnShippingFee: fee('-1.00') },
      'returnInput.returnShippingFee.amount.amount',
      'GREATER_THAN_OR_EQUAL_TO',
    ],
    [
      'a fee in another currency than the customer paid',
      { orderId: orderId(5004), returnLineItems: [returnLine(5004, 1)], returnShippingFee: fee('5.00') },
      'returnInput.returnShippingFee.amount.currencyCode',
      'INVALID',
    ],
  ];

  it.each(refusals)('refuses %s', async (_what, returnInput, field, code) => {
    const payload = await createReturn(store, returnInput);

    expect(payload.return).toBeNull();
    expect(fields(payload)).toEqual([field]);
    expect(payload.userErrors[0].code).toBe(code);
    expect(store.store.orders.flatMap((o) => o.returns ?? [])).toEqual([]);
  });

  it('refuses a requested return of an unshipped unit with the input argument’s field name', async () => {
    const payload = (await ask(store, RETURN_REQUEST, { input: { orderId: orderId(5001), returnLineItems: [returnLine(5001, 3)] } })).returnRequest;
    expect(fields(payload)).toEqual(['input.returnLineItems.0.quantity']);
  });
});
