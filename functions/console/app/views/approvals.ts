// The console's approvals: the queue section (each approval with the same evidence as the email: the
// customer, why a person decides, the lines with titles, quantities and what the customer paid for
// them beside the customer's words, when they shipped and were delivered, what is still refundable
// now, the refund history with the refunds made since the run checked the order, the other
// approvals on the same order) and the confirm page a lead decides on (GET
// /queues/approvals/{approvalId}). Nothing is decided from the queue: its link opens the confirm
// page, whose form is the one that decides. No scripts (the CSP allows none): the confirm step is a
// page of its own. Pure: strings in, HTML out.
import type { Run } from '#functions/shared/domain/run.js';
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { ApprovalView as Evidence, RefundEvidence } from '../../../shared/approvals/approval-view.js';
import { evidenceSections, orderNowHtml } from '../../../shared/approvals/evidence-html.js';
import { shippingFacts } from '../../../shared/approvals/line-facts.js';
import { refundEvidenceWords, undatedWords } from '../../../shared/approvals/refund-history.js';
import type { RunLinks } from '../links.js';
import { orderHtml, ticketHtml } from './case.js';
import { csrfField, escaped, money } from './layout.js';
import { listTable, whole, type Column } from './list-table.js';
import { approvalStateWords, NOTHING_LEFT_TITLE } from '../../../shared/approvals/approval-state.js';

export interface ApprovalsQueueView {
  approvals: Run[];
  /** The evidence per approval id, with the order as it is now; an approval without it shows its run's figures only. */
  evidence: Record<string, Evidence>;
  canDecide: boolean;
  /** Where each run's ticket and order live (links out); absent: ids without links. */
  linksOf?: (run: Run) => RunLinks;
}

export const approvalPath = (approvalId: string) => `/queues/approvals/${encodeURIComponent(approvalId)}`;
const runLink = (runId: string) => `<a href="/runs/${encodeURIComponent(runId)}">${escaped(runId)}</a>`;
const customerOf = (v: Evidence) => [v.customer.name, v.customer.email].filter(Boolean).join(', ') || 'not known';

/** The email's refund history, a sentence a refund; one made since the run checked the order links the run that made it. */
function refundHistory(v: Evidence): string {
  const items = v.recentRefunds.items ?? [];
  const undated = undatedWords(v.recentRefunds);
  if (items.length === 0) return undated ? escaped(undated) : 'none in the last 90 days';
  const item = (r: RefundEvidence) =>
    `<li>${escaped(refundEvidenceWords(r))}${r.byRun?.href ? ` <a href="${escaped(r.byRun.href)}">Open run ${escaped(r.byRun.runId)}</a>` : ''}</li>`;
  return `<ul>${items.map(item).join('')}</ul>${undated ? `<p>${escaped(undated)}</p>` : ''}`;
}

/** When the line shipped and was delivered, in the email's words. */
const shippingCell = (l: Evidence['lines'][number]) =>
  shippingFacts(l)
    .map((f) => `${f.label}: ${escaped(f.value)}`)
    .join('<br>');

const LINE_COLUMNS: readonly Column[] = [
  { label: 'Item', kind: 'lead' },
  { label: 'Quantity', kind: 'amount' },
  { label: 'Amount', kind: 'text' },
  { label: "Customer's words", kind: 'text' },
  { label: 'Shipped and delivered', kind: 'text' },
  { label: 'Still refundable now', kind: 'word' },
];

/** The lines to refund as a list: a table on a screen, a card per line on a phone (list-table.ts). */
function linesTable(v: Evidence): string {
  const rows = v.lines.map((l) => [
    escaped(l.title),
    String(l.quantity),
    l.paid ? escaped(l.paid.words) : whole(escaped(l.subtotal)),
    `<q>${escaped(l.quote)}</q>`,
    shippingCell(l),
    escaped(l.refundable),
  ]);
  const notes = v.amountNotes.map((n) => `<p>${escaped(n)}</p>`).join('');
  return `${listTable({ caption: `What would be refunded (total ${v.amount})`, columns: LINE_COLUMNS, rows, empty: 'No line.' })}${notes}`;
}

function approvalCard(run: Run, view: ApprovalsQueueView): string {
  const a = run.approval!;
  const v = view.evidence[a.approvalId];
  const links = view.linksOf?.(run);
  const id = `apr-${a.approvalId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const action = view.canDecide
    ? `<p><a class="decide" href="${approvalPath(a.approvalId)}">Review and decide: ${escaped(money(a.amountMinor, a.currency))} on order #${escaped(run.order?.orderNumber ?? '?')}</a></p>`
    : '<p class="muted">A lead decides.</p>';
  if (!v) {
    return `<article aria-labelledby="${id}"><h3 id="${id}">${escaped(money(a.amountMinor, a.currency))} on order #${escaped(run.order?.orderNumber ?? '?')} · run ${runLink(run.runId)}</h3>${action}</article>`;
  }
  return `<article class="approval" aria-labelledby="${id}">
<h3 id="${id}">${escaped(v.amount)} on order ${orderHtml(run, links)} · run ${runLink(run.runId)}</h3>
${orderNowHtml(v)}
<dl class="facts"><dt>Customer</dt><dd>${escaped(customerOf(v))}</dd>
<dt>Ticket</dt><dd>${ticketHtml(run, links)}: ${escaped(v.ticketSubject)}</dd>
<dt>Reason</dt><dd>${escaped(v.reason)}</dd>
<dt>Why a person decides</dt><dd><ul>${v.whyApproval.map((w) => `<li>${escaped(w)}</li>`).join('') || '<li>The policy requires approval.</li>'}</ul></dd>
<dt>Refunds in 90 days</dt><dd>${refundHistory(v)}</dd>
<dt>Expires</dt><dd>${escaped(v.expires.at)} (${escaped(v.expires.left)})</dd>
<dt>Customer's words</dt><dd>${v.customerWords.map((w) => `<blockquote class="words">${escaped(w)}</blockquote>`).join('')}</dd></dl>
${linesTable(v)}
${action}
</article>`;
}

