// What a restart on a data directory resumes: every run still open, from the step it recorded (the
// top for a run that never started one, Escalate for a state that is not a step or a run whose step
// asked for a person); nothing that ended, and no run pending review that Escalate already handed to a person.
import { describe, expect, it } from 'vitest';
import type { Run } from '#functions/shared/domain/run.js';
import { resumeOpenRuns, resumeStateOf } from '#local/recovery.js';
import { makeRun } from '../../support/fixtures.js';

const DEFINITION = { startAt: 'Triage', taskStates: ['Triage', 'CheckOrder', 'Gate', 'RequestApproval', 'Refund', 'DraftReply', 'Escalate'] };

describe('resuming the runs a stopped local runtime left open', () => {
  it('resumes a step where it was, a queued run from the top, anything else at Escalate', () => {
    expect(resumeStateOf('Refund', DEFINITION)).toBe('Refund');
    expect(resumeStateOf('RequestApproval', DEFINITION)).toBe('RequestApproval');
    expect(resumeStateOf('Queued', DEFINITION)).toBe('Triage');
    expect(resumeStateOf('Cancelled', DEFINITION)).toBe('Escalate');
  });

  it('resumes open runs, oldest first, and leaves ended ones and handed-over reviews alone', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 8, 23, 12, minute)).toISOString();
    const runs: Run[] = [
      makeRun({ runId: 'r-done', status: 'done', state: 'Done', createdAt: at(1) }),
      makeRun({ runId: 'r-refund', status: 'running', state: 'Refund', createdAt: at(2) }),
      makeRun({ runId: 'r-waiting', status: 'awaiting_approval', state: 'RequestApproval', createdAt: at(3) }),
      makeRun({ runId: 'r-review', status: 'pending_review', state: 'Refund', createdAt: at(4) }),
      makeRun({
        runId: 'r-handed',
        status: 'pending_review',
        state: 'Escalate',
        escalation: { reason: 'refund outcome unknown', step: 'Refund' },
        createdAt: at(5),
      }),
      makeRun({ runId: 'r-escalated', status: 'escalated', state: 'Escalate', createdAt: at(6) }),
      makeRun({ runId: 'r-queued', status: 'running', state: 'Queued', createdAt: at(7) }),
      // Triage asked for a person and the process stopped before Escalate: no step runs again.
      makeRun({
        runId: 'r-asked',
        status: 'running',
        state: 'Triage',
        escalationRequest: { step: 'Triage', reason: 'the ticket is not a refund request' },
        createdAt: at(8),
      }),
    ].reverse();
    const resumes: Array<{ name: string; startAt: string }> = [];
    const engine = {
      resume: async (input: { name: string; startAt: string }) => (resumes.push({ name: input.name, startAt: input.startAt }), { started: true }),
    };

    const resumed = await resumeOpenRuns({ runs: { list: async () => runs }, engine, definition: DEFINITION });

    expect(resumes).toEqual([
      { name: 'r-refund', startAt: 'Refund' },
      { name: 'r-waiting', startAt: 'RequestApproval' },
      { name: 'r-review', startAt: 'Refund' },
      { name: 'r-queued', startAt: 'Triage' },
      { name: 'r-asked', startAt: 'Escalate' },
    ]);
    expect(resumed.map((r) => r.runId)).toEqual(['r-refund', 'r-waiting', 'r-review', 'r-queued', 'r-asked']);
  });
});
