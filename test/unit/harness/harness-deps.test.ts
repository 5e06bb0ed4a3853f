// The kernel runs with the budget and lock stores its composition gives it, never with ones it made
// up: an in-process store caps and serialises nothing across Lambda containers, so a composition that
// forgot the DynamoDB ones would run with per-process limits and no error (issue 26). `npm test`'s
// typecheck holds the @ts-expect-error lines: they fail it the day either store becomes optional again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHarness, type HarnessDeps } from '#harness/harness.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import { countingIds, createFakeTransport, fixedClock } from '../../support/fixtures.js';

const clock = fixedClock();
const stores = createInMemoryStores({ clock, ids: countingIds() });
const base = {
  tools: createFakeTransport([]),
  journal: stores.journal,
  idempotency: stores.idempotency,
  models: createOfflineModelProvider(),
  clock,
  ids: countingIds('h'),
};

describe('createHarness', () => {
  it('requires its budget and lock stores', () => {
    // @ts-expect-error budget and locks are required
    const neither: HarnessDeps = { ...base };
    // @ts-expect-error locks is required
    const noLocks: HarnessDeps = { ...base, budget: stores.budget };
    // @ts-expect-error budget is required
    const noBudget: HarnessDeps = { ...base, locks: stores.locks };

    expect([neither, noLocks, noBudget].every((deps) => !('budget' in deps && 'locks' in deps))).toBe(true);
    expect(createHarness({ ...base, budget: stores.budget, locks: stores.locks }).policy).toBeDefined();
  });

  it('makes none of its own: the kernel imports no in-memory adapter', () => {
    const source = readFileSync(new URL('../../../harness/harness.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from '\.\/adapters\/memory\//);
  });
});
