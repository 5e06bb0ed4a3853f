// The harness over in-memory stores and the fake MCP transport, with the anthropic provider driven
// through the real SDK against the local fake Messages API, one repair call as in production, and
// a sleep that records the backoff waits instead of waiting. The model config (time budget, caps)
// can be narrowed per test.
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { type ModelConfig } from '#harness/models/index.js';
import { createAnthropicModelProvider, type AnthropicProviderOptions } from '#harness/adapters/models/index.js';
import type { StepName } from '#harness/domain/types.js';
import type { StepContext } from '#harness/ports.js';
import { createHarness } from '#harness/harness.js';
import type { Order } from '#shared/contracts/tools.js';
import { countingIds, createFakeTransport, fixedClock, makeOrder } from '../../support/fixtures.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../../support/fake-messages-api.js';

export async function setupAnthropic(
  options: { orders?: Order[]; provider?: Partial<AnthropicProviderOptions>; api?: FakeMessagesApi; modelConfig?: Partial<ModelConfig> } = {},
) {
  const api = options.api ?? (await startFakeMessagesApi());
  const waits: number[] = [];
  const clock = fixedClock();
  const ids = countingIds();
  const stores = createInMemoryStores({ clock, ids });
  const transport = createFakeTransport(options.orders ?? [makeOrder()]);
  const provider = createAnthropicModelProvider({
    client: api.client(),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options.provider,
  });
  const harness = createHarness({
    tools: transport,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models: provider,
    modelConfig: { repairAttempts: 1, ...options.modelConfig },
    clock,
    ids,
    runs: stores.runs,
    budget: stores.budget,
    locks: stores.locks,
    timeoutsMs: { get_order: 200, get_refund_history: 200, preview_refund: 200, refund_create: 200, post_draft: 200 },
    sleep: async () => {},
  });
  return { api, waits, clock, ids, stores, transport, provider, harness };
}

export function ctxFor(step: StepName, overrides: Partial<StepContext> = {}): StepContext {
  return { tenant: 'demo', runId: 'run-1', step, boundOrderId: null, ...overrides };
}
