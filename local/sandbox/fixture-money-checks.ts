// The consistency rules of a fixture order's money terms (fixture-money.ts) that zod's field types
// cannot say alone: a discount names lines the order has and never a gift card, a shipping discount
// or an earlier refund's `shipping: true` needs shipping, rates and percentages have at most four
// decimals (the arithmetic scales them to integers), and an order paid in another currency gives
// every amount's presentment twin (and only such an order gives them). Each issue names its field.
import type { FixtureDiscount, FixtureShippingLine, FixtureTaxLine } from './fixture-money.js';
import { hasAtMostFourDecimals } from './store/arithmetic.js';
import { lineRefIndex, scopeOf } from './store/discounts.js';

export type OrderIssue = { path: (string | number)[]; message: string };

/** What these rules read of a fixture order (a FixtureOrder is one). */
export interface MoneyTermsOrder {
  presentmentCurrency?: string | undefined;
  lineItems: readonly { sku?: string | undefined; giftCard?: boolean | undefined; dutyMinor?: number | undefined; presentmentDutyMinor?: number | undefined }[];
  discounts?: readonly FixtureDiscount[] | undefined;
  taxLines?: readonly FixtureTaxLine[] | undefined;
  shippingLines?: readonly FixtureShippingLine[] | undefined;
  tipMinor?: number | undefined;
  presentmentTipMinor?: number | undefined;
  refunds?:
    | readonly { lineItems?: readonly ({ sku: string } | { index: number })[] | undefined; shipping?: boolean | undefined; duties?: boolean | undefined }[]
    | undefined;
}

export function moneyTermsIssues(order: MoneyTermsOrder): OrderIssue[] {
  return [...discountIssues(order), ...rateIssues(order), ...twinIssues(order), ...earlierRefundIssues(order)];
}

function discountIssues(order: MoneyTermsOrder): OrderIssue[] {
  const issues: OrderIssue[] = [];
  (order.discounts ?? []).forEach((d, k) => {
    const at = (...path: (string | number)[]) => ['discounts', k, ...path];
    if ((d.type === 'percentage' || d.type === 'buy_x_get_y') && d.percentage !== undefined && !hasAtMostFourDecimals(d.percentage)) {
      issues.push({ path: at('percentage'), message: 'a percentage has at most four decimals' });
    }
    const named = (ref: Parameters<typeof lineRefIndex>[1], path: (string | number)[], giftCardMessage: string) => {
      const index = lineRefIndex(order.lineItems, ref);
      if (index < 0) issues.push({ path, message: 'unknown line item' });
      else if (order.lineItems[index]?.giftCard === true) issues.push({ path, message: giftCardMessage });
    };
    if (d.type === 'buy_x_get_y') named(d.line, at('line'), 'buy X get Y cannot apply to a gift card');
    else if (typeof d.appliesTo === 'object') {
      d.appliesTo.lines.forEach((ref, j) => named(ref, at('appliesTo', 'lines', j), 'a discount never applies to a gift card'));
    }
    if (scopeOf(d) === 'shipping' && (order.shippingLines ?? []).length === 0) {
      issues.push({ path: at('appliesTo'), message: 'a shipping discount needs shippingLines on the order' });
    }
  });
  return issues;
}

function rateIssues(order: MoneyTermsOrder): OrderIssue[] {
  return (order.taxLines ?? []).flatMap((t, i) =>
    hasAtMostFourDecimals(t.ratePercentage) ? [] : [{ path: ['taxLines', i, 'ratePercentage'], message: 'a rate has at most four decimals' }],
  );
}

/** With a presentmentCurrency every amount needs its twin; without one, no twin may be given (presentmentIssues says so). */
function twinIssues(order: MoneyTermsOrder): OrderIssue[] {
  const issues: OrderIssue[] = [];
  order.lineItems.forEach((li, i) => {
    if (li.presentmentDutyMinor !== undefined && li.dutyMinor === undefined) {
      issues.push({ path: ['lineItems', i, 'dutyMinor'], message: 'a presentmentDutyMinor needs its dutyMinor' });
    }
  });
  if (order.presentmentTipMinor !== undefined && order.tipMinor === undefined) {
    issues.push({ path: ['tipMinor'], message: 'a presentmentTipMinor needs its tipMinor' });
  }
  if (order.presentmentCurrency === undefined) return issues;
  const twin = (path: (string | number)[], what: string) => issues.push({ path, message: `an order with a presentmentCurrency needs ${what}` });
  (order.discounts ?? []).forEach((d, k) => {
    if (d.type === 'fixed_amount' && d.presentmentAmountMinor === undefined)
      twin(['discounts', k, 'presentmentAmountMinor'], "the fixed discount's presentmentAmountMinor");
  });
  (order.shippingLines ?? []).forEach((s, i) => {
    if (s.presentmentPriceMinor === undefined) twin(['shippingLines', i, 'presentmentPriceMinor'], "the shipping line's presentmentPriceMinor");
  });
  order.lineItems.forEach((li, i) => {
    if (li.dutyMinor !== undefined && li.presentmentDutyMinor === undefined) twin(['lineItems', i, 'presentmentDutyMinor'], "the duty's presentmentDutyMinor");
  });
  if (order.tipMinor !== undefined && order.presentmentTipMinor === undefined) twin(['presentmentTipMinor'], "the tip's presentmentTipMinor");
  return issues;
}

/** The presentment twins a fixture order gives, for the rule that they need a presentmentCurrency. */
export function presentmentTwinCount(order: MoneyTermsOrder): number {
  const discounts = (order.discounts ?? []).filter((d) => d.type === 'fixed_amount' && d.presentmentAmountMinor !== undefined).length;
  const shipping = (order.shippingLines ?? []).filter((s) => s.presentmentPriceMinor !== undefined).length;
  const duties = order.lineItems.filter((li) => li.presentmentDutyMinor !== undefined).length;
  return discounts + shipping + duties + (order.presentmentTipMinor === undefined ? 0 : 1);
}

function earlierRefundIssues(order: MoneyTermsOrder): OrderIssue[] {
  const issues: OrderIssue[] = [];
  (order.refunds ?? []).forEach((r, k) => {
    const amountOnly = r.lineItems === undefined;
    if (r.shipping === true) {
      if (amountOnly) issues.push({ path: ['refunds', k, 'shipping'], message: 'an amount-only refund refunds no shipping: give its lineItems too' });
      else if ((order.shippingLines ?? []).length === 0) issues.push({ path: ['refunds', k, 'shipping'], message: 'the order has no shipping to refund' });
    }
    if (r.duties === true) {
      const dutied = (r.lineItems ?? []).some((ref) => order.lineItems[lineRefIndex(order.lineItems, ref)]?.dutyMinor !== undefined);
      if (amountOnly) issues.push({ path: ['refunds', k, 'duties'], message: 'an amount-only refund refunds no duty: give its lineItems too' });
      else if (!dutied) issues.push({ path: ['refunds', k, 'duties'], message: 'none of its lines has a duty' });
    }
  });
  return issues;
}
