// The tools' wire contracts: the MCP server (mcp-lambda/) validates against them and the harness's
// registry pins them. Money is integer minor units with its currency; ids are Shopify GIDs.
// Fields added after the first pin are optional in the type (the server always sends them), so
// older fakes of an Order still type-check.
import * as z from 'zod';

import { Money, PlainMoney } from './money.js';
import { RETURN_TOOL_CONTRACTS } from './returns.js';

export { Money, PlainMoney };
export * from './returns.js';

/** Text written by a customer (order note, line-item properties): data, never instructions. */
export const UntrustedText = z.object({
  untrusted: z.literal(true),
  text: z.string(),
});

/** A key/value a customer or storefront app attached (Shopify customAttributes): untrusted too. */
export const UntrustedAttribute = z.object({
  untrusted: z.literal(true),
  key: z.string(),
  value: z.string().nullable(),
});

/** A list the server read only in part: which list, and how many entries it saw. */
export const TruncatedList = z.object({
  list: z.string(),
  seen: z.number().int().nonnegative(),
});

/** One tax line of a line or a shipping line: its name, its rate and the tax it charged on all the units. */
export const TaxLine = z.object({
  title: z.string(),
  ratePercentage: z.number().nullable(),
  amount: Money,
});
export type TaxLine = z.infer<typeof TaxLine>;

/**
 * A discount's share of one line or shipping line (Shopify's DiscountAllocation): the amount it took
 * off all the units, and which discount it was (its code, or an automatic discount's title; its
 * percentage when it is one). Names and codes come from the store's own discount setup.
 */
export const DiscountAllocation = z.object({
  amount: Money,
  code: z.string().nullable(),
  title: z.string().nullable(),
  percentage: z.number().nullable(),
});
export type DiscountAllocation = z.infer<typeof DiscountAllocation>;

/** A duty charged on a line of a cross-border order (Shopify Markets). */
export const Duty = z.object({ id: z.string(), price: Money });

export const ShippingLine = z.object({
  id: z.string().nullable(),
  title: z.string(),
  /** The rate charged before shipping discounts. */
  originalPrice: Money,
  /** After shipping discounts, before tax. */
  discountedPrice: Money,
  discountAllocations: z.array(DiscountAllocation),
  taxLines: z.array(TaxLine),
});
export type ShippingLine = z.infer<typeof ShippingLine>;

/** A variant of the line's product as the store sells it now: its price (shop currency) and units in stock (null: not tracked). */
export const ProductVariant = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: PlainMoney,
  available: z.number().int().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

export const LineItem = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int().nonnegative(),
  refundableQuantity: z.number().int().nonnegative(),
  unitPrice: Money,
  /** Line-item properties typed at checkout (engraving text, gift notes): customer text. */
  customAttributes: z.array(UntrustedAttribute).optional(),
  /** Shopify's LineItem.isGiftCard. Shopify still reports its refundableQuantity; the policy never refunds it. */
  giftCard: z.boolean().optional(),
  /** The unit price after every discount allocated to the line (Shopify rounds it per unit: a display figure). */
  discountedUnitPrice: Money.optional(),
  /** Every discount's share of the line, all units: line offers and its part of order-wide ones. */
  discountAllocations: z.array(DiscountAllocation).optional(),
  taxable: z.boolean().optional(),
  /** The tax charged on the line, all units, per tax (state, county, VAT). */
  taxLines: z.array(TaxLine).optional(),
  duties: z.array(Duty).optional(),
  /** The variant bought ("Medium / White"), when the line names one. */
  variant: z.object({ id: z.string(), title: z.string() }).nullable().optional(),
  /** The line's product and its variants (the first ten): what an exchange may ship instead. */
  product: z
    .object({ id: z.string(), variants: z.array(ProductVariant).max(10) })
    .nullable()
    .optional(),
});
export type LineItem = z.infer<typeof LineItem>;

export const Fulfillment = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  lineItemIds: z.array(z.string()),
  /** When the carrier reported delivery, if it did. */
  deliveredAt: z.string().nullable().optional(),
  /**
   * The units of each line this fulfilment shipped (Shopify's fulfillmentLineItems): a partially
   * fulfilled order ships a line in parts. `quantity` is null when Shopify does not say.
   */
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int().nonnegative().nullable() })).optional(),
});
export type Fulfillment = z.infer<typeof Fulfillment>;

export const Transaction = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  gateway: z.string(),
  amount: Money,
});

/**
 * One payment a refund went back to, from its REFUND transactions: a card (brand and last four
 * digits where Shopify's paymentDetails give them), the customer's store credit, or another gateway.
 * `processedAt` is when the gateway processed it, when Shopify says.
 */
export const RefundPayment = z.object({
  method: z.enum(['card', 'store_credit', 'other']),
  gateway: z.string(),
  status: z.string(),
  amount: Money,
  processedAt: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
});
export type RefundPayment = z.infer<typeof RefundPayment>;

/**
 * A refund made on an order. `amount` is what it paid back; `lineItems` is empty for an amount-only
 * refund (goodwill, shipping). Its parts, when the server read them: each line's subtotal and tax,
 * the shipping (tax included) and the duties it paid back.
 */
