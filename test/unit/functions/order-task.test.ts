// The ProposeRefund Task runs CheckOrder, the order agent and then the Gate in one invocation (two
// state transitions less a ticket). Real harness and policy, the offline order agent, the sandbox
// store over MCP, in-memory stores.
import { describe, expect, it } from 'vitest';
import { createOrderTask } from '#functions/steps/propose-refund/order-task.js';
import { RunNotFoundError } from '#functions/shared/errors.js';
import { RULES } from '#harness/policy/index.js';
import { makeOrder, proposedRun, setupSteps } from '../../support/steps.js';

/** A run that went through Triage and CheckOrder: the order agent has not proposed yet. */
const checkedRun = (runId: string, order = makeOrder()) => proposedRun({ runId, state: 'CheckOrder', proposal: null }, order);

/** A run Triage just handed on: no order bound yet. */
const triagedRun = (runId: string) => proposedRun({ runId, state: 'Triage', order: null, proposal: null });

/** The run on a store holding `order`, the one its facts were read from (the Gate reads the store's own figure for the claim). */
async function setup(run: ReturnType<typeof checkedRun>, order = makeOrder()) {
  const s = setupSteps({ orders: [order] });
  await s.stores.runs.create(run);
  const modelCalls = async () => (await s.stores.journal.listByRun(run.runId)).filter((row) => row.kind === 'model').length;
  const orderReads = () => s.transport.calls.filter((call) => call.name === 'get_order').length;
  return { step: createOrderTask(s.deps), stores: s.stores, modelCalls, orderReads };
}

describe('ProposeRefund Task: CheckOrder, the order agent, then the Gate', () => {
  it('reads and binds the order, proposes and decides, reading the order once even when the Task is retried', async () => {
    const { step, stores, modelCalls, orderReads } = await setup(triagedRun('run-pg0'));

    expect(await step({ runId: 'run-pg0' })).toEqual({ outcome: 'continue', decision: 'auto' });
    const stored = await stores.runs.get('run-pg0');
    expect(stored?.order?.orderNumber).toBe('1001');
    expect(stored?.gate?.decision).toBe('auto');
    const reads = orderReads();
    expect(reads).toBeGreaterThanOrEqual(1);

    expect(await step({ runId: 'run-pg0' })).toEqual({ outcome: 'continue', decision: 'auto' });
    expect(orderReads()).toBe(reads);
    expect(await modelCalls()).toBe(1);
  });

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
    const blanket = makeOrder({ unitPriceMinor: 6200 });
    const { step, modelCalls } = await setup(checkedRun('run-pg2', blanket), blanket);

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
