/* eslint-disable @typescript-eslint/no-explicit-any -- reads loosely typed JSON from the store's GraphQL answers */
// The sandbox store serves an order's money as Shopify's Admin API shows it (docs/sandbox-money.md
// sections 1–3), over real HTTP: each line's discount allocations with the discount application they
// came from, its discounted unit price and tax lines, its duty; shipping lines with their discounts
// and tax; the order's discounts, taxes, duties, tip and total, in both money sets on an order paid
// in another currency. An order without money terms reads as before: zeros and empty lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStore } from '#local/sandbox/index.js';
import { ask, BAG, fixtureWith, order, orderId, startStore, usd, usdEur } from './money-support.js';

const NY = [
  { title: 'NY State Tax', ratePercentage: 4 },
  { title: 'New York City Tax', ratePercentage: 4.875 },
];
const APPLICATION = `__typename index allocationMethod targetType targetSelection
  value { __typename ... on PricingPercentageValue { percentage } ... on MoneyV2 { amount currencyCode } }
  ... on DiscountCodeApplication { code } ... on AutomaticDiscountApplication { title }`;
const LINE = `id taxable discountedUnitPriceAfterAllDiscountsSet { ${BAG} } discountedTotalSet { ${BAG} }
  withCodes: discountedTotalSet(withCodeDiscounts: true) { ${BAG} } totalDiscountSet { ${BAG} }
  discountAllocations { allocatedAmountSet { ${BAG} } discountApplication { ${APPLICATION} } }
  taxLines(first: 5) { title ratePercentage rate priceSet { ${BAG} } }
  duties { id price { ${BAG} } taxLines { priceSet { ${BAG} } } }`;
const ORDER = `query O($id: ID!) { order(id: $id) {
  taxesIncluded discountCodes totalPriceSet { ${BAG} } subtotalPriceSet { ${BAG} } currentSubtotalPriceSet { ${BAG} }
  totalDiscountsSet { ${BAG} } totalTaxSet { ${BAG} } totalShippingPriceSet { ${BAG} } totalRefundedShippingSet { ${BAG} }
  totalTipReceivedSet { ${BAG} } originalTotalDutiesSet { ${BAG} } currentTotalDutiesSet { ${BAG} }
  taxLines { title ratePercentage priceSet { ${BAG} } }
  discountApplications(first: 5) { nodes { ${APPLICATION} } }
  shippingLines(first: 3) { nodes { id title originalPriceSet { ${BAG} } discountedPriceSet { ${BAG} }
    discountAllocations { allocatedAmountSet { ${BAG} } discountApplication { ${APPLICATION} } }
    taxLines { title ratePercentage rate priceSet { ${BAG} } } } }
  lineItems(first: 5) { nodes { ${LINE} } } } }`;

const readOrder = async (number: number) => (await ask(store, ORDER, { id: orderId(number) })).order;

let store: SandboxStore;
beforeAll(async () => {
  store = await startStore(
    fixtureWith([
      order(6101, {
        lineItems: [{ id: '610101', title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 2000 }],
        discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
        taxLines: NY,
      }),
      order(6102, {
        lineItems: [{ id: '610201', title: 'Stoneware mug', sku: 'MUG', quantity: 1, unitPriceMinor: 2000 }],
        discounts: [{ type: 'percentage', code: 'MUG25', percentage: 25 }],
        taxLines: [{ title: 'NY', ratePercentage: 8.875 }],
        taxesIncluded: true,
      }),
      order(6103, {
        lineItems: [
          { id: '610301', title: 'Lamp', quantity: 1, unitPriceMinor: 4000 },
          { id: '610302', title: 'Vase', quantity: 1, unitPriceMinor: 3000 },
          { id: '610303', title: 'Bowl', quantity: 1, unitPriceMinor: 3000 },
        ],
        discounts: [{ type: 'fixed_amount', code: 'TENOFF', amountMinor: 1000 }],
      }),
      order(6104, {
        lineItems: [{ id: '610401', title: 'Beeswax candle', sku: 'CANDLE', quantity: 3, unitPriceMinor: 1200 }],
        discounts: [{ type: 'buy_x_get_y', title: 'Candle trio', line: { sku: 'CANDLE' }, buy: 2, get: 1 }],
      }),
      order(6105, {
        lineItems: [{ id: '610501', title: 'Reading lamp', quantity: 1, unitPriceMinor: 2100 }],
        shippingLines: [{ title: 'Express', priceMinor: 1000, taxable: true }],
        discounts: [{ type: 'percentage', code: 'SHIPHALF', percentage: 50, appliesTo: 'shipping' }],
        taxLines: NY,
        tipMinor: 300,
      }),
      order(6106, {
        presentmentCurrency: 'EUR',
        lineItems: [
          { id: '610601', title: 'Linen throw', quantity: 1, unitPriceMinor: 8000, presentmentUnitPriceMinor: 7400, dutyMinor: 650, presentmentDutyMinor: 600 },
        ],
        shippingLines: [{ title: 'International', priceMinor: 1500, presentmentPriceMinor: 1390 }],
      }),
    ]),
  );
});
afterAll(() => store.close());

