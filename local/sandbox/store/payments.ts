// An order's payments in the sandbox store: which transactions a refund can go back to (each
// successful SALE or CAPTURE), what each still has to refund, and how a refund is split across
// them, for suggestedRefund's suggestedTransactions and for refundCreate's per-parent check.
// The sandbox store and, in-process, the unit tests' fake (through refund-rules.ts) share these rules.
//
// The split order is an ASSUMPTION. Shopify's documentation does not say which payment a refund goes
// back to first when an order was paid several ways (a gift card and a card, or several captures).
// The one real suggestedRefund answer we hold (Gladly's, in test/unit/mcp/fixtures/shopify-gladly.json,
// four payments) fills the first payment and lists every other one at 0.00 with its own maximum, so
// the sandbox fills payments in the order they were made, each up to what it has left.
import type { FixturePayment } from '../fixture.js';
import type { StoreOrder, StoreTransaction } from './state.js';

/** A refund can go back to these: successful sales and captures (an authorisation alone moved no money). */
export const isPayment = (t: StoreTransaction): boolean => (t.kind === 'SALE' || t.kind === 'CAPTURE') && t.status === 'SUCCESS';

export function paymentsOf(order: StoreOrder): StoreTransaction[] {
  return order.transactions.filter(isPayment);
}

/** Which of a transaction's figures to count: the shop's (the default) or the presentment one (presentment.ts). */
export type AmountOf = (t: StoreTransaction) => number;
const shopAmount: AmountOf = (t) => t.amountMinor;

/** What a payment still has to refund: its amount less every refund transaction made against it. */
export function paymentRemainingMinor(order: StoreOrder, payment: StoreTransaction, amountOf: AmountOf = shopAmount): number {
  const refunded = order.transactions.filter((t) => t.kind === 'REFUND' && t.parentId === payment.id).reduce((n, t) => n + amountOf(t), 0);
  return Math.max(0, amountOf(payment) - refunded);
}

export interface PaymentShare {
  payment: StoreTransaction;
  /** This payment's part of the refund (0 when earlier payments cover it). */
  amountMinor: number;
  /** What the payment still has to refund, before this refund. */
  remainingMinor: number;
}

/**
 * The refund split across the payments with something left, in the order they were made: each
 * takes what it can until the amount is covered. Every such payment is listed, at 0 when it takes
 * nothing, as Shopify lists them. An amount above all of them leaves the rest unallocated.
 */
export function splitAcrossPayments(order: StoreOrder, amountMinor: number, amountOf: AmountOf = shopAmount): PaymentShare[] {
  let left = Math.max(0, amountMinor);
  return paymentsOf(order).flatMap((payment) => {
    const remainingMinor = paymentRemainingMinor(order, payment, amountOf);
    if (remainingMinor <= 0) return [];
    const share = Math.min(left, remainingMinor);
    left -= share;
    return [{ payment, amountMinor: share, remainingMinor }];
  });
}

export interface RefundTransactionInput {
  parentId: string | null;
  gateway: string;
  amountMinor: number;
}
export type TransactionError = { index: number; field: 'parentId' | 'gateway' | 'amount'; message: string };

/**
 * refundCreate's per-payment rules: each transaction names a payment of this order, with that
 * payment's gateway, and the transactions against one payment add up to no more than it has left.
 */
export function checkRefundTransactions(
  order: StoreOrder,
  transactions: readonly RefundTransactionInput[],
  amountOf: AmountOf = shopAmount,
): TransactionError[] {
  const errors: TransactionError[] = [];
  const asked = new Map<string, number>();
  transactions.forEach((t, index) => {
    const payment = paymentsOf(order).find((p) => p.id === t.parentId);
    if (!payment) return;
    if (payment.gateway !== t.gateway) {
      errors.push({ index, field: 'gateway', message: `Gateway must match the parent transaction's gateway (${payment.gateway})` });
    }
    const total = (asked.get(payment.id) ?? 0) + t.amountMinor;
    asked.set(payment.id, total);
    if (total > paymentRemainingMinor(order, payment, amountOf)) {
      errors.push({ index, field: 'amount', message: "Amount cannot be greater than the parent transaction's refundable amount" });
    }
  });
  return errors;
}

/**
 * A fixture order's payments as Shopify records them: the first keeps the id a single sale always
 * had (`<number>1`), so orders paid once read as before; the captures of a gateway share one
 * AUTHORIZATION (`<number>9<k>`) as their parent.
 */
export function paymentTransactions(payments: readonly FixturePayment[], createdAt: string, idOf: (suffix: string) => string): StoreTransaction[] {
  const authorizations = new Map<string, StoreTransaction>();
  const made: StoreTransaction[] = [];
  const base = { status: 'SUCCESS' as const, createdAt };
  payments.forEach((p, k) => {
    let parentId: string | null = null;
    if (p.kind === 'CAPTURE') {
      let auth = authorizations.get(p.gateway);
      if (!auth) {
        auth = { ...base, id: idOf(`9${authorizations.size}`), kind: 'AUTHORIZATION', gateway: p.gateway, amountMinor: 0, parentId: null };
        if (p.presentmentAmountMinor !== undefined) auth.presentmentAmountMinor = 0;
        authorizations.set(p.gateway, auth);
        made.push(auth);
      }
      auth.amountMinor += p.amountMinor;
      if (auth.presentmentAmountMinor !== undefined) auth.presentmentAmountMinor += p.presentmentAmountMinor ?? 0;
      parentId = auth.id;
    }
    const presentment = p.presentmentAmountMinor === undefined ? {} : { presentmentAmountMinor: p.presentmentAmountMinor };
    made.push({ ...base, id: idOf(String(k + 1)), kind: p.kind ?? 'SALE', gateway: p.gateway, amountMinor: p.amountMinor, ...presentment, parentId });
  });
  return made;
}
