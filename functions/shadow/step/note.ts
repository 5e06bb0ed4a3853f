// The internal note a shadow-mode ticket carries: what the agent proposed (lines, quantities, the
// customer's words for each, the amount), what the gate would have done and why, and that nothing
// was done. Never sent to the customer.
import type { Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/index.js';
import { claimedLinesOf } from '../../shared/approvals/claimed-lines.js';
import type { Formats } from '../../shared/approvals/formats.js';
import { approvalReasonsInWords, reasonInWords } from '../../shared/approvals/rule-reasons.js';

/** What the gate's decision would have meant for the ticket, with its reasons in words. */
function wouldHave(run: Run, fmt: Formats, policy?: Policy): string[] {
  const gate = run.gate!;
  const shadow = run.shadow!;
  switch (gate.decision) {
    case 'auto':
      return [`The agent would have refunded ${fmt.money(shadow.amountMinor, shadow.currency)} on its own: the refund is within the automatic policy.`];
    case 'approval': {
      const reasons = approvalReasonsInWords({ run, amountMinor: shadow.amountMinor, currency: shadow.currency, fmt, ...(policy ? { policy } : {}) });
      return [
        `The agent would have asked a lead to approve ${fmt.money(shadow.amountMinor, shadow.currency)}, because:`,
        ...(reasons.length > 0 ? reasons : ['the policy requires approval']).map((r) => `- ${r}`),
      ];
    }
    case 'answer':
      return ['The agent would have answered the question about an earlier refund from the record, refunding nothing.'];
    case 'refuse':
      return ['The agent would have refunded nothing and handed the ticket to a person, because:', ...gate.reasons.map((r) => `- ${r}`)];
  }
}

export function shadowNote(input: { run: Run; fmt: Formats; policy?: Policy }): string {
  const { run, fmt } = input;
  const proposal = run.proposal;
  const lines = claimedLinesOf(run);
  const order = run.order?.orderNumber ?? '?';
  return [
    `[refund-agent · shadow mode] Nothing was done: no refund, no approval request. Resolve the ticket as you would;`,
    `the agent compares its proposal with what you do.`,
    proposal && run.gate && run.gate.amountMinor > 0
      ? `Proposal: refund ${fmt.money(run.gate.amountMinor, run.gate.currency)} on order #${order} (reason: ${reasonInWords(proposal.reason)}).`
      : `Proposal: no refund on order #${order} (reason: ${reasonInWords(proposal?.reason)}).`,
    ...lines.map((line) => `- ${line}`),
    ...wouldHave(run, fmt, input.policy),
    `Class: ${run.shadow!.classKey}. Run: ${run.runId}`,
  ].join('\n');
}
