// The case's evidence as HTML that mail clients render: tables, inline styles, no classes, no
// scripts, no images or other external resources. Shared by the approval email (email.ts) and the
// confirmation page (approval-callback/pages.ts), so both show the same facts the same way.
import { escapeHtml as escaped } from '../http.js';
import type { ApprovalView, LineEvidence, RefundEvidence, RunRef } from './approval-view.js';
import { attachmentsEmailHtml } from '../attachments/attachments-html.js';
import { shippingFacts } from './line-facts.js';
import { MADE_SINCE, madeSinceWords, undatedWords } from './refund-history.js';

export const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const MUTED = 'color:#52525b;';
const H2 = `${FONT}margin:0 0 8px;font-size:13px;line-height:18px;font-weight:bold;letter-spacing:.04em;text-transform:uppercase;color:#3f3f46;`;
const CELL = `${FONT}padding:4px 8px 4px 0;font-size:14px;line-height:20px;vertical-align:top;`;
const KEY = `${CELL}${MUTED}white-space:nowrap;width:130px;`;
const TABLE = 'role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"';

export const heading = (text: string) => `<h2 style="${H2}">${escaped(text)}</h2>`;

function keyValues(rows: Array<[string, string]>): string {
  return `<table ${TABLE} style="border-collapse:collapse;">${rows
    .map(([k, v]) => `<tr><td style="${KEY}">${escaped(k)}</td><td style="${CELL}">${v}</td></tr>`)
    .join('')}</table>`;
}

/** Why a person must decide: one plain sentence per rule, in an amber box. */
export function whyHtml(view: ApprovalView): string {
  const items = view.whyApproval.map((w) => `<li style="margin:0 0 4px;">${escaped(w)}</li>`).join('');
  return `<table ${TABLE} style="border-collapse:collapse;"><tr><td bgcolor="#fffbeb" style="${FONT}padding:12px 16px;background:#fffbeb;border-left:4px solid #d97706;font-size:14px;line-height:20px;">
${heading('Why a person must decide')}<ul style="margin:0;padding:0 0 0 20px;">${items || '<li>the policy requires approval</li>'}</ul></td></tr></table>`;
}

function lineHtml(line: LineEvidence, index: number): string {
  const rows: Array<[string, string]> = [
    ["Customer's words", `<span style="font-style:italic;">“${escaped(line.quote)}”</span>`],
    ...shippingFacts(line).map((f): [string, string] => [f.label, escaped(f.value)]),
    ['Still refundable', escaped(line.refundable)],
  ];
  return `<tr><td style="${FONT}padding:12px 0;border-top:1px solid #e4e4e7;">
<table ${TABLE} style="border-collapse:collapse;"><tr>
<td style="${FONT}font-size:15px;line-height:22px;font-weight:bold;">${index + 1}. ${escaped(line.title)}</td>
${lineAmountHtml(line)}
</tr></table>${keyValues(rows)}</td></tr>`;
}

/** What the customer paid for the line's units and why, the figure in bold; a run without a breakdown shows its list prices as before. */
function lineAmountHtml(line: LineEvidence): string {
  const cell = `${FONT}font-size:15px;line-height:22px;`;
  if (!line.paid)
    return `<td align="right" style="${cell}white-space:nowrap;">${line.quantity} × ${escaped(line.unitPrice)} = <strong>${escaped(line.subtotal)}</strong></td>`;
  const lead = `paid ${line.paid.amount}`;
  const why = line.paid.words.startsWith(lead) ? line.paid.words.slice(lead.length) : ` — ${line.paid.words}`;
  return `<td align="right" style="${cell}padding-left:12px;">paid <strong>${escaped(line.paid.amount)}</strong>${escaped(why)}</td>`;
}

/** The sentences beside the total: shipping and duties refunded, a cap, the store's rounding. */
function amountNotesHtml(view: ApprovalView): string {
  return view.amountNotes
    .map((note) => `<tr><td align="right" style="${FONT}padding:4px 0 0;font-size:14px;line-height:20px;">${escaped(note)}</td></tr>`)
    .join('');
}

/** Each proposed line with its evidence. */
export function linesHtml(view: ApprovalView): string {
  return `${heading(`What would be refunded (${view.lines.length} ${view.lines.length === 1 ? 'line' : 'lines'})`)}
<table ${TABLE} style="border-collapse:collapse;">${view.lines.map(lineHtml).join('')}${amountNotesHtml(view)}
<tr><td align="right" style="${FONT}padding:8px 0 0;border-top:1px solid #e4e4e7;font-size:15px;">Total <strong>${escaped(view.amount)}</strong></td></tr></table>`;
}

