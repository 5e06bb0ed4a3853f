// Recording a corpus from the API and replaying it: the anthropic provider (real SDK, local fake
// Messages API) wrapped by the recording provider writes each answer to the ticket's corpus file
// under its specialist and call; the recorded provider, reading that directory back, gives the
// gateway the same outputs call by call, with no API call. An answer cut at max_tokens is not an
// answer (the gateway retries it), so it is not recorded; one the schema rejects is, since the
// repair that follows is the next call on replay too.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Triage } from '#harness/domain/types.js';
import { createModelGateway, DEFAULT_MODEL_CONFIG } from '#harness/models/index.js';
import { createAnthropicModelProvider, createRecordedModelProvider, createRecordingModelProvider, readCorpus } from '#harness/adapters/models/index.js';
import { ReplyCheckOutput } from '#functions/shared/reply.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { ModelProvider, ModelRequest, StepContext } from '#harness/ports.js';
import { countingIds, fixedClock, makeTriage } from '../../support/fixtures.js';
import { cutReply, jsonReply, startFakeMessagesApi, type FakeMessagesApi } from '../../support/fake-messages-api.js';

const apis: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

const keyOf = (runId: string) => ({ 'run-a': 'damaged-01', 'run-b': 'damaged-02' })[runId] ?? null;
const ctx = (runId: string, step: StepContext['step']): StepContext => ({ tenant: 'eval', runId, step, boundOrderId: null });

function gatewayOver(models: ModelProvider) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock, ids: countingIds() });
  const gateway = createModelGateway({ models, journal: stores.journal, clock, budget: stores.budget, config: { ...DEFAULT_MODEL_CONFIG, repairAttempts: 1 } });
  return { gateway, stores };
}

const triageRequest: ModelRequest<Triage> = {
  specialist: 'triage',
  model: 'claude-haiku-4-5',
  system: 'Read the ticket.',
  input: { ticket: { subject: 'Broken', body: 'The mug in order 1001 arrived cracked.' } },
  schema: Triage,
};
const checkRequest: ModelRequest<z.infer<typeof ReplyCheckOutput>> = {
  specialist: 'reply_check',
  model: 'claude-haiku-4-5',
  system: 'Check the draft.',
  input: { draft: 'We refunded $18.00.', facts: { language: 'en', outcome: 'refunded' } },
  schema: ReplyCheckOutput,
};

/** Every call of one run of each ticket: a triage per ticket, and damaged-01's reply check. */
async function runBoth(gateway: ReturnType<typeof gatewayOver>['gateway']) {
  return {
    triageA: await gateway.callModel(ctx('run-a', 'Triage'), triageRequest),
    checkA: await gateway.callModel(ctx('run-a', 'CheckReply'), checkRequest),
    triageB: await gateway.callModel(ctx('run-b', 'Triage'), triageRequest),
  };
}

describe('a corpus recorded from the API', () => {
  it('holds each answer under its ticket, specialist and call, and replays to the same outputs without the API', async () => {
    const api = await startFakeMessagesApi();
    apis.push(api);
    const dir = mkdtempSync(join(tmpdir(), 'recording-'));
    const anthropic = createAnthropicModelProvider({ client: api.client(), sleep: async () => {} });
    const recording = createRecordingModelProvider(anthropic, { dir, keyOf });
    const triageA = makeTriage();
    const triageB = makeTriage({ orderNumber: '1002', orderNumbersMentioned: ['1002'], itemHints: ['blanket'] });
    api.script(
      cutReply('{"intent":"refund_request","confid'), // cut: retried with a larger max_tokens, not recorded
      jsonReply(triageA),
      jsonReply({ passed: 'yes' }), // rejected by the schema: the repair is the next call
      jsonReply({ passed: true, problems: [] }),
      jsonReply(triageB),
    );

    const live = await runBoth(gatewayOver(recording).gateway);

    expect(api.requests).toHaveLength(5);
    expect(recording.name).toBe('anthropic');
    expect(recording.recorded()).toBe(4);
    expect(JSON.parse(readFileSync(join(dir, 'damaged-01.json'), 'utf8'))).toEqual({
      ticketId: 'damaged-01',
      answers: { triage: [triageA], reply_check: [{ passed: 'yes' }, { passed: true, problems: [] }] },
    });

    const replay = gatewayOver(createRecordedModelProvider({ corpus: readCorpus(dir), keyOf }));
    const replayed = await runBoth(replay.gateway);

    expect(replayed).toEqual(live);
    expect(api.requests).toHaveLength(5);
    const rows = await replay.stores.journal.listByRun('run-a');
    expect(rows.map((r) => [r.name, r.provider, r.outcome])).toEqual([
      ['triage', 'recorded', 'ok'],
      ['reply_check', 'recorded', 'error'],
      ['reply_check', 'recorded', 'ok'],
    ]);
  });

  it("asks the API nothing for a run that is no golden ticket's", async () => {
    const api = await startFakeMessagesApi();
    apis.push(api);
    const recording = createRecordingModelProvider(createAnthropicModelProvider({ client: api.client(), sleep: async () => {} }), {
      dir: mkdtempSync(join(tmpdir(), 'recording-')),
      keyOf,
    });

    await expect(gatewayOver(recording).gateway.callModel(ctx('run-elsewhere', 'Triage'), triageRequest)).rejects.toThrow("not a golden ticket's run");
    expect(api.requests).toHaveLength(0);
  });
});
