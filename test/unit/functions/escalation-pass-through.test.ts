// A step that finds the run must go to a person records why on the run (functions/shared/step/step.ts);
// the steps after it do no work at all — no model call, no tool call, no mark — and pass the same
// request on to the Gate, whose decision `escalate` GateDecision routes to Escalate. Escalate then
// records the step that asked and its reason, unchanged. Real harness, offline models, fake MCP transport.
import { describe, expect, it } from 'vitest';
import { createCheckOrder } from '#functions/steps/check-order/use-case.js';
import { createCheckReply } from '#functions/steps/check-reply/use-case.js';
import { createEscalate } from '#functions/steps/escalate/use-case.js';
import { createGate } from '#functions/steps/gate/use-case.js';
import { createProposeRefund } from '#functions/steps/propose-refund/use-case.js';
import { createStep } from '#functions/shared/step/step.js';
import { escalate } from '#functions/shared/step/result.js';
import { createTriage } from '#functions/steps/triage/use-case.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeOrder, makeRun, makeTriage, proposedRun, receiptFor, setupSteps } from '../../support/steps.js';

async function setup(run: Run, orders = [makeOrder({ number: '1001' })]) {
  const s = setupSteps({ orders });
  await s.stores.runs.create(run);
  const steps = {
    Triage: createTriage(s.deps),
    CheckOrder: createCheckOrder(s.deps),
    ProposeRefund: createProposeRefund(s.deps),
    Gate: createGate(s.deps),
  };
  /** Everything that would be work: journal rows (model and tool calls, decisions) and MCP calls. */
  const work = async () => ({ journal: (await s.stores.journal.listByRun(run.runId)).length, tools: s.transport.calls.length });
  const get = async () => (await s.stores.runs.get(run.runId))!;
  return { ...s, steps, work, get, runId: run.runId };
}

const ADDRESS_CHANGE = 'Hi, can I change the delivery address for order 1001 to 12 Elm Street?';

