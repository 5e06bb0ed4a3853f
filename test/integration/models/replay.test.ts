// A run made on the API (fake Messages API, real SDK, real harness and policy) and the same run
// replayed from its journal: the replay provider answers every specialist from the recorded rows,
// so triage, proposal, gate decision, draft and reply check come out the same, with no model call
// and nothing reaching a store. What the harness itself read from the store (the order facts, the
// store's figure for the claim, the refund receipt) is taken from the recorded run: those are facts,
// not decisions.
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckOrder } from '#functions/steps/check-order/use-case.js';
import { createCheckReply, REPLY_CHECK_SYSTEM } from '#functions/steps/check-reply/use-case.js';
import { createDraftReply } from '#functions/steps/draft-reply/use-case.js';
import { createGate } from '#functions/steps/gate/use-case.js';
import { createProposeRefund } from '#functions/steps/propose-refund/use-case.js';
import { createRefund } from '#functions/steps/refund/use-case.js';
import { createTriage } from '#functions/steps/triage/use-case.js';
import { DEFAULT_MODELS } from '#functions/composition/core-deps.js';
import { checkDraftAgainstReceipt, ReplyCheckOutput, replyFacts } from '#functions/shared/reply.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { JournalRow, ProposalAnswer, Triage } from '#harness/domain/types.js';
import { recordedOutput } from '#harness/models/model-output.js';
import { createReplayModelProvider } from '#harness/adapters/models/index.js';
import type { ToolTransport } from '#harness/ports.js';
import { createHarness } from '#harness/harness.js';
import { countingIds, fixedClock, makeRun } from '../../support/fixtures.js';
import { jsonReply, toolUseReply, type FakeMessagesApi } from '../../support/fake-messages-api.js';
import { ctxFor, setupAnthropic } from './support.js';
import { liveToolList } from '../../support/live-tools.js';

/** The customer's own words in the ticket below: what ties the request to order 1001 and to the mug. */
const QUOTE = 'Die Tasse aus Bestellung 1001 ist zerbrochen angekommen.';
const TRIAGE: Triage = {
  intent: 'refund_request',
  confidence: 0.93,
  orderNumber: '1001',
  orderNumbersMentioned: ['1001'],
  orderQuote: QUOTE,
  language: 'de',
  reason: 'damaged',
  itemHints: ['Tasse'],
  riskFlags: [],
};
const PROPOSAL: ProposalAnswer = {
  remedy: 'refund',
  lineItems: [{ lineItemId: 'gid://shopify/LineItem/10011', quantity: 1, quote: QUOTE, itemWords: null, countWords: null }],
  currency: 'USD',
  reason: 'damaged',
  reasonWords: null,
  remedyWords: null,
  declinedRemedyWords: [],
  exchangeWords: null,
  exclusions: [],
  unclear: null,
  evidence: ['Tasse = Stoneware mug'],
};
const DRAFT = 'Hallo,\n\nwir haben 18,00 $ für die Bestellung #1001 erstattet.\n\nMit freundlichen Grüßen\nKundenservice';

const apis: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

/**
 * A transport that reaches no store: the store's own figure for the claim (the Gate's preview_refund)
 * is answered from the recorded run's journal, a fact the harness read then, like the order facts;
 * any other call is recorded and fails.
 */
function recordedReadsOnly(journal: readonly JournalRow[]): ToolTransport & { calls: string[] } {
  const calls: string[] = [];
  const preview = journal.find((row) => row.kind === 'tool' && row.name === 'preview_refund' && row.step === 'Gate' && row.outcome === 'ok');
  const recorded = preview ? recordedOutput(preview) : null;
  return {
    serverId: 'no-tools-in-replay',
    calls,
    listTools: liveToolList,
    async call(name) {
      calls.push(name);
      if (name === 'preview_refund' && recorded) return { ok: true, output: recorded.output };
      return { ok: false, error: { category: 'not_authorized', message: 'replay calls no tool' } };
    },
  };
}

