// Approval decisions: look at an approval (changes nothing), and decide it once. A decision is
// single-use (conditional on 'pending' and the form token), recorded with who decided and when, and
// ends the state machine's wait through the task token, which never leaves the server.
import type { ApprovalRecord, ApprovalStore, Clock, RunStore, WorkflowEngine } from '#harness/ports.js';
import type { Run } from '#harness/domain/types.js';

export interface ApprovalDecisionDeps {
  approvals: ApprovalStore;
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
  approverEmails: string[];
}

export type ApprovalView =
  | { kind: 'not_found' }
  | { kind: 'pending'; approval: ApprovalRecord; run: Run | null }
  | { kind: 'closed'; approval: ApprovalRecord };

export type DecisionOutcome =
  | { kind: 'decided'; approval: ApprovalRecord }
  | { kind: 'not_found' }
  | { kind: 'closed'; approval: ApprovalRecord }
  | { kind: 'expired'; approval: ApprovalRecord }
  | { kind: 'not_an_approver' }
  | { kind: 'stale_form' };

export function createApprovalDecisions(deps: ApprovalDecisionDeps) {
  const approvers = new Set(deps.approverEmails.map((e) => e.toLowerCase()));

  async function view(approvalId: string): Promise<ApprovalView> {
    const approval = await deps.approvals.get(approvalId);
    if (!approval) return { kind: 'not_found' };
    if (approval.status !== 'pending') return { kind: 'closed', approval };
    return { kind: 'pending', approval, run: await deps.runs.get(approval.runId) };
  }

  async function decide(input: {
    approvalId: string;
    formToken: string;
    decision: 'approve' | 'reject';
    approver: string;
    reason: string | null;
  }): Promise<DecisionOutcome> {
    const approval = await deps.approvals.get(input.approvalId);
    if (!approval) return { kind: 'not_found' };
    if (approval.status !== 'pending') return { kind: 'closed', approval };
    if (!approvers.has(input.approver.toLowerCase())) return { kind: 'not_an_approver' };
    const now = deps.clock.now();
    if (now.toISOString() >= approval.expiresAt) return { kind: 'expired', approval };
    const decided = await deps.approvals.decide({
      approvalId: input.approvalId,
      formToken: input.formToken,
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: input.approver.toLowerCase(),
      decidedAt: now.toISOString(),
      reason: input.reason,
    });
    if (!decided) {
      const current = await deps.approvals.get(input.approvalId);
      return current && current.status !== 'pending' ? { kind: 'closed', approval: current } : { kind: 'stale_form' };
    }
    const { taskToken: _token, formToken: _form, runId, tenant: _tenant, tool: _tool, policyVersion: _pv, ...summary } = decided;
    await deps.runs.update(runId, { approval: summary, status: 'running' });
    const approved = decided.status === 'approved';
    await deps.workflow.sendTaskSuccess(decided.taskToken, {
      outcome: approved ? 'continue' : 'escalate',
      detail: {
        decision: decided.status,
        approvalId: decided.approvalId,
        reason: approved ? null : `refund rejected by ${decided.decidedBy}${decided.reason ? `: ${decided.reason}` : ''}`,
      },
    });
    return { kind: 'decided', approval: decided };
  }

  return { view, decide };
}
