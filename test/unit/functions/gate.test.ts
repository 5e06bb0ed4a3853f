// Gate: the real refund policy (harness/policy) decides on the stored proposal, and the decision
// with its rules is written on the run. In-memory run store, fixed clock.
import { describe, expect, it } from 'vitest';
import { createGate } from '#functions/steps/gate/use-case.js';
import { createStepHandler } from '#functions/shared/step/handler.js';
import { StepEvent } from '#functions/shared/step/result.js';
import { MissingStepDataError, RunNotFoundError } from '#functions/shared/errors.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { Order } from '#shared/contracts/tools.js';
import { DEFAULT_POLICY, RULES } from '#harness/policy/index.js';
import { daysAgo, makeOrder, proposedRun, setupSteps } from '../../support/steps.js';

/** The run on a store holding `order` (the one its facts were read from): the gate reads the store's own figure for the claim. */
async function setup(run: Run, order: Order = makeOrder()) {
  const { deps, stores } = setupSteps({ orders: [order] });
  await stores.runs.create(run);
  const gate = createGate(deps);
  return { gate, stores };
}

describe('gate step', () => {
  it('auto-refunds an 1800 damaged item fulfilled 3 days ago, and stores the decision on the run', async () => {
    const run = proposedRun({ runId: 'run-g1' });
    expect(run.order?.lineItems[0]?.fulfilledAt).toBe(daysAgo(3));
    const { gate, stores } = await setup(run);

    const result = await gate({ runId: 'run-g1' });

    expect(result).toEqual({ outcome: 'continue', decision: 'auto' });
    const stored = await stores.runs.get('run-g1');
    expect(stored?.state).toBe('Gate');
    expect(stored?.gate).toMatchObject({
      decision: 'auto',
      rules: [RULES.autoWithinPolicy],
      amountMinor: 1800,
      currency: 'USD',
      policyVersion: DEFAULT_POLICY.version,
    });
  });

  it('asks for approval for 6200, naming the auto-limit rule', async () => {
    const blanket = makeOrder({ unitPriceMinor: 6200 });
    const { gate, stores } = await setup(proposedRun({ runId: 'run-g2' }, blanket), blanket);

    const result = await gate({ runId: 'run-g2' });

    expect(result).toEqual({ outcome: 'continue', decision: 'approval' });
    const stored = await stores.runs.get('run-g2');
    expect(stored?.gate).toMatchObject({ decision: 'approval', rules: [RULES.amountOverAutoLimit], amountMinor: 6200 });
    expect(stored?.gate?.reasons.join(' ')).toContain('$62.00 is over the $50.00 automatic limit');
  });

  it('refuses an order that belongs to someone else and escalates with the reason', async () => {
    const order = makeOrder({ customer: { id: 'gid://shopify/Customer/2', email: 'bruno@example.com' } });
    const { gate, stores } = await setup(proposedRun({ runId: 'run-g3' }, order), order);

    const result = await gate({ runId: 'run-g3' });

    expect(result).toMatchObject({ outcome: 'escalate', decision: 'refuse' });
    expect(result.outcome === 'escalate' && result.reason).toContain('order 1001 does not belong to the requester');
    const stored = await stores.runs.get('run-g3');
    expect(stored?.gate?.decision).toBe('refuse');
    expect(stored?.gate?.rules).toContain(RULES.orderNotRequesters);
  });

  it('compares the requester email without regard to case or spaces', async () => {
    const run = proposedRun({ runId: 'run-g4' });
    const { gate } = await setup({ ...run, ticket: { ...run.ticket, requesterEmail: ' Ana@Example.com ' } });

    expect(await gate({ runId: 'run-g4' })).toEqual({ outcome: 'continue', decision: 'auto' });
  });

  it('refuses when the ticket has no requester email at all', async () => {
    const run = proposedRun({ runId: 'run-g5' });
    const { gate, stores } = await setup({ ...run, ticket: { ...run.ticket, requesterEmail: null } });

    expect((await gate({ runId: 'run-g5' })).outcome).toBe('escalate');
    expect((await stores.runs.get('run-g5'))?.gate?.rules).toContain(RULES.orderNotRequesters);
  });

  it('fails with MissingStepDataError when the run has no proposal, and stores no decision', async () => {
    const { gate, stores } = await setup(proposedRun({ runId: 'run-g6', proposal: null }));

    await expect(gate({ runId: 'run-g6' })).rejects.toBeInstanceOf(MissingStepDataError);
    expect((await stores.runs.get('run-g6'))?.gate).toBeNull();
  });

  it('fails with RunNotFoundError for a run that does not exist', async () => {
    const { gate } = await setup(proposedRun({ runId: 'run-g7' }));

    await expect(gate({ runId: 'run-missing' })).rejects.toBeInstanceOf(RunNotFoundError);
  });

  it('rejects a Task payload without a run id through the step handler', async () => {
    const { gate } = await setup(proposedRun({ runId: 'run-g8' }));
    const handler = createStepHandler(StepEvent, gate);

    await expect(handler({ run: 'run-g8' })).rejects.toMatchObject({ name: 'InvalidEventError' });
    await expect(handler({ runId: 'run-g8' })).resolves.toEqual({ outcome: 'continue', decision: 'auto' });
  });
});
