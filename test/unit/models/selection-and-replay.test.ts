// Which provider runs (a key means anthropic, none offline, replay on request), the models per
// specialist from the tenant's choices, the replay provider's rules (recorded answers that passed
// their schema, per specialist in journal order, failing closed when none is left or the recorded
// one was cut), the request pieces, and how long a model call can take against the Lambda timeouts.
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Proposal, type JournalRow } from '#harness/domain/types.js';
import { HarnessConfigError, TemporarilyUnavailableError } from '#harness/errors.js';
import { DEFAULT_MODEL_CHOICES, journalResult, parseModelSettings } from '#harness/models/index.js';
import { createReplayModelProvider, journalRowsOf, OFFLINE_MODEL_CHOICES, selectModels } from '#harness/adapters/models/index.js';
import { caseDataJson, outputSchemaOf, toolParams } from '#harness/adapters/models/anthropic/request.js';
import { backoffMs, DEFAULT_RETRY_POLICY, withRetries } from '#harness/adapters/models/anthropic/retry.js';
import { DEFAULT_BUDGET } from '#harness/models/budget.js';
import { worstCaseModelCallMs } from '#harness/adapters/models/select.js';
import type { ModelRequest, Specialist } from '#harness/ports.js';
import { FUNCTIONS } from '../../../infra/lib/functions.js';

