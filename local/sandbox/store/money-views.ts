// The money fields of the sandbox store's views, as the Admin API names them: a line's discount
// allocations (with the DiscountApplication each came from), discounted figures, tax lines and duty;
// an order's shipping lines, taxes, discounts, duties and tip; a refund's shipping and duties. Every
// figure in both money sets. An order with no money terms shows zeros and empty lists.
import { halfUp, ratioOf } from './arithmetic.js';
import { sum } from './ledger.js';
import type { StoreDiscountAllocation, StoreDiscountApplication, StoreLineItem, StoreOrder, StoreRefund, StoreShippingLine, StoreTaxLine } from './model.js';
import { discountedTotalOf, ledgerOf, pick, refundedSoFar, type Which } from './order-money.js';
import { connection, limit, orderBag, type Args } from './view-kit.js';

/** A figure in both currencies, from a function of the currency. */
const both = (order: StoreOrder, of: (which: Which) => number) => orderBag(order, of('shop'), of('presentment'));

/** A DiscountApplication: a code's DiscountCodeApplication or an automatic one's, with its value as a percentage or money. */
export function discountApplicationView(order: StoreOrder, app: StoreDiscountApplication) {
  const value =
    'percentage' in app.value
      ? { __typename: 'PricingPercentageValue', percentage: app.value.percentage }
      : // MoneyV2 is one currency: the shop's (the fixed amount as the merchant set it up).
        { __typename: 'MoneyV2', ...orderBag(order, app.value.amountMinor, app.value.presentmentAmountMinor).shopMoney };
  const base = { index: app.index, allocationMethod: app.allocationMethod, targetSelection: app.targetSelection, targetType: app.targetType, value };
  return app.code !== null
    ? { __typename: 'DiscountCodeApplication', ...base, code: app.code }
    : { __typename: 'AutomaticDiscountApplication', ...base, title: app.title ?? '' };
}

const applicationOf = (order: StoreOrder, index: number) => order.discountApplications?.find((a) => a.index === index);

function allocationViews(order: StoreOrder, allocations: readonly StoreDiscountAllocation[]) {
  return allocations.flatMap((a) => {
    const app = applicationOf(order, a.applicationIndex);
    return app
      ? [{ allocatedAmountSet: orderBag(order, a.amountMinor, a.presentmentAmountMinor), discountApplication: discountApplicationView(order, app) }]
      : [];
  });
}

export const taxLineView = (
  order: StoreOrder,
  t: Pick<StoreTaxLine, 'title' | 'ratePercentage'> & { amountMinor: number; presentmentAmountMinor?: number },
) => ({
  title: t.title,
  ratePercentage: t.ratePercentage,
  // The rate as a fraction, rounded past the four decimals a percentage has so no float noise shows.
  rate: Number((t.ratePercentage / 100).toFixed(8)),
  priceSet: orderBag(order, t.amountMinor, t.presentmentAmountMinor),
});

const dutyViews = (order: StoreOrder, li: StoreLineItem) =>
  li.duty ? [{ id: li.duty.id, price: orderBag(order, li.duty.amountMinor, li.duty.presentmentAmountMinor), taxLines: [] }] : [];

/**
 * An allocation from a line-level discount (a line offer or buy X get Y: targetSelection ENTITLED), not
 * an order-wide one. Shopify's totalDiscountSet and discountedTotalSet count only these; and
 * discountedTotalSet leaves out code discounts unless asked `withCodeDiscounts: true`.
 */
function lineLevel(order: StoreOrder, a: StoreDiscountAllocation, withCodes: boolean): boolean {
  const app = applicationOf(order, a.applicationIndex);
  return app !== undefined && app.targetSelection === 'ENTITLED' && (withCodes || app.code === null);
}

/** A line's money fields. */
export function lineMoneyView(order: StoreOrder, li: StoreLineItem) {
  const allocations = li.discountAllocations ?? [];
  const lineLevelOff = (which: Which, withCodes: boolean) =>
    sum(allocations.filter((a) => lineLevel(order, a, withCodes)).map((a) => pick(which, a.amountMinor, a.presentmentAmountMinor)));
  const listTotal = (which: Which) => pick(which, li.unitPriceMinor, li.presentmentUnitPriceMinor) * li.quantity;
  return {
    taxable: li.taxable ?? !li.giftCard,
    discountedUnitPriceAfterAllDiscountsSet: both(order, (which) => halfUp(discountedTotalOf(li, which), li.quantity)),
    totalDiscountSet: both(order, (which) => lineLevelOff(which, true)),
    discountedTotalSet: (args: Args) => both(order, (which) => listTotal(which) - lineLevelOff(which, args.withCodeDiscounts === true)),
    discountAllocations: allocationViews(order, allocations),
    taxLines: (args: Args) => limit(li.taxLines ?? [], args).map((t) => taxLineView(order, t)),
    duties: dutyViews(order, li),
  };
}

export function shippingLineView(order: StoreOrder, s: StoreShippingLine) {
  const off = (which: Which) => sum(s.discountAllocations.map((a) => pick(which, a.amountMinor, a.presentmentAmountMinor)));
  return {
    id: s.id,
    title: s.title,
    originalPriceSet: orderBag(order, s.priceMinor, s.presentmentPriceMinor),
    discountedPriceSet: both(order, (which) => pick(which, s.priceMinor, s.presentmentPriceMinor) - off(which)),
    discountAllocations: allocationViews(order, s.discountAllocations),
    taxLines: s.taxLines.map((t) => taxLineView(order, t)),
  };
}

