// The sandbox store's data model: orders, their lines, payments, refunds and fulfilments as the
// store holds them, and what a refund request and its result look like. Kept apart from state.ts (the
// rules) so each file stays small; state.ts re-exports these for its callers.
//
// The money beyond list prices (discounts, tax, shipping, duties, tip: docs/sandbox-money.md) is
// optional everywhere: an order saved before it existed, or built by a test from an older shape,
// has none, and reads and refunds exactly as it did. A figure with a `presentment…` twin carries the
// same amount in the order's presentmentCurrency, computed on its own (pricing.ts).
//
// Returns (return-model.ts) and the variants a line is (catalogue.ts) are optional too: an order
// saved before they existed has none.
import type { StoreReturn } from './return-model.js';

/** Which discount application (by its index on the order) took how much off a line or shipping line. */
export interface StoreDiscountAllocation {
  applicationIndex: number;
  amountMinor: number;
  presentmentAmountMinor?: number;
}
/** One tax line of a line or shipping line: the order's rate and what it came to there. */
export interface StoreTaxLine {
  title: string;
  ratePercentage: number;
  amountMinor: number;
  presentmentAmountMinor?: number;
}
/** A discount as Shopify's DiscountApplication shows it (discounts.ts reads a fixture's discount as one). */
export interface StoreDiscountApplication {
  /** Its position among the order's discounts, in the order the fixture lists them. */
  index: number;
  /** A code discount's code; null for an automatic discount (then `title`). */
  code: string | null;
  title: string | null;
  targetType: 'LINE_ITEM' | 'SHIPPING_LINE';
  /** ACROSS: an amount spread over the targets; EACH: a percentage on each entitled line; ONE: one line (buy X get Y). */
  allocationMethod: 'ACROSS' | 'EACH' | 'ONE';
  /** ALL: every line (or shipping line); ENTITLED: the lines the offer names (a line-level discount). */
  targetSelection: 'ALL' | 'ENTITLED';
  /** The percentage off, or a fixed amount (in the shop currency and, for presentment orders, in that one). */
  value: { percentage: number } | { amountMinor: number; presentmentAmountMinor?: number };
}
export interface StoreShippingLine {
  id: string;
  title: string;
  /** The price before shipping discounts. */
  priceMinor: number;
  presentmentPriceMinor?: number;
  discountAllocations: StoreDiscountAllocation[];
  /** Empty unless the shipping line is taxed. */
  taxLines: StoreTaxLine[];
}
/** A line's import duty (one per line at most): untaxed, charged on top of prices. */
export interface StoreDuty {
  id: string;
  amountMinor: number;
  presentmentAmountMinor?: number;
}

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
  /** Whether the order's tax lines apply (default: not a gift card). */
  taxable?: boolean;
  /** Absent: no discount. Tᵢ is the list total less these. */
  discountAllocations?: StoreDiscountAllocation[];
  /** Absent: no tax. */
  taxLines?: StoreTaxLine[];
  duty?: StoreDuty;
  /** The product and variant the line is (gid://shopify/Product/…, gid://shopify/ProductVariant/…); absent: none known. */
  productId?: string;
  variantId?: string;
  variantTitle?: string;
}
/** The card a payment was made with (card-details.ts): its brand (Shopify's `company`, e.g. "Visa") and last four digits. */
export interface StoreCard {
  brand: string;
  last4: string;
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
  /** A card payment's card (a capture's is on its authorisation); absent: derived from the order (card-details.ts). */
  card?: StoreCard;
}
export interface StoreRefundLine {
  id: string;
  lineItemId: string;
  quantity: number;
  subtotalMinor: number;
  /** The units' prorated tax (proration.ts); absent: none. */
  totalTaxMinor?: number;
  presentmentSubtotalMinor?: number;
  presentmentTotalTaxMinor?: number;
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
  /** The shipping it paid back, per shipping line; absent: none. */
  shippingLines?: StoreRefundShippingLine[];
  /** The duties it paid back; absent: none. */
  duties?: StoreRefundDuty[];
}
export interface StoreRefundShippingLine {
  id: string;
  shippingLineId: string;
  /** Before tax (with prices including tax: the price, tax inside). */
  subtotalMinor: number;
  taxMinor: number;
  presentmentSubtotalMinor?: number;
  presentmentTaxMinor?: number;
}
export interface StoreRefundDuty {
  dutyId: string;
  amountMinor: number;
  presentmentAmountMinor?: number;
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
  /** Prices include tax (the tax lines are inside them); absent: false. */
  taxesIncluded?: boolean;
  /** Absent: no discount. */
  discountApplications?: StoreDiscountApplication[];
  /** Absent: no shipping charged. */
  shippingLines?: StoreShippingLine[];
  tipMinor?: number;
  presentmentTipMinor?: number;
  /** Its returns, oldest first (return-model.ts); absent: none. */
  returns?: StoreReturn[];
  /**
   * Lines an exchange added when it was processed (returns.ts). Kept apart from `lineItems`, so the
   * order's money, its suggested refunds and refundCreate stay those of what the customer paid for;
   * a fulfilment may ship one of them.
   */
  addedLineItems?: StoreLineItem[];
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
  /** RefundInput.shipping: a part of the shipping left (in the refund's currency) or all of it. */
  shipping?: { amount: string | null; fullRefund: boolean };
  /** RefundInput.refundDuties. */
  refundDuties?: { dutyId: string; refundType: 'FULL' | 'PROPORTIONAL' | null }[];
}
export type UserError = { field: string[] | null; message: string };
export type RefundResult = { refund: StoreRefund; order: StoreOrder; userErrors: [] } | { refund: null; order: StoreOrder | null; userErrors: UserError[] };
/** What an @idempotent refundCreate answered: a refund it created now, one a key created before, or user errors. */
export type IdempotentRefundResult = (RefundResult & { replayed: false }) | { refund: StoreRefund; order: StoreOrder | null; userErrors: []; replayed: true };
