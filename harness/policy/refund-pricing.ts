// Shopify agrees or a person decides (docs/policy.md "The amount"): the policy's figure for the
// refund's parts (amount.ts) beside the store's own computation for the same parts (its suggested
// refund, read by preview_refund). Within one minor unit per claimed line, in the shop's currency and
// in the customer's, the refund is made as the store computes it and the limits compare the larger
// of the two figures; a larger difference, or a store that would refund other units, goes to a
// person with both figures. Pure: the harness reads the suggestion (harness.ts decideGate) and the
// dispatch check reads it again (gateway/preview.ts).
import type { PreviewRefundInput, PreviewRefundOutput } from '#shared/contracts/tools.js';
import type { AmountBreakdown, DecidedPart, RefundParts } from '../domain/money-types.js';
import type { OrderFacts } from '../domain/types.js';
import { computeRefund } from './amount.js';
import { moneyWords } from './reason-words.js';
import { RULES } from './rules.js';

type Finding = { rule: string; reason: string };

/** One minor unit per claimed line: how far the store's figure may be from the policy's. */
export const toleranceMinor = (parts: Pick<RefundParts, 'lines'>): number => Math.max(1, parts.lines.length);

export interface PricedRefund {
  parts: RefundParts;
  /** The policy's figures, part by part, in the currency the customer paid. */
  breakdown: AmountBreakdown;
  /** The policy's figure in the shop's currency. */
  policyMinor: number;
  /** What is refunded, in the shop's currency: the store's figure when it agrees, else the policy's. */
  amountMinor: number;
  /** What the limits compare: the larger of the two figures. */
  limitMinor: number;
  /** What is refunded in the currency the customer paid, on an order paid in another one than the shop's. */
  presentment?: { amountMinor: number; currency: string };
  shipping?: DecidedPart;
  duties?: DecidedPart & { dutyIds: string[] };
  /** Why a person must decide: the store computes another figure, or would refund other units. */
  disagreement: Finding | null;
}

/** preview_refund's arguments for these parts. */
export function previewInput(order: OrderFacts, parts: RefundParts): PreviewRefundInput {
  const dutyIds = parts.duties ? computeRefund(order, parts)!.dutyIds : [];
  return {
    orderId: order.orderId,
    lineItems: parts.lines.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
    ...(parts.shipping ? { refundShipping: true } : {}),
    ...(dutyIds.length > 0 ? { refundDuties: dutyIds } : {}),
  };
}

/** The store refunds other units than asked: a quantity per line that is not the claim's. */
function otherUnits(parts: RefundParts, store: PreviewRefundOutput): string | null {
  for (const line of parts.lines) {
    const offered = store.lineItems.filter((l) => l.lineItemId === line.lineItemId).reduce((n, l) => n + l.quantity, 0);
    if (offered !== line.quantity) return `the store would refund ${offered} of line ${line.lineItemId.split('/').at(-1)}, not the ${line.quantity} claimed`;
  }
  return null;
}

/** What the parts of a refund come to before the order's remainder caps them. */
const partsMinor = (b: AmountBreakdown) => b.lines.reduce((n, l) => n + l.paidMinor, 0) + b.shippingMinor + b.dutiesMinor;

type Figures = { policy: number; parts: number; store: number; currency: string };

/**
 * Both figures in a sentence, in each currency where they differ by more than the tolerance; null
 * when they agree. The store's figure agrees when it is the policy's amount, or what the parts come
 * to before the policy's own cap (which the store does not apply: the refund is then the policy's).
 */
function figuresDiffer(shop: Figures, paid: Figures | null, tolerance: number): string | null {
  const differ = (f: Figures) => Math.abs(f.policy - f.store) > tolerance && Math.abs(f.parts - f.store) > tolerance;
  const sentence = (f: Figures) => `the store computes ${moneyWords(f.store, f.currency)} for these items and the policy ${moneyWords(f.policy, f.currency)}`;
  if (differ(shop)) return sentence(shop);
  if (paid && differ(paid)) return sentence(paid);
  return null;
}