export const RefundSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  amount: Money,
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int(), subtotal: Money.optional(), tax: Money.optional() })),
  shipping: Money.optional(),
  duties: z.array(z.object({ dutyId: z.string().nullable(), amount: Money })).optional(),
  /** Where it paid back to, when the server read the refund's transactions. */
  payments: z.array(RefundPayment).optional(),
});

export const Order = z.object({
  id: z.string(),
  /** Shopify's order number without the '#', e.g. "1001". */
  number: z.string(),
  name: z.string(),
  createdAt: z.string(),
  currency: z.string().length(3),
  /** The currency the customer paid in (Shopify's presentmentCurrencyCode), when it is not `currency`. */
  presentmentCurrency: z.string().length(3).optional(),
  customer: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  displayFinancialStatus: z.string().nullable(),
  lineItems: z.array(LineItem),
  fulfillments: z.array(Fulfillment),
  transactions: z.array(Transaction),
  refunds: z.array(RefundSummary),
  /**
   * What Shopify still allows to be refunded on the order (suggestedRefund.maximumRefundableSet): what
   * was paid less every refund, amount-only refunds included.
   */
  maximumRefundable: Money,
  /** Whether the order's prices include tax (EU VAT, UK, AU) or have it added (most US and Canadian stores). */
  taxesIncluded: z.boolean().optional(),
  shippingLines: z.array(ShippingLine).optional(),
  /** A tip the customer added: paid, never refunded by the agent. */
  tip: Money.optional(),
  /** When the order was cancelled (Shopify's cancelledAt); null or absent while it is not. */
  cancelledAt: z.string().nullable().optional(),
  note: UntrustedText.nullable(),
  /** Order-level attributes from the storefront: customer text. */
  customAttributes: z.array(UntrustedAttribute).optional(),
  /** The shipping address as printed lines: customer text (and personal data). */
  shippingAddress: UntrustedText.nullable().optional(),
  /** True when some list of the order could not be read in full; `truncatedLists` says which. */
  truncated: z.boolean().optional(),
  truncatedLists: z.array(TruncatedList).optional(),
});
export type Order = z.infer<typeof Order>;

export const GetOrderInput = z.object({
  orderNumber: z
    .string()
    .regex(/^\d{1,12}$/)
    .describe('Order number without "#", e.g. "1001"'),
});
export const GetOrderOutput = z.object({ order: Order });

export const GetRefundHistoryInput = z.object({
  customerId: z.string().min(1),
  sinceDays: z.number().int().min(1).max(365).default(90),
});
export const GetRefundHistoryOutput = z.object({
  customerId: z.string(),
  refunds: z.array(RefundSummary.extend({ orderId: z.string(), orderNumber: z.string() })),
  ordersSeen: z.number().int(),
  truncated: z.boolean(),
});

export const FindCustomerOrdersInput = z.object({
  customerEmail: z.email().max(254).describe("The ticket requester's email address, as the helpdesk reports it"),
});
/** An order found for a customer: enough to name it, never its contents. */
export const CustomerOrderRef = z.object({
  id: z.string(),
  /** Shopify's order number without the '#', e.g. "1001". */
  number: z.string(),
  createdAt: z.string(),
});
export const FindCustomerOrdersOutput = z.object({
  orders: z.array(CustomerOrderRef),
  /** True when the customer has more orders than the server reads (the list is then not all of them). */
  truncated: z.boolean(),
});

/**
 * How a refund pays back: to the payments the customer made (Shopify's suggested transactions), or
 * as store credit on the customer's account (refundMethods: storeCreditRefund; the order must have a
 * customer). Absent means original payment.
 */
export const RefundMethod = z.enum(['original_payment', 'store_credit']);
export type RefundMethod = z.infer<typeof RefundMethod>;

export const RefundCreateInput = z.object({
  orderId: z.string().min(1),
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int().positive() })).min(1),
  /** The whole refund, as the store computes it for these parts (lines, and shipping and duties when given). */
  amount: Money,
  /** The order's shipping refunded in full, with its tax: what the store's suggestion says it comes to. */
  shipping: z.object({ amount: Money }).optional(),
  /** These duties refunded in full: what the store's suggestion says they come to. */
  duties: z.object({ dutyIds: z.array(z.string().min(1)).min(1).max(100), amount: Money }).optional(),
  /** The SALE/CAPTURE transaction being refunded. */
  parentTransactionId: z.string().min(1),
  gateway: z.string().min(1),
  note: z.string().max(500),
  /** Forwarded to Shopify's @idempotent(key:) directive. */
  idempotencyKey: z.string().min(8).max(255),
  /** Store credit instead of the original payments; absent means original payment. */
  method: RefundMethod.optional(),
  /** Restock the refunded units at this location (restockType RETURN); absent means no restock. */
  restockLocationId: z.string().min(1).optional(),
});
export type RefundCreateInput = z.infer<typeof RefundCreateInput>;
export const RefundCreateOutput = z.object({
  refundId: z.string(),
  orderId: z.string(),
  amount: Money,
  createdAt: z.string(),
  /** How it was paid back, as the store recorded it (store credit or the original payments). */
  method: RefundMethod.optional(),
});
export type RefundCreateOutput = z.infer<typeof RefundCreateOutput>;