const STYLE = `<style>
article.approval{border:1px solid #d0d5da;border-radius:4px;padding:8px 12px;margin:0 0 14px;overflow-wrap:anywhere}
article.approval h3{margin-top:4px}blockquote.words{margin:0 0 6px;padding:6px 10px;background:#f3f5f7;border-left:3px solid #8a96a3;white-space:pre-wrap}
a.decide{display:inline-block;padding:6px 12px;background:#0b57d0;color:#fff;border-radius:4px;font-weight:600;text-decoration:none}
.confirm section{margin:0 0 18px;overflow-wrap:anywhere}
</style>`;

/** The approvals section of GET /queues. */
export function approvalsSection(view: ApprovalsQueueView): string {
  const cards = view.approvals
    .filter((run) => run.approval)
    .map((run) => approvalCard(run, view))
    .join('\n');
  return `${STYLE}<section aria-labelledby="q-approvals"><h2 id="q-approvals">Approvals waiting (${view.approvals.length})</h2>
<p class="muted">Each approval with the evidence of its email. "Review and decide" opens it on a page of its own; nothing is decided from this list.</p>
${cards || '<p>Nothing waits for approval.</p>'}</section>`;
}

export interface ApprovalConfirmView {
  approvalId: string;
  status: ApprovalSummary['status'];
  decidedBy: string | null;
  run: Run | null;
  evidence: Evidence | null;
  amountMinor: number;
  currency: string;
  canDecide: boolean;
  csrf: string;
}

/** The page title of GET /queues/approvals/{approvalId}. */
export const confirmTitle = (view: ApprovalConfirmView) => {
  const order = view.evidence?.orderNumber ?? view.run?.order?.orderNumber ?? '?';
  if (view.status === 'pending' && view.evidence?.cannotRefund) return `${NOTHING_LEFT_TITLE} on order #${order}`;
  return `${view.status === 'pending' ? 'Approve' : 'Approval of'} ${view.evidence?.amount ?? money(view.amountMinor, view.currency)} on order #${order}${view.status === 'pending' ? '?' : ''}`;
};

/** The confirm page: every piece of evidence, then the one form that decides. */
export function approvalConfirmContent(view: ApprovalConfirmView): string {
  const v = view.evidence;
  const back = '<p><a href="/queues">Back to the queues</a></p>';
  if (view.status !== 'pending') {
    return `<p>This approval is already ${escaped(approvalStateWords(view))}${view.decidedBy ? ` (by ${escaped(view.decidedBy)})` : ''}. Nothing can be decided here.</p>${view.run ? `<p>Run ${runLink(view.run.runId)}</p>` : ''}${back}`;
  }
  const section = (inner: string) => (inner ? `<section>${inner}</section>` : '');
  const evidence = v
    ? evidenceSections(v)
        .map(({ html }) => section(html))
        .join('\n')
    : '<p>The run behind this approval could not be read.</p>';
  const amount = v?.amount ?? money(view.amountMinor, view.currency);
  // Nothing left to refund (the evidence's red box says why): no approve button, one action that closes it.
  const nothingLeft = v?.cannotRefund
    ? `<form class="action" method="post" action="${approvalPath(view.approvalId)}" aria-label="Close approval ${escaped(view.approvalId)}">${csrfField(view.csrf)}
<input type="hidden" name="back" value="queues">
<button type="submit" name="decision" value="reject" class="danger">Close the request and hand the ticket to the team</button></form>
<p class="muted">There is nothing to approve: the order has nothing left to refund. Closing refunds nothing.</p>`
    : null;
  const form = !view.canDecide
    ? '<p class="muted">A lead decides; your role may only look.</p>'
    : (nothingLeft ??
      `<form class="action" method="post" action="${approvalPath(view.approvalId)}" aria-label="Decide approval ${escaped(view.approvalId)}">${csrfField(view.csrf)}
<input type="hidden" name="back" value="queues">
<label for="reason">Reason (optional; goes to the team with a rejection)<input id="reason" name="reason" maxlength="300" size="30"></label>
<button type="submit" name="decision" value="approve" class="primary">Approve ${escaped(amount)}</button>
<button type="submit" name="decision" value="reject" class="danger">Reject</button></form>
<p class="muted">Only these buttons decide; nothing has changed yet.</p>`);
  return `${STYLE}<div class="confirm">${view.run ? `<p>Run ${runLink(view.run.runId)}</p>` : ''}
${evidence}
${form}
${back}</div>`;
}
