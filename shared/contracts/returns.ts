// The returns tools' wire contracts (Shopify Returns, Admin API 2026-04): open a return on an order,
// read an order's returns, process what came back (a refund less the return fee, or an exchange
// shipped), close or cancel a return. Lines are named by the order's line item ids; the server maps
// them to fulfillment line items. Money is integer minor units with its currency.
import * as z from 'zod';
import { Money } from './money.js';

/** Shopify's ReturnReason values the agent sends (the customer's reason, as the run read it). */
export const ShopifyReturnReason = z.enum([
  'SIZE_TOO_SMALL',
  'SIZE_TOO_LARGE',
  'UNWANTED',
  'NOT_AS_DESCRIBED',
  'WRONG_ITEM',
  'DEFECTIVE',
  'STYLE',
  'COLOR',
  'OTHER',
]);
export type ShopifyReturnReason = z.infer<typeof ShopifyReturnReason>;

export const ReturnStatus = z.enum(['REQUESTED', 'OPEN', 'CLOSED', 'CANCELED', 'DECLINED']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/**
 * Open a return (returnCreate: OPEN at once). `note` is sent as every line's returnReasonNote and
 * names the run, so a caller that lost the answer finds its return with get_returns. returnCreate
 * takes no idempotency key: the caller reads the order's returns before any retry.
 */
export const OpenReturnInput = z.object({
  orderId: z.string().min(1),
  lineItems: z
    .array(z.object({ lineItemId: z.string().min(1), quantity: z.number().int().positive(), reason: ShopifyReturnReason }))
    .min(1)
    .max(50),
  /** New items to ship in exchange (variants of the same products), when the return is processed. */
  exchangeLineItems: z
    .array(z.object({ variantId: z.string().min(1), quantity: z.number().int().positive() }))
    .max(50)
    .optional(),
  /** The flat return shipping fee, in the currency the customer paid (returnShippingFee); absent or zero: none. */
  returnFee: Money.optional(),
  /** Shopify's own return notification to the customer. */
  notifyCustomer: z.boolean(),
  /** Names the run (returnReasonNote); shown to staff, never to the customer. */
  note: z.string().min(1).max(255),
});
export type OpenReturnInput = z.infer<typeof OpenReturnInput>;

/** A return line: the order line it returns and how many of its units came back, were processed, were refunded. */
export const ReturnLine = z.object({
  returnLineItemId: z.string(),
  lineItemId: z.string(),
  quantity: z.number().int().nonnegative(),
  /** Units with a disposition other than MISSING on the reverse fulfillment order (the parcel arrived with them). */
  receivedQuantity: z.number().int().nonnegative(),
  processedQuantity: z.number().int().nonnegative(),
  refundedQuantity: z.number().int().nonnegative(),
  /** The line's returnReasonNote (the run that opened it, for a return the agent opened). */
  note: z.string().nullable(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ExchangeLine = z.object({
  exchangeLineItemId: z.string(),
  variantId: z.string(),
  variantTitle: z.string().nullable(),
  quantity: z.number().int().nonnegative(),
  processedQuantity: z.number().int().nonnegative(),
  /** The variant's price per unit, as the store sells it. */
  unitPrice: Money.nullable(),
});
export type ExchangeLine = z.infer<typeof ExchangeLine>;

export const ReturnSummary = z.object({
  returnId: z.string(),
  /** "#1001-R1" */
  name: z.string(),
  orderId: z.string(),
  status: ReturnStatus,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  fee: Money.nullable(),
  /** The return's reverse fulfillment orders (what a dispose webhook names); absent when the server did not read them. */
  reverseFulfillmentOrderIds: z.array(z.string()).optional(),
  lineItems: z.array(ReturnLine),
  exchangeLineItems: z.array(ExchangeLine),
  /** The label and tracking of the return's parcel, when the store attached one. */
  label: z
    .object({ url: z.string().nullable(), trackingNumber: z.string().nullable(), trackingUrl: z.string().nullable(), carrier: z.string().nullable() })
    .nullable(),
  /** The refunds made through this return. */
  refunds: z.array(z.object({ refundId: z.string(), amount: Money, createdAt: z.string() })),
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const OpenReturnOutput = z.object({ return: ReturnSummary });
export type OpenReturnOutput = z.infer<typeof OpenReturnOutput>;

export const GetReturnsInput = z.object({ orderId: z.string().min(1) });
export const GetReturnsOutput = z.object({
  orderId: z.string(),
  returns: z.array(ReturnSummary),
  /** True when some list (the order's returns, or a return's lines) could not be read in full; `truncatedLists` says which. */
  truncated: z.boolean().optional(),
  /** Each list read only in part ("returns", "returns[0].lineItems", …) and how many entries the server saw. */
  truncatedLists: z.array(z.object({ list: z.string(), seen: z.number().int().nonnegative() })).optional(),
});
export type GetReturnsOutput = z.infer<typeof GetReturnsOutput>;

/**
 * Process what came back (returnProcess): these return lines' received units, and these exchange
 * lines shipped. With `refund`, one refund of exactly that amount (in the currency the customer
 * paid), split over the order's payments as the store suggests for these units; without it, nothing
 * is refunded. A unit is processed once: a second call for it is refused (conflict), so a retried or
 * redelivered processing refunds nothing twice.
 */
export const ProcessReturnInput = z.object({
  returnId: z.string().min(1),
  lineItems: z.array(z.object({ returnLineItemId: z.string().min(1), quantity: z.number().int().positive() })).max(50),
  exchangeLineItems: z
    .array(z.object({ exchangeLineItemId: z.string().min(1), quantity: z.number().int().positive() }))
    .max(50)
    .optional(),
  refund: z.object({ amount: Money }).optional(),
  notifyCustomer: z.boolean(),
  /** Shown to staff on the refund; names the run. */
  note: z.string().max(255),
});
export type ProcessReturnInput = z.infer<typeof ProcessReturnInput>;
export const ProcessReturnOutput = z.object({
  return: ReturnSummary,
  /** The refund this call made; null when it refunded nothing. */
  refund: z.object({ refundId: z.string(), amount: Money, createdAt: z.string() }).nullable(),
});
export type ProcessReturnOutput = z.infer<typeof ProcessReturnOutput>;

/** Close an OPEN return (returnClose): the parcel never came back; nothing is refunded. */
export const CloseReturnInput = z.object({ returnId: z.string().min(1) });
/** Cancel a return on which nothing was done yet (returnCancel, no customer notification). */
export const CancelReturnInput = z.object({ returnId: z.string().min(1) });
export const ReturnStatusOutput = z.object({ returnId: z.string(), status: ReturnStatus });
export type ReturnStatusOutput = z.infer<typeof ReturnStatusOutput>;

export const RETURN_TOOL_CONTRACTS = {
  open_return: { input: OpenReturnInput, output: OpenReturnOutput },
  get_returns: { input: GetReturnsInput, output: GetReturnsOutput },
  process_return: { input: ProcessReturnInput, output: ProcessReturnOutput },
  close_return: { input: CloseReturnInput, output: ReturnStatusOutput },
  cancel_return: { input: CancelReturnInput, output: ReturnStatusOutput },
} as const;