/** The store's part in the shop's money and the customer's. */
const storePart = (shop: number, paid: number | undefined, order: OrderFacts): DecidedPart => ({
  amountMinor: shop,
  ...(order.presentment && paid !== undefined ? { presentmentMinor: paid } : {}),
});

/** The refund of these parts priced by the policy and, when given, checked against the store's suggestion for them. */
export function priceRefund(order: OrderFacts, parts: RefundParts, store?: PreviewRefundOutput): PricedRefund {
  const shop = computeRefund(order, parts, 'shop')!;
  const paid = computeRefund(order, parts, 'presentment');
  const policyPresentment = paid ? { amountMinor: paid.totalMinor, currency: paid.currency } : undefined;
  const own: PricedRefund = {
    parts,
    breakdown: paid ?? shop,
    policyMinor: shop.totalMinor,
    amountMinor: shop.totalMinor,
    limitMinor: shop.totalMinor,
    ...(policyPresentment ? { presentment: policyPresentment } : {}),
    ...(parts.shipping ? { shipping: storePart(shop.shippingMinor, paid?.shippingMinor, order) } : {}),
    ...(parts.duties && shop.dutyIds.length > 0 ? { duties: { ...storePart(shop.dutiesMinor, paid?.dutiesMinor, order), dutyIds: shop.dutyIds } } : {}),
    disagreement: null,
  };
  if (!store) return own;
  const disagree = (why: string): PricedRefund => ({ ...own, disagreement: { rule: RULES.storeAmountDiffers, reason: `${why}; a person checks the order` } });
  if (store.amount.currency !== order.currency) return disagree(`the store computes the refund in ${store.amount.currency}, not ${order.currency}`);
  const units = otherUnits(parts, store);
  if (units) return disagree(units);
  const storePaid = store.amount.presentment;
  if (paid && storePaid?.currency !== paid.currency)
    return disagree(`the store does not compute the refund in ${paid.currency}, the currency the customer paid`);
  const tolerance = toleranceMinor(parts);
  const differs = figuresDiffer(
    { policy: shop.totalMinor, parts: partsMinor(shop), store: store.amount.amountMinor, currency: order.currency },
    paid && storePaid ? { policy: paid.totalMinor, parts: partsMinor(paid), store: storePaid.amountMinor, currency: paid.currency } : null,
    tolerance,
  );
  if (differs) return disagree(`${differs}, more than ${moneyWords(tolerance, order.currency)} apart`);
  // The policy's own cap (gift cards never refunded, every earlier refund counted) below the store's figure: the policy's amount.
  if (Math.abs(store.amount.amountMinor - shop.totalMinor) > tolerance) return own;
  const plus = (a: { amountMinor: number } | undefined, b: { amountMinor: number } | undefined) => (a && b ? a.amountMinor + b.amountMinor : undefined);
  const shipping = store.shipping;
  return {
    ...own,
    amountMinor: store.amount.amountMinor,
    limitMinor: Math.max(store.amount.amountMinor, shop.totalMinor),
    ...(paid && storePaid ? { presentment: { amountMinor: storePaid.amountMinor, currency: storePaid.currency } } : {}),
    // The store's shipping part, its tax added where prices exclude tax (where they include it, the tax is inside the amount).
    ...(parts.shipping && shipping
      ? {
          shipping: order.taxesIncluded
            ? storePart(shipping.amount.amountMinor, shipping.amount.presentment?.amountMinor, order)
            : storePart(shipping.amount.amountMinor + shipping.tax.amountMinor, plus(shipping.amount.presentment, shipping.tax.presentment), order),
        }
      : {}),
    ...(own.duties && store.duties
      ? { duties: { ...storePart(store.duties.total.amountMinor, store.duties.total.presentment?.amountMinor, order), dutyIds: own.duties.dutyIds } }
      : {}),
  };
}