describe('sandbox store: an order’s money, as Shopify serves it', () => {
  it('a $20.00 mug with a 25% code: allocation 5.00 from the code, 15.00 a unit, NY State 0.60 and City 0.73, paid 16.33', async () => {
    const o = await readOrder(6101);
    const line = o.lineItems.nodes[0];
    expect(line.discountAllocations).toEqual([
      {
        allocatedAmountSet: usd('5.00'),
        discountApplication: {
          __typename: 'DiscountCodeApplication',
          index: 0,
          allocationMethod: 'ACROSS',
          targetType: 'LINE_ITEM',
          targetSelection: 'ALL',
          value: { __typename: 'PricingPercentageValue', percentage: 25 },
          code: 'MUG25',
        },
      },
    ]);
    expect(line.discountedUnitPriceAfterAllDiscountsSet).toEqual(usd('15.00'));
    expect(line.taxLines).toEqual([
      { title: 'NY State Tax', ratePercentage: 4, rate: 0.04, priceSet: usd('0.60') },
      { title: 'New York City Tax', ratePercentage: 4.875, rate: 0.04875, priceSet: usd('0.73') },
    ]);
    expect(o).toMatchObject({
      taxesIncluded: false,
      discountCodes: ['MUG25'],
      totalPriceSet: usd('16.33'),
      subtotalPriceSet: usd('15.00'),
      totalDiscountsSet: usd('5.00'),
      totalTaxSet: usd('1.33'),
      taxLines: [
        { title: 'NY State Tax', ratePercentage: 4, priceSet: usd('0.60') },
        { title: 'New York City Tax', ratePercentage: 4.875, priceSet: usd('0.73') },
      ],
    });
  });

  it('leaves an order-wide code out of the line’s discountedTotalSet and totalDiscountSet, as Shopify documents', async () => {
    const line = (await readOrder(6101)).lineItems.nodes[0];
    expect([line.discountedTotalSet, line.withCodes, line.totalDiscountSet]).toEqual([usd('20.00'), usd('20.00'), usd('0.00')]);
  });

  it('prices including tax: the mug was paid 15.00, of which 1.22 is tax', async () => {
    const o = await readOrder(6102);
    expect(o).toMatchObject({ taxesIncluded: true, totalPriceSet: usd('15.00'), totalTaxSet: usd('1.22') });
    expect(o.lineItems.nodes[0].taxLines).toEqual([{ title: 'NY', ratePercentage: 8.875, rate: 0.08875, priceSet: usd('1.22') }]);
  });

  it('spreads a fixed $10.00 code over $40, $30 and $30 lines: 4.00, 3.00, 3.00', async () => {
    const o = await readOrder(6103);
    expect(o.lineItems.nodes.map((l: any) => l.discountAllocations.map((a: any) => a.allocatedAmountSet))).toEqual([
      [usd('4.00')],
      [usd('3.00')],
      [usd('3.00')],
    ]);
    expect(o.lineItems.nodes[0].discountAllocations[0].discountApplication.value).toEqual({ __typename: 'MoneyV2', amount: '10.00', currencyCode: 'USD' });
    expect(o.totalPriceSet).toEqual(usd('90.00'));
  });

  it('buy 2 get 1 free on three $12.00 candles: one candle off, from the automatic discount, 8.00 a unit', async () => {
    const line = (await readOrder(6104)).lineItems.nodes[0];
    expect(line.discountAllocations).toEqual([
      {
        allocatedAmountSet: usd('12.00'),
        discountApplication: {
          __typename: 'AutomaticDiscountApplication',
          index: 0,
          allocationMethod: 'ONE',
          targetType: 'LINE_ITEM',
          targetSelection: 'ENTITLED',
          value: { __typename: 'PricingPercentageValue', percentage: 100 },
          title: 'Candle trio',
        },
      },
    ]);
    // A line-level automatic discount is in discountedTotalSet (a code one only withCodeDiscounts).
    expect([line.discountedUnitPriceAfterAllDiscountsSet, line.discountedTotalSet, line.totalDiscountSet]).toEqual([usd('8.00'), usd('24.00'), usd('12.00')]);
  });

  it('a taxable shipping line with a shipping discount: 10.00 less 5.00, taxed on the 5.00; the tip on top', async () => {
    const o = await readOrder(6105);
    expect(o.shippingLines.nodes).toEqual([
      {
        id: 'gid://shopify/ShippingLine/61051',
        title: 'Express',
        originalPriceSet: usd('10.00'),
        discountedPriceSet: usd('5.00'),
        discountAllocations: [
          {
            allocatedAmountSet: usd('5.00'),
            discountApplication: expect.objectContaining({ code: 'SHIPHALF', targetType: 'SHIPPING_LINE', targetSelection: 'ALL' }),
          },
        ],
        taxLines: [
          { title: 'NY State Tax', ratePercentage: 4, rate: 0.04, priceSet: usd('0.20') },
          { title: 'New York City Tax', ratePercentage: 4.875, rate: 0.04875, priceSet: usd('0.24') },
        ],
      },
    ]);
    // The lamp 21.00 + 0.84 + 1.02 tax, shipping 5.00 + 0.44, tip 3.00.
    expect(o).toMatchObject({
      totalShippingPriceSet: usd('10.00'),
      totalRefundedShippingSet: usd('0.00'),
      totalDiscountsSet: usd('5.00'),
      totalTaxSet: usd('2.30'),
      totalTipReceivedSet: usd('3.00'),
      totalPriceSet: usd('31.30'),
    });
  });

  it('an order paid in euros carries every figure in both currencies, its duty with an id', async () => {
    const o = await readOrder(6106);
    expect(o.lineItems.nodes[0].duties).toEqual([{ id: 'gid://shopify/Duty/610601', price: usdEur('6.50', '6.00'), taxLines: [] }]);
    expect(o).toMatchObject({
      originalTotalDutiesSet: usdEur('6.50', '6.00'),
      currentTotalDutiesSet: usdEur('6.50', '6.00'),
      totalShippingPriceSet: usdEur('15.00', '13.90'),
      totalPriceSet: usdEur('101.50', '93.90'),
    });
  });

  it('an order without money terms reads as before: no discount, no tax, no shipping, no duty, no tip', async () => {
    const o = await readOrder(1001);
    expect(o).toMatchObject({
      taxesIncluded: false,
      discountCodes: [],
      taxLines: [],
      totalDiscountsSet: usd('0.00'),
      totalTaxSet: usd('0.00'),
      totalTipReceivedSet: usd('0.00'),
      originalTotalDutiesSet: null,
      currentTotalDutiesSet: null,
      discountApplications: { nodes: [] },
      shippingLines: { nodes: [] },
      totalPriceSet: usd('18.00'),
    });
    expect(o.lineItems.nodes[0]).toMatchObject({
      taxable: true,
      discountAllocations: [],
      taxLines: [],
      duties: [],
      discountedUnitPriceAfterAllDiscountsSet: usd('18.00'),
      discountedTotalSet: usd('18.00'),
    });
  });

  it('lists the order’s discount applications in the order the fixture gives them', async () => {
    const o = await readOrder(6105);
    expect(o.discountApplications.nodes).toEqual([expect.objectContaining({ __typename: 'DiscountCodeApplication', index: 0, code: 'SHIPHALF' })]);
  });
});
