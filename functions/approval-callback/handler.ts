// GET /approvals/{approvalId} → confirmation page; POST → one decision. Every outcome is a page a
// person can read, never an error trace.
import { z } from 'zod';
import { html, rawBody, type HttpEvent, type HttpResult } from '../shared/http.js';
import { createApprovalDecisions, type ApprovalDecisionDeps } from './decisions.js';
import { confirmationPage, resultPage } from './pages.js';

const DecisionForm = z.object({
  formToken: z.string().min(1),
  decision: z.enum(['approve', 'reject']),
  approver: z.string().email(),
  reason: z.string().max(300).optional(),
});

export function createApprovalCallbackHandler(deps: ApprovalDecisionDeps) {
  const decisions = createApprovalDecisions(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const approvalId = event.pathParameters?.approvalId ?? '';
    const method = event.requestContext.http.method.toUpperCase();
    if (method === 'GET') {
      const view = await decisions.view(approvalId);
      if (view.kind === 'not_found') return html(404, resultPage('Approval not found', 'This approval link is not valid.'));
      if (view.kind === 'closed') return html(200, closedPage(view.approval.status, view.approval.decidedBy));
      return html(200, confirmationPage(view.approval, view.run, deps.approverEmails));
    }
    if (method !== 'POST') return html(405, resultPage('Not allowed', 'Use the buttons on the approval page.'));
    const form = DecisionForm.safeParse(Object.fromEntries(new URLSearchParams(rawBody(event))));
    if (!form.success) return html(400, resultPage('Incomplete form', 'The form was incomplete; open the link from the email again.'));
    const outcome = await decisions.decide({ approvalId, ...form.data, reason: form.data.reason?.trim() || null });
    switch (outcome.kind) {
      case 'decided':
        return html(200, resultPage(
          outcome.approval.status === 'approved' ? 'Refund approved' : 'Refund rejected',
          outcome.approval.status === 'approved'
            ? 'Thank you. The refund will be issued now and a reply drafted on the ticket.'
            : 'Thank you. No refund will be made; the ticket goes back to the team.',
        ));
      case 'not_found':
        return html(404, resultPage('Approval not found', 'This approval link is not valid.'));
      case 'closed':
        return html(409, closedPage(outcome.approval.status, outcome.approval.decidedBy));
      case 'expired':
        return html(410, resultPage('Approval expired', 'This approval expired; the ticket was handed to the team.'));
      case 'not_an_approver':
        return html(403, resultPage('Not an approver', 'That address is not an approver for this store.'));
      case 'stale_form':
        return html(409, resultPage('Form out of date', 'Open the link from the email again.'));
    }
  };
}

function closedPage(status: string, by: string | null): string {
  return resultPage('Already decided', `This approval is ${status}${by ? ` (by ${by})` : ''}. Nothing was changed.`);
}
