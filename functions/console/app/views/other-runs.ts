// The other runs bound to a run's order, on its run page: two tickets about one order are two runs, and
// a lead reading one must see the other (what it refunded, or what its approval came to) without
// searching for it. Each with its ticket, its state in words (an approval's from approval-state.ts, the
// one source every surface uses), its amount and a link to its page. Pure.
import type { Run } from '#functions/shared/domain/run.js';
import { approvalStateWords } from '../../../shared/approvals/approval-state.js';
import { escaped, money, time } from './layout.js';

/**
 * What the run page gives this section: the runs bound to the run's order (findRunsByOrder; this run
 * among them or not); absent or null: not read, and the section is left out.
 */
export interface OtherRunsContext {
  otherRuns?: readonly Run[] | null;
}

/** A run's status as words, for a run that neither refunded nor asked for approval. */
const STATUS_WORDS: Readonly<Record<Run['status'], string>> = {
  running: 'still working',
  awaiting_approval: 'waiting for a lead',
  awaiting_return: 'waiting for the customer’s parcel',
  done: 'done, nothing refunded',
  escalated: 'with the team, nothing refunded',
  cancelled: 'cancelled, nothing refunded',
  pending_review: 'a refund’s outcome is unknown, waiting for an operator',
  shadow: 'shadow mode, nothing refunded',
};

/** "refunded $62.00 Sun Dec 6, 4:03 PM", "approval waiting for a lead, $62.00", "with the team, nothing refunded". */
export function otherRunWords(run: Run): string {
  if (run.refund) return `refunded <strong>${escaped(money(run.refund.amountMinor, run.refund.currency))}</strong> ${time(run.refund.createdAt)}`;
  if (run.approval) {
    const amount = money(run.approval.amountMinor, run.approval.currency);
    return `approval ${escaped(approvalStateWords(run.approval))}, <strong>${escaped(amount)}</strong>`;
  }
  const proposed = run.gate ? `, ${escaped(money(run.gate.amountMinor, run.gate.currency))} proposed` : '';
  return `${escaped(run.cancellation ? STATUS_WORDS.cancelled : STATUS_WORDS[run.status])}${proposed}`;
}

/** The run page's section on the other runs of its order, oldest first; '' when there are none (or they were not read). */
export function otherRunsSection(run: Run, ctx: OtherRunsContext): string {
  const number = run.order?.orderNumber;
  const others = (ctx.otherRuns ?? []).filter((r) => r.runId !== run.runId && r.tenant === run.tenant && r.order?.orderNumber === number);
  if (!number || others.length === 0) return '';
  const items = [...others]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(
      (r) =>
        `<li><a href="/runs/${encodeURIComponent(r.runId)}">Run ${escaped(r.runId)}</a> (ticket ${escaped(r.ticket.ticketId)}, started ${time(r.createdAt)}): ${otherRunWords(r)}</li>`,
    )
    .join('');
  return `<section aria-labelledby="order-runs"><h2 id="order-runs">Other runs on order #${escaped(number)}</h2>
<p class="muted">Other tickets about the same order; what one refunds, the others cannot.</p><ul>${items}</ul></section>`;
}
