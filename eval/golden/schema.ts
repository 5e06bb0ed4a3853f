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
  'returns',
  'exchanges',
  'several_requests',
  'everyday_wording',
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
  returns: 'return',
  exchanges: 'exchange',
  several_requests: 'several-requests',
  everyday_wording: 'wording',
};

/**
 * Wording that read wrongly once (issue #37), each ticket of `everyday_wording` written in one:
 * an order reference in parentheses beside an item, one count word before two items ("both the X
 * and the Y"), and damage said as a participle ("arrived dented").
 */
export const WORDING_CLASSES = ['order_ref_in_parentheses', 'one_count_for_two_items', 'damage_participle'] as const;
export const WordingClass = z.enum(WORDING_CLASSES);
export type WordingClass = z.infer<typeof WordingClass>;

export const Helpdesk = z.enum(['zendesk', 'gorgias']);
export type Helpdesk = z.infer<typeof Helpdesk>;

/**
 * What the customer asks for (the product's Remedy vocabulary). `refund` moves money; so do
 * `store_credit` and `cancel` where the set's policy (policy.json) enables them. `return`: the
 * customer asks to send the item back (a return, a label); `exchange`: another size or colour of it,
 * or the same item again as a swap. A `replacement` is the same item again for one that arrived
 * damaged, defective or wrong; where returns are enabled it is an exchange for the same variant.
 */
export const Remedy = z.enum(['refund', 'replacement', 'store_credit', 'cancel', 'refund_status', 'return', 'exchange', 'other']);
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

/**
 * One request of a ticket that asks for things about several orders (docs/policy.md "One ticket,
 * several requests"): the order the customer's words tie it to (null: they tie it to none), and what
 * is asked of that order. Requests on the same order are one (their lines together).
 */
export const RequestClaim = z
  .object({
    orderNumber: OrderNumber.nullable(),
    remedy: Remedy,
    reason: Reason,
    lines: z.array(Line),
    unclear: z.literal(true).optional(),
    riskFlags: z.array(RiskFlag).optional(),
  })
  .strict();
export type RequestClaim = z.infer<typeof RequestClaim>;

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
  /**
   * An exchange: the variant the customer names (another size or colour), by its SKU in the
   * fixture's catalogue. Absent: the same variant as the claimed line (a swap, a replacement).
   */
  exchangeFor: z.object({ sku: z.string().min(1) }).optional(),
  /**
   * A ticket with several requests, each on its own order, in the customer's order; the first is the
   * run the webhook starts, and the fields above are that request's. Absent: one request (one run).
   */
  requests: z.array(RequestClaim).min(2).optional(),
});
export type Claim = z.infer<typeof Claim>;

/** `answered`: a question about an earlier refund answered from the store's record, with a checked draft; no money moves. */
export const Outcome = z.enum(['auto_refund', 'approval', 'escalate', 'answered']);
export type Outcome = z.infer<typeof Outcome>;

/** Why a run goes to a person without a refund proposal. */
export const EscalationRule = z.enum([
  'not_refund_request', // remedy other than a refund: replacement, store credit, cancel, other
  'order_not_requesters', // the named order belongs to another customer
  'no_order_bound', // no order named and the requester has no order
  'several_orders', // no order named and the requester has several, or several named without saying which
  'unclear', // a lead could not tell what is claimed
  'items_not_on_order', // a claimed SKU is not on the bound order
  'nothing_refundable', // claimed units already refunded (or mentioned as such), only gift cards, or the order has nothing left
  'order_not_cancellable', // a cancel (enabled) asked for an order of which something has shipped
  'exchange_unknown_variant', // an exchange (enabled) of a line that names no variant, or for one the catalogue does not list
  'exchange_other_product', // an exchange (enabled) for a variant of another product: not "the same product again"
  'exchange_out_of_stock', // an exchange (enabled) for a variant without the units in stock
  'exchange_costs_more', // an exchange (enabled) that ships more value than comes back
  'no_refund_on_record', // a question about an earlier refund the bound order has no record of (no refund, or none covering the item asked about)
  'request_tied_to_no_order', // one of several requests of a ticket that the customer's words tie to no order: a person picks
]);
export type EscalationRule = z.infer<typeof EscalationRule>;

/**
 * Why a person must approve, in the order the checker lists them. A return or an exchange is held to
 * the same rules but `reason_not_damage_like` (the item comes back), `amount_over_auto_limit`
 * comparing the refund on receipt (a return) or the value shipped again (an exchange), and
 * `fulfilled_too_long_ago` the return window.
 */