/** The order's rates, each with what it came to over the lines and shipping. */
function orderTaxLines(order: StoreOrder) {
  const all = [...order.lineItems.flatMap((li) => li.taxLines ?? []), ...(order.shippingLines ?? []).flatMap((s) => s.taxLines)];
  const byTitle = new Map<string, { title: string; ratePercentage: number; amountMinor: number; presentmentAmountMinor: number }>();
  for (const t of all) {
    const held = byTitle.get(t.title) ?? { title: t.title, ratePercentage: t.ratePercentage, amountMinor: 0, presentmentAmountMinor: 0 };
    held.amountMinor += t.amountMinor;
    held.presentmentAmountMinor += t.presentmentAmountMinor ?? t.amountMinor;
    byTitle.set(t.title, held);
  }
  return [...byTitle.values()].map((t) => taxLineView(order, t));
}

/** An order's money fields beside its lines (its total is the payments' view's: views.ts). */
export function orderMoneyView(order: StoreOrder) {
  const ledger = (which: Which) => ledgerOf(order, which);
  const allocations = [...order.lineItems.flatMap((li) => li.discountAllocations ?? []), ...(order.shippingLines ?? []).flatMap((s) => s.discountAllocations)];
  const duties = order.lineItems.flatMap((li) => (li.duty ? [li.duty] : []));
  const hasDuties = duties.length > 0;
  const refundedShipping = (which: Which) => sum(refundedSoFar(order, which).shipping.map((s) => s.subtotalMinor));
  return {
    taxesIncluded: order.taxesIncluded === true,
    discountCodes: [...new Set((order.discountApplications ?? []).flatMap((a) => (a.code === null ? [] : [a.code])))],
    taxLines: () => orderTaxLines(order),
    subtotalPriceSet: () => both(order, (which) => sum(ledger(which).lines.map((l) => l.discountedTotalMinor))),
    // After refunds: each line's discounted total less the prorated part its refunded units took.
    currentSubtotalPriceSet: () =>
      both(order, (which) => {
        const soFar = refundedSoFar(order, which);
        return sum(ledger(which).lines.map((l, i) => l.discountedTotalMinor - ratioOf(l.discountedTotalMinor, soFar.units[i] ?? 0, l.quantity)));
      }),
    totalDiscountsSet: both(order, (which) => sum(allocations.map((a) => pick(which, a.amountMinor, a.presentmentAmountMinor)))),
    totalTaxSet: () => both(order, (which) => sum([...ledger(which).lines.flatMap((l) => l.taxMinors), ...ledger(which).shipping.flatMap((s) => s.taxMinors)])),
    // Shopify: the shipping charged before discounts and returns.
    totalShippingPriceSet: both(order, (which) => sum((order.shippingLines ?? []).map((s) => pick(which, s.priceMinor, s.presentmentPriceMinor)))),
    totalRefundedShippingSet: () => both(order, refundedShipping),
    totalTipReceivedSet: orderBag(order, order.tipMinor ?? 0, order.presentmentTipMinor),
    // Null on an order without duties, as Shopify answers.
    originalTotalDutiesSet: hasDuties ? both(order, (which) => sum(duties.map((d) => pick(which, d.amountMinor, d.presentmentAmountMinor)))) : null,
    currentTotalDutiesSet: () => {
      if (!hasDuties) return null;
      const refunded = refundedSoFar(order, 'shop').duties;
      const left = order.lineItems.flatMap((li, i) => (li.duty && !refunded[i] ? [li.duty] : []));
      return both(order, (which) => sum(left.map((d) => pick(which, d.amountMinor, d.presentmentAmountMinor))));
    },
    shippingLines: (args: Args) =>
      connection(
        (order.shippingLines ?? []).map((s) => shippingLineView(order, s)),
        args,
        'ShippingLine',
      ),
    discountApplications: (args: Args) =>
      connection(
        (order.discountApplications ?? []).map((a) => discountApplicationView(order, a)),
        args,
        'DiscountApplication',
      ),
  };
}

/** A refund's shipping lines and duties. */
export function refundMoneyView(order: StoreOrder, r: StoreRefund) {
  const dutyOf = (id: string) => order.lineItems.find((li) => li.duty?.id === id);
  return {
    refundShippingLines: (args: Args) =>
      connection(
        (r.shippingLines ?? []).map((s) => {
          const line = order.shippingLines?.find((l) => l.id === s.shippingLineId);
          return {
            id: s.id,
            shippingLine: line ? shippingLineView(order, line) : null,
            subtotalAmountSet: orderBag(order, s.subtotalMinor, s.presentmentSubtotalMinor),
            taxAmountSet: orderBag(order, s.taxMinor, s.presentmentTaxMinor),
          };
        }),
        args,
        'RefundShippingLine',
      ),
    duties: (r.duties ?? []).map((d) => refundDutyView(order, d.dutyId, d.amountMinor, d.presentmentAmountMinor, dutyOf(d.dutyId))),
  };
}

/** A RefundDuty: the amount refunded and the duty it came from. */
export function refundDutyView(order: StoreOrder, dutyId: string, amountMinor: number, presentmentAmountMinor: number | undefined, item?: StoreLineItem) {
  const line = item ?? order.lineItems.find((li) => li.duty?.id === dutyId);
  return { amountSet: orderBag(order, amountMinor, presentmentAmountMinor), originalDuty: line ? (dutyViews(order, line)[0] ?? null) : null };
}
