// Store credit and restocking in the sandbox store. A refund with refundMethods' storeCreditRefund
// pays back as store credit: one REFUND transaction on Shopify's store-credit gateway (no parent
// payment, so no card is refunded) and a credit on the customer's store credit account in that
// currency, as Shopify keeps one account per customer and currency. A refund line with restockType
// RETURN (or CANCEL, from orderCancel) puts its units back in stock at its location. The ledgers
// keep both so tests (and the read-only order page) can see them.
import { decimalToMinor, MoneyFormatError } from '#shared/money.js';
import type { RefundRequest, StoreCustomer, StoreOrder, UserError } from './model.js';
import { paymentsOf } from './payments.js';
import { presentmentAmount, type RefundWorth } from './presentment.js';

/** The gateway Shopify records a refund to store credit on. */
export const STORE_CREDIT_GATEWAY = 'shopify_store_credit';
/** Where orderCancel restocks (the sandbox has one location: the shop's default). */
export const DEFAULT_LOCATION_ID = 'gid://shopify/Location/1';

export interface StoreCreditEntry {
  customerId: string;
  currency: string;
  amountMinor: number;
  refundId: string;
  createdAt: string;
}
export interface RestockEntry {
  locationId: string;
  lineItemId: string;
  quantity: number;
  refundId: string;
}
export interface LedgersSnapshot {
  credits: StoreCreditEntry[];
  restocks: RestockEntry[];
}

export class StoreLedgers {
  readonly credits: StoreCreditEntry[] = [];
  readonly restocks: RestockEntry[] = [];

  /** A customer's store credit balance in one currency (what refunds credited; the sandbox spends none). */
  balanceMinor(customerId: string, currency: string): number {
    return this.credits.filter((c) => c.customerId === customerId && c.currency === currency).reduce((n, c) => n + c.amountMinor, 0);
  }

  /** A customer's accounts: one per currency with a credit. */
  balances(customerId: string): { currency: string; amountMinor: number }[] {
    const currencies = [...new Set(this.credits.filter((c) => c.customerId === customerId).map((c) => c.currency))];
    return currencies.map((currency) => ({ currency, amountMinor: this.balanceMinor(customerId, currency) }));
  }

  /** Units put back in stock at a location, of one line or of all. */
  restockedUnits(locationId: string, lineItemId?: string): number {
    return this.restocks
      .filter((r) => r.locationId === locationId && (lineItemId === undefined || r.lineItemId === lineItemId))
      .reduce((n, r) => n + r.quantity, 0);
  }

  snapshot(): LedgersSnapshot {
    return structuredClone({ credits: this.credits, restocks: this.restocks });
  }

  restore(saved: LedgersSnapshot | undefined): void {
    this.credits.splice(0, this.credits.length, ...structuredClone(saved?.credits ?? []));
    this.restocks.splice(0, this.restocks.length, ...structuredClone(saved?.restocks ?? []));
  }
}

/**
 * refundCreate's rules for refundMethods and restocking: store credit needs the order's customer and
 * the refund's currency; a restocked line names its location. Returns the errors and the store
 * credit's total in the refund currency.
 */
export function checkStoreCreditAndRestock(
  order: StoreOrder,
  customers: ReadonlyMap<string, StoreCustomer>,
  input: RefundRequest,
  currency: string,
): { errors: UserError[]; creditMinor: number } {
  const errors: UserError[] = [];
  let creditMinor = 0;
  (input.storeCredit ?? []).forEach((credit, i) => {
    const field = ['refundMethods', String(i), 'storeCreditRefund', 'amount'];
    if (!customers.has(order.customerId)) {
      errors.push({ field: ['refundMethods', String(i), 'storeCreditRefund'], message: 'Store credit can only be issued to an order with a customer' });
    }
    if (credit.currencyCode !== currency) errors.push({ field, message: `Store credit must be issued in the refund currency (${currency})` });
    try {
      const minor = decimalToMinor(credit.amount, currency);
      if (minor <= 0) errors.push({ field, message: 'Amount must be greater than 0' });
      creditMinor += minor;
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      errors.push({ field, message: 'Amount is invalid' });
    }
  });
  input.refundLineItems.forEach((line, i) => {
    if ((line.restockType === 'RETURN' || line.restockType === 'CANCEL') && !line.locationId) {
      errors.push({ field: ['refundLineItems', String(i), 'locationId'], message: 'Location is required to restock' });
    }
  });
  return { errors, creditMinor };
}

/**
 * A store credit paid back in the refund currency, in the shop's: the refund's worth there when it
 * is exactly its worth in the refund currency, else at the rate the order was paid at.
 */
export function storeCreditShopMinor(order: StoreOrder, worth: RefundWorth | null, creditMinor: number): number {
  if (!order.presentmentCurrency) return creditMinor;
  if (worth !== null && worth.paidMinor > 0 && worth.paidMinor === creditMinor) return worth.shopMinor;
  const shop = paymentsOf(order).reduce((n, t) => n + t.amountMinor, 0);
  const paid = paymentsOf(order).reduce((n, t) => n + presentmentAmount(t), 0);
  return paid === 0 ? creditMinor : Math.round((creditMinor * shop) / paid);
}

/** The restock part of a refund line as the store records it (only a restocked line with a location). */
export function restockOf(line: RefundRequest['refundLineItems'][number]): { restockType: 'RETURN' | 'CANCEL'; locationId: string } | undefined {
  if ((line.restockType === 'RETURN' || line.restockType === 'CANCEL') && line.locationId)
    return { restockType: line.restockType, locationId: line.locationId };
  return undefined;
}
