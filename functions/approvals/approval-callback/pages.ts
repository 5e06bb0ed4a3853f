// The approval pages: a confirmation page (GET changes nothing, so mail scanners that prefetch
// links cannot approve) showing the approval email's evidence, and the result pages after a POST.
import { formatMoney } from '#shared/money.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/document.js';
import { escapeHtml as escaped } from '../../shared/http.js';
import { APPROVER_TOKEN_PARAM } from '../../shared/approvals/approver-links.js';
import { approvalView, type ApprovalDisplay } from '../../shared/approvals/approval-view.js';
import { evidenceSections, heading } from '../../shared/approvals/evidence-html.js';
import type { OrderNow } from '../../shared/approvals/order-now.js';
import { CANCELLED_BEFORE_REFUND, WAIT_OVER } from '../../shared/approvals/decisions.js';
import { attachmentsPageHtml } from '../../shared/attachments/attachments-html.js';
import { approvalStateOf, approvalStateWords, NOTHING_LEFT_TITLE } from '../../shared/approvals/approval-state.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escaped(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem}
button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style></head><body><h1>${escaped(title)}</h1>${body}</body></html>`;

/** What the page shows of the tenant, and the moment it is shown (for the time left). */
export interface PageContext {
  now: Date;
  tenant?: ApprovalDisplay;
  policy?: Policy;
  /** The order as it is now, read when the page is opened: "still refundable" and the other approvals on it. */
  orderNow?: OrderNow | null;
  linkToApproval?: (approvalId: string) => string | null;
  /** Our own route serving the run's n-th attachment as a thumbnail, or null for a plain link (attachments/thumbnail.ts). */
  thumbnailSrc?: (index: number) => string | null;
}

/**
 * `approver` is who the link's token names; `approverToken` goes back with the form. Shows the same
 * evidence as the approval email (shared/approvals/approval-view.ts) and says what each decision does.
 */
export function confirmationPage(approval: ApprovalRecord, run: Run | null, approver: string, approverToken: string, context: PageContext): string {
  const hidden = `<input type="hidden" name="formToken" value="${escaped(approval.formToken)}">
<input type="hidden" name="${APPROVER_TOKEN_PARAM}" value="${escaped(approverToken)}">`;
  const form = (amount: string) => `<form method="post">
${hidden}
<p>Deciding as <strong>${escaped(approver)}</strong> (this link was sent to you alone). Nothing has changed yet: only these buttons decide.</p>
<p><label>Reason (optional; goes to the team with a rejection) <input name="reason" maxlength="300" size="40"></label></p>
<button type="submit" name="decision" value="approve">Approve ${escaped(amount)}</button>
<button type="submit" name="decision" value="reject">Reject</button>
</form>`;
  // Nothing left to refund: no approve button; the one action hands the ticket to the team, saying why.
  const handOver = `<form method="post">
${hidden}
<p>Deciding as <strong>${escaped(approver)}</strong>. There is nothing to approve: the order has nothing left to refund (above). Closing this request refunds nothing and hands the ticket to the team with that reason.</p>
<button type="submit" name="decision" value="reject">Close the request and hand the ticket to the team</button>
</form>`;
  if (!run) {
    const amount = formatMoney(approval.amountMinor, approval.currency);
    return page(`Approve refund of ${amount}?`, `<p>The run behind this approval could not be read.</p>${form(amount)}`);
  }
  const view = approvalView({ run, amountMinor: approval.amountMinor, currency: approval.currency, expiresAt: approval.expiresAt, ...context });
  const section = (inner: string) => `<section style="margin:0 0 1.5rem;">${inner}</section>`;
  return page(
    view.cannotRefund ? `${NOTHING_LEFT_TITLE} on order #${view.orderNumber}` : `Approve ${view.headline}?`,
    `<p style="color:#52525b;margin-top:-.5rem;">${escaped(view.storeName)}</p>
${evidenceSections(view)
  .map(({ name, html }) => {
    if (name === 'attachments') return section(attachmentsPageHtml(view.attachments, context.thumbnailSrc ?? (() => null)));
    return section(name === 'outcomes' ? `${heading('What happens when you decide')}${html}` : html);
  })
  .join('\n')}
${view.cannotRefund ? handOver : form(view.amount)}`,
  );
}

export function resultPage(title: string, message: string): string {
  return page(title, `<p>${escaped(message)}</p>`);
}

/**
 * The page of an approval that is no longer open. Who decided is an approver's address: it is shown
 * only when `viewer` is set, i.e. the request carried a valid signed approver token for this approval
 * (the handler verifies it), never to whoever merely holds the approval id. `cancelled` is a run
 * cancelled before any refund was claimed on it (decisions.ts); `waitOver` a decision the run no
 * longer waited for. Neither page says a refund will be made.
 */
export function closedPage(approval: Pick<ApprovalRecord, 'status' | 'decidedBy'>, cancelled: boolean, viewer: string | null, waitOver = false): string {
  if (cancelled) return resultPage('Run cancelled', `${CANCELLED_BEFORE_REFUND} Nothing was changed.`);
  if (waitOver) return resultPage('Not carried out', `${WAIT_OVER} Nothing was changed; the run's page in the console shows what happened.`);
  const by = viewer !== null && approval.decidedBy ? ` (by ${approval.decidedBy})` : '';
  const title = approvalStateOf(approval) === 'nothing_left' ? NOTHING_LEFT_TITLE : 'Already decided';
  return resultPage(title, `This approval is ${approvalStateWords(approval)}${by}. Nothing was changed.`);
}
