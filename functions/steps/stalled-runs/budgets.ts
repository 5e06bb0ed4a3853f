// How long a live run may sit in each state before the sweeper calls it stalled (milliseconds).
// Data, not branches: a state missing here has no budget and is never swept. RequestApproval's
// budget is a backstop behind its own 24 h timeout (the approval TTL plus an hour).
import type { StepName } from '#harness/domain/types.js';

const MINUTE = 60_000;

/** The budget key of a cancel that has not settled (see stalled-runs/use-case.ts). */
export const CANCEL_NOT_SETTLED = 'CancelNotSettled';

export function stateBudgetsMs(approvalTtlHours: number): Record<string, number> {
  // Every step has a budget (a step added to STEP_NAMES without one does not compile).
  const steps: Record<StepName, number> = {
    Triage: 10 * MINUTE,
    CheckOrder: 10 * MINUTE,
    ProposeRefund: 10 * MINUTE,
    Gate: 10 * MINUTE,
    RequestApproval: (approvalTtlHours + 1) * 60 * MINUTE,
    Refund: 10 * MINUTE,
    DraftReply: 10 * MINUTE, // refunded, but no draft for 10 minutes
    CheckReply: 10 * MINUTE, // checks the draft, then closes the run (or escalates it) itself
    AwaitReturn: 366 * 24 * 60 * MINUTE, // a backstop behind the wait's own timeout (the tenant's days for the parcel)
    ProcessReturn: 10 * MINUTE,
    Escalate: 10 * MINUTE,
    Shadow: 10 * MINUTE, // shadow mode: the proposal note, then the run stops
  };
  return {
    Queued: 5 * MINUTE, // run row written, execution never got going
    ...steps,
    // Not a state: a cancelled run whose cancel has not settled (still reads live, or refunded
    // anyway and the team not yet told) this long after its last write.
    [CANCEL_NOT_SETTLED]: 5 * MINUTE,
  };
}
