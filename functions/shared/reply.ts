// The reply's facts and the deterministic check that a draft states them exactly. Used by
// DraftReply (what to say), CheckReply (did it say it) and Escalate (what happened).
import { z } from 'zod';
import { formatMoney } from '#harness/domain/money.js';
import type { Run } from '#harness/domain/types.js';

export const ReplyAgentOutput = z.object({ body: z.string().min(1).max(5000) });
export const ReplyCheckOutput = z.object({ passed: z.boolean(), problems: z.array(z.string()) });

export type ReplyFacts = {
  language: string;
  orderNumber: string | null;
  outcome: 'refunded' | 'escalated';
  amountMinor: number | null;
  currency: string | null;
  reason: string | null;
};

/** What actually happened, from the run record (the receipt, never the proposal). */
export function replyFacts(run: Run, outcome: ReplyFacts['outcome']): ReplyFacts {
  return {
    language: run.triage?.language ?? 'en',
    orderNumber: run.refund?.orderNumber ?? run.order?.orderNumber ?? run.triage?.orderNumber ?? null,
    outcome,
    amountMinor: run.refund?.amountMinor ?? null,
    currency: run.refund?.currency ?? null,
    reason: run.proposal?.reason ?? run.triage?.reason ?? null,
  };
}

/** Intl writes no-break spaces inside amounts ("18,00 €"); a person or model types plain ones. */
const sameSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** Deterministic check: a refund reply names the order and the exact refunded amount. */
export function checkDraftAgainstReceipt(draft: string, run: Run): string[] {
  const body = sameSpaces(draft);
  const problems: string[] = [];
  const receipt = run.refund;
  if (!receipt) return ['there is no refund receipt to check the draft against'];
  if (!new RegExp(`(^|\\D)${receipt.orderNumber}(\\D|$)`).test(body)) problems.push(`draft does not name order ${receipt.orderNumber}`);
  const amount = sameSpaces(formatMoney(receipt.amountMinor, receipt.currency, run.triage?.language ?? 'en'));
  if (!body.includes(amount)) problems.push(`draft does not state the refunded amount ${amount}`);
  return problems;
}
