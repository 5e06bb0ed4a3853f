/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// The sandbox store's refundCreate and orderCancel on orders with tax, shipping, duties and a tip
// (docs/sandbox-money.md sections 4 and 5), over real HTTP: a refund records each line's prorated
// subtotal and tax, the shipping and duties it paid back; shipping over what is left and a duty
// refunded twice (or unknown, or PROPORTIONAL on part of a line) are refused with nothing changed;
// units refunded one at a time add up exactly to the line; a cancel pays back all the payments took in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import { storeGraphql } from '../../support/sandboxes.js';
import { ask, BAG, fixtureWith, lineId, order, orderId, refund, startStore, suggest, toSale, usd, usdEur } from './money-support.js';

const DUTY = (n: number) => `gid://shopify/Duty/${n}01`;
const units = (number: number, quantity = 1) => [{ lineItemId: lineId(number), quantity, restockType: 'NO_RESTOCK' }];

let store: SandboxStore;
beforeAll(async () => {
  store = await startStore(
    fixtureWith([
      order(6301, {
        lineItems: [{ title: 'Reading lamp', quantity: 1, unitPriceMinor: 2100 }],
        shippingLines: [{ title: 'Standard', priceMinor: 695 }],
      }),
      order(6302, {
        lineItems: [{ title: 'Reading lamp', quantity: 1, unitPriceMinor: 2100 }],
        shippingLines: [{ title: 'Express', priceMinor: 1000, taxable: true }],
        taxLines: [
          { title: 'NY State Tax', ratePercentage: 4 },
          { title: 'New York City Tax', ratePercentage: 4.875 },
        ],
      }),
      order(6303, {
        presentmentCurrency: 'EUR',
        lineItems: [{ title: 'Linen throw', quantity: 1, unitPriceMinor: 8000, presentmentUnitPriceMinor: 7400, dutyMinor: 650, presentmentDutyMinor: 600 }],
      }),
      order(6304, {
        lineItems: [{ title: 'Tumbler', quantity: 3, unitPriceMinor: 1000 }],
        discounts: [{ type: 'fixed_amount', code: 'PENNY', amountMinor: 1, appliesTo: { lines: [{ index: 0 }] } }],
        taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
      }),
      order(6305, {
        lineItems: [{ title: 'Wool rug', quantity: 2, unitPriceMinor: 5000, dutyMinor: 800 }],
      }),
      order(6306, {
        fulfilledDaysAgo: null,
        lineItems: [{ title: 'Wool rug', quantity: 1, unitPriceMinor: 5000, dutyMinor: 800 }],
        shippingLines: [{ title: 'Freight', priceMinor: 1500 }],
        tipMinor: 400,
      }),
    ]),
  );
});
afterAll(() => store.close());

describe('sandbox store: refundCreate with shipping', () => {
  it('refunds the lamp and its shipping, then refuses shipping over what is left (nothing left)', async () => {
    const made = await refund(store, {
      orderId: orderId(6301),
      refundLineItems: units(6301),
      shipping: { fullRefund: true },
      transactions: [toSale(6301, '27.95')],
    });
    expect(made.userErrors).toEqual([]);
    expect(made.refund.refundShippingLines.nodes).toEqual([{ subtotalAmountSet: usd('6.95'), taxAmountSet: usd('0.00') }]);
    expect(made.refund.totalRefundedSet).toEqual(usd('27.95'));
    expect((await suggest(store, 6301, { shipping: true })).shipping).toEqual({
      amountSet: usd('0.00'),
      taxSet: usd('0.00'),
      maximumRefundableSet: usd('0.00'),
    });

    const again = await refund(store, { orderId: orderId(6301), shipping: { amount: '1.00' }, transactions: [] });
    expect(again).toEqual({
      refund: null,
      userErrors: [{ field: ['shipping', 'amount'], message: 'Shipping amount cannot be greater than the refundable shipping amount' }],
    });
    const read = await ask(store, `query ($id: ID!) { order(id: $id) { totalRefundedShippingSet { ${BAG} } refunds(first: 5) { id } } }`, {
      id: orderId(6301),
    });
    expect(read.order).toEqual({ totalRefundedShippingSet: usd('6.95'), refunds: [{ id: made.refund.id }] });
  });

  it('refunds part of a taxable shipping line with its share of the tax, and leaves the rest to refund', async () => {
    // Shipping 10.00 taxed 0.40 + 0.49: 4.00 of it takes 0.36 of the 0.89.
    const part = await refund(store, { orderId: orderId(6302), shipping: { amount: '4.00' }, transactions: [toSale(6302, '4.36')] });
    expect(part.refund.refundShippingLines.nodes).toEqual([{ subtotalAmountSet: usd('4.00'), taxAmountSet: usd('0.36') }]);
    expect((await suggest(store, 6302, { shipping: true })).shipping).toEqual({
      amountSet: usd('6.00'),
      taxSet: usd('0.53'),
      maximumRefundableSet: usd('6.00'),
    });
    const over = await refund(store, { orderId: orderId(6302), shipping: { amount: '6.01' }, transactions: [] });
    expect(over.userErrors).toEqual([{ field: ['shipping', 'amount'], message: 'Shipping amount cannot be greater than the refundable shipping amount' }]);
  });
});

