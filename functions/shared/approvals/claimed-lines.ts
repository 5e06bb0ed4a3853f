// The lines a run proposes to refund, each as a person reads it: how many of which item, and the
// customer's own words for it. The holding note on the ticket and the shadow note both list them.
import type { Run } from '#functions/shared/domain/run.js';

export function claimedLinesOf(run: Run): string[] {
  return (run.proposal?.lineItems ?? []).map((li) => {
    const item = run.order?.lineItems.find((o) => o.id === li.lineItemId);
    return `${li.quantity} × ${item?.title ?? li.lineItemId} — customer's words: "${li.quote}"`;
  });
}
