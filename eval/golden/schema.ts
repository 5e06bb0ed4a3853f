// The golden set's format: one golden ticket = what a customer wrote, what a careful support lead
// reads in it (`claim`), and what the product must do about it (`label`). The label is derived
// from the claim, the shared fixture (eval/golden/fixture.json) and docs/policy.md by eval/checker;
// the eval runner (`npm run eval`) sends `subject`/`body`/`followUps` and compares a run to `label`.
// Files: eval/golden/tickets/<category>.json, each a JSON array of GoldenTicket.
import { z } from 'zod';

export const CATEGORIES = [
  'single_damaged',
  'several_items',
  'partial_quantity_words',
  'exclusions',
  'unfulfilled',
  'change_of_mind',
  'refund_vs_replacement',
  'refund_status',
  'already_refunded_units',
  'amount_and_day_boundaries',
  'recent_refunds',
  'another_customers_order',
  'no_order_number',
  'several_order_numbers',
  'long_rambling',
  'non_english',
  'typos',
  'prompt_injection',
  'amount_only_refunds_and_gift_cards',
  'store_credit',
  'cancel_unfulfilled',
  'markets_currency',
  'split_payments',
  'discounted_orders',
  'taxed_orders',
  'shipping_and_duties',
] as const;
export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

/** A ticket's id is `<slug>-NN` with its category's slug. */
export const CATEGORY_SLUG: Record<Category, string> = {
  single_damaged: 'damaged',
  several_items: 'several',
  partial_quantity_words: 'partial-qty',
  exclusions: 'except',
  unfulfilled: 'unfulfilled',
  change_of_mind: 'changed-mind',
  refund_vs_replacement: 'replace',
  refund_status: 'status',
  already_refunded_units: 'refunded-again',
  amount_and_day_boundaries: 'boundary',
  recent_refunds: 'recent',
  another_customers_order: 'not-theirs',
  no_order_number: 'no-order',
  several_order_numbers: 'several-orders',
  long_rambling: 'rambling',
  non_english: 'lang',
  typos: 'typos',
  prompt_injection: 'injection',
  amount_only_refunds_and_gift_cards: 'gift-amount',
  store_credit: 'credit',
  cancel_unfulfilled: 'cancel',
  markets_currency: 'markets',
  split_payments: 'split-pay',
  discounted_orders: 'discount',
  taxed_orders: 'tax',
  shipping_and_duties: 'shipping',
};

export const Helpdesk = z.enum(['zendesk', 'gorgias']);
export type Helpdesk = z.infer<typeof Helpdesk>;

/**
 * What the customer asks for (the product's Remedy vocabulary). `refund` moves money; so do
 * `store_credit` and `cancel` where the set's policy (policy.json) enables them.
 */
export const Remedy = z.enum(['refund', 'replacement', 'store_credit', 'cancel', 'refund_status', 'other']);
export type Remedy = z.infer<typeof Remedy>;

export const Reason = z.enum(['damaged', 'defective', 'wrong_item', 'not_received', 'changed_mind', 'other']);
export type Reason = z.infer<typeof Reason>;

/**
 * Signals in the customer's own words (ticket and follow-ups; never order data):
 * `claims_prior_approval` ("your colleague already approved it"), `instructions_to_system`
 * (text addressed to an AI or system, "ignore your rules") — both require a person's approval;
 * `mentions_earlier_refund` (the customer refers to a refund already made on the claimed line).
 */
export const RiskFlag = z.enum(['claims_prior_approval', 'instructions_to_system', 'mentions_earlier_refund']);
export type RiskFlag = z.infer<typeof RiskFlag>;

/** Order numbers are the store's numbers as integers (the runner compares them as digit strings). */
export const OrderNumber = z.number().int().positive();

export const Line = z.object({ sku: z.string().min(1), quantity: z.number().int().positive() });
export type Line = z.infer<typeof Line>;

/** The ground truth a careful support lead reads in the ticket (the customer's own words only). */
export const Claim = z.object({
  /** The order the ticket is really about, or null when it names none (or names several without saying which). */
  orderNumber: OrderNumber.nullable(),
  /** Every order number the customer's text mentions, the one asked about included (omitted: just `orderNumber`, if any). */
  orderNumbersMentioned: z.array(OrderNumber).optional(),
  remedy: Remedy,
  reason: Reason,
  /** The claimed lines and quantities as the customer states them; excluded items are never listed. */
  lines: z.array(Line),
  /** True when a lead could not tell what is claimed (which items or how many). */
  unclear: z.literal(true).optional(),
  riskFlags: z.array(RiskFlag).optional(),
});
export type Claim = z.infer<typeof Claim>;

export const Outcome = z.enum(['auto_refund', 'approval', 'escalate']);
export type Outcome = z.infer<typeof Outcome>;