export const ApprovalRule = z.enum([
  'amount_over_auto_limit',
  'not_fulfilled',
  'fulfilled_too_long_ago',
  'reason_not_damage_like',
  'too_many_recent_refunds',
  'risk_flags',
  'line_partly_refunded',
  'cancel_needs_approval', // a cancel (enabled) always needs a lead's approval
  'ticket_over_auto_limit', // with the automatic refunds of the ticket's other requests, this one would take the ticket over the limit
]);
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** The MCP tools a run calls; a trajectory lists the ones that must happen, in order (a subsequence). */
export const ToolName = z.enum([
  'find_customer_orders',
  'get_order',
  'get_refund_history',
  'preview_refund',
  'refund_create',
  'get_returns',
  'open_return',
  'post_draft',
]);
export type ToolName = z.infer<typeof ToolName>;

/** How money moves when it does: a refund to the payments, store credit, or cancelling the order. */
export const MoneyRemedy = z.enum(['refund', 'store_credit', 'cancel']);
export type MoneyRemedy = z.infer<typeof MoneyRemedy>;

/** What a label's decision is about when it is not a refund: money otherwise, or an item coming back first. */
export const LabelRemedy = z.enum(['store_credit', 'cancel', 'return', 'exchange']);
export type LabelRemedy = z.infer<typeof LabelRemedy>;

/**
 * The terms of a return or an exchange (label `remedy` return or exchange): the flat return fee taken
 * from the refund on receipt (the tenant's, 0 on an exchange), the variants shipped again by SKU,
 * and `shipsAtOnce` when the new item ships before (without) the old one coming back.
 */
export const ReturnTerms = z.object({
  feeMinor: z.number().int().nonnegative(),
  exchange: z.array(Line).min(1).optional(),
  shipsAtOnce: z.literal(true).optional(),
});
export type ReturnTerms = z.infer<typeof ReturnTerms>;

/** What the product must do with one request (a ticket with one request: the ticket). */
export const RequestLabel = z.object({
  outcome: Outcome,
  /**
   * Refunded (auto) or proposed (approval) amount in minor units; 0 when escalate. A return: the
   * refund on receipt (the units' amount, no shipping, less the fee, at least 0); an exchange: the
   * difference refunded on receipt (0 when the variant costs the same).
   */
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
  /**
   * Set when the decision is not a refund paid at once: store credit, a cancel, or a return or an
   * exchange (the item comes back first, or a new one ships); absent: a refund.
   */
  remedy: LabelRemedy.optional(),
  /** Exactly when `remedy` is return or exchange. */
  returnTerms: ReturnTerms.optional(),
  /**
   * An order paid in another currency than the shop's (Shopify Markets): what the customer gets back
   * in the currency they paid. `amountMinor` stays in the shop's currency (the limits compare it).
   */
  presentment: z.object({ amountMinor: z.number().int().positive(), currency: z.string().length(3) }).optional(),
});
export type RequestLabel = z.infer<typeof RequestLabel>;

/**
 * What the product must do with the ticket. A ticket with several requests (`claim.requests`) has one
 * label per request, in the same order (each what that request's run must do); the fields above are
 * the first request's.
 */
export const Label = RequestLabel.extend({ requests: z.array(RequestLabel).min(2).optional() });
export type Label = z.infer<typeof Label>;

/**
 * Returns and exchanges (docs/policy.md's "Returns and exchanges"), each key optional: off by default,
 * a flat return fee (default 0) taken from the refund on receipt, the keep-it amount below which a
 * damaged, defective or wrong item's replacement ships at once and nothing comes back (default
 * 20.00), and the days a return waits for its parcel (default 30).
 */
export const GoldenReturnsPolicy = z
  .object({
    enabled: z.boolean().default(false),
    feeMinor: z.number().int().nonnegative().default(0),
    keepItBelowMinor: z.number().int().nonnegative().default(2000),
    receiveWithinDays: z.number().int().positive().default(30),
  })
  .strict();
export type GoldenReturnsPolicy = z.infer<typeof GoldenReturnsPolicy>;
export const DEFAULT_RETURNS_POLICY: GoldenReturnsPolicy = { enabled: false, feeMinor: 0, keepItBelowMinor: 2000, receiveWithinDays: 30 };

/**
 * The tenant policy the whole set runs under (policy.json): the switches of docs/policy.md's "Other
 * remedies" and "Returns and exchanges" over the default policy. Absent file: the default (all off).
 */
export const GoldenPolicy = z
  .object({ storeCredit: z.boolean(), cancelUnfulfilled: z.boolean(), returns: GoldenReturnsPolicy.default(DEFAULT_RETURNS_POLICY) })
  .strict();
export type GoldenPolicy = z.infer<typeof GoldenPolicy>;
export const DEFAULT_GOLDEN_POLICY: GoldenPolicy = { storeCredit: false, cancelUnfulfilled: false, returns: DEFAULT_RETURNS_POLICY };

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
  /** The wording class an `everyday_wording` ticket is written in. */
  wording: WordingClass.optional(),
  /** One line for humans: what the ticket tests. */
  note: z.string().optional(),
});
export type GoldenTicket = z.infer<typeof GoldenTicket>;

/** One file of the set: tickets/<category>.json. */
export const GoldenFile = z.array(GoldenTicket);
export type GoldenFile = z.infer<typeof GoldenFile>;
