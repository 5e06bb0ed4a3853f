// The ProposeRefund Task runs the order agent and then the Gate in one invocation (one state
// transition less a ticket). Real harness and policy, the offline order agent, in-memory stores.
import { describe, expect, it } from 'vitest';
import { createProposeAndGate } from '#functions/propose-refund/and-gate.js';
import { RunNotFoundError } from '#functions/shared/errors.js';
import { RULES } from '#harness/policy/index.js';
import { makeOrder, proposedRun, setupSteps } from '../../support/steps.js';

/** A run that went through Triage and CheckOrder: the order agent has not proposed yet. */
const checkedRun = (runId: string, order = makeOrder()) => proposedRun({ runId, state: 'CheckOrder', proposal: null }, order);

async function setup(run: ReturnType<typeof checkedRun>) {
  const s = setupSteps();
  await s.stores.runs.create(run);
  const modelCalls = async () => (await s.stores.journal.listByRun(run.runId)).filter((row) => row.kind === 'model').length;
  return { step: createProposeAndGate(s.deps), stores: s.stores, modelCalls };
}

describe('ProposeRefund Task: the order agent, then the Gate', () => {
  it('proposes, then decides on the proposal, and answers with the Gate’s decision', async () => {
    const { step, stores, modelCalls } = await setup(checkedRun('run-pg1'));

    expect(await step({ runId: 'run-pg1' })).toEqual({ outcome: 'continue', decision: 'auto' });

    const stored = await stores.runs.get('run-pg1');
    expect(stored?.proposal?.lineItems).toHaveLength(1);
    expect(stored?.gate).toMatchObject({ decision: 'auto', rules: [RULES.autoWithinPolicy], amountMinor: 1800 });
    expect(stored?.state).toBe('Gate');
    expect(await modelCalls()).toBe(1);
  });

  it('asks the model once when the Task is retried after the Gate: the proposal on the run is decided again', async () => {
    const { step, modelCalls } = await setup(checkedRun('run-pg2', makeOrder({ unitPriceMinor: 6200 })));

    const first = await step({ runId: 'run-pg2' });
    const retried = await step({ runId: 'run-pg2' });

    expect(first).toEqual({ outcome: 'continue', decision: 'approval' });
    expect(retried).toEqual(first);
    expect(await modelCalls()).toBe(1);
  });

  it('hands on an escalation an earlier step recorded, asking no model and deciding nothing', async () => {
    const run = { ...checkedRun('run-pg3'), escalationRequest: { step: 'CheckOrder' as const, reason: 'order_not_owned' } };
    const { step, stores, modelCalls } = await setup(run);

    expect(await step({ runId: 'run-pg3' })).toEqual({ outcome: 'escalate', decision: 'escalate', reason: 'order_not_owned', step: 'CheckOrder' });
    expect(await modelCalls()).toBe(0);
    expect((await stores.runs.get('run-pg3'))?.gate ?? null).toBeNull();
  });

  it('refuses a run that does not exist', async () => {
    const { step } = await setup(checkedRun('run-pg4'));
    await expect(step({ runId: 'run-missing' })).rejects.toBeInstanceOf(RunNotFoundError);
  });
});
