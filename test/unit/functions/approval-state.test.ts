// One word for each state of an approval, used by every surface (approval-state.ts): 'cancelled' is
// two states, told apart by whether a lead decided.
import { describe, expect, it } from 'vitest';
import { approvalStateOf, approvalStateWords } from '#functions/shared/approvals/approval-state.js';

describe('the state of an approval in words', () => {
  it.each([
    [{ status: 'pending', decidedBy: null }, 'waiting', 'waiting for a lead'],
    [{ status: 'approved', decidedBy: 'lead@example.com' }, 'approved', 'approved'],
    [{ status: 'rejected', decidedBy: 'lead@example.com' }, 'rejected', 'rejected'],
    [{ status: 'expired', decidedBy: null }, 'expired', 'expired'],
    [{ status: 'cancelled', decidedBy: 'lead@example.com' }, 'nothing_left', 'closed, nothing left to refund'],
    [{ status: 'cancelled', decidedBy: null }, 'withdrawn', 'withdrawn'],
  ] as const)('%o is %s', (approval, state, words) => {
    expect(approvalStateOf(approval)).toBe(state);
    expect(approvalStateWords(approval)).toBe(words);
  });
});
