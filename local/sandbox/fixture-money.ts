// What a fixture order says about its money beyond the lines' list prices: discounts (codes and
// automatic ones), tax lines and whether prices include them, shipping lines, duties and a tip.
// The fixture states the terms as a merchant sets them up (a 25% code, 8.875% tax, a $6.95 rate);
// the sandbox store works out the figures Shopify would show from them (local/sandbox/store/pricing.ts),
// and the golden set's checker (eval/checker/) works them out again on its own. The arithmetic both
// follow is written down once, in docs/sandbox-money.md.
import { z } from 'zod';

/** One of the order's lines, named by its SKU or its position in `lineItems`. */
export const FixtureLineRef = z.union([z.object({ sku: z.string() }), z.object({ index: z.number().int().nonnegative() })]);
export type FixtureLineRef = z.infer<typeof FixtureLineRef>;

const DiscountName = {
  code: z.string().min(1).optional().describe('The discount code the customer entered (a code discount); leave out for an automatic discount'),
  title: z.string().min(1).optional().describe("An automatic discount's title (shown where there is no code)"),
};

const PercentageDiscount = z.object({
  type: z.literal('percentage'),
  ...DiscountName,
  percentage: z.number().gt(0).lte(100).describe('e.g. 25 for 25% off'),
  appliesTo: z
    .union([z.literal('order'), z.literal('shipping'), z.object({ lines: z.array(FixtureLineRef).min(1) })])
    .optional()
    .describe('"order" (every line but gift cards; the default), "shipping" (the shipping lines), or { lines: [...] } (those lines only)'),
});

const FixedAmountDiscount = z.object({
  type: z.literal('fixed_amount'),
  ...DiscountName,
  amountMinor: z.number().int().positive().describe('The amount off in the order currency, spread across the lines it applies to'),
  presentmentAmountMinor: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("The same amount off in the order's presentmentCurrency; needed when the order has one"),
  appliesTo: z
    .union([z.literal('order'), z.literal('shipping'), z.object({ lines: z.array(FixtureLineRef).min(1) })])
    .optional()
    .describe('"order" (the default), "shipping", or { lines: [...] }'),
});

const BuyXGetYDiscount = z.object({
  type: z.literal('buy_x_get_y'),
  ...DiscountName,
  line: FixtureLineRef.describe('The one line the offer applies to'),
  buy: z.number().int().positive().describe('Units bought at full price per round of the offer'),
  get: z.number().int().positive().describe('Units discounted per round of the offer'),
  percentage: z.number().gt(0).lte(100).optional().describe('How much off each discounted unit (default 100: free)'),
});

export const FixtureDiscount = z
  .discriminatedUnion('type', [PercentageDiscount, FixedAmountDiscount, BuyXGetYDiscount])
  .refine((d) => d.code !== undefined || d.title !== undefined, { message: 'a discount needs a code or, for an automatic discount, a title' });
export type FixtureDiscount = z.infer<typeof FixtureDiscount>;

export const FixtureTaxLine = z.object({
  title: z.string().min(1).describe('e.g. "NY State Tax", "VAT"'),
  ratePercentage: z.number().gt(0).lt(100).describe('e.g. 4.5 for 4.5%; at most four decimals'),
});
export type FixtureTaxLine = z.infer<typeof FixtureTaxLine>;

export const FixtureShippingLine = z.object({
  title: z.string().min(1).describe('e.g. "Standard"'),
  priceMinor: z.number().int().nonnegative(),
  presentmentPriceMinor: z.number().int().nonnegative().optional().describe("The rate in the order's presentmentCurrency; needed when the order has one"),
  taxable: z.boolean().optional().describe("Whether the order's tax lines apply to shipping too (default false)"),
});
export type FixtureShippingLine = z.infer<typeof FixtureShippingLine>;

/**
 * The money fields a fixture order may add, all optional: without them an order is its lines' list
 * prices and nothing else, as before.
 */
export const FixtureOrderMoney = {
  discounts: z
    .array(FixtureDiscount)
    .max(10)
    .optional()
    .describe('Discount codes and automatic discounts, applied as Shopify applies them: line and buy-X-get-Y offers first, then order-wide ones'),
  taxLines: z
    .array(FixtureTaxLine)
    .max(5)
    .optional()
    .describe("The order's tax rates (several: state and county), applied to each taxable line and to taxable shipping"),
  taxesIncluded: z.boolean().optional().describe("Prices include tax (EU VAT, UK, AU); defaults to the shop's taxesIncluded"),
  shippingLines: z.array(FixtureShippingLine).max(3).optional().describe('Shipping charged on the order'),
  tipMinor: z.number().int().positive().optional().describe('A tip the customer added at checkout (never refunded by the agent)'),
  presentmentTipMinor: z.number().int().positive().optional().describe("The tip in the order's presentmentCurrency; needed when both are set"),
};

/** The money fields a fixture line item may add. */
export const FixtureLineMoney = {
  taxable: z.boolean().optional().describe("Whether the order's tax lines apply to this line (default true; gift cards are never taxed)"),
  dutyMinor: z.number().int().positive().optional().describe('Import duty charged on this line (a cross-border Markets order)'),
  presentmentDutyMinor: z.number().int().positive().optional().describe("The duty in the order's presentmentCurrency; needed when the order has one"),
};

/** The money fields an earlier fixture refund may add. */
export const FixtureRefundMoney = {
  shipping: z.boolean().optional().describe("The refund also paid back the order's shipping in full (its tax included)"),
  duties: z.boolean().optional().describe("The refund also paid back its lines' duties"),
};

/** The money field the shop may add. */
export const FixtureShopMoney = {
  taxesIncluded: z.boolean().optional().describe('Prices include tax (EU VAT, UK, AU); an order may say otherwise; default false'),
};
