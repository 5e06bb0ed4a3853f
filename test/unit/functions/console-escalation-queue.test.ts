// The escalations queue is work left to do: an escalated run a lead handed back to the team, or re-ran
// as a new run, leaves it (and its count); one nobody has acted on stays.
import { describe, expect, it } from 'vitest';
import { createConsoleData } from '#functions/console/app/use-case.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { Run } from '#functions/shared/domain/run.js';
import { fixedClock, makeRun } from '../../support/steps.js';

const escalated = (runId: string, extra: Partial<Run> = {}): Run =>
  makeRun({ runId, status: 'escalated', state: 'Escalate', escalation: { reason: 'a person decides', step: 'Gate' }, ...extra });

describe('the escalations queue', () => {
  it('keeps only the escalations nobody has handled yet', async () => {
    const stores = createInMemoryStores({ clock: fixedClock() });
    await stores.runs.create(escalated('run-open'));
    await stores.runs.create(escalated('run-handed', { handBack: { by: 'lead@shop.example', at: '2026-09-23T12:00:00.000Z', note: 'mine', noteId: null } }));
    await stores.runs.create(
      escalated('run-rerun', { rerunAs: { runId: 'run-rerun-r1', by: 'lead@shop.example', at: '2026-09-23T12:00:00.000Z' } as Run['rerunAs'] }),
    );
    const data = createConsoleData({
      tenant: 'demo',
      runs: stores.runs,
      journal: stores.journal,
      findRunsByOrder: async () => [],
      decisions: { decideAs: async () => ({ kind: 'not_found' }) },
      reviews: null,
      deadLetters: { list: async () => [] } as never,
      shadow: {} as never,
      clock: fixedClock(),
    });
    const queues = await data.queues();
    expect(queues.escalations.map((r) => r.runId)).toEqual(['run-open']);
  });
});
