// The sandbox store's returns as it holds them, in Shopify's terms: a Return on an order with its
// return line items (units of fulfillment line items coming back), exchange line items (variants
// shipped instead), a return shipping fee, and one reverse fulfillment order whose line items collect
// the dispositions made on receipt and whose reverse deliveries carry a label and tracking. The lowest
// of the return files: it imports nothing, so model.ts (an order holds its returns) and every return
// file can share it. The rules are returns.ts's and its neighbours'; docs/sandbox-returns.md is the model.

export const RETURN_STATUSES = ['REQUESTED', 'OPEN', 'DECLINED', 'CANCELED', 'CLOSED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Shopify's ReturnReason (deprecated there in favour of reason definitions, which the sandbox does not serve). */
export const RETURN_REASONS = [
  'COLOR',
  'DEFECTIVE',
  'NOT_AS_DESCRIBED',
  'OTHER',
  'SIZE_TOO_LARGE',
  'SIZE_TOO_SMALL',
  'STYLE',
  'UNKNOWN',
  'UNWANTED',
  'WRONG_ITEM',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const DECLINE_REASONS = ['FINAL_SALE', 'OTHER', 'RETURN_PERIOD_ENDED'] as const;
export type ReturnDeclineReason = (typeof DECLINE_REASONS)[number];

/** ReverseFulfillmentOrderDispositionType: every type but MISSING means the units came back. */
export const DISPOSITION_TYPES = ['MISSING', 'NOT_RESTOCKED', 'PROCESSING_REQUIRED', 'RESTOCKED'] as const;
export type DispositionType = (typeof DISPOSITION_TYPES)[number];

/** ReturnErrorCode, the values the sandbox answers with. */
export type ReturnErrorCode = 'BLANK' | 'GREATER_THAN' | 'GREATER_THAN_OR_EQUAL_TO' | 'INVALID' | 'INVALID_STATE' | 'NOT_FOUND';

/** Shopify's ReturnUserError: the field path starts at the mutation's argument (returnInput, input, id…). */
export interface ReturnUserError {
  field: string[] | null;
  message: string;
  code: ReturnErrorCode;
}

export interface StoreReturnLineItem {
  id: string;
  /** The FulfillmentLineItem the units were shipped on, and its order line. */
  fulfillmentLineItemId: string;
  lineItemId: string;
  quantity: number;
  processedQuantity: number;
  /** Units a refund made by returnProcess paid back (always ≤ processedQuantity). */
  refundedQuantity: number;
  returnReason: ReturnReason;
  returnReasonNote: string;
  customerNote: string | null;
}

export interface StoreExchangeLineItem {
  id: string;
  variantId: string;
  quantity: number;
  processedQuantity: number;
  /** The order lines each processing added (StoreOrder.addedLineItems), oldest first. */
  lineItemIds: string[];
}

/** A fee in the currency the customer paid and in the shop's (the same figure for an order paid in its own). */
export interface StoreReturnShippingFee {
  id: string;
  amountMinor: number;
  presentmentAmountMinor?: number;
}

export interface StoreDisposition {
  id: string;
  type: DispositionType;
  quantity: number;
  locationId: string | null;
  createdAt: string;
}

export interface StoreReverseFulfillmentOrderLineItem {
  id: string;
  returnLineItemId: string;
  fulfillmentLineItemId: string;
  totalQuantity: number;
  dispositions: StoreDisposition[];
}

export interface StoreReverseDelivery {
  id: string;
  createdAt: string;
  lines: { id: string; reverseFulfillmentOrderLineItemId: string; quantity: number }[];
  label: { fileUrl: string; createdAt: string } | null;
  tracking: { number: string | null; url: string | null; carrierName: string | null } | null;
}

export interface StoreReverseFulfillmentOrder {
  id: string;
  status: 'OPEN' | 'CLOSED' | 'CANCELED';
  lineItems: StoreReverseFulfillmentOrderLineItem[];
  deliveries: StoreReverseDelivery[];
}

export interface StoreReturn {
  id: string;
  /** The order's name and its return's number: #1001-R1. */
  name: string;
  status: ReturnStatus;
  createdAt: string;
  closedAt: string | null;
  requestApprovedAt: string | null;
  decline: { reason: ReturnDeclineReason; note: string | null } | null;
  returnLineItems: StoreReturnLineItem[];
  exchangeLineItems: StoreExchangeLineItem[];
  returnShippingFees: StoreReturnShippingFee[];
  /** Empty while the return is REQUESTED (or was DECLINED): Shopify makes it on approval. */
  reverseFulfillmentOrders: StoreReverseFulfillmentOrder[];
  /** The refunds returnProcess made for it, oldest first. */
  refundIds: string[];
}

/** Units of a return line that came back: its dispositions other than MISSING. */
export const receivedQuantity = (r: StoreReturn, line: StoreReturnLineItem): number =>
  r.reverseFulfillmentOrders
    .flatMap((rfo) => rfo.lineItems)
    .filter((l) => l.returnLineItemId === line.id)
    .flatMap((l) => l.dispositions)
    .filter((d) => d.type !== 'MISSING')
    .reduce((n, d) => n + d.quantity, 0);

/** Units of a reverse fulfillment order line with a disposition of any type (MISSING included). */
export const disposedQuantity = (line: StoreReverseFulfillmentOrderLineItem): number => line.dispositions.reduce((n, d) => n + d.quantity, 0);

/** A return that still holds its units: requested, open, or closed (declined and canceled returns let them go). */
export const holdsUnits = (r: StoreReturn): boolean => r.status === 'REQUESTED' || r.status === 'OPEN' || r.status === 'CLOSED';