const LINK = 'color:#1d4ed8;';

/** A run named with a link to its page where this reader has one. */
export const runRefHtml = (ref: RunRef, label = `run ${ref.runId}`): string =>
  ref.href ? `<a href="${escaped(ref.href)}" style="${LINK}">${escaped(label)}</a>` : escaped(label);

/** The order cell of a refund: the order, what it refunded, and whether it was made since the run checked the order (by which run). */
function refundOrderCell(r: RefundEvidence): string {
  const about = [r.thisOrder ? 'this order' : '', r.orderPlaced ? `placed ${r.orderPlaced}` : ''].filter(Boolean).join(', ');
  const since = r.since
    ? `<br><strong style="color:#b45309;">${r.byRun ? `${escaped(MADE_SINCE)}</strong>, by ${runRefHtml(r.byRun)}` : `${escaped(madeSinceWords(r))}</strong>`}`
    : '';
  return `#${escaped(r.orderNumber)}${about ? ` <span style="color:#b45309;">(${escaped(about)})</span>` : ''}${r.items ? `<br><span style="${MUTED}">${escaped(r.items)}</span>` : ''}${since}`;
}

/** The customer's refunds in the 90-day window and those made on the order since the run checked it, newest first. */
export function refundsHtml(view: ApprovalView): string {
  const { count, items } = view.recentRefunds;
  const title = heading(`Customer's refunds in the last 90 days (${count})`);
  const undated = undatedWords(view.recentRefunds);
  const note = undated ? `<p style="${FONT}margin:4px 0 0;font-size:14px;">${escaped(undated)}</p>` : '';
  if (items === null || items.length === 0) return `${title}${note || `<p style="${FONT}margin:0;font-size:14px;${MUTED}">None.</p>`}`;
  const th = `${CELL}${MUTED}font-size:12px;border-bottom:1px solid #e4e4e7;`;
  const rows = items
    .map(
      (r) =>
        `<tr><td style="${CELL}">${escaped(r.date)} <span style="${MUTED}">(${escaped(r.ago)})</span></td><td style="${CELL}white-space:nowrap;">${escaped(r.amount)}</td><td style="${CELL}">${refundOrderCell(r)}</td></tr>`,
    )
    .join('');
  return `${title}<table ${TABLE} style="border-collapse:collapse;"><tr><td style="${th}">Date</td><td style="${th}">Amount</td><td style="${th}">Order</td></tr>${rows}</table>${note}`;
}

/** The ticket's words, marked as unverified customer text. */
export function customerWordsHtml(view: ApprovalView): string {
  const quotes = view.customerWords
    .map(
      (w) =>
        `<p style="${FONT}margin:0 0 8px;padding:8px 12px;background:#f4f4f5;border-left:3px solid #a1a1aa;font-size:14px;line-height:20px;white-space:pre-wrap;">${escaped(w)}</p>`,
    )
    .join('');
  return `${heading(`Ticket ${view.ticketId}: the customer's words (unverified)`)}<p style="${FONT}margin:0 0 8px;font-size:14px;font-weight:bold;">${escaped(view.ticketSubject)}</p>${quotes}`;
}

/** Links to check the case where it lives; nothing when none could be built. */
export function linksHtml(view: ApprovalView): string {
  if (view.links.length === 0) return '';
  const items = view.links.map((l) => `<li style="margin:0 0 4px;"><a href="${escaped(l.url)}" style="color:#1d4ed8;">${escaped(l.label)}</a></li>`).join('');
  return `${heading('Check it yourself')}<ul style="${FONT}margin:0;padding:0 0 0 20px;font-size:14px;line-height:20px;">${items}</ul>`;
}

/** Where to open the runs that used the order up, after the sentence that says so; '' when no run did (a refund by hand). */
function usedUpHtml(view: ApprovalView): string {
  if (view.usedUpBy.length === 0) return '';
  const runs = view.usedUpBy.map((ref) => runRefHtml(ref, ref.href ? `Open run ${ref.runId}` : `run ${ref.runId}`)).join(', ');
  return ` <span>${view.usedUpBy.length === 1 ? 'The run that used it up' : 'The runs that used it up'}: ${runs}.</span>`;
}

