// What cancelling a run means to every capability that asks for one or reads its outcome: the
// request (the console's operator, the helpdesk's closed ticket), the outcome, and the two names a
// cancel leaves behind (the wait's error, the approval's reason). The cancel itself is the run
// capability's use case (functions/run/cancel-run/use-case.ts); the others receive it as `CancelRun`.
import type { RunCancellation } from './run.js';

export type CancelRequest = { runId: string; by: RunCancellation['by']; reason: string; actor?: string };

export type CancelOutcome =
  | { kind: 'cancelled'; runId: string; state: string; approvalClosed: boolean; stopped: boolean; noteId?: string | null }
  | { kind: 'already_closed'; runId: string; status: string }
  | { kind: 'refund_in_flight'; runId: string }
  /** A lead approved the refund before the cancel: the approver was told it is issued now, so it is. */
  | { kind: 'refund_approved'; runId: string }
  /** The run waits for a returned parcel: the return is open in the store, and ends as a return does (received, closed, or cancelled as a return). */
  | { kind: 'return_open'; runId: string; returnName: string }
  | { kind: 'not_found'; runId: string };

/** The port: cancel one run, once; safe to repeat. */
export type CancelRun = (request: CancelRequest) => Promise<CancelOutcome>;

/** Error name the RequestApproval wait fails with when its run is cancelled (the ASL Catch takes it to Escalate). */
export const RUN_CANCELLED_ERROR = 'RunCancelled';

/** How a cancel's closing of an approval reads in the approval's reason: the approval pages tell such a closing from others by it. */
export const CANCELLED_APPROVAL_REASON = 'run cancelled: ';
