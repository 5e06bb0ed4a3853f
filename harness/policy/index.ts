// Public face of the refund policy: the document, the gate, the dispatch check and the tool bindings.
export { DEFAULT_POLICY, DEFAULT_POLICY_DOCUMENT, PolicyDocument, createPolicy, type Policy } from './document.js';
export { computeProposalAmount, mergeLines, type ClaimedLine } from './amount.js';
export {
  decideGate,
  decideGateWithGrounding,
  previewFor,
  hardRefusals,
  approvalReasons,
  refundsInWindow,
  sameEmail,
  type GateInput,
  type GateVerdict,
} from './gate.js';
export { checkBinding, orderNumbersIn, type BindingVerdict } from './order-binding.js';
export { calendarDaysBetween, withinDays } from './days.js';
export { groundProposal, quoteOccursIn, parseCount, normalizeForMatch, type GroundingFinding, type LineVerdict } from './grounding/index.js';
export { checkRefundArguments, refundArgumentsHash, type RefundArgumentsCheck, type RefundArgumentsVerdict } from './refund-args.js';
export { TOOL_BINDINGS, toolBinding, type BindingCheck, type BindingRefusal, type BindingScope, type ToolBinding } from './tool-binding.js';
export { verifyApproval, type ApprovalBinding } from './approval.js';
export { RULES, type RuleId } from './rules.js';
