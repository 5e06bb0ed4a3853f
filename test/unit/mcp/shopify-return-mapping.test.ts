// The pure reading of a Shopify Return and the decisions process_return takes on it before sending:
// units that came back counted from the dispositions, a return summed up for the tools, what may be
// processed (a unit once), returnProcess's variables, and Shopify's user errors as categories.
import { describe, expect, it } from 'vitest';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import type { ProcessReturnInput } from '#shared/contracts/tools.js';
import { refusesQuantities, returnRefusal } from '#mcp/adapters/shopify/return-errors.js';
import { receivedQuantities, toReturnSummary, truncatedListsOfReturn, variantsToLookUp, type ReturnNode } from '#mcp/adapters/shopify/return-mapping.js';
import { checkProcessable, refundLinesOf, returnProcessVariables } from '#mcp/adapters/shopify/return-process-plan.js';

const usd = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' }, presentmentMoney: { amount, currencyCode: 'USD' } });
const page = <T>(nodes: T[], hasNextPage = false) => ({ nodes, pageInfo: { hasNextPage } });
const returnLine = (id: string, fulfillmentLine: string, quantity: number, processedQuantity = 0) => ({
  id,
  quantity,
  processedQuantity,
  refundedQuantity: 0,
  returnReasonNote: 'run-1',
  fulfillmentLineItem: { id: fulfillmentLine, lineItem: { id: `line-of-${fulfillmentLine}` } },
});

/** An OPEN return of two units of fulfillment line FL1 (one came back, one is missing) and an exchange not shipped. */
function aReturn(overrides: Partial<ReturnNode> = {}): ReturnNode {
  return {
    id: 'gid://shopify/Return/1',
    name: '#1001-R1',
    status: 'OPEN',
    createdAt: '2026-11-30T12:00:00Z',
    closedAt: null,
    order: { id: 'gid://shopify/Order/1001' },
    returnShippingFees: [{ id: 'fee-1', amountSet: usd('5.00') }],
    returnLineItems: page([returnLine('RL1', 'FL1', 2)]),
    exchangeLineItems: page([{ id: 'EX1', variantId: 'V2', quantity: 1, processedQuantity: 0, lineItems: [] }]),
    reverseFulfillmentOrders: page([
      {
        lineItems: page([
          {
            fulfillmentLineItem: { id: 'FL1' },
            dispositions: [
              { type: 'RESTOCKED', quantity: 1 },
              { type: 'MISSING', quantity: 1 },
            ],
          },
        ]),
        reverseDeliveries: page([
          { deliverable: { label: { publicFileUrl: 'https://labels.example/old.pdf' }, tracking: null } },
          { deliverable: { label: { publicFileUrl: 'https://labels.example/new.pdf' }, tracking: { number: '1Z', url: null, carrierName: 'UPS' } } },
          { deliverable: null },
        ]),
      },
    ]),
    refunds: page([]),
    ...overrides,
  };
}

