// The orders of a golden spec, as a merchant states them (items, fulfilments, refunds, money terms),
// turned into the sandbox fixture's orders (local/sandbox/fixture.ts, fixture-money.ts,
// fixture-returns.ts): list prices from the catalogue, a line of a product with variants naming its
// product and variant, and the money terms passed through in the fixture's words.
import type { SandboxFixture } from '#local/sandbox/fixture.js';
import type { FixtureDiscount } from '#local/sandbox/fixture-money.js';
import type { Reason } from '../schema.js';
import { CATALOGUE, VARIANT_OF_SKU } from './catalogue.js';

export type Units = [sku: string, quantity: number];
/**
 * `paid`: the unit price in the order's `paidIn` currency (needed on every line of such an order).
 * `duty` / `paidDuty`: the line's import duty in the order's and the `paidIn` currency; `taxable:
 * false` leaves the line out of the order's tax lines.
 */
export type ItemSpec =
  | string
  | [sku: string, quantity: number]
  | [
      sku: string,
      quantity: number,
      extra: { price?: number; paid?: number; props?: Record<string, string>; duty?: number; paidDuty?: number; taxable?: false },
    ];

/**
 * A discount as a merchant sets it up (docs/sandbox-money.md §1), named by `code` or, when automatic,
 * `title`: `pct` percent or `off` minor units (`paidOff` in the `paidIn` currency) on the whole order,
 * on the lines `on` names by SKU, or on `'shipping'`; or buy `buy` get `get` of the line `sku` (`pct`
 * off each discounted unit, default free).
 */
export type DiscountSpec = ({ code: string; title?: undefined } | { title: string; code?: undefined }) &
  (
    | { pct: number; off?: undefined; buy?: undefined; on?: string[] | 'shipping' }
    | { off: number; paidOff?: number; pct?: undefined; buy?: undefined; on?: string[] | 'shipping' }
    | { buy: number; get: number; sku: string; pct?: number; off?: undefined }
  );

/** A shipping line: `price` in the order's currency, `paid` in the `paidIn` one; `taxable` when the order's tax lines apply to it. */
export interface ShippingSpec {
  title?: string;
  price: number;
  paid?: number;
  taxable?: true;
}

/** One payment of an order (several: a gift card and a card, or captures); `paid` in the order's `paidIn` currency. */
export interface PaymentSpec {
  gateway: 'shopify_payments' | 'gift_card' | 'paypal';
  amount: number;
  paid?: number;
  kind?: 'SALE' | 'CAPTURE';
}

export interface Address {
  name?: string;
  address1: string;
  address2?: string;
  city: string;
  province?: string;
  zip?: string;
  country: string;
}

export interface OrderSpec {
  items: ItemSpec[];
  /** fulfilledDaysAgo; null = unfulfilled; default 6. */
  ful?: number | null;
  /** deliveredDaysAgo; default two days after fulfilment (none for not-received claims); null = none. */
  delivered?: number | null;
  fulfillments?: { daysAgo: number; deliveredDaysAgo?: number; lines: Units[] }[];
  created?: number;
  currency?: 'EUR';
  /** Shopify Markets: the currency the customer paid in, when not the shop's (each item gives its `paid` price). */
  paidIn?: 'EUR' | 'GBP' | 'CAD';
  payments?: PaymentSpec[];
  note?: string;
  attributes?: Record<string, string>;
  /** `shipping` / `duties`: the refund also paid back the order's shipping, or its lines' duties. */
  refunds?: { daysAgo: number; lines?: Units[]; amount?: number; shipping?: true; duties?: true }[];
  address?: Address;
  /** The money terms beyond list prices (docs/sandbox-money.md), all optional. */
  discounts?: DiscountSpec[];
  /** Tax rates in percent, e.g. `[['NY State Tax', 4], ['New York City Tax', 4.875]]`. */
  tax?: [title: string, ratePercentage: number][];
  /** Prices include tax (EU VAT); default: the shop's (excluding). */
  taxesIncluded?: boolean;
  shipping?: ShippingSpec[];
  /** A tip added at checkout, and the same in the `paidIn` currency. */
  tip?: number;
  paidTip?: number;
}

/** A line of the catalogue's product; one of a product with variants says which (LineItem.product and .variant). */
function itemOf(spec: ItemSpec) {
  const [sku, quantity, extra] = typeof spec === 'string' ? [spec, 1, undefined] : spec;
  const product = CATALOGUE[sku];
  if (!product) throw new Error(`unknown SKU ${sku}`);
  const variant = VARIANT_OF_SKU.get(sku);
  return {
    title: product.title,
    sku,
    quantity,
    ...(variant ? { productId: variant.productId, variantId: variant.variantId } : {}),
    unitPriceMinor: extra?.price ?? product.priceMinor,
    ...(extra?.paid === undefined ? {} : { presentmentUnitPriceMinor: extra.paid }),
    ...(extra?.props ? { properties: extra.props } : {}),
    ...(product.giftCard ? { giftCard: true } : {}),
    ...(extra?.taxable === false ? { taxable: false } : {}),
    ...(extra?.duty === undefined ? {} : { dutyMinor: extra.duty }),
    ...(extra?.paidDuty === undefined ? {} : { presentmentDutyMinor: extra.paidDuty }),
  };
}

