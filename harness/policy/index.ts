// Public face of the refund policy: the document, the gate and the dispatch check.
export { DEFAULT_POLICY, DEFAULT_POLICY_DOCUMENT, PolicyDocument, createPolicy, type Policy } from './document.js';
export { computeProposalAmount, mergeLines, type ClaimedLine } from './amount.js';
export { decideGate, hardRefusals, approvalReasons, sameEmail, type GateInput } from './gate.js';
export { checkRefundArguments, refundArgumentsHash, type RefundArgumentsCheck, type RefundArgumentsVerdict } from './refund-args.js';
export { verifyApproval, type ApprovalBinding } from './approval.js';
export { RULES, type RuleId } from './rules.js';
