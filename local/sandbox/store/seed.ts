// A fixture order as the store holds it: lines with their money priced (pricing.ts, seed-money.ts),
// payments, fulfilments, and the earlier refunds made on it oldest first, each recording its units,
// shipping and duties and paying back what earlier-refunds.ts says, split across the payments as a
// refund made now would be. Days resolve against the store's clock at seed time. A line keeps the
// product and variant the fixture says it is (fixture-returns.ts).
import { FixtureError, lineIndexOf, type FixtureLineUnits, type FixtureOrder } from '../fixture.js';
import { earlierRefundFigures } from './earlier-refunds.js';
import { gid } from './ids.js';
import type { StoreAttribute, StoreFulfillment, StoreLineItem, StoreOrder, StoreRefund } from './model.js';
import { paymentTransactions, splitAcrossPayments } from './payments.js';
import { presentmentShareMinor } from './presentment.js';
import { pricedTotals, priceOrder } from './pricing.js';
import type { RefundFigures } from './refunds.js';
import { lineMoney, orderMoney } from './seed-money.js';

/** A payment a refund goes back to, with its share in the shop's currency and, for a presentment order, in that one. */
export type RefundPayment = { gateway: string; parentId: string | null; amountMinor: number; presentmentAmountMinor?: number };

/** What seeding needs of the store: the shop's defaults, its clock, and how it records a refund. */
export interface SeedContext {
  shop: { currency: string; taxesIncluded?: boolean | undefined };
  isoDaysAgo(days: number): string;
  addRefund(
    order: StoreOrder,
    createdAt: string,
    note: string | null,
    lines: { lineItemId: string; quantity: number }[],
    payments: RefundPayment[],
    figures: RefundFigures,
  ): StoreRefund;
}

const attributes = (record: Record<string, string> | undefined): StoreAttribute[] => Object.entries(record ?? {}).map(([key, value]) => ({ key, value }));

/** Shopify's MailingAddress.formatted: the printed lines of an address. */
function formatAddress(a: NonNullable<FixtureOrder['shippingAddress']>): string[] {
  const cityLine = [a.city, a.province, a.zip].filter((part) => part !== undefined && part !== '').join(' ');
  return [a.name, a.address1, a.address2, cityLine, a.country].filter((line): line is string => line !== undefined && line !== '');
}

export function seedOrder(o: FixtureOrder, ctx: SeedContext): StoreOrder {
  const pricing = priceOrder(o, ctx.shop.taxesIncluded);
  const lineItems = o.lineItems.map((li, i): StoreLineItem => {
    const id = gid('LineItem', li.id ?? `${o.number}${String(i + 1).padStart(2, '0')}`);
    return {
      id,
      title: li.title,
      sku: li.sku ?? null,
      quantity: li.quantity,
      unitPriceMinor: li.unitPriceMinor,
      ...(li.presentmentUnitPriceMinor === undefined ? {} : { presentmentUnitPriceMinor: li.presentmentUnitPriceMinor }),
      customAttributes: attributes(li.properties),
      giftCard: li.giftCard ?? false,
      ...lineMoney(pricing, i, id),
      ...(li.productId === undefined ? {} : { productId: gid('Product', li.productId) }),
      ...(li.variantId === undefined ? {} : { variantId: gid('ProductVariant', li.variantId) }),
      ...(li.variantTitle === undefined ? {} : { variantTitle: li.variantTitle }),
    };
  });
  const createdAt = ctx.isoDaysAgo(o.createdDaysAgo);
  const totals = pricedTotals(pricing);
  const presentment = totals.presentmentMinor === null ? {} : { presentmentAmountMinor: totals.presentmentMinor };
  const order: StoreOrder = {
    id: gid('Order', o.number),
    name: `#${o.number}`,
    createdAt,
    currency: o.currency ?? ctx.shop.currency,
    ...(o.presentmentCurrency ? { presentmentCurrency: o.presentmentCurrency } : {}),
    customerId: gid('Customer', o.customerId),
    note: o.note ?? null,
    customAttributes: attributes(o.attributes),
    shippingAddress: o.shippingAddress ? formatAddress(o.shippingAddress) : null,
    lineItems,
    transactions: paymentTransactions(o.payments ?? [{ gateway: 'shopify_payments', amountMinor: totals.shopMinor, ...presentment }], createdAt, (suffix) =>
      gid('OrderTransaction', `${o.number}${suffix}`),
    ),
    refunds: [],
    fulfillments: [],
    ...orderMoney(
      pricing,
      o.number,
      (o.shippingLines ?? []).map((s) => s.title),
    ),
  };
  const lineOf = lineFinder(o, lineItems);
  order.fulfillments = seedFulfillments(o, lineItems, lineOf, ctx);
  seedRefunds(o, order, pricing, ctx);
  return order;
}

