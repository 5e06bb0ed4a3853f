// The pure money and unit pieces of the returns tools: which fulfillment lines open_return's units go
// on (spread in shipping order over what is free), returnCreate's fee in the currency the customer
// paid, and how process_return's refund is split over the payments the store suggests.
import { describe, expect, it } from 'vitest';
import { InvalidError } from '#shared/contracts/errors.js';
import { placeReturnUnits, type ReturnBasis } from '#mcp/adapters/shopify/return-lines.js';
import { returnCreateVariables } from '#mcp/adapters/shopify/return-open.js';
import { issueRefundInput, splitReturnRefund } from '#mcp/adapters/shopify/return-refund-split.js';

const ORDER = 'gid://shopify/Order/1';
const SHIRT = 'gid://shopify/LineItem/11';
const MUG = 'gid://shopify/LineItem/12';
const fl = (n: number) => `gid://shopify/FulfillmentLineItem/${n}`;

/** Three shirts shipped one then two (fulfillment lines 1 and 2); a mug on the order, never shipped. */
const basis = (overrides: Partial<ReturnBasis> = {}): ReturnBasis => ({
  orderId: ORDER,
  lineItemIds: new Set([SHIRT, MUG]),
  lineItemsComplete: true,
  fulfillmentLines: [
    { id: fl(1), lineItemId: SHIRT, quantity: 1 },
    { id: fl(2), lineItemId: SHIRT, quantity: 2 },
  ],
  heldByReturns: new Map(),
  complete: true,
  ...overrides,
});
const shirts = (quantity: number) => [{ lineItemId: SHIRT, quantity, reason: 'SIZE_TOO_SMALL' as const }];