describe('a run replayed from its journal', () => {
  it('reproduces triage, proposal, gate decision, draft and reply check without calling any model or tool', async () => {
    // The recorded run, on the API.
    const original = await setupAnthropic();
    apis.push(original.api);
    const deps = {
      runs: original.stores.runs,
      harness: original.harness,
      models: DEFAULT_MODELS,
      approvals: original.stores.approvals,
      policy: original.harness.policy,
      clock: original.clock,
    };
    const ticket = { ...makeRun().ticket, subject: 'Tasse kaputt', body: `${QUOTE} Bitte erstatten.` };
    await original.stores.runs.create(makeRun({ ticket }));
    original.api.script(
      jsonReply(TRIAGE, { input_tokens: 300, output_tokens: 80, cache_read_input_tokens: 1400 }),
      toolUseReply([{ id: 'toolu_1', name: 'get_refund_history', input: { customerId: 'gid://shopify/Customer/1' } }]),
      jsonReply({ lineItems: [] }), // invalid (no line item): repaired by the next answer
      jsonReply(PROPOSAL),
      jsonReply({ body: DRAFT }),
      jsonReply({ passed: true, problems: [] }),
    );
    for (const step of [createTriage, createCheckOrder, createProposeRefund, createGate, createRefund, createDraftReply]) {
      expect((await step(deps)({ runId: 'run-1' })).outcome).toBe('continue');
    }
    expect((await createCheckReply(deps)({ runId: 'run-1' })).outcome).toBe('done');
    const recorded = (await original.stores.runs.get('run-1'))!;
    expect(recorded.gate?.decision).toBe('auto');
    expect(recorded.draft?.check?.passed).toBe(true);
    const journal = await original.stores.journal.listByRun('run-1');
    const apiCalls = original.api.requests.length;

    // The replay: fresh stores, the recorded journal as the only model, no usable tools.
    const clock = fixedClock();
    const ids = countingIds('replay');
    const stores = createInMemoryStores({ clock, ids });
    const tools = recordedReadsOnly(journal);
    const replay = createReplayModelProvider(journal);
    const harness = createHarness({
      tools,
      journal: stores.journal,
      idempotency: stores.idempotency,
      models: replay,
      modelConfig: { repairAttempts: 1 },
      clock,
      ids,
      runs: stores.runs,
      budget: stores.budget,
      locks: stores.locks,
    });
    const replayDeps = { runs: stores.runs, harness, models: DEFAULT_MODELS, approvals: stores.approvals, policy: harness.policy, clock };
    await stores.runs.create(makeRun({ ticket, order: recorded.order }));

    for (const step of [createTriage, createProposeRefund, createGate]) {
      expect((await step(replayDeps)({ runId: 'run-1' })).outcome).toBe('continue');
    }
    await stores.runs.update('run-1', { refund: recorded.refund });
    expect((await createDraftReply(replayDeps)({ runId: 'run-1' })).outcome).toBe('continue');
    const replayed = (await stores.runs.get('run-1'))!;
    // CheckReply's verdict, without its post_draft: the replayed model check plus the deterministic one.
    const modelCheck = await harness.callModel(ctxFor('CheckReply'), {
      specialist: 'reply_check',
      model: DEFAULT_MODELS.replyCheck,
      system: REPLY_CHECK_SYSTEM,
      input: { draft: replayed.draft!.body, facts: replyFacts(replayed, 'refunded') },
      schema: ReplyCheckOutput,
    });

    expect(replayed.triage).toEqual(recorded.triage);
    expect(replayed.proposal).toEqual(recorded.proposal);
    expect(replayed.gate).toEqual(recorded.gate);
    expect(replayed.draft?.body).toBe(recorded.draft?.body);
    expect(modelCheck.passed && checkDraftAgainstReceipt(replayed.draft!.body, replayed).length === 0).toBe(recorded.draft?.check?.passed);
    expect(original.api.requests).toHaveLength(apiCalls);
    expect(tools.calls, "only the recorded read of the store's figure").toEqual(['preview_refund']);
    const rows = await stores.journal.listByRun('run-1');
    expect(rows.filter((r) => r.kind === 'model').map((r) => [r.name, r.provider, r.outcome, r.costMicros])).toEqual([
      ['triage', 'replay', 'ok', 0],
      ['order_agent', 'replay', 'ok', 0],
      ['reply_agent', 'replay', 'ok', 0],
      ['reply_check', 'replay', 'ok', 0],
    ]);
    expect(replay.remaining()).toEqual({ triage: 0, order_agent: 0, reply_agent: 0, reply_check: 0 });
  });
});
