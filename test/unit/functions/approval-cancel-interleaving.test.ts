// Issue 25: an approver was told "the refund will be issued now" while a cancel 70 ms later ended the
// run with no refund. The approval page (and the console's decision) and cancel-run, interleaved
// deterministically at each write of the approval's path, over in-memory stores with the real
// conditional writes: whatever lands first, what the approver reads is what happens to the money.
// "Issued now" ⇔ the cancel is refused and the Refund step can still claim the run; "no refund was
// made" ⇔ the run is cancelled and no claim can follow.
import { describe, expect, it } from 'vitest';
import { createApprovalCallbackHandler } from '#functions/approvals/approval-callback/handler.js';
import { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import type { CancelOutcome } from '#functions/shared/domain/cancellation.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import { STILL_OPEN } from '#functions/shared/step/run-context.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock, formPost, makeOrder, pendingApproval, proposedRun, recordingWorkflow } from '../../support/steps.js';

const LEAD = 'lead@example.com';
const RUN = 'run-race';

async function setup() {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const workflow = recordingWorkflow();
  const run = proposedRun({ runId: RUN, status: 'awaiting_approval', state: 'RequestApproval' }, makeOrder({ unitPriceMinor: 6200 }));
  const record = pendingApproval(run);
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  await stores.runs.create({ ...run, approval: summary });
  await stores.approvals.create(record);
  const links = createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: [LEAD] });
  const deps = { approvals: stores.approvals, runs: stores.runs, workflow: workflow.engine, clock, links: () => links };
  const handler = createApprovalCallbackHandler(deps);
  const cancelRun = createCancelRun({ runs: stores.runs, approvals: stores.approvals, workflow: workflow.engine, clock });
  const cancels: CancelOutcome[] = [];
  /** The cancel as the API, the console and a closed ticket send it, recorded. */
  const cancel = async () => void cancels.push(await cancelRun({ runId: RUN, by: 'api', reason: 'customer withdrew the claim' }));
  const approve = async () => {
    const page = await handler(formPost(record.approvalId, { formToken: record.formToken, decision: 'approve', as: links.sign(record.approvalId, LEAD) }));
    return { status: page.statusCode ?? 200, body: String(page.body) };
  };
  /** Whether the Refund step could claim the run now: its own conditional write (a test's last step: it stays). */
  const refundClaimable = async () => {
    const claimed = await stores.runs.updateIf(RUN, { refundIntent: { at: clock.now().toISOString(), amountMinor: 6200, currency: 'USD' } }, STILL_OPEN);
    return claimed !== null;
  };
  return { stores, workflow, record, deps, cancel, cancels, approve, refundClaimable };
}

/** The approver was promised a refund; the run must be able to make it, and the cancel must have been refused. */
async function expectRefundGoesAhead(s: Awaited<ReturnType<typeof setup>>, page: { status: number; body: string }) {
  expect(page.status).toBe(200);
  expect(page.body).toContain('The refund will be issued now');
  expect(s.cancels).toEqual([{ kind: 'refund_approved', runId: RUN }]);
  expect(s.workflow.successes).toEqual([expect.objectContaining({ output: expect.objectContaining({ outcome: 'continue' }) })]);
  const run = (await s.stores.runs.get(RUN))!;
  expect(run.cancellation).toBeUndefined();
  expect(run).toMatchObject({ status: 'running', approval: { status: 'approved', decidedBy: LEAD } });
  expect(await s.refundClaimable()).toBe(true);
}

/** The approver was told no refund was made; the run must be cancelled and no refund can be claimed on it. */
async function expectNoRefund(s: Awaited<ReturnType<typeof setup>>, page: { status: number; body: string }) {
  expect(page.status).toBe(409);
  expect(page.body).toContain('This run was cancelled before the refund was issued; no refund was made.');
  expect(page.body).not.toContain('will be issued');
  expect(s.cancels).toEqual([expect.objectContaining({ kind: 'cancelled', runId: RUN })]);
  expect(s.workflow.successes).toEqual([]);
  expect((await s.stores.runs.get(RUN))?.status).toBe('cancelled');
  expect(await s.refundClaimable()).toBe(false);
}