describe('a Shopify return as the tools read it', () => {
  it('counts the units that came back (every disposition but MISSING), names the order line, sums the fee', () => {
    const summary = toReturnSummary(aReturn(), new Map([['V2', { title: 'Large / Blue', price: { amountMinor: 3400, currency: 'USD' } }]]));
    expect(summary).toMatchObject({
      returnId: 'gid://shopify/Return/1',
      orderId: 'gid://shopify/Order/1001',
      status: 'OPEN',
      fee: { amountMinor: 500, currency: 'USD' },
    });
    expect(summary.lineItems).toEqual([
      { returnLineItemId: 'RL1', lineItemId: 'line-of-FL1', quantity: 2, receivedQuantity: 1, processedQuantity: 0, refundedQuantity: 0, note: 'run-1' },
    ]);
    expect(summary.exchangeLineItems).toEqual([
      {
        exchangeLineItemId: 'EX1',
        variantId: 'V2',
        variantTitle: 'Large / Blue',
        quantity: 1,
        processedQuantity: 0,
        unitPrice: { amountMinor: 3400, currency: 'USD' },
      },
    ]);
    expect(summary.label).toEqual({ url: 'https://labels.example/new.pdf', trackingNumber: '1Z', trackingUrl: null, carrier: 'UPS' });
  });

  it('gives the units that came back to the return lines of one fulfillment line in order, each up to its quantity', () => {
    const lines = [returnLine('RL1', 'FL1', 1), returnLine('RL2', 'FL1', 2)];
    expect(receivedQuantities(lines, new Map([['FL1', 2]]))).toEqual(
      new Map([
        ['RL1', 1],
        ['RL2', 1],
      ]),
    );
  });

  it('reads an exchange once shipped from the order line it added, and looks up only the others', () => {
    const shipped = {
      id: 'EX1',
      variantId: 'V2',
      quantity: 1,
      processedQuantity: 1,
      lineItems: [{ id: 'L9', variantTitle: 'Large', originalUnitPriceSet: usd('34.00') }],
    };
    const node = aReturn({ exchangeLineItems: page([shipped]) });
    expect(variantsToLookUp([node])).toEqual([]);
    expect(variantsToLookUp([aReturn(), aReturn()])).toEqual(['V2']);
    expect(toReturnSummary(node).exchangeLineItems[0]).toMatchObject({ variantTitle: 'Large', unitPrice: { amountMinor: 3400, currency: 'USD' } });
  });

  it('has no fee and no label when the return has none, and no note for an empty one', () => {
    const bare = aReturn({
      returnShippingFees: [],
      reverseFulfillmentOrders: page([]),
      returnLineItems: page([{ ...returnLine('RL1', 'FL1', 1), returnReasonNote: '' }]),
    });
    expect(toReturnSummary(bare)).toMatchObject({ fee: null, label: null, lineItems: [{ receivedQuantity: 0, note: null }] });
  });

  it('leaves out a return line that names no order line, and says which lists were cut', () => {
    const unverified = { ...returnLine('RL9', 'FL9', 1), fulfillmentLineItem: null };
    const node = aReturn({ returnLineItems: page([returnLine('RL1', 'FL1', 2), unverified], true) });
    expect(toReturnSummary(node).lineItems.map((l) => l.returnLineItemId)).toEqual(['RL1']);
    expect(truncatedListsOfReturn(node, 3)).toEqual([{ list: 'returns[3].lineItems', seen: 2 }]);
  });
});