/** The fixture order's fulfillments: listed one by one, or all its lines at once `fulfilledDaysAgo`, or none. */
function seedFulfillments(
  o: FixtureOrder,
  lineItems: StoreLineItem[],
  lineOf: (units: FixtureLineUnits) => StoreLineItem,
  ctx: SeedContext,
): StoreFulfillment[] {
  if (o.fulfillments) {
    return o.fulfillments.map((f, k): StoreFulfillment => ({
      id: gid('Fulfillment', `${o.number}${k + 1}`),
      createdAt: ctx.isoDaysAgo(f.daysAgo),
      deliveredAt: f.deliveredDaysAgo === undefined ? null : ctx.isoDaysAgo(f.deliveredDaysAgo),
      lines: f.lineItems.map((units, j) => ({
        id: gid('FulfillmentLineItem', `${o.number}${k + 1}${String(j + 1).padStart(2, '0')}`),
        lineItemId: lineOf(units).id,
        quantity: units.quantity,
      })),
    }));
  } else if (typeof o.fulfilledDaysAgo === 'number') {
    return [
      {
        id: gid('Fulfillment', `${o.number}1`),
        createdAt: ctx.isoDaysAgo(o.fulfilledDaysAgo),
        deliveredAt: o.deliveredDaysAgo === undefined ? null : ctx.isoDaysAgo(o.deliveredDaysAgo),
        lines: lineItems.map((li, i) => ({ id: gid('FulfillmentLineItem', `${o.number}${i + 1}`), lineItemId: li.id, quantity: li.quantity })),
      },
    ];
  }
  return [];
}

/** The fixture order's earlier refunds, oldest first, made on the seeded order. */
function seedRefunds(o: FixtureOrder, order: StoreOrder, pricing: ReturnType<typeof priceOrder>, ctx: SeedContext): void {
  for (const f of earlierRefundFigures(o, pricing)) {
    const lines = f.shop.lines.map((l) => ({ lineItemId: order.lineItems[l.index]!.id, quantity: l.quantity }));
    // Split across the payments as a refund made now would be; one that pays nothing back (units only) leaves no transaction, as in Shopify.
    const shares = splitAcrossPayments(order, f.amountMinor).filter((p) => p.amountMinor > 0);
    const payments = shares.map((p): RefundPayment => {
      const paid = presentmentShareMinor(order, p.payment, p.amountMinor);
      return {
        gateway: p.payment.gateway,
        parentId: p.payment.id,
        amountMinor: p.amountMinor,
        ...(paid === undefined ? {} : { presentmentAmountMinor: paid }),
      };
    });
    // A refund priced from its parts pays back their presentment worth exactly: the last share takes what the rates left.
    const last = payments.at(-1);
    if (f.presentmentAmountMinor !== null && last?.presentmentAmountMinor !== undefined) {
      const head = payments.slice(0, -1).reduce((n, p) => n + (p.presentmentAmountMinor ?? 0), 0);
      last.presentmentAmountMinor = Math.max(0, f.presentmentAmountMinor - head);
    }
    ctx.addRefund(order, ctx.isoDaysAgo(f.refund.daysAgo), null, lines, payments, { shop: f.shop, paid: f.presentment ?? f.shop });
  }
}

/** The seeded line a fixture's units name (by SKU or index); an unknown one is a fixture error. */
function lineFinder(o: FixtureOrder, lineItems: StoreLineItem[]): (units: FixtureLineUnits) => StoreLineItem {
  return (units) => {
    const item = lineItems[lineIndexOf(o, units)];
    if (!item) throw new FixtureError(`order ${o.number}: names an unknown line item`);
    return item;
  };
}
