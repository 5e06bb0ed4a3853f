// The recorded provider through the model gateway: each call is answered by golden ticket,
// specialist and call index from a corpus, whatever the prompt now says; the gateway checks each
// answer against today's schema and repairs as for any provider; a call the corpus cannot answer is
// answered by the fallback for the reply specialists it may answer, or refused with a typed error
// and written down as a pending request with the JSON Schema of its answer.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Triage } from '#harness/domain/types.js';
import { HarnessConfigError } from '#harness/errors.js';
import { createModelGateway, DEFAULT_MODEL_CONFIG } from '#harness/models/index.js';
import { createOfflineModelProvider, createRecordedModelProvider, type Corpus } from '#harness/adapters/models/index.js';
import { ReplyCheckOutput } from '#functions/shared/reply.js';
import type { ModelProvider, ModelRequest, StepContext } from '#harness/ports.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { countingIds, fixedClock, makeTriage } from '../../support/fixtures.js';

const RUNS: Record<string, string> = { 'run-a': 'damaged-01', 'run-b': 'damaged-02' };
const keyOf = (runId: string) => RUNS[runId] ?? null;

const triageA = makeTriage({ orderNumber: '1001', orderNumbersMentioned: ['1001'] });
const triageB = makeTriage({ orderNumber: '1002', orderNumbersMentioned: ['1002'] });

/** The gateway over in-memory stores with one repair call, as the runtimes run it. */
function gatewayOver(models: ModelProvider) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock, ids: countingIds() });
  const gateway = createModelGateway({ models, journal: stores.journal, clock, budget: stores.budget, config: { ...DEFAULT_MODEL_CONFIG, repairAttempts: 1 } });
  return { gateway, stores };
}

const ctx = (runId: string, step: StepContext['step'] = 'Triage'): StepContext => ({ tenant: 'eval', runId, step, boundOrderId: null });

const triageRequest = (system = 'Read the ticket.', body = 'The mug arrived cracked.'): ModelRequest<Triage> => ({
  specialist: 'triage',
  model: 'claude-haiku-4-5',
  system,
  input: { ticket: { subject: 'Broken', body } },
  schema: Triage,
});

const replyCheckRequest = (): ModelRequest<z.infer<typeof ReplyCheckOutput>> => ({
  specialist: 'reply_check',
  model: 'claude-haiku-4-5',
  system: 'Check the draft.',
  input: {
    draft: 'We refunded $18.00 for order #1001.',
    facts: { language: 'en', orderNumber: '1001', outcome: 'refunded', amountMinor: 1800, currency: 'USD' },
  },
  schema: ReplyCheckOutput,
});

/** The provider, noting the request id of every answer it gives. */
function noting(inner: ModelProvider) {
  const answered: Array<string | null> = [];
  const provider: ModelProvider = {
    name: inner.name,
    async complete(request) {
      const response = await inner.complete(request);
      answered.push(response.requestId);
      return response;
    },
  };
  return { provider, answered };
}

const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `recorded-${name}-`));

