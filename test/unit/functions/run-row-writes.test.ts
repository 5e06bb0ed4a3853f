// The run row is billed by its whole size (about 2 kB) at every write, so a step writes it once
// where an invocation runs several: a step's result enters the step after it, the Refund step's
// claim rides on its entry, and CheckReply's checked draft on the run's close. Each of those writes
// is conditional as an entry is, so a cancel that lands meanwhile still stops what comes next, and
// the result already made is kept. Real harness and policy, offline models, sandbox store over MCP.
import { describe, expect, it } from 'vitest';
import { createCheckReply } from '#functions/steps/check-reply/use-case.js';
import { createOrderTask } from '#functions/steps/propose-refund/order-task.js';
import { createRefund } from '#functions/steps/refund/use-case.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunPatch } from '#functions/shared/stores/ports.js';
import { NOW, proposedRun, receiptFor, setupSteps } from '../../support/steps.js';
import { recordingRuns } from '../../support/run-writes.js';

const CANCELLED: RunPatch = { status: 'cancelled', cancellation: { at: NOW.toISOString(), by: 'api', reason: 'customer withdrew', state: 'ProposeRefund' } };

/** The step use cases over a run store that records its writes; `cancelBefore` lands a cancel just before the first write that matches. */
async function setup(run: Run, cancelBefore?: (patch: RunPatch) => boolean) {
  const s = setupSteps();
  await s.stores.runs.create(run);
  let cancelled = false;
  const { store, writes } = recordingRuns(s.stores.runs, async (patch) => {
    if (cancelled || !cancelBefore?.(patch)) return;
    cancelled = true;
    await s.stores.runs.update(run.runId, CANCELLED);
  });
  const deps = { ...s.deps, runs: store };
  return { ...s, deps, writes, stored: () => s.stores.runs.get(run.runId) };
}

/** A run Triage just handed on: no order bound yet. */
const triaged = (runId: string) => proposedRun({ runId, state: 'Triage', order: null, proposal: null });

describe('one run-row write per step', () => {
  it('ProposeRefund Task: CheckOrder is entered, then each result enters the next part: four writes for three steps', async () => {
    const { deps, writes, stored } = await setup(triaged('run-w1'));

    expect(await createOrderTask(deps)({ runId: 'run-w1' })).toEqual({ outcome: 'continue', decision: 'auto' });

    expect(writes).toEqual([
      { fields: ['state'], state: 'CheckOrder', conditional: true },
      { fields: ['order', 'state'], state: 'ProposeRefund', conditional: true },
      { fields: ['proposal', 'state'], state: 'Gate', conditional: true },
      { fields: ['gate'], state: null, conditional: false },
    ]);
    expect((await stored())?.state).toBe('Gate');
  });

  it('a cancel that lands while the order agent works: its proposal is kept, the Gate never decides, the Task fails closed', async () => {
    const { deps, writes, stored } = await setup(triaged('run-w2'), (patch) => patch.proposal !== undefined);

    await expect(createOrderTask(deps)({ runId: 'run-w2' })).rejects.toMatchObject({ name: 'RunClosedError' });

    const run = await stored();
    expect(run?.proposal?.lineItems).toHaveLength(1);
    expect(run?.gate ?? null).toBeNull();
    expect(run?.status).toBe('cancelled');
    expect(run?.state).toBe('ProposeRefund');
    expect(writes.map((w) => w.fields.join('+'))).toEqual(['state', 'order+state', 'proposal+state', 'proposal']);
  });

  it('a retried Task enters the part it resumes at with a write of its own, not on the word of an earlier attempt', async () => {
    const checked = proposedRun({ runId: 'run-w3', state: 'ProposeRefund', proposal: null });
    const { deps, writes } = await setup(checked);

    await createOrderTask(deps)({ runId: 'run-w3' });

    expect(writes.map((w) => w.state)).toEqual(['ProposeRefund', 'Gate', null]);
  });

  it('Refund: the entry and the claim are one conditional write, before any call to the store', async () => {
    const s = await setup(triaged('run-w4'));
    await createOrderTask(s.deps)({ runId: 'run-w4' });
    s.writes.length = 0;
    const callsBefore = s.transport.calls.length;

    await createRefund(s.deps)({ runId: 'run-w4' });

    expect(s.writes[0]).toEqual({ fields: ['refundIntent', 'state'], state: 'Refund', conditional: true });
    expect(s.writes.filter((w) => w.fields.includes('state') || w.fields.includes('refundIntent'))).toHaveLength(1);
    expect(s.transport.calls.length).toBeGreaterThan(callsBefore);
    expect((await s.stored())?.refund?.amountMinor).toBe(1800);
  });

  it('Refund on a run cancelled before its entry: no claim, no call to the store', async () => {
    const s = await setup(triaged('run-w5'));
    await createOrderTask(s.deps)({ runId: 'run-w5' });
    await s.stores.runs.update('run-w5', CANCELLED);
    s.writes.length = 0;
    const callsBefore = s.transport.calls.length;

    await expect(createRefund(s.deps)({ runId: 'run-w5' })).rejects.toMatchObject({ name: 'RunClosedError' });

    expect(s.writes).toEqual([]);
    expect(s.transport.calls.length).toBe(callsBefore);
    expect((await s.stored())?.refundIntent ?? null).toBeNull();
  });

  it('CheckReply: the checked draft and the close are one write; a cancel that lands meanwhile still keeps the draft’s note id', async () => {
    const body = 'Hello,\n\nWe have refunded $18.00 for order #1001 to your original payment method.\n\nBest regards,\nCustomer support';
    const withDraft = (runId: string) => {
      const base = proposedRun({ runId, state: 'DraftReply' });
      return { ...base, refund: receiptFor(base), draft: { body, language: 'en', check: null, noteId: null } };
    };
    const closing = await setup(withDraft('run-w6'));
    expect(await createCheckReply(closing.deps)({ runId: 'run-w6' })).toEqual({ outcome: 'done' });
    expect(closing.writes).toEqual([
      { fields: ['state'], state: 'CheckReply', conditional: true },
      { fields: ['draft', 'state', 'status'], state: 'Done', conditional: true },
    ]);

    const raced = await setup(withDraft('run-w7'), (patch) => patch.status === 'done');
    await expect(createCheckReply(raced.deps)({ runId: 'run-w7' })).rejects.toMatchObject({ name: 'RunClosedError' });
    const run = await raced.stored();
    expect(run?.status).toBe('cancelled');
    expect(run?.draft?.noteId).toEqual(expect.any(String));
    expect(run?.draft?.check?.passed).toBe(true);
  });
});
