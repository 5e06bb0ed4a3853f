// The part of an approval record that may sit on the run row and show in the runs API: everything
// but the server-side secrets (task token, form token), routing fields and RequestApproval's progress.
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { ApprovalRecord } from '#harness/ports.js';

export function approvalSummaryOf(record: ApprovalRecord): ApprovalSummary {
  const {
    taskToken: _token,
    formToken: _form,
    runId: _run,
    tenant: _tenant,
    tool: _tool,
    policyVersion: _pv,
    holdingNoteAt: _note,
    emailedTo: _emailed,
    ...summary
  } = record;
  return summary;
}
