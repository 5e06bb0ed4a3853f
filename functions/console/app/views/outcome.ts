// The sentence a run page opens with: what happened, how much, who decided and when, before any
// evidence ("Refunded $62.00 on order #1002, approved by lead@shop.example on Sun Dec 6, 4:03 PM.").
// Words only: the step names, rule ids and hashes stay in the timeline below.
import type { Run } from '#functions/shared/domain/run.js';
import { approvalStateOf } from '../../../shared/approvals/approval-state.js';
import { escaped, money, time } from './layout.js';
import { readable } from './words.js';

/** Who decided the money: a lead (with when), or the policy on its own. */
function decidedBy(run: Run): string {
  const a = run.approval;
  if (a?.status === 'approved' && a.decidedBy) return `, approved by ${escaped(a.decidedBy)} ${time(a.decidedAt)}`;
  return run.gate?.decision === 'auto' ? ', within policy without a person' : '';
}

function refunded(run: Run): string {
  const r = run.refund!;
  const amount = `<strong>${escaped(money(r.amountMinor, r.currency))}</strong>`;
  const what = r.cancelledAt
    ? `Cancelled order #${escaped(r.orderNumber)} and refunded ${amount}`
    : r.method === 'store_credit'
      ? `Gave ${amount} in store credit on order #${escaped(r.orderNumber)}`
      : `Refunded ${amount} on order #${escaped(r.orderNumber)}`;
  return `${what}${decidedBy(run)}; the refund was made ${time(r.createdAt)}.`;
}

/** With the team: why, and what became of the approval when one was asked. */
function escalated(run: Run): string {
  const a = run.approval;
  const approval =
    a && approvalStateOf(a) === 'nothing_left'
      ? ` Closed by ${escaped(a.decidedBy ?? 'a lead')} ${time(a.decidedAt)}: nothing left to refund.`
      : a?.status === 'rejected'
        ? ` Rejected by ${escaped(a.decidedBy ?? 'a lead')} ${time(a.decidedAt)}.`
        : '';
  return `With the team: ${escaped(readable(run.escalation?.reason ?? 'a person decides'))}.${approval}${run.refund ? ` ${refunded(run)}` : ' Nothing was refunded.'}`;
}

export function outcomeSentence(run: Run): string {
  if (run.cancellation) return `Cancelled ${time(run.cancellation.at)}. ${run.refund ? refunded(run) : 'Nothing was refunded.'}`;
  switch (run.status) {
    case 'done':
      if (run.refund) return refunded(run);
      return run.gate?.decision === 'answer'
        ? 'Answered the customer’s question about an earlier refund from the store’s record; nothing was refunded.'
        : 'Done; nothing was refunded.';
    case 'awaiting_approval':
      return run.approval
        ? `Waiting for a lead to approve <strong>${escaped(money(run.approval.amountMinor, run.approval.currency))}</strong>; the request expires ${time(run.approval.expiresAt)}.`
        : 'Waiting for a lead.';
    case 'awaiting_return':
      return `Waiting for the customer’s parcel${run.returnCase ? ` (return ${escaped(run.returnCase.name)})` : ''}; the refund follows when it is back.`;
    case 'escalated':
      return escalated(run);
    case 'shadow':
      return 'Shadow mode: the agent’s proposal is recorded for comparison; nothing was refunded.';
    case 'pending_review':
      return 'A refund was sent and its outcome is unknown: an operator settles it from the store’s refunds (below).';
    default:
      return 'Working on it: the timeline below shows where it is.';
  }
}

/** The opening paragraph of a run page. */
export const outcomeParagraph = (run: Run): string => `<p class="outcome" id="outcome">${outcomeSentence(run)}</p>`;