describe('placing returned units on fulfillment lines', () => {
  it('spreads the units over the fulfillment lines in the order they shipped, the note on each', () => {
    expect(placeReturnUnits(shirts(3), basis(), 'run-1')).toEqual([
      { fulfillmentLineItemId: fl(1), quantity: 1, returnReason: 'SIZE_TOO_SMALL', returnReasonNote: 'run-1' },
      { fulfillmentLineItemId: fl(2), quantity: 2, returnReason: 'SIZE_TOO_SMALL', returnReasonNote: 'run-1' },
    ]);
  });

  it('skips the units another return holds', () => {
    const placed = placeReturnUnits(shirts(1), basis({ heldByReturns: new Map([[fl(1), 1]]) }), 'run-1');
    expect(placed.map((l) => [l.fulfillmentLineItemId, l.quantity])).toEqual([[fl(2), 1]]);
  });

  it('counts a line asked twice against the same units', () => {
    const twice = [...shirts(2), { lineItemId: SHIRT, quantity: 1, reason: 'DEFECTIVE' as const }];
    expect(placeReturnUnits(twice, basis(), 'n').map((l) => [l.fulfillmentLineItemId, l.quantity, l.returnReason])).toEqual([
      [fl(1), 1, 'SIZE_TOO_SMALL'],
      [fl(2), 1, 'SIZE_TOO_SMALL'],
      [fl(2), 1, 'DEFECTIVE'],
    ]);
    expect(() => placeReturnUnits([...twice, ...shirts(1)], basis(), 'n')).toThrow(/1 unit\(s\) asked, but only 0 of its 3 shipped/);
  });

  it('refuses more units than are free, saying how many other returns hold', () => {
    const refused = () => placeReturnUnits(shirts(2), basis({ heldByReturns: new Map([[fl(2), 2]]) }), 'n');
    expect(refused).toThrow(InvalidError);
    expect(refused).toThrow(`line ${SHIRT} of order ${ORDER}: 2 unit(s) asked, but only 1 of its 3 shipped unit(s) can be returned (2 already in a return)`);
  });

  it('tells a line that is not the order’s from one that has not shipped', () => {
    expect(() => placeReturnUnits([{ lineItemId: 'gid://shopify/LineItem/99', quantity: 1, reason: 'OTHER' }], basis(), 'n')).toThrow(
      'line gid://shopify/LineItem/99 is not a line of order gid://shopify/Order/1',
    );
    expect(() => placeReturnUnits([{ lineItemId: MUG, quantity: 1, reason: 'OTHER' }], basis(), 'n')).toThrow(/has not shipped/);
  });

  it('says when the order was read in part, and does not call a line unknown it may not have seen', () => {
    const partial = basis({ lineItemIds: new Set(), lineItemsComplete: false, complete: false });
    expect(() => placeReturnUnits([{ lineItemId: MUG, quantity: 1, reason: 'OTHER' }], partial, 'n')).toThrow(
      /has not shipped: only shipped units can be returned \(the order's fulfilments or returns were read in part\)/,
    );
  });

  it('counts a fulfillment line whose quantity Shopify does not give as nothing shipped', () => {
    const unknown = basis({ fulfillmentLines: [{ id: fl(1), lineItemId: SHIRT, quantity: null }] });
    expect(() => placeReturnUnits(shirts(1), unknown, 'n')).toThrow(/has not shipped/);
  });
});

describe("returnCreate's variables", () => {
  const input = { orderId: ORDER, lineItems: shirts(1), notifyCustomer: true, note: 'run-1' };
  const lines = placeReturnUnits(shirts(1), basis(), 'run-1');

  it('sends the fee in the currency the customer paid, and no fee of zero', () => {
    const eur = { amountMinor: 430, currency: 'USD', presentment: { amountMinor: 400, currency: 'EUR' } };
    expect(returnCreateVariables({ ...input, returnFee: eur }, lines, 'EUR').returnInput.returnShippingFee).toEqual({
      amount: { amount: '4.00', currencyCode: 'EUR' },
    });
    expect(returnCreateVariables({ ...input, returnFee: { amountMinor: 0, currency: 'USD' } }, lines, 'USD').returnInput).not.toHaveProperty(
      'returnShippingFee',
    );
    expect(returnCreateVariables(input, lines, 'USD').returnInput).toMatchObject({ notifyCustomer: true, exchangeLineItems: [] });
  });

  it('refuses a fee in a currency the customer did not pay, and a negative one', () => {
    expect(() => returnCreateVariables({ ...input, returnFee: { amountMinor: 500, currency: 'USD' } }, lines, 'EUR')).toThrow(/paid in EUR/);
    expect(() => returnCreateVariables({ ...input, returnFee: { amountMinor: -1, currency: 'USD' } }, lines, 'USD')).toThrow(InvalidError);
  });
});

describe("splitting a return's refund over the payments", () => {
  const money = (amount: string, currencyCode = 'USD') => ({ shopMoney: { amount, currencyCode }, presentmentMoney: { amount, currencyCode } });
  const suggested = (...parts: [string | null, string][]) => ({
    suggestedTransactions: parts.map(([parent, amount]) => ({
      gateway: 'x',
      amountSet: money(amount),
      maximumRefundableSet: null,
      parentTransaction: parent ? { id: parent } : null,
    })),
  });
  const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

  it("takes the amount from the suggested payments in the store's order, each up to its part", () => {
    expect(splitReturnRefund(usd(2900), suggested(['gift', '20.00'], ['card', '14.00']))).toEqual([
      { parentId: 'gift', amount: usd(2000) },
      { parentId: 'card', amount: usd(900) },
    ]);
    expect(splitReturnRefund(usd(1500), suggested(['gift', '20.00'], ['card', '14.00']))).toEqual([{ parentId: 'gift', amount: usd(1500) }]);
  });

  it('passes over a payment the store suggests nothing of', () => {
    expect(splitReturnRefund(usd(500), suggested(['gift', '0.00'], ['card', '14.00']))).toEqual([{ parentId: 'card', amount: usd(500) }]);
  });

  it('refuses more than the suggested payments allow, an amount of nothing, and another currency', () => {
    expect(() => splitReturnRefund(usd(3500), suggested(['gift', '20.00'], ['card', '14.00']))).toThrow(
      "the store refunds at most $34.00 for these units across the order's payments, less than the $35.00 asked",
    );
    expect(() => splitReturnRefund(usd(0), suggested(['card', '14.00']))).toThrow(/refunds nothing/);
    expect(() => splitReturnRefund({ amountMinor: 100, currency: 'EUR' }, suggested(['card', '14.00']))).toThrow(
      'the store refunds this order in USD, not EUR',
    );
  });

  it("sends the transactions as returnProcess's issueRefund in decimals", () => {
    expect(issueRefundInput([{ parentId: 'card', amount: { amountMinor: 2700, currency: 'EUR' } }])).toEqual({
      issueRefund: { orderTransactions: [{ parentId: 'card', transactionAmount: { amount: '27.00', currencyCode: 'EUR' } }] },
    });
  });
});
