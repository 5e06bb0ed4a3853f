// Rule ids: the vocabulary of gate decisions, dispatch refusals, journal rows and approval emails.
export const RULES = {
  // hard refusals (the run goes to a person)
  notRefundRequest: 'not_refund_request',
  orderNotRequesters: 'order_not_requesters',
  itemsNotOnOrder: 'items_not_on_order',
  quantityExceedsRefundable: 'quantity_exceeds_refundable',
  nothingRefundable: 'nothing_refundable',
  amountMismatch: 'amount_mismatch',
  currencyMismatch: 'currency_mismatch',
  // approval required
  amountOverAutoLimit: 'amount_over_auto_limit',
  notFulfilled: 'not_fulfilled',
  fulfilledTooLongAgo: 'fulfilled_too_long_ago',
  reasonNotDamageLike: 'reason_not_damage_like',
  tooManyRecentRefunds: 'too_many_recent_refunds',
  riskFlags: 'risk_flags',
  // auto
  autoWithinPolicy: 'auto_within_policy',
  // dispatch-only
  orderNotBound: 'order_not_bound',
  amountExceedsRefundable: 'amount_exceeds_refundable',
  amountNotPositive: 'amount_not_positive',
  parentTransactionMismatch: 'parent_transaction_mismatch',
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
} as const;
export type RuleId = (typeof RULES)[keyof typeof RULES];
