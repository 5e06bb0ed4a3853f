// The approval callback handler as the approval-callback tests drive it: a run awaiting a $62.00
// approval on the in-memory stores, a fixed clock, a recording workflow engine and per-approver links.
import { createApprovalCallbackHandler } from '#functions/approvals/approval-callback/handler.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import type { HttpResult } from '#functions/shared/http.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock, formPost, httpEvent, makeOrder, pendingApproval, proposedRun, recordingWorkflow } from '../../support/steps.js';

export const LEAD = 'lead@example.com';
export const SECOND = 'second@example.com';
export const LINK_SECRET = 'unit-test-approval-link-secret';

export async function setup() {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const workflow = recordingWorkflow();
  const run = proposedRun({ runId: 'run-apr', status: 'awaiting_approval', state: 'RequestApproval' }, makeOrder({ unitPriceMinor: 6200 }));
  const record = pendingApproval(run);
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  await stores.runs.create({ ...run, approval: summary });
  await stores.approvals.create(record);
  const pages: string[] = [];
  const links = createApproverLinks({ secret: LINK_SECRET, approverEmails: [LEAD, SECOND] });
  const handler = createApprovalCallbackHandler({
    approvals: stores.approvals,
    runs: stores.runs,
    workflow: workflow.engine,
    clock,
    links: () => links,
  });
  const call = async (...args: Parameters<typeof handler>): Promise<HttpResult & { body: string }> => {
    const result = await handler(...args);
    pages.push(String(result.body));
    return { ...result, body: String(result.body) };
  };
  const tokenOf = (approver: string, approvalId = record.approvalId) => links.sign(approvalId, approver);
  const get = (approvalId = record.approvalId, as: string | null = tokenOf(LEAD, approvalId)) =>
    call(httpEvent({ method: 'GET', path: `/approvals/${approvalId}`, pathParameters: { approvalId }, ...(as === null ? {} : { query: { as } }) }));
  const post = (fields: Record<string, string>, approvalId = record.approvalId) => call(formPost(approvalId, fields));
  const approve = { formToken: record.formToken, decision: 'approve', as: tokenOf(LEAD) };
  return { clock, stores, workflow, run, record, pages, get, post, call, approve, tokenOf, links };
}