describe('an escalation asked for by an earlier step', () => {
  it('from Triage: CheckOrder, ProposeRefund and the Gate do no model or tool work and pass the reason on unchanged', async () => {
    const base = makeRun({ runId: 'run-t', state: 'Queued' });
    const s = await setup({ ...base, ticket: { ...base.ticket, subject: 'Address', body: ADDRESS_CHANGE } });

    const asked = await s.steps.Triage({ runId: s.runId });
    const afterTriage = await s.work();
    const passed = [await s.steps.CheckOrder({ runId: s.runId }), await s.steps.ProposeRefund({ runId: s.runId }), await s.steps.Gate({ runId: s.runId })];

    expect(asked).toEqual({ outcome: 'escalate', reason: 'the ticket is not a refund request' });
    expect((await s.get()).escalationRequest).toEqual({ step: 'Triage', reason: 'the ticket is not a refund request' });
    const handedOn = { outcome: 'escalate', decision: 'escalate', reason: 'the ticket is not a refund request', step: 'Triage' };
    expect(passed).toEqual([handedOn, handedOn, handedOn]);
    expect(await s.work(), 'no model call, no tool call after Triage').toEqual(afterTriage);
    const run = await s.get();
    expect(run).toMatchObject({ state: 'Triage', order: null, proposal: null, gate: null });

    // GateDecision's default takes the Gate's answer to Escalate, as the state machine delivers it.
    const ended = await createEscalate(s.deps)({ runId: s.runId, state: { runId: s.runId, step: { outcome: 'escalate', detail: passed[2]! } } });

    expect(ended).toMatchObject({ outcome: 'escalated', reason: 'the ticket is not a refund request' });
    expect(await s.get()).toMatchObject({
      status: 'escalated',
      state: 'Escalate',
      escalation: { step: 'Triage', reason: 'the ticket is not a refund request' },
    });
    const rows = await s.stores.journal.listByRun(s.runId);
    expect([...new Set(rows.map((r) => r.step))], 'the journal shows Triage asking and Escalate telling the team').toEqual(['Triage', 'Escalate']);
  });

  it('from CheckOrder: the order agent is never asked and the Gate decides nothing', async () => {
    const bens = makeOrder({ number: '1002', customer: { id: 'gid://shopify/Customer/2', email: 'ben@example.com' } });
    const base = makeRun({
      runId: 'run-o',
      state: 'Triage',
      triage: makeTriage({ orderNumber: '1002', orderNumbersMentioned: ['1002'], orderQuote: 'order #1002' }),
    });
    const s = await setup({ ...base, ticket: { ...base.ticket, body: 'The mug in order #1002 arrived cracked.' } }, [bens]);

    const asked = await s.steps.CheckOrder({ runId: s.runId });
    const afterCheck = await s.work();
    const proposed = await s.steps.ProposeRefund({ runId: s.runId });
    const gated = await s.steps.Gate({ runId: s.runId });

    expect(asked).toEqual({ outcome: 'escalate', reason: 'order 1002 does not belong to the requester' });
    expect(proposed).toEqual(gated);
    expect(gated).toEqual({ outcome: 'escalate', decision: 'escalate', reason: 'order 1002 does not belong to the requester', step: 'CheckOrder' });
    expect(await s.work()).toEqual(afterCheck);
    expect((await s.stores.journal.listByRun(s.runId)).some((r) => r.kind === 'model')).toBe(false);
    expect(await s.get()).toMatchObject({ state: 'CheckOrder', proposal: null, gate: null });
  });

  it('from ProposeRefund (any step that asks): the Gate passes the reason on without deciding', async () => {
    const s = await setup(proposedRun({ runId: 'run-p', state: 'CheckOrder' }));
    // A step at ProposeRefund's place that asks for a person, through the same wrapper.
    const asking = createStep(s.deps, 'ProposeRefund', async () => escalate('the order agent could not read the claim'));

    expect(await asking({ runId: s.runId })).toEqual({ outcome: 'escalate', reason: 'the order agent could not read the claim' });
    const before = await s.work();
    const gated = await s.steps.Gate({ runId: s.runId });

    expect(gated).toEqual({ outcome: 'escalate', decision: 'escalate', reason: 'the order agent could not read the claim', step: 'ProposeRefund' });
    expect(await s.work()).toEqual(before);
    expect((await s.get()).gate).toBeNull();
  });

  it('asks once: the asking step retried or resumed passes its own request on instead of asking the model again', async () => {
    const base = makeRun({ runId: 'run-r', state: 'Queued' });
    const s = await setup({ ...base, ticket: { ...base.ticket, subject: 'Address', body: ADDRESS_CHANGE } });
    await s.steps.Triage({ runId: s.runId });
    const before = await s.work();

    const again = await s.steps.Triage({ runId: s.runId });

    expect(again).toMatchObject({ outcome: 'escalate', reason: 'the ticket is not a refund request', step: 'Triage' });
    expect(await s.work()).toEqual(before);
  });

  it('keeps a long reason whole on the run; Escalate bounds what it records as before', async () => {
    const s = await setup(proposedRun({ runId: 'run-l', state: 'CheckOrder' }));
    const reason = `refused: ${'x'.repeat(400)}`;
    await createStep(s.deps, 'ProposeRefund', async () => escalate(reason))({ runId: s.runId });

    await createEscalate(s.deps)({ runId: s.runId, state: {} });

    expect((await s.get()).escalationRequest?.reason).toBe(reason);
    expect((await s.get()).escalation).toEqual({ step: 'ProposeRefund', reason: reason.slice(0, 300) });
  });

  it('is handed over in-process by CheckReply, the last state, with no check or draft posted', async () => {
    const base = proposedRun({ runId: 'run-c', state: 'DraftReply', escalationRequest: { step: 'DraftReply', reason: 'no draft could be written' } });
    const s = await setup({
      ...base,
      refund: receiptFor(base),
      draft: { body: 'We refunded $18.00 for order #1001.', language: 'en', check: null, noteId: null },
    });

    const ended = await createCheckReply(s.deps)({ runId: s.runId });

    expect(ended).toMatchObject({ outcome: 'escalated', reason: 'no draft could be written' });
    expect((await s.stores.journal.listByRun(s.runId)).filter((r) => r.step === 'CheckReply')).toEqual([]);
    expect(s.transport.calls.map((c) => String(c.args.body))).toEqual([expect.stringContaining('Reason: no draft could be written')]);
    expect(await s.get()).toMatchObject({
      status: 'escalated',
      escalation: { step: 'DraftReply', reason: 'no draft could be written' },
      draft: { check: null },
    });
  });
});
