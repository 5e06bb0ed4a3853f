// When a lead approved a refund and the Refund step then refused it (the harness's last check against
// the order held: another refund on the same order left nothing to refund), the team must read, in a
// sentence, that the approved refund was not made and why: never an error class or minor units. Used
// by Escalate (functions/steps/escalate/use-case.ts) for the approval case only; its other reasons are its own.
import type { Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/document.js';
import type { Clock } from '#harness/ports.js';
import type { ApprovalDisplay } from './approval-view.js';
import { createFormats } from './formats.js';
import { readOrderNow, type RunsByOrder } from './order-now.js';
import { notCarriedOutInWords } from './order-now-words.js';

/** What the sentence reads: the runs on the order (what refunded it since), the store's locale and zone. */
export interface NotCarriedOutDeps {
  clock: Clock;
  findRunsByOrder?: RunsByOrder;
  tenant?: ApprovalDisplay;
  policy?: Policy;
}

/** The error a step failed with, as Step Functions hands it to Escalate. */
type StepError = { Error: string; Cause?: string };

/** Errors that leave the refund's outcome open (a person settles it) or are the wait's own: not "not made". */
const NOT_A_REFUSAL = new Set(['States.Timeout', 'AmbiguousOutcomeError', 'RunClosedError', 'RunCancelledError']);

function whyInWords(error: StepError): string {
  const said = `${error.Cause ?? ''}`;
  if (/nothing left to refund|requested, \d+ refundable|exceeds the \d+ refundable/.test(said)) {
    return 'when the refund was attempted, the order no longer had these items left to refund (another refund was made on it after the approval was requested)';
  }
  if (error.Error === 'ArgumentPolicyError') return "the refund's last check against the order and the refund policy refused it";
  return 'the refund could not be completed';
}

/**
 * The sentence for a run whose approved refund was not made, or null when this escalation is not that
 * case (no approval, a refund made, an outcome nobody can tell yet, a timeout or a cancel).
 */
export async function approvedRefundNotMade(deps: NotCarriedOutDeps, run: Run, error: StepError | undefined): Promise<string | null> {
  const approval = run.approval;
  if (!error || approval?.status !== 'approved' || run.refund || run.status === 'pending_review' || NOT_A_REFUSAL.has(error.Error)) return null;
  const timeZone = deps.tenant?.store?.timeZone ?? deps.policy?.document.timeZone;
  const fmt = createFormats({ locale: deps.tenant?.store?.locale, timeZone, now: deps.clock.now() });
  const orderNumber = run.order?.orderNumber ?? '?';
  const approved = `The approved refund of ${fmt.money(approval.amountMinor, approval.currency)} on order #${orderNumber}${approval.decidedBy ? ` (approved by ${approval.decidedBy})` : ''} was not made`;
  // What refunded the order since, from the runs on it; the error's own reason when they do not say.
  const orderNow = await readOrderNow(deps.findRunsByOrder, run).catch(() => null);
  const fromRuns = notCarriedOutInWords(orderNow, orderNumber, fmt);
  const why = fromRuns ? fromRuns.replace(/^Not refunded: /, '').replace(/\.$/, '') : whyInWords(error);
  return `${approved}: ${why}. Nothing was refunded by this run.`;
}
