// callModel: schema validation, cost from the dated price table, one journal row per call, the
// run's cost cap, the max_tokens sent and reserved, stop reasons that are not answers; and the
// offline provider's rows say provider 'offline' at zero cost.
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { Triage } from '#harness/domain/types.js';
import { BudgetExceededError, HarnessConfigError, InvalidModelOutputError, ModelOutputTruncatedError, ModelRefusedError } from '#harness/errors.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { createModelGateway, DEFAULT_MODEL_CONFIG, MODEL_PRICES, costMicros } from '#harness/models/index.js';
import type { ModelProvider, ModelRequest, ModelResponse } from '#harness/ports.js';
import { countingIds, fixedClock, makeRun } from '../../support/fixtures.js';
import { setupHarness, stepCtx } from '../../support/harness.js';

/** A provider that answers like a priced API with fixed usage: enough to exercise cost paths. */
function pricedProvider(output: unknown, usage: ModelResponse<unknown>['usage'], model = 'claude-haiku-4-5-20251001') {
  const requests: ModelRequest<unknown>[] = [];
  const provider: ModelProvider & { requests: typeof requests } = {
    name: 'anthropic',
    requests,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      requests.push(request as ModelRequest<unknown>);
      return { output: output as T, model, requestId: 'req_1', stopReason: 'end_turn', usage };
    },
  };
  return provider;
}

/** A priced provider answering each call with the next stop reason of a script. */
function stoppingProvider(stops: string[]) {
  const requests: ModelRequest<unknown>[] = [];
  const provider: ModelProvider & { requests: typeof requests } = {
    name: 'anthropic',
    requests,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      requests.push(request as ModelRequest<unknown>);
      const stopReason = stops.shift() ?? 'end_turn';
      const usage = { inputTokens: 100, outputTokens: request.maxOutputTokens ?? 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
      return { output: validTriage as T, model: request.model, requestId: null, stopReason, usage };
    },
  };
  return provider;
}

/** The gateway alone over in-memory stores, with Haiku's output ceiling lowered to 3000 tokens. */
function lowCeilingGateway(models: ModelProvider) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock, ids: countingIds() });
  const haiku = { ...MODEL_PRICES.models['claude-haiku-4-5']!, maxOutputTokens: 3000 };
  const prices = { ...MODEL_PRICES, models: { ...MODEL_PRICES.models, 'claude-haiku-4-5': haiku } };
  const gateway = createModelGateway({ models, journal: stores.journal, clock, budget: stores.budget, config: { ...DEFAULT_MODEL_CONFIG, prices } });
  return { gateway, stores };
}

const triageRequest = (model = 'claude-haiku-4-5'): ModelRequest<Triage> => ({
  specialist: 'triage',
  model,
  system: 'Triage the ticket.',
  input: { ticket: { untrusted: true, subject: 'Broken mug', body: 'The mug in order #1001 arrived cracked, refund please' } },
  schema: Triage,
});

const validTriage: Triage = {
  intent: 'refund_request',
  confidence: 0.9,
  orderNumber: '1001',
  orderNumbersMentioned: ['1001'],
  orderQuote: 'The mug in order #1001 arrived cracked',
  language: 'en',
  reason: 'damaged',
  itemHints: ['mug'],
  riskFlags: [],
};