describe('what process_return may send', () => {
  const processing = (quantity: number, extra: Partial<ProcessReturnInput> = {}): ProcessReturnInput => ({
    returnId: 'gid://shopify/Return/1',
    lineItems: [{ returnLineItemId: 'RL1', quantity }],
    notifyCustomer: false,
    note: 'run-1',
    ...extra,
  });

  it('lets the unit that came back be processed', () => {
    expect(() => checkProcessable(aReturn(), processing(1))).not.toThrow();
  });

  it('refuses units that have not come back (invalid) and units processed already (conflict)', () => {
    expect(() => checkProcessable(aReturn(), processing(2))).toThrow(InvalidError);
    expect(() => checkProcessable(aReturn(), processing(2))).toThrow(
      'return line RL1: 2 unit(s) asked, but 1 of its 2 came back: only units that came back are processed',
    );
    const processedOne = aReturn({ returnLineItems: page([returnLine('RL1', 'FL1', 2, 1)]) });
    expect(() => checkProcessable(processedOne, processing(1))).toThrow(ConflictError);
    const processedAll = aReturn({ returnLineItems: page([returnLine('RL1', 'FL1', 2, 2)]), status: 'CLOSED' });
    expect(() => checkProcessable(processedAll, processing(1))).toThrow('return line RL1: 1 unit(s) asked, but 2 of its 2 were processed already');
  });

  it('refuses a return that is not OPEN as a conflict, and lines that are not the return’s as invalid', () => {
    expect(() => checkProcessable(aReturn({ status: 'CANCELED' }), processing(1))).toThrow(ConflictError);
    expect(() => checkProcessable(aReturn(), { ...processing(1), lineItems: [{ returnLineItemId: 'RL7', quantity: 1 }] })).toThrow(
      'RL7 is not a line of return gid://shopify/Return/1',
    );
    expect(() => checkProcessable(aReturn(), processing(1, { exchangeLineItems: [{ exchangeLineItemId: 'EX7', quantity: 1 }] }))).toThrow(
      /not an exchange line/,
    );
    expect(() => checkProcessable(aReturn(), processing(1, { lineItems: [] }))).toThrow(/nothing to process/);
    expect(() =>
      checkProcessable(
        aReturn(),
        processing(1, {
          lineItems: [],
          exchangeLineItems: [{ exchangeLineItemId: 'EX1', quantity: 1 }],
          refund: { amount: { amountMinor: 1, currency: 'USD' } },
        }),
      ),
    ).toThrow(/a refund is made for return lines/);
  });

  it('lets an exchange ship before anything came back, once', () => {
    const exchange = processing(1, { lineItems: [], exchangeLineItems: [{ exchangeLineItemId: 'EX1', quantity: 1 }] });
    expect(() => checkProcessable(aReturn({ reverseFulfillmentOrders: page([]) }), exchange)).not.toThrow();
    const shipped = aReturn({ exchangeLineItems: page([{ id: 'EX1', variantId: 'V2', quantity: 1, processedQuantity: 1, lineItems: [] }]) });
    expect(() => checkProcessable(shipped, exchange)).toThrow(ConflictError);
  });

  it('asks the store about the order lines of the units, and never sends refundShipping', () => {
    const lines = aReturn({ returnLineItems: page([returnLine('RL1', 'FL1', 1), returnLine('RL2', 'FL1', 1)]) });
    const both = processing(1, {
      lineItems: [
        { returnLineItemId: 'RL1', quantity: 1 },
        { returnLineItemId: 'RL2', quantity: 1 },
      ],
    });
    expect(refundLinesOf(lines, both)).toEqual([{ lineItemId: 'line-of-FL1', quantity: 2 }]);
    const variables = returnProcessVariables(processing(1), [{ parentId: 'card', amount: { amountMinor: 2900, currency: 'USD' } }]);
    expect(variables.input).toEqual({
      returnId: 'gid://shopify/Return/1',
      returnLineItems: [{ id: 'RL1', quantity: 1 }],
      exchangeLineItems: [],
      notifyCustomer: false,
      note: 'run-1',
      financialTransfer: { issueRefund: { orderTransactions: [{ parentId: 'card', transactionAmount: { amount: '29.00', currencyCode: 'USD' } }] } },
    });
    expect(returnProcessVariables(processing(1, { note: '' }), null).input).not.toHaveProperty('financialTransfer');
  });
});

describe("Shopify's return user errors as categories", () => {
  it('is not found when the return or order itself is, conflict on a state, invalid otherwise', () => {
    expect(returnRefusal('close return R', [{ field: ['id'], message: 'Return does not exist', code: 'NOT_FOUND' }])).toBeInstanceOf(NotFoundError);
    expect(returnRefusal('open', [{ field: ['returnInput', 'orderId'], message: 'Order does not exist', code: 'NOT_FOUND' }])).toBeInstanceOf(NotFoundError);
    const line = returnRefusal('open', [{ field: ['returnInput', 'returnLineItems', '0', 'fulfillmentLineItemId'], message: 'not found', code: 'NOT_FOUND' }]);
    expect(line).toBeInstanceOf(InvalidError);
    expect(line.message).toBe('Shopify refused to open: returnInput.returnLineItems.0.fulfillmentLineItemId: not found');
    expect(returnRefusal('close return R', [{ field: ['id'], message: 'Return is not open', code: 'INVALID_STATE' }])).toBeInstanceOf(ConflictError);
  });

  it('knows a refusal of quantities, which process_return checks against the return read again', () => {
    expect(refusesQuantities([{ field: ['input', 'returnLineItems', '0', 'quantity'], message: 'too many', code: 'INVALID' }])).toBe(true);
    expect(refusesQuantities([{ field: ['input', 'financialTransfer', 'issueRefund', 'orderTransactions'], message: 'over', code: 'INVALID' }])).toBe(false);
  });
});
