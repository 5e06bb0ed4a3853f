// Builds a harness over in-memory stores, the fake transport and the offline models, with short
// tool deadlines and instant retry waits, plus a step context helper.
import { createInMemoryBudgetStore } from '#harness/adapters/memory/budget.js';
import { createInMemoryLockStore } from '#harness/adapters/memory/locks.js';
import { createHarness, type HarnessDeps } from '#harness/harness.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import type { StepName } from '#harness/domain/types.js';
import type { Clock, IdempotencyStore, JournalStore, ModelProvider, StepContext, ToolTransport } from '#harness/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { countingIds, createFakeTransport, fixedClock, makeOrder } from './fixtures.js';

export function setupHarness(options: { orders?: Order[]; models?: ModelProvider; journal?: JournalStore; idempotency?: IdempotencyStore } = {}) {
  const clock = fixedClock();
  const ids = countingIds();
  const stores = createInMemoryStores({ clock, ids });
  const transport = createFakeTransport(options.orders ?? [makeOrder()]);
  const harness = createHarness({
    tools: transport,
    journal: options.journal ?? stores.journal,
    idempotency: options.idempotency ?? stores.idempotency,
    models: options.models ?? createOfflineModelProvider(),
    clock,
    ids,
    runs: stores.runs,
    budget: stores.budget,
    locks: stores.locks,
    timeoutsMs: { get_order: 30, get_refund_history: 30, preview_refund: 30, refund_create: 30, post_draft: 30 },
    sleep: async () => {},
  });
  return { harness, clock, ids, stores, transport };
}

export function stepCtx(step: StepName, overrides: Partial<StepContext> = {}): StepContext {
  return { tenant: 'demo', runId: 'run-1', step, boundOrderId: null, ...overrides };
}

/**
 * A harness over the given tools and stores with the offline models and counting ids, and none of
 * setupHarness's extras (runs and budget stores, short deadlines, instant waits) unless `extra` adds them.
 */
export function bareHarness(
  tools: ToolTransport,
  stores: { journal: JournalStore; idempotency: IdempotencyStore },
  clock: Clock,
  extra: Partial<HarnessDeps> = {},
) {
  return createHarness({
    tools,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models: createOfflineModelProvider(),
    clock,
    ids: countingIds(),
    // In this process only: a test that shares them across harnesses passes its own in `extra`.
    budget: createInMemoryBudgetStore(),
    locks: createInMemoryLockStore({ clock }),
    ...extra,
  });
}