describe('sandbox store: refundCreate with duties', () => {
  it('refunds a duty once, in both currencies, and refuses it a second time or unknown', async () => {
    const made = await refund(store, {
      orderId: orderId(6303),
      currency: 'EUR',
      refundLineItems: units(6303),
      refundDuties: [{ dutyId: DUTY(6303), refundType: 'FULL' }],
      transactions: [toSale(6303, '80.00')],
    });
    expect(made.userErrors).toEqual([]);
    expect(made.refund.duties).toEqual([{ amountSet: usdEur('6.50', '6.00'), originalDuty: { id: DUTY(6303) } }]);
    expect(made.refund.totalRefundedSet).toEqual(usdEur('86.50', '80.00'));

    const twice = await refund(store, { orderId: orderId(6303), currency: 'EUR', refundDuties: [{ dutyId: DUTY(6303) }], transactions: [] });
    expect(twice.userErrors).toEqual([{ field: ['refundDuties', '0', 'dutyId'], message: 'Duty has already been refunded' }]);
    const unknown = await refund(store, { orderId: orderId(6303), currency: 'EUR', refundDuties: [{ dutyId: 'gid://shopify/Duty/1' }], transactions: [] });
    expect(unknown.userErrors).toEqual([{ field: ['refundDuties', '0', 'dutyId'], message: 'Duty does not exist on this order' }]);
    const read = await ask(store, `query ($id: ID!) { order(id: $id) { currentTotalDutiesSet { ${BAG} } } }`, { id: orderId(6303) });
    expect(read.order.currentTotalDutiesSet).toEqual(usdEur('0.00', '0.00'));
  });

  it('takes a PROPORTIONAL duty only with the last units of its line', async () => {
    const partial = await refund(store, {
      orderId: orderId(6305),
      refundLineItems: units(6305, 1),
      refundDuties: [{ dutyId: DUTY(6305), refundType: 'PROPORTIONAL' }],
      transactions: [toSale(6305, '50.00')],
    });
    expect(partial.userErrors).toEqual([
      { field: ['refundDuties', '0', 'refundType'], message: 'The sandbox refunds a PROPORTIONAL duty only with the last units of its line; use FULL' },
    ]);
    const whole = await refund(store, {
      orderId: orderId(6305),
      refundLineItems: units(6305, 2),
      refundDuties: [{ dutyId: DUTY(6305), refundType: 'PROPORTIONAL' }],
      transactions: [toSale(6305, '108.00')],
    });
    expect(whole.userErrors).toEqual([]);
    expect(whole.refund.duties).toEqual([{ amountSet: usd('8.00'), originalDuty: { id: DUTY(6305) } }]);
  });
});

describe('sandbox store: proration pennies', () => {
  it('three units refunded one at a time add up exactly to the line’s total and tax', async () => {
    // 3 × 10.00 less 0.01 = 29.99, taxed 8.875%: 2.66.
    const made = [];
    for (let i = 0; i < 3; i++) {
      const suggested = await suggest(store, 6304, { lines: [{ lineItemId: lineId(6304), quantity: 1 }] });
      const r = await refund(store, {
        orderId: orderId(6304),
        refundLineItems: units(6304),
        transactions: [toSale(6304, suggested.amountSet.shopMoney.amount)],
      });
      expect(r.userErrors).toEqual([]);
      made.push(r.refund.refundLineItems.nodes[0]);
    }
    expect(made.map((l: any) => [l.subtotalSet.shopMoney.amount, l.totalTaxSet.shopMoney.amount])).toEqual([
      ['10.00', '0.89'],
      ['9.99', '0.88'],
      ['10.00', '0.89'],
    ]);
    const { body } = await storeGraphql(store, `query ($id: ID!) { order(id: $id) { totalRefundedSet { ${BAG} } totalPriceSet { ${BAG} } } }`, {
      id: orderId(6304),
    });
    expect(body.data?.order).toEqual({ totalRefundedSet: usd('32.65'), totalPriceSet: usd('32.65') });
  });
});

describe('sandbox store: orderCancel', () => {
  it('pays back everything the payments took in: lines, shipping, duty and tip', async () => {
    const cancel = await ask(
      store,
      'mutation ($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, restock: false, refund: true) { job { id } orderCancelUserErrors { message } } }',
      {
        id: orderId(6306),
      },
    );
    for (let i = 0; i < 2; i++) await ask(store, 'query ($id: ID!) { job(id: $id) { done } }', { id: cancel.orderCancel.job.id });
    const read = await ask(
      store,
      `query ($id: ID!) { order(id: $id) { cancelledAt totalRefundedSet { ${BAG} } totalRefundedShippingSet { ${BAG} } currentTotalDutiesSet { ${BAG} }
        suggestedRefund(suggestFullRefund: true) { maximumRefundableSet { ${BAG} } } } }`,
      { id: orderId(6306) },
    );
    expect(read.order).toMatchObject({
      totalRefundedSet: usd('77.00'),
      totalRefundedShippingSet: usd('15.00'),
      currentTotalDutiesSet: usd('0.00'),
      suggestedRefund: { maximumRefundableSet: usd('0.00') },
    });
    expect(read.order.cancelledAt).not.toBeNull();
  });
});
