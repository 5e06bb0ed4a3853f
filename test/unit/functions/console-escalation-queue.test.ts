// The escalations queue is work left to do: an escalated run a lead handed back to the team, or re-ran
// as a new run, leaves it (and its count); one nobody has acted on stays.
import { describe, expect, it } from 'vitest';
import type { Run } from '#functions/shared/domain/run.js';
import { makeRun } from '../../support/steps.js';
import { consoleDataOver } from '../../support/console-data.js';

const escalated = (runId: string, extra: Partial<Run> = {}): Run =>
  makeRun({ runId, status: 'escalated', state: 'Escalate', escalation: { reason: 'a person decides', step: 'Gate' }, ...extra });

describe('the escalations queue', () => {
  it('keeps only the escalations nobody has handled yet', async () => {
    const runs: Run[] = [];
    runs.push(escalated('run-open'));
    runs.push(escalated('run-handed', { handBack: { by: 'lead@shop.example', at: '2026-09-23T12:00:00.000Z', note: 'mine', noteId: null } }));
    runs.push(escalated('run-rerun', { rerunAs: { runId: 'run-rerun-r1', by: 'lead@shop.example', at: '2026-09-23T12:00:00.000Z' } as Run['rerunAs'] }));
    const { data } = await consoleDataOver(runs);
    const queues = await data.queues();
    expect(queues.escalations.map((r) => r.runId)).toEqual(['run-open']);
  });
});