describe('the recorded provider', () => {
  it('answers by ticket, specialist and call, not by the prompt: the same answers after the system prompt and input change', async () => {
    const corpus: Corpus = new Map([
      ['damaged-01', { triage: [triageA] }],
      ['damaged-02', { triage: [triageB] }],
    ]);
    const before = gatewayOver(createRecordedModelProvider({ corpus, keyOf }));
    const after = gatewayOver(createRecordedModelProvider({ corpus, keyOf }));

    const asked = await before.gateway.callModel(ctx('run-a'), triageRequest());
    const askedAgain = await after.gateway.callModel(ctx('run-a'), triageRequest('Rewritten instructions, v2.', 'Other words entirely.'));
    const otherTicket = await after.gateway.callModel(ctx('run-b'), triageRequest());

    expect(asked).toEqual(triageA);
    expect(askedAgain).toEqual(triageA);
    expect(otherTicket).toEqual(triageB);
    const [row] = await before.stores.journal.listByRun('run-a');
    expect(row).toMatchObject({ kind: 'model', name: 'triage', provider: 'recorded', outcome: 'ok', costMicros: 0 });
    expect(row!.detail).toContain('request recorded:damaged-01/triage/0');
  });

  it('gives the n-th call of a specialist the n-th answer: the repair after an answer its schema rejects is the next call', async () => {
    const corpus: Corpus = new Map([['damaged-01', { triage: [{ intent: 'refund everything' }, triageA] }]]);
    const { provider, answered } = noting(createRecordedModelProvider({ corpus, keyOf }));
    const { gateway, stores } = gatewayOver(provider);

    expect(await gateway.callModel(ctx('run-a'), triageRequest())).toEqual(triageA);

    expect(answered).toEqual(['recorded:damaged-01/triage/0', 'recorded:damaged-01/triage/1']);
    expect((await stores.journal.listByRun('run-a')).map((r) => r.outcome)).toEqual(['error', 'ok']);
  });

  it('counts calls per run: a second call of a specialist in the run gets the second answer', async () => {
    const corpus: Corpus = new Map([['damaged-01', { triage: [triageA, triageB] }]]);
    const { gateway } = gatewayOver(createRecordedModelProvider({ corpus, keyOf }));

    expect(await gateway.callModel(ctx('run-a'), triageRequest())).toEqual(triageA);
    expect(await gateway.callModel(ctx('run-a'), triageRequest())).toEqual(triageB);
  });

  it('refuses a call the corpus cannot answer with a HarnessConfigError naming ticket, specialist and call', async () => {
    const provider = createRecordedModelProvider({ corpus: new Map([['damaged-01', { triage: [triageA] }]]), keyOf });
    const { gateway, stores } = gatewayOver(provider);
    await gateway.callModel(ctx('run-a'), triageRequest());

    const refused = gateway.callModel(ctx('run-a'), triageRequest());

    await expect(refused).rejects.toThrow(HarnessConfigError);
    await expect(refused).rejects.toThrow('no recorded answer for ticket damaged-01, triage call 1');
    expect(provider.stats()).toEqual({ fromCorpus: 1, fromFallback: 0, missing: [{ ticketId: 'damaged-01', specialist: 'triage', call: 1 }] });
    expect((await stores.journal.listByRun('run-a')).at(-1)).toMatchObject({ outcome: 'error', detail: 'provider failed: HarnessConfigError' });
  });

  it('writes the unanswered call down as a pending request with the JSON Schema of its answer, before refusing it', async () => {
    const pending = tempDir('pending');
    const { gateway } = gatewayOver(createRecordedModelProvider({ corpus: new Map(), keyOf, pending }));

    await expect(gateway.callModel(ctx('run-b'), triageRequest('Read the ticket.', 'The blanket has a hole.'))).rejects.toThrow(/written to .*triage-0\.json/);

    const written = JSON.parse(readFileSync(join(pending, 'damaged-02', 'triage-0.json'), 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      ticketId: 'damaged-02',
      specialist: 'triage',
      call: 0,
      model: 'claude-haiku-4-5',
      system: 'Read the ticket.',
      input: { ticket: { subject: 'Broken', body: 'The blanket has a hole.' } },
      answer: null,
    });
    const schema = written.outputSchema as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['intent', 'orderNumber', 'reason']));
    expect(Object.keys(schema.properties)).toContain('riskFlags');
  });

  it('never overwrites a pending request someone has answered but not yet collected', async () => {
    const pending = tempDir('answered');
    mkdirSync(join(pending, 'damaged-01'), { recursive: true });
    const answeredFile = join(pending, 'damaged-01', 'triage-0.json');
    writeFileSync(answeredFile, JSON.stringify({ ticketId: 'damaged-01', specialist: 'triage', call: 0, answer: triageA }));
    const { gateway } = gatewayOver(createRecordedModelProvider({ corpus: new Map(), keyOf, pending }));

    await expect(gateway.callModel(ctx('run-a'), triageRequest())).rejects.toThrow(HarnessConfigError);

    expect(JSON.parse(readFileSync(answeredFile, 'utf8'))).toMatchObject({ answer: triageA });
  });

  it('answers a missing reply check from the fallback and says so, but never a missing triage', async () => {
    const pending = tempDir('fallback');
    const provider = createRecordedModelProvider({ corpus: new Map(), keyOf, fallback: { provider: createOfflineModelProvider() }, pending });
    const { gateway, stores } = gatewayOver(provider);

    const check = await gateway.callModel(ctx('run-a', 'CheckReply'), replyCheckRequest());
    await expect(gateway.callModel(ctx('run-a'), triageRequest())).rejects.toThrow('no recorded answer for ticket damaged-01, triage call 0');

    expect(check.passed).toBe(true);
    expect(provider.stats()).toMatchObject({ fromCorpus: 0, fromFallback: 1, missing: [{ ticketId: 'damaged-01', specialist: 'triage', call: 0 }] });
    const [row] = await stores.journal.listByRun('run-a');
    expect(row).toMatchObject({ name: 'reply_check', provider: 'recorded', outcome: 'ok', costMicros: 0 });
    expect(row!.detail).toContain('request fallback:offline:damaged-01/reply_check/0');
    // The fallback's answer is not a pending request: only the refused triage is.
    expect(existsSync(join(pending, 'damaged-01', 'reply_check-0.json'))).toBe(false);
    expect(existsSync(join(pending, 'damaged-01', 'triage-0.json'))).toBe(true);
  });

  it('lets the fallback answer only the specialists it is given', async () => {
    const provider = createRecordedModelProvider({ corpus: new Map(), keyOf, fallback: { provider: createOfflineModelProvider(), specialists: ['triage'] } });
    const { gateway } = gatewayOver(provider);

    await expect(gateway.callModel(ctx('run-a'), triageRequest('Read.', 'The mug in order 1001 arrived cracked, refund please'))).resolves.toMatchObject({
      intent: 'refund_request',
    });
    await expect(gateway.callModel(ctx('run-a', 'CheckReply'), replyCheckRequest())).rejects.toThrow('reply_check call 0');
  });

  it('refuses a ticket id that cannot name a file, rather than write a pending request outside its directory', async () => {
    const pending = tempDir('outside');
    const { gateway } = gatewayOver(createRecordedModelProvider({ corpus: new Map(), keyOf: () => '../elsewhere', pending }));

    await expect(gateway.callModel(ctx('run-a'), triageRequest())).rejects.toThrow('ticket id "../elsewhere" cannot name a corpus file');
  });

  it("refuses a run that is no golden ticket's, and a request without a run id", async () => {
    const provider = createRecordedModelProvider({ corpus: new Map([['damaged-01', { triage: [triageA] }]]), keyOf });
    const { gateway } = gatewayOver(provider);

    await expect(gateway.callModel(ctx('run-elsewhere'), triageRequest())).rejects.toThrow("run run-elsewhere is no golden ticket's run");
    await expect(provider.complete(triageRequest())).rejects.toThrow('needs the run id');
  });
});