/**
 * The order as it is now, above the evidence: a red box when approving would refund nothing, an amber
 * one naming the other approvals on this order (with links) and the refunds made since; '' when none.
 */
export function orderNowHtml(view: ApprovalView): string {
  const box = (colour: string, border: string, inner: string) =>
    `<table ${TABLE} style="border-collapse:collapse;margin:0 0 8px;"><tr><td bgcolor="${colour}" style="${FONT}padding:12px 16px;background:${colour};border-left:4px solid ${border};font-size:14px;line-height:20px;color:#18181b;">${inner}</td></tr></table>`;
  const parts: string[] = [];
  if (view.cannotRefund)
    parts.push(
      box(
        '#fef2f2',
        '#b91c1c',
        `<strong>${escaped(view.cannotRefund)}</strong>${usedUpHtml(view)} There is nothing to approve: closing the request refunds nothing, and the ticket goes to the team with this reason.`,
      ),
    );
  const items = [
    ...view.otherApprovals.map(
      (o) =>
        `<li style="margin:0 0 4px;">${escaped(o.text)}${o.href ? ` <a href="${escaped(o.href)}" style="color:#1d4ed8;">Open the approval of run ${escaped(o.runId)}</a>` : ''}</li>`,
    ),
    ...view.changes.map((c) => `<li style="margin:0 0 4px;">${escaped(c)}</li>`),
  ];
  if (items.length > 0) parts.push(box('#fffbeb', '#d97706', `${heading('This order now')}<ul style="margin:0;padding:0 0 0 20px;">${items.join('')}</ul>`));
  // The figures are the runs' alone: the store could not be read.
  if (view.storeNote) parts.push(box('#f4f4f5', '#71717a', escaped(view.storeNote)));
  return parts.join('');
}

/** What each decision does. */
export function outcomesHtml(view: ApprovalView): string {
  // Nothing left to refund: there is nothing to approve, only a request to close (approval-state.ts).
  if (view.cannotRefund) return keyValues([['If you close it', 'nothing is refunded; the ticket goes to the team with a note saying why']]);
  return keyValues([
    ['If you approve', escaped(view.onApprove)],
    ['If you reject', escaped(view.onReject)],
  ]);
}

/** The summary rows at the top: amount, order, customer, reason, expiry. */
export function summaryHtml(view: ApprovalView): string {
  const rows: Array<[string, string]> = [
    ['Refund', `<strong>${escaped(view.amount)}</strong> on order #${escaped(view.orderNumber)}`],
    ['Customer', escaped([view.customer.name, view.customer.email].filter(Boolean).join(', ') || 'not known')],
    ['Reason', escaped(view.reason)],
    ['Expires', `${escaped(view.expires.at)} <span style="${view.expires.expired ? 'color:#b91c1c;' : MUTED}">— ${escaped(view.expires.left)}</span>`],
  ];
  if (view.bindingNote) rows.splice(1, 0, ['Order', `<span style="color:#b45309;">${escaped(view.bindingNote)}</span>`]);
  return keyValues(rows);
}

export type EvidenceSection = 'summary' | 'orderNow' | 'why' | 'lines' | 'refunds' | 'customerWords' | 'attachments' | 'links' | 'outcomes';

/**
 * The evidence a lead decides on, in the one order every surface shows it (the email, the approval
 * page, the console's confirm page), each surface wrapping the sections its own way; a section with
 * nothing to show (the order now, the links) is left out.
 */
export function evidenceSections(view: ApprovalView): Array<{ name: EvidenceSection; html: string }> {
  const sections: Array<{ name: EvidenceSection; html: string }> = [
    { name: 'summary', html: summaryHtml(view) },
    { name: 'orderNow', html: orderNowHtml(view) },
    { name: 'why', html: whyHtml(view) },
    { name: 'lines', html: linesHtml(view) },
    { name: 'refunds', html: refundsHtml(view) },
    { name: 'customerWords', html: customerWordsHtml(view) },
    // The email's form (no image, no file link); a page draws its thumbnails in place of it.
    { name: 'attachments', html: attachmentsEmailHtml(view.attachments, null) },
    { name: 'links', html: linksHtml(view) },
    { name: 'outcomes', html: outcomesHtml(view) },
  ];
  return sections.filter((s) => s.html !== '');
}
