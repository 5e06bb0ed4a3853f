// GET /approvals/{approvalId}?as=<approver token> → confirmation page; POST → one decision, made
// as the approver the token names. Every outcome is a page a person can read, never an error trace.
import * as z from 'zod';
import { html, rawBody, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { NOTHING_LEFT_TITLE } from '../../shared/approvals/approval-state.js';
import { APPROVER_TOKEN_PARAM } from '../../shared/approvals/approver-links.js';
import { createApprovalDecisions, type ApprovalDecisionDeps } from './decisions.js';
import type { DecisionOutcome } from '../../shared/approvals/decisions.js';
import { closedPage, confirmationPage, resultPage } from './pages.js';
import type { Policy } from '#harness/policy/document.js';
import type { ApprovalDisplay } from '../../shared/approvals/approval-view.js';
import type { AttachmentReader } from '#shared/helpdesk/index.js';
import { attachmentAt, thumbnailable, thumbnailResult } from '../../shared/attachments/thumbnail.js';

const DecisionForm = z.object({
  formToken: z.string().min(1).max(200),
  [APPROVER_TOKEN_PARAM]: z.string().min(1).max(200),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().max(300).optional(),
});

/** Approval ids are `apr_<random>` (request-approval); anything else is no approval, answered before the store is asked. */
const APPROVAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const NOT_FOUND = resultPage('Approval not found', 'This approval link is not valid.');

const NOT_AN_APPROVER = resultPage(
  'Link not valid for deciding',
  'This link does not identify an approver of this refund. Open the link from your own approval email.',
);

/** The tenant's store, helpdesk and console, and the policy, for the page's evidence (optional: fallbacks apply). */
export type ApprovalCallbackDeps = ApprovalDecisionDeps & {
  tenant?: ApprovalDisplay;
  policy?: Policy;
  /** Reads the customer's images through the tenant's helpdesk for the page's thumbnails; absent: plain links. */
  attachments?: AttachmentReader;
};

export function createApprovalCallbackHandler(deps: ApprovalCallbackDeps) {
  const decisions = createApprovalDecisions(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const approvalId = event.pathParameters?.approvalId ?? '';
    if (!APPROVAL_ID.test(approvalId)) return html(404, NOT_FOUND);
    const method = event.requestContext.http.method.toUpperCase();
    if (method === 'GET' && event.pathParameters?.n !== undefined) return showAttachment(deps, event, approvalId);
    if (method === 'GET') return showApproval(deps, decisions, event, approvalId);
    if (method !== 'POST') return html(405, resultPage('Not allowed', 'Use the buttons on the approval page.'));
    return submitDecision(deps, decisions, event, approvalId);
  };
}

type Decisions = ReturnType<typeof createApprovalDecisions>;

/** Who decided is shown only to a request carrying an approver's valid token for this approval. */
const viewerOf = (deps: ApprovalCallbackDeps, approvalId: string, token: string | undefined) => deps.links().verify(approvalId, token);

/** GET: the confirmation page for a pending approval, or the page that says why there is none to decide. */
async function showApproval(deps: ApprovalCallbackDeps, decisions: Decisions, event: HttpEvent, approvalId: string): Promise<HttpResult> {
  const token = event.queryStringParameters?.[APPROVER_TOKEN_PARAM];
  const view = await decisions.view(approvalId, token);
  if (view.kind === 'not_found') return html(404, resultPage('Approval not found', 'This approval link is not valid.'));
  if (view.kind === 'closed') return html(200, closedPage(view.approval, view.cancelled, viewerOf(deps, approvalId, token)));
  if (view.kind === 'not_an_approver') return html(403, NOT_AN_APPROVER);
  // Another approval on the same order opens on its own page, as the same approver.
  const linkToApproval = (otherId: string) =>
    `/approvals/${encodeURIComponent(otherId)}?${APPROVER_TOKEN_PARAM}=${encodeURIComponent(deps.links().sign(otherId, view.approver))}`;
  const asToken = encodeURIComponent(token ?? '');
  const attachments = view.run?.ticket.attachments ?? [];
  const thumbnailSrc = (i: number) =>
    attachments[i] && thumbnailable(attachments[i], deps.attachments)
      ? `/approvals/${encodeURIComponent(approvalId)}/attachments/${i}?${APPROVER_TOKEN_PARAM}=${asToken}`
      : null;
  const context = { now: deps.clock.now(), tenant: deps.tenant, policy: deps.policy, orderNow: view.orderNow, linkToApproval, thumbnailSrc };
  return html(200, confirmationPage(view.approval, view.run, view.approver, event.queryStringParameters?.[APPROVER_TOKEN_PARAM] ?? '', context));
}

/**
 * GET …/attachments/{n}: the thumbnail of the approval's run's n-th file, for the bearer of an
 * approver's link to this approval only (the same signed token as the page).
 */
async function showAttachment(deps: ApprovalCallbackDeps, event: HttpEvent, approvalId: string): Promise<HttpResult> {
  if (!viewerOf(deps, approvalId, event.queryStringParameters?.[APPROVER_TOKEN_PARAM])) return html(403, NOT_AN_APPROVER);
  const approval = await deps.approvals.get(approvalId);
  const run = approval ? await deps.runs.get(approval.runId) : null;
  if (!run) return html(404, NOT_FOUND);
  return thumbnailResult(attachmentAt(run, event.pathParameters?.n), deps.attachments);
}

/** POST: the form's one decision, made as the approver its token names. */
async function submitDecision(deps: ApprovalCallbackDeps, decisions: Decisions, event: HttpEvent, approvalId: string): Promise<HttpResult> {
  const form = DecisionForm.safeParse(Object.fromEntries(new URLSearchParams(rawBody(event))));
  if (!form.success) return html(400, resultPage('Incomplete form', 'The form was incomplete; open the link from the email again.'));
  const outcome = await decisions.decide({
    approvalId,
    formToken: form.data.formToken,
    approverToken: form.data[APPROVER_TOKEN_PARAM],
    decision: form.data.decision,
    reason: form.data.reason?.trim() || null,
  });
  return decisionPage(outcome, () => viewerOf(deps, approvalId, form.data[APPROVER_TOKEN_PARAM]));
}

/** The page that answers a decision; `viewer` is asked only for a closed approval's page. */
function decisionPage(outcome: DecisionOutcome, viewer: () => string | null): HttpResult {
  switch (outcome.kind) {
    case 'decided':
      return html(
        200,
        resultPage(
          outcome.approval.status === 'approved' ? 'Refund approved' : 'Refund rejected',
          outcome.approval.status === 'approved'
            ? // Only after the run's row took the approval; no cancel is accepted after that (cancel-run).
              'Thank you. The refund will be issued now and a reply drafted on the ticket.'
            : 'Thank you. No refund will be made; the ticket goes back to the team.',
        ),
      );
    case 'not_carried_out':
      // A decision made and recorded (approved, nothing left to refund): an answer, not a conflict.
      return html(
        200,
        resultPage(NOTHING_LEFT_TITLE, `${outcome.message} Nothing was refunded by this approval; the ticket goes to the team with a note saying so.`),
      );
    case 'undelivered':
      return html(
        503,
        resultPage(
          'Decision saved, not yet delivered',
          'Your decision is recorded, but the refund agent could not be reached. Press the same button again in a moment to deliver it.',
        ),
      );
    case 'not_found':
      return html(404, resultPage('Approval not found', 'This approval link is not valid.'));
    case 'closed':
      return html(409, closedPage(outcome.approval, outcome.cancelled, viewer(), outcome.waitOver));
    case 'expired':
      return html(410, resultPage('Approval expired', 'This approval expired; the ticket was handed to the team.'));
    case 'not_an_approver':
      return html(403, NOT_AN_APPROVER);
    case 'stale_form':
      return html(409, resultPage('Form out of date', 'Open the link from the email again.'));
  }
}
