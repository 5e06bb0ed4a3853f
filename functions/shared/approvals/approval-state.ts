// What became of an approval, as a person reads it: one source for the word every surface uses (the
// approval pages, the console's run page and lists, the note on the ticket), so a state is named the
// same everywhere. The stored status 'cancelled' covers two different endings: a lead approved but
// nothing was left to refund, whichever button a lead pressed (the approval carries who decided), and the request withdrawn because
// its run was cancelled or handed over otherwise (nobody decided).
import type { ApprovalSummary } from '#harness/domain/types.js';

export type ApprovalState = 'waiting' | 'approved' | 'rejected' | 'expired' | 'nothing_left' | 'withdrawn';

export function approvalStateOf(approval: Pick<ApprovalSummary, 'status' | 'decidedBy'>): ApprovalState {
  switch (approval.status) {
    case 'pending':
      return 'waiting';
    case 'cancelled':
      return approval.decidedBy !== null ? 'nothing_left' : 'withdrawn';
    default:
      return approval.status;
  }
}

/** The state in a few words, lower case, for a list cell or after "this approval is". */
export const APPROVAL_STATE_WORDS: Readonly<Record<ApprovalState, string>> = {
  waiting: 'waiting for a lead',
  approved: 'approved',
  rejected: 'rejected',
  expired: 'expired',
  nothing_left: 'closed, nothing left to refund',
  withdrawn: 'withdrawn',
};

/** The state of an approval in words ("closed, nothing left to refund"). */
export const approvalStateWords = (approval: Pick<ApprovalSummary, 'status' | 'decidedBy'>): string => APPROVAL_STATE_WORDS[approvalStateOf(approval)];

/** The title of the page that says an approval could not refund anything. */
export const NOTHING_LEFT_TITLE = 'Nothing left to refund';
