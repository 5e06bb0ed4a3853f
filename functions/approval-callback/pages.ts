// The approval pages: a confirmation page (GET changes nothing, so mail scanners that prefetch
// links cannot approve) and the result pages after a POST.
import { formatMoney } from '#harness/domain/money.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { Run } from '#harness/domain/types.js';
import { escapeHtml as e } from '../shared/http.js';
import { APPROVER_TOKEN_PARAM } from '../shared/approver-links.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem}
button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style></head><body><h1>${e(title)}</h1>${body}</body></html>`;

/** `approver` is who the link's token names; `approverToken` goes back with the form. */
export function confirmationPage(approval: ApprovalRecord, run: Run | null, approver: string, approverToken: string): string {
  const amount = formatMoney(approval.amountMinor, approval.currency);
  const items = (run?.proposal?.lineItems ?? [])
    .map((li) => `${li.quantity} × ${run?.order?.lineItems.find((o) => o.id === li.lineItemId)?.title ?? li.lineItemId}`)
    .join(', ');
  return page(
    `Approve refund of ${amount}?`,
    `<table>
<tr><th>Order</th><td>#${e(run?.order?.orderNumber ?? '?')}</td></tr>
<tr><th>Refund</th><td>${e(amount)} for ${e(items)}</td></tr>
<tr><th>Reason</th><td>${e(run?.proposal?.reason ?? '')}</td></tr>
<tr><th>Why approval</th><td>${e((run?.gate?.reasons ?? []).join('; '))}</td></tr>
<tr><th>Expires</th><td>${e(approval.expiresAt)} UTC</td></tr>
</table>
<h2>Customer's words (unverified)</h2><blockquote>${e(run?.ticket.body.slice(0, 600) ?? '')}</blockquote>
<form method="post">
<input type="hidden" name="formToken" value="${e(approval.formToken)}">
<input type="hidden" name="${APPROVER_TOKEN_PARAM}" value="${e(approverToken)}">
<p>Deciding as <strong>${e(approver)}</strong> (this link was sent to you alone).</p>
<p><label>Reason (optional, for a rejection) <input name="reason" maxlength="300"></label></p>
<button type="submit" name="decision" value="approve">Approve ${e(amount)}</button>
<button type="submit" name="decision" value="reject">Reject</button>
</form>`,
  );
}

export function resultPage(title: string, message: string): string {
  return page(title, `<p>${e(message)}</p>`);
}
