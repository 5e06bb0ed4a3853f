// The refund returnProcess makes with financialTransfer.issueRefund, through the same code as
// refundCreate (refund-checks.ts, refunds.ts, state.createRefund): the units processed now as its
// lines, its orderTransactions as the refund's transactions, store credit, shipping and duties. So the
// arithmetic of docs/sandbox-money.md, presentment currencies and the split across payments all apply.
// What the return allows on top of refundCreate's rules (unless allowOverRefunding): what its refunded
// units, shipping and duties are worth, less the exchanged items shipped, less the return shipping
// fee, less what its earlier refunds paid back (the fee is taken once per return). Refusals keep
// refundCreate's messages with returnProcess's field names.
import { decimalToMinorOrNull, minorToDecimal } from '#shared/money.js';
import type { RefundRequest, StoreCustomer, StoreOrder, StoreRefund, UserError } from './model.js';
import { paidCurrency, refundPresentmentMinor } from './presentment.js';
import { askOf, refundErrors } from './refund-checks.js';
import { refundFigures } from './refunds.js';
import type { ReturnUserError, StoreReturn } from './return-model.js';
import { anyLineItem } from './return-units.js';

type Money = { amount: string; currencyCode: string };

/** ReturnProcessInput's money: financialTransfer.issueRefund, refundShipping, refundDuties, note. */
export interface ReturnRefundAsk {
  allowOverRefunding: boolean;
  orderTransactions: { parentId: string; transactionAmount: Money }[];
  storeCredit: Money[];
  refundShipping: { fullRefund: boolean; shippingRefundAmount: Money | null } | null;
  refundDuties: { dutyId: string; refundType: 'FULL' | 'PROPORTIONAL' | null }[];
  note: string | null;
}

const ISSUE = ['input', 'financialTransfer', 'issueRefund'];

/** A refundCreate field as returnProcess names it; `lineInputs[k]` is the input index of the refund's k-th line. */
export function returnProcessField(field: string[] | null, lineInputs: readonly number[]): string[] {
  const [head, index] = field ?? [];
  if (head === 'currency') return [...ISSUE, 'orderTransactions'];
  if (head === 'transactions') return index === undefined ? [...ISSUE, 'orderTransactions'] : [...ISSUE, 'orderTransactions', index, 'transactionAmount'];
  if (head === 'refundLineItems') return ['input', 'returnLineItems', String(lineInputs[Number(index)] ?? index), 'quantity'];
  if (head === 'shipping') return ['input', 'refundShipping', 'shippingRefundAmount'];
  if (head === 'refundDuties' || head === 'refundMethods') return head === 'refundDuties' ? ['input', ...(field ?? [])] : [...ISSUE, ...(field ?? [])];
  return ['input'];
}

/** The refund request of these units and this money, in the currency the customer paid (its amounts checked by refund-checks.ts). */
export function refundRequestOf(order: StoreOrder, lines: { lineItemId: string; quantity: number }[], ask: ReturnRefundAsk): RefundRequest {
  const currency = ask.orderTransactions[0]?.transactionAmount.currencyCode ?? ask.storeCredit[0]?.currencyCode ?? paidCurrency(order);
  const shipping = ask.refundShipping;
  return {
    orderId: order.id,
    note: ask.note,
    currency,
    refundLineItems: lines,
    transactions: ask.orderTransactions.map((t) => ({
      orderId: order.id,
      parentId: t.parentId,
      gateway: order.transactions.find((p) => p.id === t.parentId)?.gateway ?? '',
      kind: 'REFUND',
      amount: String(t.transactionAmount.amount),
    })),
    storeCredit: ask.storeCredit.map((c) => ({ amount: String(c.amount), currencyCode: c.currencyCode })),
    ...(shipping
      ? { shipping: { amount: shipping.shippingRefundAmount ? String(shipping.shippingRefundAmount.amount) : null, fullRefund: shipping.fullRefund } }
      : {}),
    ...(ask.refundDuties.length > 0 ? { refundDuties: ask.refundDuties } : {}),
  };
}

