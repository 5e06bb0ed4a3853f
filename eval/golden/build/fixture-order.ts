// A golden ticket's order in the sandbox fixture's words: its items from the catalogue, its
// discounts, tax, shipping, duties, tip and payments, its fulfilments and refunds (dsl.ts builds the
// set; this turns one OrderSpec into one fixture order).
import type { SandboxFixture } from '#local/sandbox/fixture.js';
import type { FixtureDiscount } from '#local/sandbox/fixture-money.js';
import type { Reason } from '../schema.js';
import { CATALOGUE } from './catalogue.js';
import type { Address, DiscountSpec, ItemSpec, OrderSpec, Units } from './dsl.js';

function itemOf(spec: ItemSpec) {
  const [sku, quantity, extra] = typeof spec === 'string' ? [spec, 1, undefined] : spec;
  const product = CATALOGUE[sku];
  if (!product) throw new Error(`unknown SKU ${sku}`);
  return {
    title: product.title,
    sku,
    quantity,
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