describe('model settings and provider selection', () => {
  it('uses anthropic when a key is configured and offline when not', () => {
    expect(selectModels(parseModelSettings({ ANTHROPIC_API_KEY: 'sk-ant-x' })).provider.name).toBe('anthropic');
    const offline = selectModels(parseModelSettings({}));
    expect(offline.provider.name).toBe('offline');
    expect(offline.choices).toEqual(OFFLINE_MODEL_CHOICES);
  });

  it('takes the tenant choices per specialist over the defaults (Haiku to triage and check, Sonnet to the agents)', () => {
    const { choices } = selectModels(parseModelSettings({ ANTHROPIC_API_KEY: 'k', MODEL_CHOICES: '{"orderAgent":"claude-haiku-4-5"}' }));
    expect(DEFAULT_MODEL_CHOICES).toEqual({
      triage: 'claude-haiku-4-5',
      orderAgent: 'claude-sonnet-5',
      replyAgent: 'claude-sonnet-5',
      replyCheck: 'claude-haiku-4-5',
    });
    expect(choices).toEqual({ ...DEFAULT_MODEL_CHOICES, orderAgent: 'claude-haiku-4-5' });
  });

  it('refuses an unpriced model, anthropic without a key and replay without a source, never echoing the key', () => {
    expect(() => parseModelSettings({ ANTHROPIC_API_KEY: 'sk-ant-secret', MODEL_CHOICES: '{"triage":"gpt-9"}' })).toThrow(/MODEL_CHOICES/);
    expect(() => parseModelSettings({ ANTHROPIC_API_KEY: 'sk-ant-secret', MODEL_CHOICES: '{"triage":"gpt-9"}' })).not.toThrow(/sk-ant-secret/);
    expect(() => parseModelSettings({ MODEL_PROVIDER: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => parseModelSettings({ MODEL_PROVIDER: 'replay' })).toThrow(/REPLAY_RUN_ID/);
    expect(() => parseModelSettings({ MODEL_PROVIDER: 'offline', ANTHROPIC_API_KEY: 'k' })).not.toThrow();
  });

  it('replays from a saved run file (GET /api/runs/{runId} as JSON)', async () => {
    const saved = JSON.stringify({ runId: 'run-9', journal: [row('triage', { intent: 'other' })] });
    const { provider } = selectModels(parseModelSettings({ MODEL_PROVIDER: 'replay', REPLAY_JOURNAL: '/runs/run-9.json' }), { readFile: () => saved });
    expect(provider.name).toBe('replay');
    expect((await provider.complete(request('triage'))).output).toEqual({ intent: 'other' });
  });
});

let seq = 0;
function row(name: Specialist, output: unknown, overrides: Partial<JournalRow> = {}): JournalRow {
  seq += 1;
  return {
    runId: 'run-9',
    seq: `2026-09-23T12:00:00.000Z#${String(seq).padStart(4, '0')}`,
    at: '2026-09-23T12:00:00.000Z',
    step: 'Triage',
    kind: 'model',
    name,
    provider: 'anthropic',
    argsHash: 'h',
    outcome: 'ok',
    detail: 'stop end_turn',
    latencyMs: 10,
    costMicros: 900,
    model: 'claude-haiku-4-5-20251001',
    inputTokens: 10,
    outputTokens: 5,
    idempotencyKey: null,
    ...journalResult(output),
    ...overrides,
  };
}
const request = (specialist: Specialist): ModelRequest<unknown> => ({ specialist, model: 'claude-haiku-4-5', system: 's', input: {}, schema: z.unknown() });

describe('replay provider', () => {
  it('answers each specialist with its recorded outputs in order, skipping rejected ones, at no cost', async () => {
    const replay = createReplayModelProvider([
      row('triage', { n: 1 }),
      row('order_agent', { bad: true }, { outcome: 'error' }),
      row('order_agent', { n: 2 }),
      row('triage', { n: 3 }),
    ]);
    expect((await replay.complete(request('order_agent'))).output).toEqual({ n: 2 });
    const first = await replay.complete(request('triage'));
    expect(first).toMatchObject({ output: { n: 1 }, model: 'claude-haiku-4-5-20251001', stopReason: 'replayed', usage: { inputTokens: 0, outputTokens: 0 } });
    expect((await replay.complete(request('triage'))).output).toEqual({ n: 3 });
    await expect(replay.complete(request('triage'))).rejects.toThrow(HarnessConfigError);
  });

  it('fails closed on a recorded answer that was cut', async () => {
    const replay = createReplayModelProvider([row('reply_agent', { body: 'x'.repeat(5000) })]);
    await expect(replay.complete(request('reply_agent'))).rejects.toThrow(/missing or was cut/);
  });

  it('reads the journal rows out of a saved run and rejects a file without them', () => {
    expect(journalRowsOf({ journal: [row('triage', {})] })).toHaveLength(1);
    expect(() => journalRowsOf({ runId: 'x' })).toThrow(HarnessConfigError);
  });
});

describe('request pieces', () => {
  it('orders tool definitions by name whatever the caller order, cache marker on the last only', () => {
    const defs = [
      { name: 'get_refund_history' as const, description: 'b', inputSchema: { properties: {} } },
      { name: 'get_order' as const, description: 'a', inputSchema: { properties: {} } },
    ];
    const tools = toolParams(defs);
    expect(tools.map((t) => [t.name, t.cache_control ?? null])).toEqual([
      ['get_order', null],
      ['get_refund_history', { type: 'ephemeral' }],
    ]);
    expect(JSON.stringify(toolParams([...defs].reverse()))).toBe(JSON.stringify(tools));
  });

  it('backs off exponentially within the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffMs(DEFAULT_RETRY_POLICY, a, new Error('x')))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('escapes <, > and & in the case data as JSON escapes: the same value, no markup', () => {
    const input = { ticket: { body: '</case_data> <b>A & B</b>' } };
    const json = caseDataJson(input);
    expect(json).toBe('{"ticket":{"body":"\\u003c/case_data\\u003e \\u003cb\\u003eA \\u0026 B\\u003c/b\\u003e"}}');
    expect(JSON.parse(json)).toEqual(input);
  });

  it('inlines the pieces zod shares, so the output schema has no $ref', () => {
    const schema = outputSchemaOf(Proposal);
    expect(JSON.stringify(schema)).not.toContain('$ref');
    expect(schema).not.toHaveProperty('$defs');
    expect(schema).toMatchObject({ properties: { lineItems: { items: { properties: { quote: { type: 'string' } } } } } });
  });
});

describe('time of a model call', () => {
  /** What a model-calling step does besides its model call: its reads and writes, one tool call begun before the deadline, a post_draft. */
  const MARGIN_MS = 30_000;
  const modelSteps = Object.entries(FUNCTIONS).filter(([, spec]) => spec.access.callsModels);

  it('fits the worst case of one model call inside every model-calling Lambda timeout, with margin', () => {
    const defaults = parseModelSettings({ ANTHROPIC_API_KEY: 'k' });
    // The slowest settings allowed: the longest attempt deadline, and a fallback model.
    const slowest = parseModelSettings({ ANTHROPIC_API_KEY: 'k', MODEL_TIMEOUT_MS: '120000', MODEL_FALLBACK: 'claude-haiku-4-5' });
    expect(modelSteps.map(([name]) => name)).toEqual(expect.arrayContaining(['triage', 'propose-refund', 'draft-reply', 'check-reply', 'escalate']));
    for (const [name, spec] of modelSteps) {
      for (const settings of [defaults, slowest]) {
        expect(worstCaseModelCallMs(settings) + MARGIN_MS, name).toBeLessThanOrEqual(spec.timeoutSeconds * 1000);
      }
    }
    expect(worstCaseModelCallMs(slowest)).toBe(DEFAULT_BUDGET.timeBudgetMs);
    expect(worstCaseModelCallMs(parseModelSettings({}))).toBe(0);
  });

  it('cuts each attempt to the time left and starts no attempt or wait that could not end inside it', async () => {
    let now = 0;
    const timeouts: number[] = [];
    const failure = withRetries({
      models: ['claude-sonnet-5', 'claude-haiku-4-5'],
      policy: DEFAULT_RETRY_POLICY,
      timeoutMs: 6_000,
      time: { leftMs: () => 10_000 - now, minAttemptMs: 1_000 },
      sleep: async (ms) => {
        now += ms;
      },
      send: async (_model, timeoutMs) => {
        timeouts.push(timeoutMs);
        now += timeoutMs;
        throw new Anthropic.APIConnectionTimeoutError();
      },
    });

    await expect(failure).rejects.toThrow(TemporarilyUnavailableError);
    await expect(failure).rejects.toThrow('out of time');
    // 6 s, a 0.5 s wait, then only the 3.5 s left; the next 1 s wait would leave no time for an attempt.
    expect(timeouts).toEqual([6_000, 3_500]);
    expect(now).toBe(10_000);
  });
});
