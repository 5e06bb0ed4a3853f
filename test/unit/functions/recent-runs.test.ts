// The runs a person lists (the console's runs page and pictures, GET /api/runs): a tenant's newest
// runs, newest first by creation, read through the byStatus index, never a listing (a scan of the
// table, whose cost grows with what the tenant keeps).
import { describe, expect, it } from 'vitest';
import { recentRuns } from '#functions/shared/stores/recent-runs.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/stores.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import { fixedClock, makeRun } from '../../support/fixtures.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

async function storeWith(): Promise<RunStore> {
  const { runs } = createInMemoryStores({ clock: fixedClock() });
  const seed = [
    makeRun({ runId: 'run-a', status: 'done', createdAt: at(1), updatedAt: at(2) }),
    makeRun({ runId: 'run-b', status: 'awaiting_approval', createdAt: at(3), updatedAt: at(3) }),
    makeRun({ runId: 'run-c', status: 'escalated', createdAt: at(5), updatedAt: at(6) }),
    makeRun({ runId: 'run-d', status: 'done', createdAt: at(7), updatedAt: at(8) }),
    makeRun({ runId: 'run-other', tenant: 'other', ticket: { ...makeRun().ticket, tenant: 'other' }, status: 'done', createdAt: at(9), updatedAt: at(9) }),
  ];
  for (const run of seed) await runs.create(run);
  return { ...runs, list: () => Promise.reject(new Error('listed (scanned) the table')) };
}

describe('the runs a person lists', () => {
  it('are the tenant’s newest, newest first by creation, across every status, up to the limit', async () => {
    const runs = await storeWith();
    expect((await recentRuns(runs, 'demo', 10)).map((r) => r.runId)).toEqual(['run-d', 'run-c', 'run-b', 'run-a']);
    expect((await recentRuns(runs, 'demo', 2)).map((r) => r.runId)).toEqual(['run-d', 'run-c']);
  });

  it('are read through the byStatus index, never by listing the table', async () => {
    const runs = await storeWith();
    await expect(recentRuns(runs, 'demo', 5)).resolves.toHaveLength(4);
  });

  it('come from the store’s listing only when it has no index', async () => {
    const listed = [makeRun({ runId: 'run-x' })];
    const runs = { list: (limit: number) => Promise.resolve(listed.slice(0, limit)) };
    expect((await recentRuns(runs, 'demo', 5)).map((r) => r.runId)).toEqual(['run-x']);
  });
});
