// The approval email: the evidence a lead needs to decide, and a link that carries only the
// opaque approval id and this approver's signed token (never the task token). Plain text and HTML.
import { formatMoney } from '#harness/domain/money.js';
import type { Run } from '#harness/domain/types.js';
import { escapeHtml } from '../shared/http.js';

export function approvalEmail(input: { run: Run; link: string; approver: string; expiresAt: string; amountMinor: number; currency: string }) {
  const { run } = input;
  const amount = formatMoney(input.amountMinor, input.currency);
  const orderNumber = run.order?.orderNumber ?? '?';
  // Said plainly when the ticket named no order, so the lead checks it is the one the customer meant.
  const binding = run.order?.binding === 'only_order' ? " (the ticket names no order; this is the requester's only order)" : '';
  const items = (run.proposal?.lineItems ?? []).map((li) => {
    const item = run.order?.lineItems.find((o) => o.id === li.lineItemId);
    return `${li.quantity} × ${item?.title ?? li.lineItemId}`;
  });
  const rules = run.gate?.reasons ?? [];
  const excerpt = run.ticket.body.slice(0, 400);
  const subject = `Approve refund of ${amount} on order #${orderNumber}?`;
  const lines = [
    `A refund needs your approval.`,
    ``,
    `Order: #${orderNumber}${binding}`,
    `Refund: ${amount} for ${items.join(', ')}`,
    `Reason: ${run.proposal?.reason ?? 'unknown'}`,
    `Why approval is required: ${rules.join('; ')}`,
    `Expires: ${input.expiresAt} (UTC)`,
    ``,
    `Ticket ${run.ticket.ticketId} (customer's words, unverified):`,
    excerpt,
    ``,
    `Review and decide: ${input.link}`,
    `This link is personal: whoever uses it decides as ${input.approver}. Do not forward it.`,
  ];
  const html = `<!doctype html><html><body>
<p>A refund needs your approval.</p>
<table>
<tr><th align="left">Order</th><td>#${escapeHtml(orderNumber)}${escapeHtml(binding)}</td></tr>
<tr><th align="left">Refund</th><td>${escapeHtml(amount)} for ${escapeHtml(items.join(', '))}</td></tr>
<tr><th align="left">Reason</th><td>${escapeHtml(run.proposal?.reason ?? 'unknown')}</td></tr>
<tr><th align="left">Why approval is required</th><td>${escapeHtml(rules.join('; '))}</td></tr>
<tr><th align="left">Expires</th><td>${escapeHtml(input.expiresAt)} (UTC)</td></tr>
</table>
<p>Ticket ${escapeHtml(run.ticket.ticketId)} (customer's words, unverified):</p>
<blockquote>${escapeHtml(excerpt)}</blockquote>
<p><a href="${escapeHtml(input.link)}">Review and decide</a></p>
<p>This link is personal: whoever uses it decides as ${escapeHtml(input.approver)}. Do not forward it.</p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
