// The anthropic provider through the real SDK against a local fake Messages API, when things go
// wrong: stop reasons, the turn cap and the time budget, retries of overload and rate limits,
// fallback, and repair of malformed output.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProposeRefund } from '#functions/steps/propose-refund/use-case.js';
import { createTriage } from '#functions/steps/triage/use-case.js';
import { escalationReason } from '#functions/steps/escalate/use-case.js';
import { HarnessConfigError, InvalidModelOutputError, ModelOutputTruncatedError, ModelRefusedError, TemporarilyUnavailableError } from '#harness/errors.js';
import { makeRun } from '../../support/fixtures.js';
import { badRequest, cutReply, jsonReply, overloaded, rateLimited, refusalReply, toolUseReply } from '../../support/fake-messages-api.js';
import { boundRun, closeApis, modelRows, PROPOSAL, setup, tableCost, TRIAGE } from './anthropic-helpers.js';

afterEach(closeApis);

describe('anthropic provider: stop reasons, the turn cap and the time budget', () => {
  it('retries an answer cut at max_tokens once with twice the limit, reserving the larger limit, and journals both stops', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    const reserve = vi.spyOn(s.stores.budget, 'reserve');
    s.api.script(
      cutReply('{"intent":"refund_request","confidence":0.9,"itemHints":["mug","mug","mug"', { input_tokens: 400, output_tokens: 1024 }),
      jsonReply(TRIAGE),
    );

    expect(await createTriage(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'continue' });

    expect(s.api.requests.map((r) => r.body.max_tokens)).toEqual([1024, 2048]);
    // The retry is the same request with a larger limit: no repair turn.
    expect(s.api.requests[1]!.body.messages).toHaveLength(1);
    // Its reservation grows by exactly the extra output tokens at Haiku's output price ($5 / M).
    const [first, second] = reserve.mock.calls.map(([input]) => input.micros);
    expect(second! - first!).toBe(1024 * 5);
    const rows = await modelRows(s);
    expect(rows.map((r) => r.outcome)).toEqual(['error', 'ok']);
    expect(rows[0]!.detail).toContain('triage answer cut at 1024 output tokens, retrying with 2048');
    expect(rows[0]!.detail).toContain('stop max_tokens');
    expect(rows[0]!.costMicros).toBe(tableCost('claude-haiku-4-5', { input_tokens: 400, output_tokens: 1024 }));
    expect(rows[1]!.detail).toContain('stop end_turn');
    expect(rows[1]!.detail).toContain('max_tokens 2048');
    expect((await s.stores.runs.get('run-1'))?.triage).toEqual(TRIAGE);
  });

  it('fails with ModelOutputTruncatedError when the larger answer is cut too, and never asks for a repair', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(cutReply('{"intent":'), cutReply('{"intent":', { input_tokens: 100, output_tokens: 2048 }), jsonReply(TRIAGE));

    const failure = createTriage(s.deps)({ runId: 'run-1' });

    await expect(failure).rejects.toThrow(ModelOutputTruncatedError);
    await expect(failure).rejects.toThrow('cut at 2048 output tokens after a retry with a larger limit');
    expect(s.api.requests.map((r) => [r.body.max_tokens, r.body.messages.length])).toEqual([
      [1024, 1],
      [2048, 1],
    ]);
    expect(s.api.pending()).toBe(1);
    expect((await modelRows(s)).map((r) => r.outcome)).toEqual(['error', 'error']);
  });

  it('fails a refusal at once with ModelRefusedError (no retry, no repair), which Escalate gives as the reason', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(refusalReply({ input_tokens: 300, output_tokens: 5 }), jsonReply(TRIAGE));

    const error = await createTriage(s.deps)({ runId: 'run-1' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelRefusedError);
    expect(s.api.requests).toHaveLength(1);
    expect(s.api.pending()).toBe(1);
    const [row] = await modelRows(s);
    expect(row).toMatchObject({ outcome: 'error', costMicros: tableCost('claude-haiku-4-5', { input_tokens: 300, output_tokens: 5 }) });
    expect(row!.detail).toContain('stop refusal');
    // The Lambda error as the state machine's Catch hands it to Escalate.
    const { name, message } = error as ModelRefusedError;
    const reason = escalationReason({ error: { Error: name, Cause: JSON.stringify({ errorType: name, errorMessage: message }) } });
    expect(reason).toBe('ModelRefusedError: triage: the model declined to answer (stop refusal)');
  });

  it('counts the repair among the six API calls: after five tool turns an invalid answer is not repaired', async () => {
    const s = await setup();
    await s.stores.runs.create(boundRun());
    for (let i = 1; i <= 5; i++) {
      s.api.script(toolUseReply([{ id: `toolu_${i}`, name: 'get_refund_history', input: { customerId: 'gid://shopify/Customer/1', sinceDays: 10 * i } }]));
    }
    s.api.script(jsonReply({ ...PROPOSAL, exclusions: 'none' }), jsonReply(PROPOSAL));

    await expect(createProposeRefund(s.deps)({ runId: 'run-1' })).rejects.toThrow(InvalidModelOutputError);

    expect(s.api.requests).toHaveLength(6);
    expect(s.api.pending()).toBe(1);
    expect((await modelRows(s)).at(-1)?.detail).toContain('exclusions');
  });

  it('gives the repair only the API calls left, restarting the conversation; a tool call it repeats is answered without a second read', async () => {
    const s = await setup();
    await s.stores.runs.create(boundRun());
    const getOrder = (id: string) => toolUseReply([{ id, name: 'get_order', input: { orderNumber: '1001' } }]);
    s.api.script(getOrder('toolu_1'), jsonReply({ ...PROPOSAL, remedy: 'money back' }), getOrder('toolu_2'), jsonReply(PROPOSAL));

    expect(await createProposeRefund(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'continue' });

    expect(s.api.requests).toHaveLength(4);
    const repair = s.api.requests[2]!.body;
    expect(repair.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(repair.messages[2])).toContain('remedy');
    const repeated = s.api.requests[3]!.body.messages.at(-1)!.content[0] as { content: string; is_error?: boolean };
    expect(repeated.is_error).toBeUndefined();
    expect(repeated.content).toContain('Stoneware mug');
    expect(s.transport.calls.map((c) => c.name)).toEqual(['get_order']);
    const rows = await s.stores.journal.listByRun('run-1');
    expect(rows.map((r) => `${r.kind}:${r.name}:${r.outcome}`)).toEqual(['tool:get_order:ok', 'model:order_agent:error', 'model:order_agent:ok']);
    expect(rows[2]!.detail).toContain('2 turns');
    expect((await s.stores.runs.get('run-1'))?.proposal).toEqual(PROPOSAL);
  });

  it("cuts a slow attempt to the call's time budget and starts no attempt it could not finish", async () => {
    const s = await setup({ modelConfig: { timeBudgetMs: 600, minAttemptMs: 200 } });
    await s.stores.runs.create(makeRun());
    s.api.script({ ...jsonReply(TRIAGE), delayMs: 3_000 }, jsonReply(TRIAGE));
    const started = performance.now();

    await expect(createTriage(s.deps)({ runId: 'run-1' })).rejects.toThrow(TemporarilyUnavailableError);

    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(550);
    // Cut, not waited for: before the slow reply's 3 s, with room for a busy machine past the 600 ms budget.
    expect(elapsed).toBeLessThan(3_000);
    expect(s.api.requests).toHaveLength(1);
    expect(s.waits).toEqual([]);
    expect((await modelRows(s))[0]).toMatchObject({ outcome: 'error', detail: 'provider failed: TemporarilyUnavailableError' });
  });
});

