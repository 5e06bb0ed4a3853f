// Presentment currencies in the sandbox store (Shopify Markets): an order the customer paid in
// another currency than the shop's keeps both figures on its lines, payments and refunds, as
// Shopify's MoneyBag does (shopMoney, presentmentMoney). A refund on such an order is made in the
// presentment currency (refundCreate's `currency`, required there); its shop figure is what its
// lines, shipping and duties are worth in the shop's currency when it pays back exactly their worth
// in the presentment one, else each payment's own rate.
import { decimalToMinor } from '#shared/money.js';
import { paymentRemainingMinor, splitAcrossPayments, type AmountOf, type PaymentShare } from './payments.js';
import { maximumRefundableIn, suggestRefundIn, type SuggestOptions } from './refund-rules.js';
import type { RefundRequest, StoreLineItem, StoreOrder, StoreRefund, StoreTransaction } from './state.js';

/** The currency the customer paid in: the presentment currency, else the order's. */
export const paidCurrency = (order: StoreOrder): string => order.presentmentCurrency ?? order.currency;

/** A transaction's figure in the currency the customer paid. */
export const presentmentAmount: AmountOf = (t) => t.presentmentAmountMinor ?? t.amountMinor;

export const linePresentmentMinor = (li: StoreLineItem): number => li.presentmentUnitPriceMinor ?? li.unitPriceMinor;

export const refundPresentmentMinor = (r: StoreRefund): number => r.presentmentAmountMinor ?? r.amountMinor;

/** What the order still has to refund in the currency the customer paid (refund-rules.ts). */
export const presentmentMaximumRefundableMinor = (order: StoreOrder): number => maximumRefundableIn(order, 'presentment');

/** What a refund's lines, shipping and duties are worth in the shop's currency and in the one the customer paid. */
export interface RefundWorth {
  shopMinor: number;
  paidMinor: number;
}

/** A presentment amount refunded from a payment, in the shop's currency: the payment's own rate, its shop remainder when all of it goes back. */
export function shopShareMinor(order: StoreOrder, payment: StoreTransaction, presentmentMinor: number): number {
  if (!order.presentmentCurrency) return presentmentMinor;
  if (presentmentMinor >= paymentRemainingMinor(order, payment, presentmentAmount)) return paymentRemainingMinor(order, payment);
  const paid = presentmentAmount(payment);
  return paid === 0 ? 0 : Math.round((presentmentMinor * payment.amountMinor) / paid);
}

/**
 * The shop figures of a refund made in the presentment currency, one per transaction. A refund of
 * exactly its worth in the presentment currency is its worth in the shop's (the €41.60 mug is its
 * $45.00); anything else goes at each payment's rate (shopShareMinor). The last transaction takes
 * what rounding left.
 */
export function shopAmountsMinor(
  order: StoreOrder,
  worth: RefundWorth | null,
  paid: readonly { payment: StoreTransaction; presentmentMinor: number }[],
): number[] {
  const byRate = paid.map((p) => shopShareMinor(order, p.payment, p.presentmentMinor));
  if (!order.presentmentCurrency || paid.length === 0 || worth === null || worth.paidMinor === 0) return byRate;
  if (worth.paidMinor !== paid.reduce((n, p) => n + p.presentmentMinor, 0)) return byRate;
  const head = byRate.slice(0, -1);
  return [...head, Math.max(0, worth.shopMinor - head.reduce((n, m) => n + m, 0))];
}

/** A shop amount refunded from a payment, in the presentment currency (for refunds a fixture seeds). */
export function presentmentShareMinor(order: StoreOrder, payment: StoreTransaction, shopMinor: number): number | undefined {
  if (!order.presentmentCurrency) return undefined;
  if (shopMinor >= paymentRemainingMinor(order, payment)) return paymentRemainingMinor(order, payment, presentmentAmount);
  return payment.amountMinor === 0 ? 0 : Math.round((shopMinor * presentmentAmount(payment)) / payment.amountMinor);
}

/** suggestedRefund's figures in the currency the customer paid, and its split across the payments there. */
export function presentmentSuggestion(order: StoreOrder, lines: readonly { lineItemId: string; quantity: number }[], options: SuggestOptions = {}) {
  const suggestion = suggestRefundIn(order, lines, options, 'presentment');
  const shares: PaymentShare[] = splitAcrossPayments(order, suggestion.amountMinor, presentmentAmount);
  return { ...suggestion, shares };
}

/** refundCreate's transactions as the refund's payments: in the shop's currency, and in the presentment one when the order has it. */
export function refundPayments(order: StoreOrder, input: RefundRequest, currency: string, worth: RefundWorth | null) {
  const paid = input.transactions.map((t) => ({
    payment: order.transactions.find((p) => p.id === t.parentId)!,
    presentmentMinor: decimalToMinor(t.amount, currency),
  }));
  const shop = shopAmountsMinor(order, worth, paid);
  return input.transactions.map((t, i) => ({
    gateway: t.gateway,
    parentId: t.parentId,
    amountMinor: shop[i]!,
    ...(order.presentmentCurrency ? { presentmentAmountMinor: paid[i]!.presentmentMinor } : {}),
  }));
}