export const PreviewRefundInput = z.object({
  orderId: z.string().min(1).describe('Order GID, e.g. "gid://shopify/Order/1001"'),
  lineItems: z
    .array(z.object({ lineItemId: z.string().min(1), quantity: z.number().int().positive() }))
    .min(1)
    .max(100),
  /** Refund the order's shipping in full, with its tax. */
  refundShipping: z.boolean().optional(),
  /** Refund these duties in full. */
  refundDuties: z.array(z.string().min(1)).max(100).optional(),
});
export type PreviewRefundInput = z.infer<typeof PreviewRefundInput>;
export const PreviewRefundOutput = z.object({
  orderId: z.string(),
  /** What Shopify would refund for these parts (lines after discounts, tax where it is added, shipping, duties), capped by what remains. */
  amount: Money,
  /** The lines after discounts. */
  subtotal: Money,
  /** The lines' and the shipping's tax (where prices include tax, the tax inside them: not added to the amount). */
  totalTax: Money,
  /** What the whole order still allows to be refunded. */
  maximumRefundable: Money,
  /** The lines Shopify would refund: a quantity lower than asked means the rest is already refunded. */
  lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int().nonnegative(), subtotal: Money, tax: Money.optional() })),
  /** The shipping it would refund (before tax) and its tax; zero when shipping was not asked. */
  shipping: z.object({ amount: Money, tax: Money, maximumRefundable: Money }).optional(),
  /** The duties it would refund. */
  duties: z.object({ total: Money, items: z.array(z.object({ dutyId: z.string().nullable(), amount: Money })) }).optional(),
  /** The payment transactions the refund would go back to. */
  transactions: z.array(
    z.object({
      parentTransactionId: z.string().nullable(),
      gateway: z.string(),
      amount: Money,
      maximumRefundable: Money.nullable(),
    }),
  ),
});
export type PreviewRefundOutput = z.infer<typeof PreviewRefundOutput>;

/**
 * Cancel an order of which nothing has shipped, refunding what was paid to the original payments
 * (orderCancel with refundMethod originalPaymentMethodsRefund, reason CUSTOMER, no customer email).
 * orderCancel takes no idempotency key: the caller reads the order before any retry.
 */
export const CancelOrderInput = z.object({
  orderId: z.string().min(1),
  /** Put the cancelled units back in stock. */
  restock: z.boolean(),
  /** Shown to staff on the order; names the run that cancelled it. */
  staffNote: z.string().max(255),
});
export type CancelOrderInput = z.infer<typeof CancelOrderInput>;
export const CancelOrderOutput = z.object({
  orderId: z.string(),
  /** Shopify's asynchronous cancel job. */
  jobId: z.string(),
  /** cancelled: the job finished and the order reads cancelled; pending: the job had not finished when the call stopped polling. */
  status: z.enum(['cancelled', 'pending']),
  cancelledAt: z.string().nullable(),
  /** The refund the cancel made (what was paid back), once cancelled; null when nothing was paid or it is pending. */
  refund: RefundSummary.nullable(),
});
export type CancelOrderOutput = z.infer<typeof CancelOrderOutput>;

export const PostDraftInput = z.object({
  ticketId: z.string().min(1),
  body: z.string().min(1).max(10_000),
});
export const PostDraftOutput = z.object({
  ticketId: z.string(),
  noteId: z.string(),
  public: z.literal(false),
});

/** Normalized tool failure categories (structuredContent of an isError result). */
export const ToolErrorCategory = z.enum(['temporarily_unavailable', 'not_found', 'not_authorized', 'conflict', 'invalid']);
export type ToolErrorCategory = z.infer<typeof ToolErrorCategory>;
export const ToolError = z.object({
  category: ToolErrorCategory,
  message: z.string(),
  retryAfterMs: z.number().int().optional(),
});

export const TOOL_CONTRACTS = {
  get_order: { input: GetOrderInput, output: GetOrderOutput },
  get_refund_history: { input: GetRefundHistoryInput, output: GetRefundHistoryOutput },
  find_customer_orders: { input: FindCustomerOrdersInput, output: FindCustomerOrdersOutput },
  preview_refund: { input: PreviewRefundInput, output: PreviewRefundOutput },
  refund_create: { input: RefundCreateInput, output: RefundCreateOutput },
  cancel_order: { input: CancelOrderInput, output: CancelOrderOutput },
  post_draft: { input: PostDraftInput, output: PostDraftOutput },
  ...RETURN_TOOL_CONTRACTS,
} as const;
export type ToolName = keyof typeof TOOL_CONTRACTS;
export const TOOL_NAMES = Object.keys(TOOL_CONTRACTS).sort() as ToolName[];
export type ToolInput<N extends ToolName> = z.input<(typeof TOOL_CONTRACTS)[N]['input']>;
export type ToolOutput<N extends ToolName> = z.infer<(typeof TOOL_CONTRACTS)[N]['output']>;
