// The internal note a ticket carries while its run waits for a person: what was proposed (lines,
// quantities, what the customer paid for them, the customer's words for each), why approval is
// needed in plain words, and until when, in the store's time zone. Never sent to the customer; the
// final draft follows the decision.
import { proposedInWords, remedyKindOf } from '../../shared/words/remedy-words.js';
import { refundAmountInWords } from '../../shared/approvals/both-currencies.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/index.js';
import type { Formats } from '../../shared/approvals/formats.js';
import type { OrderNow } from '../../shared/approvals/order-now.js';
import { otherApprovalsInWords } from '../../shared/approvals/order-now-words.js';
import { approvalReasonsInWords } from '../../shared/approvals/rule-reasons.js';
import { claimedLinesOf } from '../../shared/approvals/claimed-lines.js';
import { gateAmountWords } from '../../shared/words/amount-words.js';

export function holdingNote(input: {
  run: Run;
  amountMinor: number;
  currency: string;
  expiresAt: string;
  fmt: Formats;
  policy?: Policy;
  /** Other approvals on the same order are named, so whoever reads the ticket sees them together. */
  orderNow?: OrderNow | null;
}): string {
  const { run, fmt } = input;
  const reasons = approvalReasonsInWords({
    run,
    amountMinor: input.amountMinor,
    currency: input.currency,
    fmt,
    ...(input.policy ? { policy: input.policy } : {}),
  });
  const paid = gateAmountWords(run, fmt);
  const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [
    `[refund-agent] Waiting for a lead's approval — nothing has been refunded yet.`,
    proposedInWords(remedyKindOf(run), refundAmountInWords(run, input.amountMinor, input.currency, fmt), run.order?.orderNumber ?? '?'),
    ...claimedLinesOf(run, paid).map((line) => `- ${line}`),
    ...(paid?.notes ?? []).map(capitalized),
    `Why a person must decide:`,
    ...(reasons.length > 0 ? reasons : ['the policy requires approval']).map((r) => `- ${r}`),
    ...otherApprovalsInWords(input.orderNow ?? null, fmt, () => null).map((o) => o.text),
    `The request expires ${fmt.dateTime(input.expiresAt)} (${fmt.timeLeft(input.expiresAt)}); after the decision a reply draft follows here.`,
  ].join('\n');
}