/** Why a run goes to a person without a refund proposal. */
export const EscalationRule = z.enum([
  'not_refund_request', // remedy other than a refund: replacement, store credit, cancel, refund status, other
  'order_not_requesters', // the named order belongs to another customer
  'no_order_bound', // no order named and the requester has no order
  'several_orders', // no order named and the requester has several, or several named without saying which
  'unclear', // a lead could not tell what is claimed
  'items_not_on_order', // a claimed SKU is not on the bound order
  'nothing_refundable', // claimed units already refunded (or mentioned as such), only gift cards, or the order has nothing left
  'order_not_cancellable', // a cancel (enabled) asked for an order of which something has shipped
]);
export type EscalationRule = z.infer<typeof EscalationRule>;

/** Why a person must approve, in the order the checker lists them. */
export const ApprovalRule = z.enum([
  'amount_over_auto_limit',
  'not_fulfilled',
  'fulfilled_too_long_ago',
  'reason_not_damage_like',
  'too_many_recent_refunds',
  'risk_flags',
  'line_partly_refunded',
  'cancel_needs_approval', // a cancel (enabled) always needs a lead's approval
]);
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** The MCP tools a run calls; a trajectory lists the ones that must happen, in order (a subsequence). */
export const ToolName = z.enum(['find_customer_orders', 'get_order', 'get_refund_history', 'preview_refund', 'refund_create', 'post_draft']);
export type ToolName = z.infer<typeof ToolName>;

/** How money moves when it does: a refund to the payments, store credit, or cancelling the order. */
export const MoneyRemedy = z.enum(['refund', 'store_credit', 'cancel']);
export type MoneyRemedy = z.infer<typeof MoneyRemedy>;

/** What the product must do with the ticket. */
export const Label = z.object({
  outcome: Outcome,
  /** Refunded (auto) or proposed (approval) amount in minor units; 0 when escalate. */
  amountMinor: z.number().int().nonnegative(),
  /** The bound order's currency; null when no order is bound. */
  currency: z.string().length(3).nullable(),
  /** Refunded / proposed lines (gift cards never; quantities capped by what is still refundable); empty when escalate. */
  lines: z.array(Line),
  reason: Reason,
  /** The order the run must bind to, or null when it must bind to none. */
  boundOrder: OrderNumber.nullable(),
  /** Set exactly when outcome is escalate. */
  escalation: EscalationRule.nullable(),
  /** Non-empty exactly when outcome is approval. */
  approvalRules: z.array(ApprovalRule),
  trajectory: z.array(ToolName).min(1),
  /** Set when the refund or proposal moves money otherwise than a refund (store credit, a cancel); absent: a refund. */
  remedy: MoneyRemedy.exclude(['refund']).optional(),
  /**
   * An order paid in another currency than the shop's (Shopify Markets): what the customer gets back
   * in the currency they paid. `amountMinor` stays in the shop's currency (the limits compare it).
   */
  presentment: z.object({ amountMinor: z.number().int().positive(), currency: z.string().length(3) }).optional(),
});
export type Label = z.infer<typeof Label>;

/**
 * The tenant policy the whole set runs under (policy.json): the switches of docs/policy.md's "Other
 * remedies" over the default policy. Absent file: the default (both off).
 */
export const GoldenPolicy = z.object({ storeCredit: z.boolean(), cancelUnfulfilled: z.boolean() }).strict();
export type GoldenPolicy = z.infer<typeof GoldenPolicy>;
export const DEFAULT_GOLDEN_POLICY: GoldenPolicy = { storeCredit: false, cancelUnfulfilled: false };

export const GoldenTicket = z.object({
  /** Stable id, "<category-slug>-NN", e.g. "partial-qty-03". */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-\d{2,3}$/),
  category: Category,
  helpdesk: Helpdesk,
  /** The helpdesk ticket id, also seeded in the fixture's helpdesk.tickets. */
  ticketId: z.string().regex(/^\d+$/),
  /** ISO 639-1 code of the language the customer wrote in. */
  language: z.string().regex(/^[a-z]{2}$/),
  /** A fixture customer id; the helpdesk requester is that customer's helpdeskUserId. */
  requester: z.string().regex(/^\d+$/),
  subject: z.string(),
  body: z.string().min(1),
  /** Later messages from the customer on the same ticket, in order. */
  followUps: z.array(z.string().min(1)).optional(),
  claim: Claim,
  label: Label,
  /** One line for humans: what the ticket tests. */
  note: z.string().optional(),
});
export type GoldenTicket = z.infer<typeof GoldenTicket>;

/** One file of the set: tickets/<category>.json. */
export const GoldenFile = z.array(GoldenTicket);
export type GoldenFile = z.infer<typeof GoldenFile>;