describe('anthropic provider: overload, rate limits and fallback', () => {
  it('retries 529 overloaded and 429 rate limited with backoff (a longer retry-after wins), then journals one row', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(overloaded(), rateLimited(2), jsonReply(TRIAGE));

    expect(await createTriage(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'continue' });

    expect(s.api.requests).toHaveLength(3);
    expect(s.waits).toEqual([500, 2000]);
    const rows = await modelRows(s);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toContain('3 attempts');
  });

  it('falls back to the fallback model when the chosen one stays overloaded, and prices the model that answered', async () => {
    const s = await setup({ provider: { fallbackModel: 'claude-haiku-4-5' } });
    s.deps.models.triage = 'claude-sonnet-5';
    await s.stores.runs.create(makeRun());
    const usage = { input_tokens: 1000, output_tokens: 100 };
    s.api.script(overloaded(), overloaded(), overloaded(), jsonReply(TRIAGE, usage));

    await createTriage(s.deps)({ runId: 'run-1' });

    expect(s.api.requests.map((r) => r.body.model)).toEqual(['claude-sonnet-5', 'claude-sonnet-5', 'claude-sonnet-5', 'claude-haiku-4-5']);
    expect(s.waits).toEqual([500, 1000]);
    expect((await modelRows(s))[0]).toMatchObject({ model: 'claude-haiku-4-5', costMicros: tableCost('claude-haiku-4-5', usage) });
  });

  it('gives up after its attempts with TemporarilyUnavailableError (Step Functions retries the step), and journals the failure', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(overloaded(), overloaded(), overloaded());

    await expect(createTriage(s.deps)({ runId: 'run-1' })).rejects.toThrow(TemporarilyUnavailableError);
    expect((await modelRows(s))[0]).toMatchObject({ outcome: 'error', detail: 'provider failed: TemporarilyUnavailableError', costMicros: 0 });
  });

  it('does not retry a refused request (400): a setup fault fails closed at once', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(badRequest(), jsonReply(TRIAGE));

    await expect(createTriage(s.deps)({ runId: 'run-1' })).rejects.toThrow(HarnessConfigError);
    expect(s.api.requests).toHaveLength(1);
  });
});

