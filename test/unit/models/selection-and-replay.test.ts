// Which provider runs (a key means anthropic, none offline, replay on request), the models per
// specialist from the tenant's choices, and the replay provider's rules: recorded answers that
// passed their schema, per specialist in journal order, failing closed when none is left or the
// recorded one was cut.
import { describe, expect, it } from 'vitest';
import type { JournalRow } from '#harness/domain/types.js';
import { HarnessConfigError } from '#harness/errors.js';
import {
  createReplayModelProvider, DEFAULT_MODEL_CHOICES, journalResult, journalRowsOf, OFFLINE_MODEL_CHOICES, parseModelSettings, selectModels,
} from '#harness/models/index.js';
import { toolParams } from '#harness/models/anthropic/request.js';
import { backoffMs, DEFAULT_RETRY_POLICY } from '#harness/models/anthropic/retry.js';
import type { ModelRequest, Specialist } from '#harness/ports.js';
import { z } from 'zod';

describe('model settings and provider selection', () => {
  it('uses anthropic when a key is configured and offline when not', () => {
    expect(selectModels(parseModelSettings({ ANTHROPIC_API_KEY: 'sk-ant-x' })).provider.name).toBe('anthropic');
    const offline = selectModels(parseModelSettings({}));
    expect(offline.provider.name).toBe('offline');
    expect(offline.choices).toEqual(OFFLINE_MODEL_CHOICES);
  });

  it('takes the tenant choices per specialist over the defaults (Haiku to triage and check, Sonnet to the agents)', () => {
    const { choices } = selectModels(parseModelSettings({ ANTHROPIC_API_KEY: 'k', MODEL_CHOICES: '{"orderAgent":"claude-haiku-4-5"}' }));
    expect(DEFAULT_MODEL_CHOICES).toEqual({ triage: 'claude-haiku-4-5', orderAgent: 'claude-sonnet-5', replyAgent: 'claude-sonnet-5', replyCheck: 'claude-haiku-4-5' });
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
    runId: 'run-9', seq: `2026-09-23T12:00:00.000Z#${String(seq).padStart(4, '0')}`, at: '2026-09-23T12:00:00.000Z', step: 'Triage', kind: 'model', name, provider: 'anthropic',
    argsHash: 'h', outcome: 'ok', detail: 'stop end_turn', latencyMs: 10, costMicros: 900, model: 'claude-haiku-4-5-20251001', inputTokens: 10, outputTokens: 5, idempotencyKey: null,
    ...journalResult(output), ...overrides,
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
    expect(tools.map((t) => [t.name, t.cache_control ?? null])).toEqual([['get_order', null], ['get_refund_history', { type: 'ephemeral' }]]);
    expect(JSON.stringify(toolParams([...defs].reverse()))).toBe(JSON.stringify(tools));
  });

  it('backs off exponentially within the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffMs(DEFAULT_RETRY_POLICY, a, new Error('x')))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});
