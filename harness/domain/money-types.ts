// The money a real order carries beyond list prices, as the gate's vocabulary holds it: each line's
// discounts and tax lines and duties, the order's shipping, tip and whether its prices include tax;
// and what the policy computes a refund comes to, part by part. Every field is optional on the order
// facts: a run row written before they existed reads as an order of list prices alone.
// Money is integer minor units (the facts' own currency; the presentment twin beside it).
import * as z from 'zod';

const Minor = z.number().int();

/** One discount's share of a line or of the shipping, all units: its code or title and percentage, for people to read. */
export const DiscountFact = z.object({
  code: z.string().nullable(),
  title: z.string().nullable(),
  percentage: z.number().nullable(),
  amountMinor: Minor,
});
export type DiscountFact = z.infer<typeof DiscountFact>;

/** One tax line, all units: the tax it charged, with its name and rate. */
export const TaxFact = z.object({ title: z.string(), ratePercentage: z.number().nullable(), amountMinor: Minor });
export type TaxFact = z.infer<typeof TaxFact>;

export const DutyFact = z.object({ id: z.string(), amountMinor: Minor });
export type DutyFact = z.infer<typeof DutyFact>;

/** What a line carries beside its list price (OrderFacts' line items spread these in). */
export const LineMoneyFacts = {
  /** Every discount's share of the line, all units (line offers and its part of order-wide ones). */
  discounts: z.array(DiscountFact).optional(),
  /** The tax charged on the line, all units, per tax line. */
  taxLines: z.array(TaxFact).optional(),
  taxable: z.boolean().optional(),
  duties: z.array(DutyFact).optional(),
};

/** The order's shipping: what was charged (after shipping discounts, before tax), its tax lines, and what refunds paid back of it (tax included). */
export const ShippingFacts = z.object({
  titles: z.array(z.string()),
  originalMinor: Minor,
  discounts: z.array(DiscountFact),
  priceMinor: Minor,
  taxLines: z.array(TaxFact),
  refundedMinor: Minor,
});
export type ShippingFacts = z.infer<typeof ShippingFacts>;

/** What the order carries beside its lines (OrderFacts spreads these in). */
export const OrderMoneyFacts = {
  /** Prices include tax (EU VAT, UK, AU): a line's tax is inside its price, never added. Absent: they exclude it. */
  taxesIncluded: z.boolean().optional(),
  shipping: ShippingFacts.optional(),
  /** The duties earlier refunds paid back. */
  refundedDutyIds: z.array(z.string()).optional(),
  /** A tip: paid, never refunded by the agent. */
  tipMinor: Minor.optional(),
};

/**
 * The presentment twin of the money facts (Shopify Markets): every figure in the currency the
 * customer paid, as the store keeps it (rounded there, never converted here). Keyed like the shop's.
 */
export const PresentmentMoneyFacts = z.object({
  lines: z.record(z.string(), z.object({ discountMinor: Minor, taxMinor: z.array(Minor), duties: z.array(DutyFact) })),
  shipping: z.object({ priceMinor: Minor, taxMinor: z.array(Minor), refundedMinor: Minor }).nullable(),
  tipMinor: Minor,
});
export type PresentmentMoneyFacts = z.infer<typeof PresentmentMoneyFacts>;

/** The parts a refund is of: the claimed lines, and the order's shipping and duties when the policy refunds them. */
export interface RefundParts {
  lines: readonly { lineItemId: string; quantity: number }[];
  shipping: boolean;
  duties: boolean;
}

/** One claimed line's share of the refund: its units at list price, the discount on them, the tax on them, what was paid. */
export const AmountLine = z.object({
  lineItemId: z.string(),
  quantity: z.number().int(),
  listMinor: Minor,
  discountMinor: Minor,
  /** The tax on these units: added to what was paid where prices exclude tax, inside it where they include it. */
  taxMinor: Minor,
  paidMinor: Minor,
});
export type AmountLine = z.infer<typeof AmountLine>;

/** What the policy computes a refund comes to, part by part, in one currency (harness/policy/amount.ts). */
export const AmountBreakdown = z.object({
  currency: z.string(),
  taxesIncluded: z.boolean(),
  lines: z.array(AmountLine),
  /** The shipping refunded, its tax included (0 when the policy does not refund it). */
  shippingMinor: Minor,
  dutiesMinor: Minor,
  dutyIds: z.array(z.string()),
  /** What the order had left to refund, when it is less than the parts add up to (the refund is then that). */
  cappedAtMinor: Minor.nullable(),
  totalMinor: Minor,
});
export type AmountBreakdown = z.infer<typeof AmountBreakdown>;

/** A part of a decided refund beside its lines, in the shop's currency and, on a Markets order, the customer's. */
export const DecidedPart = z.object({ amountMinor: Minor, presentmentMinor: Minor.optional() });
export type DecidedPart = z.infer<typeof DecidedPart>;