describe('price table', () => {
  it("prices the post's worked examples to the micro-dollar", () => {
    const haiku = { inputTokens: 1800, outputTokens: 120, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(costMicros('anthropic', 'claude-haiku-4-5', haiku)).toBe(2400);
    const sonnetTurn = { inputTokens: 2500, outputTokens: 250, cacheReadTokens: 3500, cacheWriteTokens: 0 };
    expect(costMicros('anthropic', 'claude-sonnet-5', sonnetTurn)).toBe(8200);
    expect(MODEL_PRICES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is free offline and fails closed for an unpriced model', () => {
    const usage = { inputTokens: 1000, outputTokens: 1000, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(costMicros('offline', 'offline-triage-v1', usage)).toBe(0);
    expect(() => costMicros('anthropic', 'mystery-model', usage)).toThrow(HarnessConfigError);
  });
});

describe('callModel', () => {
  it('returns validated output, journals one model row and adds the cost to the run', async () => {
    const provider = pricedProvider(validTriage, { inputTokens: 1800, outputTokens: 120, cacheReadTokens: 0, cacheWriteTokens: 0 });
    const { harness, stores } = setupHarness({ models: provider });
    await stores.runs.create(makeRun());

    const triage = await harness.callModel(stepCtx('Triage'), triageRequest());

    expect(triage).toEqual(validTriage);
    const rows = await stores.journal.listByRun('run-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'model',
      name: 'triage',
      provider: 'anthropic',
      model: 'claude-haiku-4-5-20251001',
      inputTokens: 1800,
      outputTokens: 120,
      costMicros: 2400,
      outcome: 'ok',
    });
    // The validated output is kept, and the question itself (bounded, contact data redacted) so a new
    // model or prompt can be asked it again; the prompt's version says which instructions it had.
    expect(rows[0]!.result).not.toContain('refund please');
    expect(rows[0]!.input).toContain('refund please');
    expect(rows[0]!.promptVersion).toMatch(/^[0-9a-f]{12}$/);
    expect((await stores.runs.get('run-1'))?.costMicros).toBe(2400);
  });

  it('refuses output that does not match the schema, and still counts its cost', async () => {
    const provider = pricedProvider({ intent: 'refund everything' }, { inputTokens: 1000, outputTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0 });
    const { harness, stores } = setupHarness({ models: provider });
    await stores.runs.create(makeRun());
    await expect(harness.callModel(stepCtx('Triage'), triageRequest())).rejects.toThrow(InvalidModelOutputError);
    expect((await stores.journal.listByRun('run-1'))[0]).toMatchObject({ outcome: 'error', costMicros: 1500 });
    expect((await stores.runs.get('run-1'))?.costMicros).toBe(1500);
  });

  it('stops calling models once the run reached its cost cap', async () => {
    const provider = pricedProvider(validTriage, { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 });
    const { harness, stores } = setupHarness({ models: provider });
    await stores.runs.create(makeRun());
    // Earlier calls of this run committed the whole cap.
    await stores.budget.reserve({
      tenant: 'demo',
      runId: 'run-1',
      day: '2026-09-23',
      specialist: 'triage',
      micros: 250_000,
      runCapMicros: 250_000,
      dailyCapMicros: 40_000_000,
      maxTurns: 6,
    });
    await expect(harness.callModel(stepCtx('ProposeRefund'), triageRequest())).rejects.toThrow(BudgetExceededError);
    expect(provider.requests).toHaveLength(0);
    expect((await stores.journal.listByRun('run-1'))[0]).toMatchObject({ kind: 'model', outcome: 'refused' });
  });

  it('journals offline calls as provider offline with estimated tokens and no cost', async () => {
    const { harness, stores } = setupHarness();
    await stores.runs.create(makeRun());
    const triage = await harness.callModel(stepCtx('Triage'), triageRequest('claude-haiku-4-5'));
    expect(triage).toMatchObject({ intent: 'refund_request', orderNumber: '1001', reason: 'damaged' });
    const [row] = await stores.journal.listByRun('run-1');
    expect(row).toMatchObject({ provider: 'offline', model: 'offline-triage-v1', costMicros: 0 });
    expect(row!.inputTokens).toBeGreaterThan(10);
    expect(row!.outputTokens).toBeGreaterThan(5);
    expect((await stores.runs.get('run-1'))?.costMicros).toBe(0);
  });

  it("keeps the provider's request id whole in a field of its own, however secret-like it looks", async () => {
    const requestId = 'req_011CUBmVdJUsyjKbd5tBDw1ZmsgXFDUDYJgAACzvnptvVoYEL';
    const provider = pricedProvider(validTriage, { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 });
    const answering: ModelProvider = { name: 'anthropic', complete: async (request) => ({ ...(await provider.complete(request)), requestId }) };
    const { harness, stores } = setupHarness({ models: answering });
    await stores.runs.create(makeRun());
    await harness.callModel(stepCtx('Triage'), triageRequest());
    const [row] = await stores.journal.listByRun('run-1');
    expect(row!.requestId).toBe(requestId);
  });

  it('journals a provider failure and passes the error on', async () => {
    const failing: ModelProvider = {
      name: 'anthropic',
      complete: async () => {
        throw Object.assign(new Error('overloaded'), { name: 'TemporarilyUnavailableError' });
      },
    };
    const { harness, stores } = setupHarness({ models: failing });
    await expect(harness.callModel(stepCtx('Triage'), { ...triageRequest(), schema: z.any() })).rejects.toThrow('overloaded');
    expect((await stores.journal.listByRun('run-1'))[0]).toMatchObject({ outcome: 'error', detail: 'provider failed: TemporarilyUnavailableError' });
  });
});

describe('callModel: max_tokens and stop reasons', () => {
  it("sends each specialist's max_tokens and reserves exactly their cost", async () => {
    const provider = pricedProvider({ body: 'x' }, { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 });
    const { harness, stores } = setupHarness({ models: provider });
    await stores.runs.create(makeRun());
    const reserve = vi.spyOn(stores.budget, 'reserve');

    await harness.callModel(stepCtx('Triage'), { ...triageRequest(), schema: z.any() });
    await harness.callModel(stepCtx('DraftReply'), { ...triageRequest(), specialist: 'reply_agent', schema: z.any() });

    expect(provider.requests.map((r) => r.maxOutputTokens)).toEqual([1024, 2048]);
    const [triage, reply] = reserve.mock.calls.map(([input]) => input.micros);
    // Same input, 1024 more output tokens at Haiku's $5 per million.
    expect(reply! - triage!).toBe(1024 * 5);
  });

  it("retries a cut answer once with twice the limit, capped by the model's own ceiling", async () => {
    const provider = stoppingProvider(['max_tokens', 'max_tokens', 'end_turn']);
    const { gateway, stores } = lowCeilingGateway(provider);

    await expect(gateway.callModel(stepCtx('Triage'), { ...triageRequest(), maxOutputTokens: 2000 })).rejects.toThrow(ModelOutputTruncatedError);

    expect(provider.requests.map((r) => r.maxOutputTokens)).toEqual([2000, 3000]);
    expect(provider.requests.every((r) => r.repair === undefined)).toBe(true);
    const rows = await stores.journal.listByRun('run-1');
    expect(rows.map((r) => r.outcome)).toEqual(['error', 'error']);
    expect(rows.every((r) => r.detail.includes('stop max_tokens'))).toBe(true);
  });

  it("does not retry a cut answer already at the model's ceiling", async () => {
    const provider = stoppingProvider(['max_tokens', 'end_turn']);
    const { gateway } = lowCeilingGateway(provider);

    await expect(gateway.callModel(stepCtx('Triage'), { ...triageRequest(), maxOutputTokens: 3000 })).rejects.toThrow(ModelOutputTruncatedError);
    expect(provider.requests).toHaveLength(1);
  });

  it('fails a refusal at once: no retry and no repair, its cost counted', async () => {
    const provider = stoppingProvider(['refusal', 'end_turn']);
    const { harness, stores } = setupHarness({ models: provider });
    await stores.runs.create(makeRun());

    await expect(harness.callModel(stepCtx('Triage'), triageRequest())).rejects.toThrow(ModelRefusedError);

    expect(provider.requests).toHaveLength(1);
    const [row] = await stores.journal.listByRun('run-1');
    expect(row).toMatchObject({ outcome: 'error', costMicros: 100 + 1024 * 5 });
    expect(row!.detail).toContain('stop refusal');
  });
});