describe('anthropic provider: structured output only', () => {
  it('repairs prose once: the repair call shows the rejected answer and the schema problems', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(
      jsonReply('Sure! This customer wants a refund for order 1001.', { input_tokens: 500, output_tokens: 20 }),
      jsonReply(TRIAGE, { input_tokens: 560, output_tokens: 90 }),
    );

    expect(await createTriage(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'continue' });

    const repair = s.api.requests[1]!.body;
    expect(repair.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(repair.messages[1])).toContain('Sure! This customer wants a refund');
    expect(JSON.stringify(repair.messages[2])).toContain('rejected by the schema check');
    expect(JSON.stringify(repair.system)).toBe(JSON.stringify(s.api.requests[0]!.body.system));
    const rows = await modelRows(s);
    expect(rows.map((r) => r.outcome)).toEqual(['error', 'ok']);
    expect(rows[0]?.detail).toContain('(root)');
    expect(rows[1]?.detail).toContain('repaired');
    const spent =
      tableCost('claude-haiku-4-5', { input_tokens: 500, output_tokens: 20 }) + tableCost('claude-haiku-4-5', { input_tokens: 560, output_tokens: 90 });
    expect((await s.stores.runs.get('run-1'))?.costMicros).toBe(spent);
  });

  it('fails the step with InvalidModelOutputError when the repair is invalid too (confidence out of range)', async () => {
    const s = await setup();
    await s.stores.runs.create(makeRun());
    s.api.script(jsonReply({ ...TRIAGE, confidence: 7 }), jsonReply({ ...TRIAGE, confidence: 7 }));

    await expect(createTriage(s.deps)({ runId: 'run-1' })).rejects.toThrow(InvalidModelOutputError);

    const rows = await modelRows(s);
    expect(rows.map((r) => r.outcome)).toEqual(['error', 'error']);
    expect(rows[1]?.detail).toContain('confidence');
    expect((await s.stores.runs.get('run-1'))?.triage).toBeNull();
  });
});
