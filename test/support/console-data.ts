// The console's reads over an in-memory run store holding `runs`: the queues, the runs list and its
// search, as the console draws them. Decisions, reviews, dead letters and shadow figures are the
// empty ones (a test of those builds its own).
import { createConsoleData, type ConsoleDataDeps } from '#functions/console/app/use-case.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock } from './fixtures.js';

export async function consoleDataOver(runs: readonly Run[], overrides: Partial<ConsoleDataDeps> = {}) {
  const stores = createInMemoryStores({ clock: fixedClock() });
  for (const run of runs) await stores.runs.create(run);
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
    ...overrides,
  });
  return { data, stores };
}
