// Presentment currencies in the sandbox store (Shopify Markets): an order the customer paid in
// another currency than the shop's keeps both figures on its lines, payments and refunds, as
// Shopify's MoneyBag does (shopMoney, presentmentMoney). A refund on such an order is made in the
// presentment currency (refundCreate's `currency`, required there); its shop figure is its lines'
// shop price when it pays back exactly their presentment price, else each payment's own rate.
import { decimalToMinor } from '#shared/money.js';
import { paymentRemainingMinor, paymentsOf, splitAcrossPayments, type AmountOf, type PaymentShare } from './payments.js';
import { maximumRefundableMinor } from './refund-rules.js';
import type { RefundRequest, StoreLineItem, StoreOrder, StoreRefund, StoreTransaction } from './state.js';

/** The currency the customer paid in: the presentment currency, else the order's. */
export const paidCurrency = (order: StoreOrder): string => order.presentmentCurrency ?? order.currency;

/** A transaction's figure in the currency the customer paid. */
export const presentmentAmount: AmountOf = (t) => t.presentmentAmountMinor ?? t.amountMinor;

export const linePresentmentMinor = (li: StoreLineItem): number => li.presentmentUnitPriceMinor ?? li.unitPriceMinor;

export const refundPresentmentMinor = (r: StoreRefund): number => r.presentmentAmountMinor ?? r.amountMinor;

/** The order's lines less every refund, capped by what its payments took in, in the currency the customer paid. */
export function presentmentMaximumRefundableMinor(order: StoreOrder): number {
  if (!order.presentmentCurrency) return maximumRefundableMinor(order);
  const lines = order.lineItems.reduce((n, li) => n + linePresentmentMinor(li) * li.quantity, 0);
  const received = paymentsOf(order).reduce((n, t) => n + presentmentAmount(t), 0);
  const refunded = order.refunds.reduce((n, r) => n + refundPresentmentMinor(r), 0);
  return Math.max(0, Math.min(lines, received) - refunded);
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
 * exactly its lines' presentment price is their shop price (the €41.60 mug is its $45.00); anything
 * else goes at each payment's rate (shopShareMinor). The last transaction takes what rounding left.
 */
export function shopAmountsMinor(
  order: StoreOrder,
  lines: readonly { lineItemId: string; quantity: number }[],
  paid: readonly { payment: StoreTransaction; presentmentMinor: number }[],
): number[] {
  const byRate = paid.map((p) => shopShareMinor(order, p.payment, p.presentmentMinor));
  if (!order.presentmentCurrency || paid.length === 0) return byRate;
  const items = lines.map((l) => ({ quantity: l.quantity, item: order.lineItems.find((li) => li.id === l.lineItemId) }));
  const linesPaid = items.reduce((n, { item, quantity }) => n + (item ? linePresentmentMinor(item) : 0) * quantity, 0);
  if (lines.length === 0 || linesPaid !== paid.reduce((n, p) => n + p.presentmentMinor, 0)) return byRate;
  const shopTotal = items.reduce((n, { item, quantity }) => n + (item?.unitPriceMinor ?? 0) * quantity, 0);
  const head = byRate.slice(0, -1);
  return [...head, Math.max(0, shopTotal - head.reduce((n, m) => n + m, 0))];
}

/** A shop amount refunded from a payment, in the presentment currency (for refunds a fixture seeds). */
export function presentmentShareMinor(order: StoreOrder, payment: StoreTransaction, shopMinor: number): number | undefined {
  if (!order.presentmentCurrency) return undefined;
  if (shopMinor >= paymentRemainingMinor(order, payment)) return paymentRemainingMinor(order, payment, presentmentAmount);
  return payment.amountMinor === 0 ? 0 : Math.round((shopMinor * presentmentAmount(payment)) / payment.amountMinor);
}

/** suggestedRefund's figures in the currency the customer paid, for lines the shop suggestion already capped. */
export function presentmentSuggestion(order: StoreOrder, lines: readonly { lineItemId: string; quantity: number }[]) {
  const unit = (id: string) => {
    const item = order.lineItems.find((li) => li.id === id);
    return item ? linePresentmentMinor(item) : 0;
  };
  const subtotalMinor = lines.reduce((n, l) => n + unit(l.lineItemId) * l.quantity, 0);
  const maximumRefundableMinor = presentmentMaximumRefundableMinor(order);
  const amountMinor = Math.min(subtotalMinor, maximumRefundableMinor);
  const shares: PaymentShare[] = splitAcrossPayments(order, amountMinor, presentmentAmount);
  return { subtotalMinor, amountMinor, maximumRefundableMinor, shares, unit };
}

/** refundCreate's transactions as the refund's payments: in the shop's currency, and in the presentment one when the order has it. */
export function refundPayments(order: StoreOrder, input: RefundRequest, currency: string) {
  const paid = input.transactions.map((t) => ({
    payment: order.transactions.find((p) => p.id === t.parentId)!,
    presentmentMinor: decimalToMinor(t.amount, currency),
  }));
  const shop = shopAmountsMinor(order, input.refundLineItems, paid);
  return input.transactions.map((t, i) => ({
    gateway: t.gateway,
    parentId: t.parentId,
    amountMinor: shop[i]!,
    ...(order.presentmentCurrency ? { presentmentAmountMinor: paid[i]!.presentmentMinor } : {}),
  }));
}