/** What a refund recorded on the order is worth in the currency the customer paid: its lines, shipping and duties. */
function recordedWorthMinor(order: StoreOrder, refund: StoreRefund): number {
  const taxed = order.taxesIncluded !== true;
  const lines = refund.lines.reduce(
    (n, l) => n + (l.presentmentSubtotalMinor ?? l.subtotalMinor) + (taxed ? (l.presentmentTotalTaxMinor ?? l.totalTaxMinor ?? 0) : 0),
    0,
  );
  const shipping = (refund.shippingLines ?? []).reduce(
    (n, s) => n + (s.presentmentSubtotalMinor ?? s.subtotalMinor) + (taxed ? (s.presentmentTaxMinor ?? s.taxMinor) : 0),
    0,
  );
  const duties = (refund.duties ?? []).reduce((n, d) => n + (d.presentmentAmountMinor ?? d.amountMinor), 0);
  return lines + shipping + duties;
}

/**
 * What this return may still refund with a refund worth `worthNowMinor` (in the currency the customer
 * paid), once the exchange units it has shipped, plus `exchangeNowMinor` shipped now, are taken off.
 */
export function returnRefundCapMinor(order: StoreOrder, ret: StoreReturn, worthNowMinor: number, exchangeNowMinor: number): number {
  const refunds = ret.refundIds.flatMap((id) => order.refunds.filter((r) => r.id === id));
  const earlierWorth = refunds.reduce((n, r) => n + recordedWorthMinor(order, r), 0);
  const paidOut = refunds.reduce((n, r) => n + refundPresentmentMinor(r), 0);
  const shipped = ret.exchangeLineItems
    .flatMap((e) => e.lineItemIds)
    .map((id) => anyLineItem(order, id))
    .reduce((n, li) => n + (li ? (li.presentmentUnitPriceMinor ?? li.unitPriceMinor) * li.quantity : 0), 0);
  const fee = ret.returnShippingFees.reduce((n, f) => n + (f.presentmentAmountMinor ?? f.amountMinor), 0);
  return Math.max(0, earlierWorth + worthNowMinor - shipped - exchangeNowMinor - fee - paidOut);
}

/**
 * The user errors of this refund (none: createRefund will make it): refundCreate's own, a currency
 * that is not the one the customer paid, and an amount above what the return allows.
 */
export function returnRefundErrors(
  order: StoreOrder,
  customers: ReadonlyMap<string, StoreCustomer>,
  ret: StoreReturn,
  request: { request: RefundRequest; lineInputs: number[]; ask: ReturnRefundAsk; exchangeNowMinor: number },
): ReturnUserError[] {
  const currency = paidCurrency(order);
  const { ask } = request;
  const moneys = [
    ...ask.orderTransactions.map((t) => t.transactionAmount),
    ...ask.storeCredit,
    ...(ask.refundShipping?.shippingRefundAmount ? [ask.refundShipping.shippingRefundAmount] : []),
  ];
  if (moneys.some((m) => m.currencyCode !== currency)) {
    return [{ field: [...ISSUE, 'orderTransactions'], message: `Amounts must be in the order's presentment currency (${currency})`, code: 'INVALID' }];
  }
  const { errors } = refundErrors(order, customers, request.request, currency);
  const userErrors = errors.map((e: UserError): ReturnUserError => ({
    field: returnProcessField(e.field, request.lineInputs),
    message: e.message,
    code: 'INVALID',
  }));
  if (userErrors.length > 0 || ask.allowOverRefunding) return userErrors;
  const askedMinor = moneys
    .slice(0, ask.orderTransactions.length + ask.storeCredit.length)
    .reduce((n, m) => n + (decimalToMinorOrNull(String(m.amount), currency) ?? 0), 0);
  const worthNow = refundFigures(order, askOf(request.request, currency)).paid.worthMinor;
  const cap = returnRefundCapMinor(order, ret, worthNow, request.exchangeNowMinor);
  if (askedMinor <= cap) return [];
  const message = `Amount is more than the ${minorToDecimal(cap, currency)} ${currency} this return refunds (its units, less the exchanged items and the return shipping fee, less earlier refunds)`;
  return [{ field: [...ISSUE, 'orderTransactions'], message, code: 'INVALID' }];
}
