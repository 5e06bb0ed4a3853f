// Does an approval record authorise this exact refund call? Status approved, same run, same
// argument hash, same policy version, not expired. Pure.
import { ArgumentPolicyError, ApprovalRequiredError } from '../errors.js';
import type { ToolName } from '#shared/contracts/tools.js';
import type { ApprovalRecord } from '../ports.js';
import { RULES } from './rules.js';

export interface ApprovalBinding {
  runId: string;
  /** The tool the approval must name (refund_create unless said). */
  tool?: ToolName;
  argsHash: string;
  policyVersion: string;
  now: Date;
}

export function verifyApproval(approval: ApprovalRecord | null, binding: ApprovalBinding): void {
  if (!approval) throw new ApprovalRequiredError(RULES.approvalMissing, 'this refund needs an approval and the run has none');
  const context = { approvalId: approval.approvalId };
  if (approval.status !== 'approved') {
    throw new ApprovalRequiredError(RULES.approvalNotApproved, `approval is ${approval.status}, not approved`, { context });
  }
  if (approval.runId !== binding.runId || approval.tool !== (binding.tool ?? 'refund_create')) {
    throw new ArgumentPolicyError(RULES.approvalOtherRun, 'the approval was given for another run or tool', { context });
  }
  if (approval.argsHash !== binding.argsHash) {
    throw new ArgumentPolicyError(RULES.approvalArgsMismatch, 'the approval does not bind these exact refund arguments', { context });
  }
  if (approval.policyVersion !== binding.policyVersion) {
    throw new ArgumentPolicyError(RULES.approvalPolicyChanged, 'the policy changed since the approval was given', { context });
  }
  if (!(binding.now.getTime() < Date.parse(approval.expiresAt))) {
    throw new ArgumentPolicyError(RULES.approvalExpired, `the approval expired at ${approval.expiresAt}`, { context });
  }
}
