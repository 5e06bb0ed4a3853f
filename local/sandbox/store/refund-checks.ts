// refundCreate's refusals, as Shopify answers them (user errors; nothing changes): the currency, the
// lines and their quantities, the transactions and their parents, store credit and restocking, the
// order's and each payment's remainder, and (docs/sandbox-money.md section 5) a shipping amount above
// the shipping left and a duty unknown, already refunded or only partly refundable. Also what the
// request asks back, as refunds.ts prices it.
import { decimalToMinor, MoneyFormatError } from '#shared/money.js';
import { checkStoreCreditAndRestock } from './credit.js';
import type { RefundRequest, StoreCustomer, StoreOrder, UserError } from './model.js';
import { refundedSoFar } from './order-money.js';
import { checkRefundTransactions, isPayment } from './payments.js';
import { presentmentAmount, presentmentMaximumRefundableMinor } from './presentment.js';
import { refundableQuantity } from './refund-rules.js';
import { lineRefundedInFull, shippingLeftMinor, type StoreRefundAsk } from './refunds.js';

/** An amount in the refund's currency, or the user error its field gets. */
function amountOf(amount: string, currency: string, field: string[], errors: UserError[], zeroAllowed = false): number | null {
  try {
    const minor = decimalToMinor(amount, currency);
    if (minor < 0 || (minor === 0 && !zeroAllowed)) errors.push({ field, message: 'Amount must be greater than 0' });
    return minor;
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    errors.push({ field, message: 'Amount is invalid' });
    return null;
  }
}

/** What the request asks back beside its transactions: its lines, its shipping (in the refund's currency), its duties. */
export function askOf(input: RefundRequest, currency: string): StoreRefundAsk {
  const shipping = input.shipping;
  let shippingAsk: StoreRefundAsk['shipping'] = null;
  if (shipping?.amount !== null && shipping?.amount !== undefined) shippingAsk = { paidAmountMinor: decimalToMinor(shipping.amount, currency) };
  else if (shipping?.fullRefund === true) shippingAsk = { fullRefund: true };
  return { lines: input.refundLineItems, shipping: shippingAsk, dutyIds: (input.refundDuties ?? []).map((d) => d.dutyId) };
}

/** A shipping amount above what is left, and duties that are unknown, refunded already, or PROPORTIONAL on a line refunded in part. */
function shippingAndDutyErrors(order: StoreOrder, input: RefundRequest, currency: string): UserError[] {
  const errors: UserError[] = [];
  const amount = input.shipping?.amount;
  if (amount !== null && amount !== undefined) {
    const minor = amountOf(amount, currency, ['shipping', 'amount'], errors, true);
    if (minor !== null && minor > shippingLeftMinor(order, 'presentment')) {
      errors.push({ field: ['shipping', 'amount'], message: 'Shipping amount cannot be greater than the refundable shipping amount' });
    }
  }
  const refundedDuties = refundedSoFar(order, 'shop').duties;
  const asked = new Set<string>();
  (input.refundDuties ?? []).forEach((d, i) => {
    const index = order.lineItems.findIndex((li) => li.duty?.id === d.dutyId);
    if (index < 0) errors.push({ field: ['refundDuties', String(i), 'dutyId'], message: 'Duty does not exist on this order' });
    else if (refundedDuties[index] || asked.has(d.dutyId))
      errors.push({ field: ['refundDuties', String(i), 'dutyId'], message: 'Duty has already been refunded' });
    // PROPORTIONAL is FULL for a line refunded in full; the sandbox does not prorate a duty over part of a line (refunds.ts).
    else if (d.refundType === 'PROPORTIONAL' && !lineRefundedInFull(order, d.dutyId, input.refundLineItems, (item) => refundableQuantity(order, item))) {
      errors.push({
        field: ['refundDuties', String(i), 'refundType'],
        message: 'The sandbox refunds a PROPORTIONAL duty only with the last units of its line; use FULL',
      });
    }
    asked.add(d.dutyId);
  });
  return errors;
}

/** The user errors refundCreate answers for this request (none: it may be made), and the store credit it asks for. */
export function refundErrors(
  order: StoreOrder,
  customers: ReadonlyMap<string, StoreCustomer>,
  input: RefundRequest,
  currency: string,
): { errors: UserError[]; creditMinor: number } {
  const errors: UserError[] = [];
  if (order.presentmentCurrency ? input.currency !== currency : input.currency !== null && input.currency !== order.currency) {
    errors.push({ field: ['currency'], message: `Currency must be the presentment currency of the order (${currency})` });
  }
  const taken = new Map<string, number>();
  input.refundLineItems.forEach((line, i) => {
    const item = order.lineItems.find((li) => li.id === line.lineItemId);
    if (!item) return void errors.push({ field: ['refundLineItems', String(i), 'lineItemId'], message: 'Line item does not exist' });
    const total = (taken.get(item.id) ?? 0) + line.quantity;
    taken.set(item.id, total);
    if (line.quantity < 1 || total > refundableQuantity(order, item)) {
      errors.push({ field: ['refundLineItems', String(i), 'quantity'], message: 'Quantity cannot refund more items than were purchased' });
    }
  });
  errors.push(...shippingAndDutyErrors(order, input, currency));
  let amountMinor = 0;
  input.transactions.forEach((t, i) => {
    const parent = order.transactions.find((p) => p.id === t.parentId && isPayment(p));
    if (!parent || t.orderId !== order.id) {
      errors.push({ field: ['transactions'], message: 'Transactions require a parent_id associated with the order' });
    }
    if (t.kind !== 'REFUND') errors.push({ field: ['transactions', String(i), 'kind'], message: 'Kind must be refund' });
    amountMinor += amountOf(t.amount, currency, ['transactions', String(i), 'amount'], errors) ?? 0;
  });
  const { errors: creditErrors, creditMinor } = checkStoreCreditAndRestock(order, customers, input, currency);
  errors.push(...creditErrors);
  amountMinor += creditMinor;
  if (errors.length === 0 && amountMinor > presentmentMaximumRefundableMinor(order)) {
    errors.push({ field: ['transactions', '0', 'amount'], message: 'Amount cannot be greater than the refundable amount' });
  }
  // Within the order's remainder, each payment is refunded at most what it has left.
  if (errors.length === 0) {
    const paid = input.transactions.map((t) => ({ parentId: t.parentId, gateway: t.gateway, amountMinor: decimalToMinor(t.amount, currency) }));
    for (const e of checkRefundTransactions(order, paid, presentmentAmount))
      errors.push({ field: ['transactions', String(e.index), e.field], message: e.message });
  }
  return { errors, creditMinor };
}
