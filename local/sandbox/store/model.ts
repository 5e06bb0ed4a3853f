// The sandbox store's data model: orders, their lines, payments, refunds and fulfilments as the
// store holds them, and what a refund request and its result look like. Kept apart from state.ts (the
// rules) so each file stays small; state.ts re-exports these for its callers.

export interface StoreAttribute {
  key: string;
  value: string;
}
export interface StoreLineItem {
  id: string;
  title: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  /** The unit price in the order's presentmentCurrency, when it has one. */
  presentmentUnitPriceMinor?: number;
  customAttributes: StoreAttribute[];
  giftCard: boolean;
}
export interface StoreTransaction {
  id: string;
  /** SALE and CAPTURE are payments a refund can go back to; a CAPTURE's parent is its AUTHORIZATION. */
  kind: 'SALE' | 'AUTHORIZATION' | 'CAPTURE' | 'REFUND';
  status: 'SUCCESS';
  gateway: string;
  amountMinor: number;
  /** The amount in the order's presentmentCurrency, when it has one. */
  presentmentAmountMinor?: number;
  createdAt: string;
  parentId: string | null;
}
export interface StoreRefundLine {
  id: string;
  lineItemId: string;
  quantity: number;
  subtotalMinor: number;
  /** RETURN or CANCEL when the units went back in stock at `locationId`; absent means NO_RESTOCK. */
  restockType?: 'RETURN' | 'CANCEL';
  locationId?: string;
}
/** `lines` is empty for an amount-only refund; `amountMinor` is what its transactions paid back. */
export interface StoreRefund {
  id: string;
  createdAt: string;
  note: string | null;
  lines: StoreRefundLine[];
  amountMinor: number;
  /** What it paid back in the order's presentmentCurrency, when it has one. */
  presentmentAmountMinor?: number;
  transactionIds: string[];
}
export interface StoreFulfillment {
  id: string;
  createdAt: string;
  deliveredAt: string | null;
  lines: { id: string; lineItemId: string; quantity: number }[];
}
export interface StoreOrder {
  id: string;
  name: string;
  createdAt: string;
  currency: string;
  /** The currency the customer paid in (Shopify Markets), when not `currency`: presentment.ts. */
  presentmentCurrency?: string;
  customerId: string;
  note: string | null;
  customAttributes: StoreAttribute[];
  shippingAddress: string[] | null;
  lineItems: StoreLineItem[];
  transactions: StoreTransaction[];
  refunds: StoreRefund[];
  fulfillments: StoreFulfillment[];
  /** When orderCancel's job cancelled the order (cancel.ts); absent while it is not cancelled. */
  cancelledAt?: string;
}
export interface StoreCustomer {
  id: string;
  email: string;
  name: string;
}

export interface RefundRequest {
  orderId: string;
  note: string | null;
  currency: string | null;
  refundLineItems: { lineItemId: string; quantity: number; restockType?: string | null; locationId?: string | null }[];
  transactions: { orderId: string; amount: string; gateway: string; kind: string; parentId: string | null }[];
  /** refundMethods' storeCreditRefund amounts (credit.ts): paid back as store credit on the customer's account. */
  storeCredit?: { amount: string; currencyCode: string }[];
}
export type UserError = { field: string[] | null; message: string };
export type RefundResult = { refund: StoreRefund; order: StoreOrder; userErrors: [] } | { refund: null; order: StoreOrder | null; userErrors: UserError[] };
/** What an @idempotent refundCreate answered: a refund it created now, one a key created before, or user errors. */
export type IdempotentRefundResult = (RefundResult & { replayed: false }) | { refund: StoreRefund; order: StoreOrder | null; userErrors: []; replayed: true };