describe('a cancel interleaved with an approval, at each of the approval’s writes', () => {
  it('cancel between the run row accepting the approval and SendTaskSuccess: refused, and the page’s "issued now" holds', async () => {
    const s = await setup();
    const send = s.workflow.engine.sendTaskSuccess.bind(s.workflow.engine);
    s.workflow.engine.sendTaskSuccess = async (token, output) => {
      await s.cancel();
      await send(token, output);
    };

    await expectRefundGoesAhead(s, await s.approve());
  });

  it('cancel after SendTaskSuccess, before the Refund step claims the run (the reported 70 ms): refused', async () => {
    const s = await setup();

    const page = await s.approve();
    await s.cancel();

    await expectRefundGoesAhead(s, page);
  });

  it('cancel between the approval record’s write and the run row’s: refused (the approval took the record first)', async () => {
    const s = await setup();
    const updateIf = s.stores.runs.updateIf.bind(s.stores.runs);
    s.stores.runs.updateIf = async (runId, patch, condition) => {
      if (patch.approval?.status === 'approved' && s.cancels.length === 0) await s.cancel();
      return updateIf(runId, patch, condition);
    };

    await expectRefundGoesAhead(s, await s.approve());
  });

  it('cancel just before the approval: the approver reads that the run was cancelled and no refund was made', async () => {
    const s = await setup();
    const decide = s.stores.approvals.decide.bind(s.stores.approvals);
    s.stores.approvals.decide = async (input) => {
      if (input.status === 'approved' && s.cancels.length === 0) await s.cancel();
      return decide(input);
    };

    await expectNoRefund(s, await s.approve());
  });

  it('approval between the cancel closing the approval and the cancel writing the run row: told no refund, and the run ends cancelled', async () => {
    const s = await setup();
    const decide = s.stores.approvals.decide.bind(s.stores.approvals);
    let page: { status: number; body: string } | null = null;
    s.stores.approvals.decide = async (input) => {
      const decided = await decide(input);
      if (input.status === 'cancelled' && !page) page = await s.approve();
      return decided;
    };

    await s.cancel();

    await expectNoRefund(s, page!);
  });

  it('a cancellation on the run row between the approval record’s write and the row’s (a cancel that found no approval to close): told no refund, the wait ends cancelled', async () => {
    const s = await setup();
    const decide = s.stores.approvals.decide.bind(s.stores.approvals);
    s.stores.approvals.decide = async (input) => {
      const decided = await decide(input);
      // The row's cancellation as a cancel writes it when the run it read had no approval to close yet.
      const cancellation = { at: new Date().toISOString(), by: 'api' as const, reason: 'customer withdrew the claim', state: 'RequestApproval' };
      await s.stores.runs.updateIf(RUN, { status: 'cancelled', cancellation }, { notCancelled: true, noRefundIntent: true });
      s.cancels.push({ kind: 'cancelled', runId: RUN, state: 'RequestApproval', approvalClosed: false, stopped: false });
      return decided;
    };

    await expectNoRefund(s, await s.approve());
    expect(s.workflow.failures).toEqual([expect.objectContaining({ error: 'RunCancelled' })]);
  });

  it('an approval request landing between a cancel’s read and its write: the cancel reads again and closes the approval too', async () => {
    const s = await setup();
    // The cancel reads the run while it is still running with no approval; RequestApproval writes the
    // approval (and the status 'awaiting_approval') before the cancel's write, conditional on the status it read.
    await s.stores.runs.update(RUN, { status: 'running', approval: null });
    const get = s.stores.runs.get.bind(s.stores.runs);
    let raced = false;
    s.stores.runs.get = async (runId) => {
      const found = await get(runId);
      if (!raced && found?.status === 'running' && !found.approval) {
        raced = true;
        const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = s.record;
        await s.stores.runs.update(RUN, { status: 'awaiting_approval', approval: summary });
      }
      return found;
    };

    await s.cancel();
    const page = await s.approve();

    expect(raced).toBe(true);
    expect(s.cancels).toEqual([expect.objectContaining({ kind: 'cancelled', approvalClosed: true })]);
    expect((await s.stores.approvals.get(s.record.approvalId))?.status).toBe('cancelled');
    await expectNoRefund(s, page);
  });
});

describe('the console’s decision, interleaved with a cancel', () => {
  it('answers "decided" only when the cancel is refused, and "closed, cancelled" when the cancel came first', async () => {
    const after = await setup();
    const send = after.workflow.engine.sendTaskSuccess.bind(after.workflow.engine);
    after.workflow.engine.sendTaskSuccess = async (token, output) => {
      await after.cancel();
      await send(token, output);
    };
    const won = await createApprovalDecisions(after.deps).decideAs({
      approvalId: after.record.approvalId,
      approver: 'local-operator',
      decision: 'approve',
      reason: null,
    });

    const before = await setup();
    await before.cancel();
    const lost = await createApprovalDecisions(before.deps).decideAs({
      approvalId: before.record.approvalId,
      approver: 'local-operator',
      decision: 'approve',
      reason: null,
    });

    expect(won.kind).toBe('decided');
    expect(after.cancels).toEqual([{ kind: 'refund_approved', runId: RUN }]);
    expect(lost).toMatchObject({ kind: 'closed', cancelled: true });
    expect(await before.refundClaimable()).toBe(false);
  });
});