function discountOf(d: DiscountSpec): FixtureDiscount {
  const name = d.code === undefined ? { title: d.title } : { code: d.code };
  if (d.buy !== undefined) {
    return { type: 'buy_x_get_y', ...name, line: { sku: d.sku }, buy: d.buy, get: d.get, ...(d.pct === undefined ? {} : { percentage: d.pct }) };
  }
  const appliesTo = d.on === undefined ? {} : { appliesTo: d.on === 'shipping' ? ('shipping' as const) : { lines: d.on.map((sku) => ({ sku })) } };
  if (d.pct !== undefined) return { type: 'percentage', ...name, percentage: d.pct, ...appliesTo };
  return { type: 'fixed_amount', ...name, amountMinor: d.off, ...(d.paidOff === undefined ? {} : { presentmentAmountMinor: d.paidOff }), ...appliesTo };
}

/** The order's money terms in the fixture's words; nothing at all for an order of list prices only. */
function moneyOf(o: OrderSpec) {
  return {
    ...(o.taxesIncluded === undefined ? {} : { taxesIncluded: o.taxesIncluded }),
    ...(o.tax ? { taxLines: o.tax.map(([title, ratePercentage]) => ({ title, ratePercentage })) } : {}),
    ...(o.discounts ? { discounts: o.discounts.map(discountOf) } : {}),
    ...(o.shipping
      ? {
          shippingLines: o.shipping.map((s) => ({
            title: s.title ?? 'Standard shipping',
            priceMinor: s.price,
            ...(s.paid === undefined ? {} : { presentmentPriceMinor: s.paid }),
            ...(s.taxable ? { taxable: true } : {}),
          })),
        }
      : {}),
    ...(o.tip === undefined ? {} : { tipMinor: o.tip }),
    ...(o.paidTip === undefined ? {} : { presentmentTipMinor: o.paidTip }),
  };
}

export function orderOf(
  o: OrderSpec,
  number: number,
  customer: { id: string; address: Address & { name: string } },
  reason: Reason,
): SandboxFixture['orders'][number] {
  const units = (list: Units[]) => list.map(([sku, quantity]) => ({ sku, quantity }));
  const ful = o.fulfillments ? undefined : o.ful === undefined ? 6 : o.ful;
  const lastShip = o.fulfillments ? Math.max(...o.fulfillments.map((f) => f.daysAgo)) : (ful ?? 0);
  const delivered =
    o.delivered === null || typeof ful !== 'number' ? undefined : (o.delivered ?? (reason === 'not_received' ? undefined : Math.max(0, ful - 2)));
  return {
    number,
    customerId: customer.id,
    createdDaysAgo: o.created ?? lastShip + 2,
    ...(o.currency ? { currency: o.currency } : {}),
    ...(o.paidIn ? { presentmentCurrency: o.paidIn } : {}),
    lineItems: o.items.map(itemOf),
    ...moneyOf(o),
    ...(o.fulfillments
      ? {
          fulfillments: o.fulfillments.map((f) => ({
            daysAgo: f.daysAgo,
            ...(f.deliveredDaysAgo === undefined ? {} : { deliveredDaysAgo: f.deliveredDaysAgo }),
            lineItems: units(f.lines),
          })),
        }
      : { fulfilledDaysAgo: ful ?? null, ...(delivered === undefined ? {} : { deliveredDaysAgo: delivered }) }),
    ...(o.note ? { note: o.note } : {}),
    ...(o.attributes ? { attributes: o.attributes } : {}),
    shippingAddress: o.address ? { ...o.address, name: o.address.name ?? customer.address.name } : customer.address,
    ...(o.refunds
      ? {
          refunds: o.refunds.map((r) => ({
            daysAgo: r.daysAgo,
            ...(r.lines ? { lineItems: units(r.lines) } : {}),
            ...(r.amount === undefined ? {} : { amountMinor: r.amount }),
            ...(r.shipping ? { shipping: true } : {}),
            ...(r.duties ? { duties: true } : {}),
          })),
        }
      : {}),
    ...(o.payments
      ? {
          payments: o.payments.map((p) => ({
            gateway: p.gateway,
            amountMinor: p.amount,
            ...(p.paid === undefined ? {} : { presentmentAmountMinor: p.paid }),
            ...(p.kind ? { kind: p.kind } : {}),
          })),
        }
      : {}),
  };
}
