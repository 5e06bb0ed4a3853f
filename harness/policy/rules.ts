// Rule ids: the vocabulary of gate decisions, dispatch refusals, journal rows and approval emails.
export const RULES = {
  // hard refusals (the run goes to a person)
  notRefundRequest: 'not_refund_request',
  orderNotRequesters: 'order_not_requesters',
  itemsNotOnOrder: 'items_not_on_order',
  quantityExceedsRefundable: 'quantity_exceeds_refundable',
  nothingRefundable: 'nothing_refundable',
  currencyMismatch: 'currency_mismatch',
  /** Store credit needs a customer account on the order. */
  storeCreditNeedsAccount: 'store_credit_needs_account',
  /** A cancel asked for an order of which something has shipped, or that is already cancelled. */
  orderNotCancellable: 'order_not_cancellable',
  /** The refund includes the order's shipping (nothing arrived), but no words of the customer's say anything never arrived. */
  shippingNotGrounded: 'shipping_not_grounded',
  /** The store's own computation of the refund differs from the policy's by more than a minor unit per claimed line, or refunds other units. */
  storeAmountDiffers: 'store_amount_differs',
  /** An exchange (returns enabled) whose variant the order or the customer's words do not tell, or of more than one line. */
  exchangeUnknownVariant: 'exchange_unknown_variant',
  /** An exchange for a variant without the units in stock. */
  exchangeOutOfStock: 'exchange_out_of_stock',
  /** An exchange for a variant that costs more than what comes back. */
  exchangeCostsMore: 'exchange_costs_more',
  // approval required
  /** Cancelling an order always needs a lead's approval. */
  cancelNeedsApproval: 'cancel_needs_approval',
  amountOverAutoLimit: 'amount_over_auto_limit',
  /** With the automatic refunds other requests of the same ticket made, this one would pass the automatic limit. */
  ticketOverAutoLimit: 'ticket_over_auto_limit',
  /** The ticket's other automatic refunds could not be counted (their ledger kept changing): a person decides. */
  ticketLedgerBusy: 'ticket_ledger_busy',
  notFulfilled: 'not_fulfilled',
  fulfilledTooLongAgo: 'fulfilled_too_long_ago',
  reasonNotDamageLike: 'reason_not_damage_like',
  tooManyRecentRefunds: 'too_many_recent_refunds',
  riskFlags: 'risk_flags',
  /** The tenant runs the ticket's class in assist mode: a refund the policy allows still needs a person. */
  assistMode: 'assist_mode',
  // grounding: the proposal against the customer's own words (grounding/claims.ts)
  claimGrounded: 'claim_grounded',
  claimUnclear: 'claim_unclear',
  remedyNotRefund: 'remedy_not_refund',
  remedyContradicted: 'remedy_contradicted',
  /** The proposal's refund rests on no words of the customer's asking for money back. */
  remedyNotGrounded: 'remedy_not_grounded',
  nothingClaimed: 'nothing_claimed',
  giftCardLine: 'gift_card_line',
  quoteNotInCustomerText: 'quote_not_in_customer_text',
  quoteNamesOtherLine: 'quote_names_other_line',
  lineExcludedByCustomer: 'line_excluded_by_customer',
  quantityNotStated: 'quantity_not_stated',
  quantityNotGrounded: 'quantity_not_grounded',
  /** The customer's words say more units have a problem than the claim (it would dodge the approval the full claim needs). */
  quantityUnderClaimed: 'quantity_under_claimed',
  /** Words the model cites for a line's item or count are not inside that line's quote. */
  citedWordsNotInQuote: 'cited_words_not_in_quote',
  /** A damage-like reason whose cited words are not about a problem, or a text saying nothing is wrong. */
  reasonNotGrounded: 'reason_not_grounded',
  /** A damage-like claim on an item the customer names only where nothing is said to be wrong with it. */
  lineProblemNotStated: 'line_problem_not_stated',
  claimsRefundedUnits: 'claims_refunded_units',
  linePartlyRefunded: 'line_partly_refunded',
  refundStatusQuestion: 'refund_status_question',
  /** A question about an earlier refund, answered from the order's own refunds: no money moves. */
  refundStatusAnswered: 'refund_status_answered',
  /** The refund the customer speaks of (an item, an amount, a person's promise) matches no refund on the order. */
  refundStatusNoRecord: 'refund_status_no_record',
  /** A refund on the order did not go through (a failed payment back) or was paid in another currency: a person answers. */
  refundStatusNeedsPerson: 'refund_status_needs_person',
  instructionsInCustomerText: 'instructions_in_customer_text',
  quoteDoesNotNameLine: 'quote_does_not_name_line',
  unclaimedLineMentioned: 'unclaimed_line_mentioned',
  partlyFulfilled: 'partly_fulfilled',
  // binding (order-binding.ts)
  orderNotInCustomerText: 'order_not_in_customer_text',
  orderQuoteNotGrounded: 'order_quote_not_grounded',
  severalOrdersUnbound: 'several_orders_unbound',
  // auto
  autoWithinPolicy: 'auto_within_policy',
  // dispatch-only
  orderNotBound: 'order_not_bound',
  customerNotBound: 'customer_not_bound',
  customerNotRequester: 'customer_not_requester',
  amountExceedsRefundable: 'amount_exceeds_refundable',
  /** The arguments' amount (or its shipping or duties part) is not what the order, read again at dispatch, comes to for the claimed lines. */
  amountNotRecomputed: 'amount_not_recomputed',
  /** A decision recorded as automatic whose amount, recomputed at dispatch, is over the automatic limit. */
  autoOverLimitAtDispatch: 'auto_over_limit_at_dispatch',
  amountNotPositive: 'amount_not_positive',
  parentTransactionMismatch: 'parent_transaction_mismatch',
  /** The arguments move money another way than the gate decided (store credit for a refund, or the reverse). */
  remedyMismatch: 'remedy_mismatch',
  gateNotPassed: 'gate_not_passed',
  gateAmountMismatch: 'gate_amount_mismatch',
  policyChanged: 'policy_changed',
  approvalMissing: 'approval_missing',
  approvalNotApproved: 'approval_not_approved',
  approvalOtherRun: 'approval_other_run',
  approvalArgsMismatch: 'approval_args_mismatch',
  approvalExpired: 'approval_expired',
  approvalPolicyChanged: 'approval_policy_changed',
  maxRefundsPerRun: 'max_refunds_per_run',
  idempotencyKeyReused: 'idempotency_key_reused',
  approvalAlreadyUsed: 'approval_already_used',
  toolPinMismatch: 'tool_pin_mismatch',
  /** The customer's refunds re-counted at dispatch (concurrent runs' included) reach the auto limit. */
  tooManyRecentRefundsAtDispatch: 'too_many_recent_refunds_at_dispatch',
  // checks that could not run, or call hygiene
  registryUnavailable: 'registry_unavailable',
  storeUnavailable: 'store_unavailable',
  policyInvalid: 'policy_invalid',
  toolNotAllowed: 'tool_not_allowed',
  argumentsInvalid: 'arguments_invalid',
  repeatedCall: 'repeated_call',
  dispatchAllowed: 'dispatch_allowed',
  previewMismatch: 'preview_mismatch',
  refundReconciled: 'refund_reconciled',
  /** Another run of the same customer holds the refund lock; the dispatch is refused for now (retried). */
  customerRefundLockBusy: 'customer_refund_lock_busy',
  // a person settling a refund whose outcome was unknown (pending review, gateway/settle-review.ts)
  reviewRefundFound: 'review_refund_found',
  reviewRefundNotFound: 'review_refund_not_found',
  reviewNotPending: 'review_not_pending',
  reviewRefundNotOnOrder: 'review_refund_not_on_order',
  reviewRefundOnOrder: 'review_refund_on_order',
  reviewAlreadySettled: 'review_already_settled',
  /** The refund a person named was made before the run's dispatch, or for other lines or another amount. */
  reviewRefundNotThisRuns: 'review_refund_not_this_runs',
} as const;
export type RuleId = (typeof RULES)[keyof typeof RULES];
