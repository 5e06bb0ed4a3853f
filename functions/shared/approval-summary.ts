// The part of an approval record that may sit on the run row and show in the runs API: everything
// but the server-side secrets (task token, form token) and routing fields.
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { ApprovalRecord } from '#harness/ports.js';

export function approvalSummaryOf(record: ApprovalRecord): ApprovalSummary {
  const { taskToken: _token, formToken: _form, runId: _run, tenant: _tenant, tool: _tool, policyVersion: _pv, ...summary } = record;
  return summary;
}
