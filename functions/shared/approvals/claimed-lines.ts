// The lines a run proposes to refund, each as a person reads it: how many of which item, what the
// customer paid for them when the words are given (words/amount-words.ts), and the customer's own
// words for it. The holding note on the ticket and the shadow note both list them.
import type { Run } from '#functions/shared/domain/run.js';
import type { AmountWords } from '../words/amount-words.js';

export function claimedLinesOf(run: Run, paid: AmountWords | null = null): string[] {
  return (run.proposal?.lineItems ?? []).map((li) => {
    const item = run.order?.lineItems.find((o) => o.id === li.lineItemId);
    const words = paid?.lines.find((l) => l.lineItemId === li.lineItemId)?.words;
    return `${li.quantity} × ${item?.title ?? li.lineItemId}${words ? `, ${words}` : ''} — customer's words: "${li.quote}"`;
  });
}
