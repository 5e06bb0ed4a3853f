// The approval email: what a lead needs to decide in a minute and a half (the amount in the order's
// currency, why a person must decide, each line with what the customer paid for it beside the
// customer's words and its shipping facts, the customer's recent refunds with what each refunded, the expiry in the store's
// time zone, links to check it) and a link that carries only the opaque approval id and this
// approver's signed token (never the task token).
// A plain-text part as complete as the HTML; the HTML is tables and inline styles only.
import { escapeHtml as escaped } from '../../shared/http.js';
import { approvalView, type ApprovalView, type ApprovalViewInput } from '../../shared/approvals/approval-view.js';
import { FONT, evidenceSections } from '../../shared/approvals/evidence-html.js';
import { attachmentLine, attachmentsEmailHtml } from '../../shared/attachments/attachments-html.js';
import { shippingFacts } from '../../shared/approvals/line-facts.js';
import { refundEvidenceWords, undatedWords } from '../../shared/approvals/refund-history.js';

export interface ApprovalEmailInput extends ApprovalViewInput {
  /** This approver's personal link to the confirmation page. */
  link: string;
  approver: string;
}

export function approvalEmail(input: ApprovalEmailInput): { subject: string; text: string; html: string } {
  const view = approvalView(input);
  return { subject: view.subject, text: textOf(view, input), html: htmlOf(view, input) };
}

/** The customer's files by name, type and size, and where to see them (no file link). */
function attachmentsText(view: ApprovalView, link: string): string[] {
  if (view.attachments.length === 0) return [];
  const lines = [...view.attachments.map((a) => `- ${attachmentLine(a)}`), `See them on the approval page: ${link}`];
  return ['', `Attached by the customer (${view.attachments.length})`.toUpperCase(), ...lines];
}

/** The customer's refunds, one a line, each made since the run checked the order with where to open its run. */
function refundsText(view: ApprovalView): string[] {
  const listed = (view.recentRefunds.items ?? []).map((r) => `- ${refundEvidenceWords(r)}${r.byRun?.href ? `. Open it: ${r.byRun.href}` : ''}`);
  const undated = undatedWords(view.recentRefunds);
  const lines = [...listed, ...(undated ? [undated] : [])];
  return lines.length > 0 ? lines : ['None.'];
}

/** Why nothing can be refunded, and the runs that used the order up with where to open them. */
function cannotRefundText(view: ApprovalView): string[] {
  if (!view.cannotRefund) return [];
  return ['', view.cannotRefund, ...view.usedUpBy.map((r) => `The run that used it up: run ${r.runId}${r.href ? `. Open it: ${r.href}` : ''}`)];
}

function textOf(view: ApprovalView, input: ApprovalEmailInput): string {
  const section = (title: string, lines: string[]) => ['', title.toUpperCase(), ...lines];
  const { count } = view.recentRefunds;
  const lines = view.lines.flatMap((l, i) => [
    `${i + 1}. ${l.title} — ${l.paid ? l.paid.words : `${l.quantity} × ${l.unitPrice} = ${l.subtotal}`}`,
    `   Customer's words: "${l.quote}"`,
    ...shippingFacts(l).map((f) => `   ${f.label}: ${f.value}`),
    `   Still refundable: ${l.refundable}`,
  ]);
  return [
    `${view.storeName}: a refund needs your approval.`,
    '',
    `Refund:  ${view.amount} on order #${view.orderNumber}`,
    ...(view.bindingNote ? [`Order:   ${view.bindingNote}`] : []),
    `Reason:  ${view.reason}`,
    `Expires: ${view.expires.at} — ${view.expires.left}`,
    `Customer: ${[view.customer.name, view.customer.email].filter(Boolean).join(', ') || 'not known'}`,
    ...cannotRefundText(view),
    ...(view.otherApprovals.length + view.changes.length > 0
      ? section('This order now', [
          ...view.otherApprovals.map((o) => `- ${o.text}${o.href ? ` Open it: ${o.href}` : ''}`),
          ...view.changes.map((c) => `- ${c}`),
        ])
      : []),
    ...section(
      'Why a person must decide',
      view.whyApproval.map((w) => `- ${w}`),
    ),
    ...section(`What would be refunded (total ${view.amount})`, [...lines, ...view.amountNotes]),
    ...section(`Customer's refunds in the last 90 days (${count})`, refundsText(view)),
    ...section(`Ticket ${view.ticketId}: the customer's words (unverified)`, [
      view.ticketSubject,
      ...view.customerWords.map((w) => `> ${w.replace(/\n/g, '\n> ')}`),
    ]),
    ...attachmentsText(view, input.link),
    ...(view.links.length > 0
      ? section(
          'Check it yourself',
          view.links.map((l) => `${l.label}: ${l.url}`),
        )
      : []),
    ...section('Decide', [
      `Review and decide: ${input.link}`,
      `If you approve: ${view.onApprove}.`,
      `If you reject: ${view.onReject}.`,
      `Opening the link changes nothing; you decide on the page. This link is personal: whoever uses it decides as ${input.approver}. Do not forward it.`,
    ]),
  ].join('\n');
}

function htmlOf(view: ApprovalView, input: ApprovalEmailInput): string {
  const block = (inner: string, padding = '16px 24px') => `<tr><td style="${FONT}padding:${padding};">${inner}</td></tr>`;
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="#15803d" style="border-radius:4px;background:#15803d;">
<a href="${escaped(input.link)}" style="${FONT}display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">Review and decide</a></td></tr></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(view.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f4f5" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:640px;background:#ffffff;border:1px solid #e4e4e7;color:#18181b;">
<tr><td bgcolor="#18181b" style="${FONT}padding:12px 24px;background:#18181b;color:#ffffff;font-size:13px;">${escaped(view.storeName)} · refund approval</td></tr>
${evidenceSections(view)
  .map(({ name, html }) => {
    if (name === 'summary')
      return block(`<h1 style="${FONT}margin:0 0 12px;font-size:22px;line-height:28px;">Approve ${escaped(view.headline)}?</h1>${html}`, '20px 24px 8px');
    if (name === 'attachments') return block(attachmentsEmailHtml(view.attachments, input.link));
    if (name === 'outcomes') return block(`${button}<div style="height:12px;line-height:12px;">&nbsp;</div>${html}`, '16px 24px 20px');
    return block(html, name === 'orderNow' || name === 'why' ? '8px 24px' : undefined);
  })
  .join('\n')}
<tr><td style="${FONT}padding:12px 24px;border-top:1px solid #e4e4e7;font-size:12px;line-height:18px;color:#71717a;">Opening the link changes nothing; you decide on the page. This link is personal: whoever uses it decides as ${escaped(input.approver)}. Do not forward it.</td></tr>
</table></td></tr></table>
</body></html>`;
}
