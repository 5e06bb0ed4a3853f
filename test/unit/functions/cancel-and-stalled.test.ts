// Cancellation and stalled runs through the use cases, over the real harness, in-memory stores, a
// fixed clock and a recording workflow engine: a cancelled run starts no step and ends without side
// effects (but a refund in flight is reconciled), and runs past their state's budget are counted
// (EMF) and escalated.
import { describe, expect, it } from 'vitest';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { createCancelRunHandler } from '#functions/run/cancel-run/handler.js';
import { createEscalate, REFUNDED_AFTER_CANCEL } from '#functions/steps/escalate/use-case.js';
import { enterStep } from '#functions/shared/step/run-context.js';
import { createStalledRunsSweep, findStalled } from '#functions/steps/stalled-runs/use-case.js';
import { NO_METRICS } from '#harness/metrics.js';
import { emfLine } from '#shared/metrics.js';
import { stateBudgetsMs } from '#functions/steps/stalled-runs/budgets.js';
import type { Run } from '#functions/shared/domain/run.js';
import { recordingMetrics } from '../../support/metrics.js';
import { NOW, httpEvent, pendingApproval, proposedRun, receiptFor, recordingWorkflow, setupSteps } from '../../support/steps.js';

const MINUTE = 60_000;

async function setup(run: Run, options: { withStop?: boolean } = {}) {
  const s = setupSteps();
  await s.stores.runs.create(run);
  const workflow = recordingWorkflow();
  const stops: Array<{ name: string; cause: string }> = [];
  const engine =
    options.withStop === false
      ? workflow.engine
      : { ...workflow.engine, stop: async (name: string, cause: string) => (stops.push({ name, cause }), { stopped: true }) };
  const cancel = createCancelRun({ runs: s.stores.runs, approvals: s.stores.approvals, workflow: engine, clock: s.clock });
  const escalate = createEscalate(s.deps);
  const notes = () => s.transport.calls.filter((c) => c.name === 'post_draft').map((c) => String(c.args.body));
  return { ...s, workflow, engine, stops, cancel, escalate, notes };
}

async function withPendingApproval(s: Awaited<ReturnType<typeof setup>>, runId: string) {
  const run = (await s.stores.runs.get(runId))!;
  const record = pendingApproval(run);
  await s.stores.approvals.create(record);
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  await s.stores.runs.update(runId, { approval: summary, status: 'awaiting_approval', state: 'RequestApproval' });
  return record;
}

describe('cancelling a run', () => {
  it('records the cancellation, closes the pending approval and stops the execution (no task answer: only the approval callback answers tokens)', async () => {
    const s = await setup(proposedRun({ runId: 'run-c1' }));
    const record = await withPendingApproval(s, 'run-c1');

    const outcome = await s.cancel({ runId: 'run-c1', by: 'api', reason: 'customer withdrew' });

    expect(outcome).toEqual({ kind: 'cancelled', runId: 'run-c1', state: 'RequestApproval', approvalClosed: true, stopped: true });
    const run = await s.stores.runs.get('run-c1');
    expect(run).toMatchObject({
      status: 'cancelled',
      state: 'Cancelled',
      cancellation: { at: NOW.toISOString(), by: 'api', reason: 'customer withdrew', state: 'RequestApproval' },
      approval: { status: 'cancelled' },
    });
    expect((await s.stores.approvals.get(record.approvalId))?.status).toBe('cancelled');
    expect(s.workflow.failures).toEqual([]);
    expect(s.stops).toEqual([{ name: 'run-c1', cause: 'cancelled by api: customer withdrew' }]);
  });

  it('answers a second cancel, and a cancel of a finished run, with already_closed and changes nothing', async () => {
    const s = await setup(proposedRun({ runId: 'run-c2' }));
    await s.cancel({ runId: 'run-c2', by: 'api', reason: 'first' });
    await s.stores.runs.create(proposedRun({ runId: 'run-c2-done', status: 'done', state: 'Done' }));

    expect(await s.cancel({ runId: 'run-c2', by: 'helpdesk', reason: 'second' })).toEqual({ kind: 'already_closed', runId: 'run-c2', status: 'cancelled' });
    expect(await s.cancel({ runId: 'run-c2-done', by: 'api', reason: 'late' })).toMatchObject({ kind: 'already_closed', status: 'done' });
    expect((await s.stores.runs.get('run-c2'))?.cancellation?.reason).toBe('first');
    expect(await s.cancel({ runId: 'run-nope', by: 'api', reason: 'x' })).toEqual({ kind: 'not_found', runId: 'run-nope' });
  });

  it('refuses to cancel a run whose Refund step has claimed it (a refund is in flight) and changes nothing', async () => {
    const s = await setup(proposedRun({ runId: 'run-c3', state: 'Refund' }));
    // The Refund step's claim, as it writes it before any dispatch.
    await s.stores.runs.updateIf(
      'run-c3',
      { refundIntent: { at: NOW.toISOString(), amountMinor: 1800, currency: 'USD' } },
      { statusIn: ['running'], notCancelled: true },
    );

    const outcome = await s.cancel({ runId: 'run-c3', by: 'helpdesk', reason: 'ticket solved' });

    expect(outcome).toEqual({ kind: 'refund_in_flight', runId: 'run-c3' });
    expect(s.stops).toEqual([]);
    const run = await s.stores.runs.get('run-c3');
    expect(run?.cancellation).toBeUndefined();
    expect(run).toMatchObject({ status: 'running', state: 'Refund' });
  });

  it('stops a run in the Refund state that has not claimed it yet: no refund can start after the cancel', async () => {
    const s = await setup(proposedRun({ runId: 'run-c3b', state: 'Refund' }));

    const outcome = await s.cancel({ runId: 'run-c3b', by: 'api', reason: 'customer withdrew' });
    const claim = await s.stores.runs.updateIf(
      'run-c3b',
      { refundIntent: { at: NOW.toISOString(), amountMinor: 1800, currency: 'USD' } },
      { statusIn: ['running', 'awaiting_approval'], notCancelled: true },
    );

    expect(outcome).toMatchObject({ kind: 'cancelled', state: 'Refund', stopped: true });
    expect(claim).toBeNull();
    await expect(enterStep(s.stores.runs, 'run-c3b', 'Refund')).rejects.toMatchObject({ name: 'RunClosedError' });
    expect(await s.stores.runs.get('run-c3b')).toMatchObject({ status: 'cancelled', state: 'Cancelled' });
  });

  it('a refund recorded on a cancelled run anyway ends done with its receipt and one note for a person', async () => {
    const s = await setup(proposedRun({ runId: 'run-c3c', state: 'Refund' }), { withStop: false });
    await s.cancel({ runId: 'run-c3c', by: 'helpdesk', reason: 'ticket solved' });
    // What the Refund step writes when its receipt finds a cancellation (the claim bypassed).
    const run = (await s.stores.runs.get('run-c3c'))!;
    await s.stores.runs.update('run-c3c', { refund: receiptFor(run), status: 'done' });

    const ended = await s.escalate({ runId: 'run-c3c', state: { error: { Error: 'RunClosedError', Cause: '{}' } } });
    const again = await s.escalate({ runId: 'run-c3c', state: { error: { Error: 'RunClosedError', Cause: '{}' } } });

    expect(ended).toMatchObject({ outcome: 'cancelled', reason: REFUNDED_AFTER_CANCEL });
    expect(again).toMatchObject({ outcome: 'cancelled', noteId: null });
    expect(await s.stores.runs.get('run-c3c')).toMatchObject({
      status: 'done',
      state: 'Cancelled',
      refund: { amountMinor: 1800 },
      escalation: { reason: REFUNDED_AFTER_CANCEL, step: 'Refund' },
    });
    expect(s.notes()).toHaveLength(1);
    expect(s.notes()[0]).toContain('refunded after a cancel was requested');
    expect(s.notes()[0]).toContain('$18.00');
  });

  it('ends a run cancelled before any money moved without a note or any other tool call', async () => {
    const s = await setup(proposedRun({ runId: 'run-c4', state: 'Gate' }), { withStop: false });

    expect(await s.cancel({ runId: 'run-c4', by: 'api', reason: 'duplicate ticket' })).toMatchObject({ kind: 'cancelled', stopped: false });
    for (const step of ['Gate', 'Refund', 'RequestApproval', 'DraftReply', 'CheckReply'] as const) {
      await expect(enterStep(s.stores.runs, 'run-c4', step)).rejects.toMatchObject({ name: 'RunClosedError' });
    }
    const ended = await s.escalate({ runId: 'run-c4', state: { error: { Error: 'RunClosedError' } } });

    expect(ended).toMatchObject({ outcome: 'cancelled', noteId: null });
    expect(s.transport.calls).toEqual([]);
    expect(await s.stores.runs.get('run-c4')).toMatchObject({ status: 'cancelled', state: 'Cancelled', escalation: null });
  });

  it('is reachable as POST /api/runs/{runId}/cancel with an optional reason', async () => {
    const s = await setup(proposedRun({ runId: 'run-c5' }));
    const handler = createCancelRunHandler({ runs: s.stores.runs, approvals: s.stores.approvals, workflow: s.engine, clock: s.clock });
    const post = async (runId: string, body?: string) => {
      const res = await handler(httpEvent({ method: 'POST', path: `/api/runs/${runId}/cancel`, pathParameters: { runId }, body }));
      return { status: res.statusCode, json: JSON.parse(String(res.body)) as Record<string, unknown> };
    };

    expect(await post('run-c5', 'not json')).toMatchObject({ status: 400 });
    expect(await post('run-c5', JSON.stringify({ reason: 'customer called' }))).toMatchObject({ status: 202, json: { runId: 'run-c5', status: 'cancelled' } });
    expect(await post('run-c5')).toMatchObject({ status: 409 });
    await s.stores.runs.create(
      proposedRun({ runId: 'run-c5-refunding', state: 'Refund', refundIntent: { at: NOW.toISOString(), amountMinor: 1800, currency: 'USD' } }),
    );
    expect(await post('run-c5-refunding')).toMatchObject({ status: 409, json: { error: expect.stringContaining('a refund is in flight') } });
    expect(await post('run-unknown')).toMatchObject({ status: 404 });
    expect((await s.stores.runs.get('run-c5'))?.cancellation?.reason).toBe('customer called');
  });
});

describe('escalation closes a pending approval', () => {
  it('cancels the approval when the run escalates for a reason other than its timeout', async () => {
    const s = await setup(proposedRun({ runId: 'run-x1' }));
    const record = await withPendingApproval(s, 'run-x1');

    await s.escalate({ runId: 'run-x1', state: { error: { Error: 'States.TaskFailed', Cause: 'boom' } } });

    expect(await s.stores.approvals.get(record.approvalId)).toMatchObject({
      status: 'cancelled',
      reason: expect.stringMatching(/^run escalated: The run stopped on an unexpected error/),
    });
    expect((await s.stores.runs.get('run-x1'))?.approval?.status).toBe('cancelled');
  });
});

describe('stalled runs', () => {
  const budgets = stateBudgetsMs(24);

  it('finds only live runs past their state budget', () => {
    const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * MINUTE).toISOString();
    const runs = [
      proposedRun({ runId: 'r-draft-late', state: 'DraftReply', updatedAt: at(11) }),
      proposedRun({ runId: 'r-draft-ok', state: 'DraftReply', updatedAt: at(9) }),
      proposedRun({ runId: 'r-approval-ok', state: 'RequestApproval', status: 'awaiting_approval', updatedAt: at(20 * 60) }),
      proposedRun({ runId: 'r-approval-late', state: 'RequestApproval', status: 'awaiting_approval', updatedAt: at(26 * 60) }),
      proposedRun({ runId: 'r-done', state: 'Done', status: 'done', updatedAt: at(600) }),
      proposedRun({ runId: 'r-unknown-state', state: 'Somewhere', updatedAt: at(600) }),
    ];

    expect(findStalled(runs, budgets, NOW).map((s) => s.runId)).toEqual(['r-draft-late', 'r-approval-late']);
  });

  it('also sweeps cancels that did not settle: a cancelled run still reading running, and a refund after a cancel nobody was told of', async () => {
    const cancellation = { at: NOW.toISOString(), by: 'api' as const, reason: 'customer withdrew', state: 'RequestApproval' };
    const s = await setup(proposedRun({ runId: 'run-u1', status: 'running', state: 'Cancelled', cancellation }));
    const refunded = proposedRun({ runId: 'run-u2', status: 'done', state: 'Cancelled', cancellation });
    await s.stores.runs.create({ ...refunded, refund: receiptFor(refunded) });
    await s.stores.runs.create(proposedRun({ runId: 'run-u3', status: 'cancelled', state: 'Cancelled', cancellation }));
    s.clock.advance(6 * MINUTE);
    await s.stores.runs.create(proposedRun({ runId: 'run-u4', status: 'running', state: 'Refund', cancellation, updatedAt: s.clock.now().toISOString() })); // just now: not yet
    const sweep = createStalledRunsSweep({
      runs: s.stores.runs,
      workflow: s.engine,
      clock: s.clock,
      tenant: 'demo',
      budgetsMs: budgets,
      escalate: (input) => s.escalate(input),
      metrics: NO_METRICS,
    });

    const outcome = await sweep();

    expect(outcome.escalated.sort()).toEqual(['run-u1', 'run-u2']);
    expect(await s.stores.runs.get('run-u1')).toMatchObject({ status: 'cancelled', state: 'Cancelled', refund: null });
    expect(await s.stores.runs.get('run-u2')).toMatchObject({ status: 'done', refund: { amountMinor: 1800 }, escalation: { reason: REFUNDED_AFTER_CANCEL } });
    expect(s.notes()).toHaveLength(1);
    expect(s.notes()[0]).toContain('refunded after a cancel was requested');
    expect((await sweep()).escalated).toEqual([]); // settled: nothing twice
    expect(s.notes()).toHaveLength(1);
  });

  it('counts stalled runs per state as EMF, stops and escalates them, and leaves the others alone', async () => {
    const s = await setup(proposedRun({ runId: 'run-s1', state: 'Queued' }));
    await s.stores.runs.create(proposedRun({ runId: 'run-s2', state: 'ProposeRefund' }));
    const run1 = (await s.stores.runs.get('run-s1'))!;
    // Refunded, then nothing for 12 minutes: no draft.
    await s.stores.runs.update('run-s1', { state: 'DraftReply', refund: receiptFor(run1) });
    s.clock.advance(12 * MINUTE);
    await s.stores.runs.update('run-s2', { state: 'ProposeRefund' }); // s2 moved just now
    const { metrics, lines } = recordingMetrics(s.clock);
    const sweep = createStalledRunsSweep({
      runs: s.stores.runs,
      workflow: s.engine,
      clock: s.clock,
      tenant: 'demo',
      budgetsMs: budgets,
      escalate: (input) => s.escalate(input),
      metrics,
    });

    const outcome = await sweep();

    expect(outcome.stalled).toEqual([{ runId: 'run-s1', state: 'DraftReply', sinceMs: 12 * MINUTE, budgetMs: 10 * MINUTE }]);
    expect(outcome.escalated).toEqual(['run-s1']);
    expect(s.stops.map((x) => x.name)).toEqual(['run-s1']);
    expect(await s.stores.runs.get('run-s1')).toMatchObject({
      status: 'escalated',
      escalation: { reason: 'stalled in DraftReply for 12 min (budget 10 min)', step: 'DraftReply' },
    });
    expect((await s.stores.runs.get('run-s2'))?.status).toBe('running');
    expect(s.notes()[0]).toContain('A refund of $18.00 was made');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      JSON.parse(emfLine({ name: 'StalledRuns', value: 1, dimensions: { Tenant: 'demo' } }, s.clock.now())),
      JSON.parse(emfLine({ name: 'StalledRuns', value: 1, dimensions: { Tenant: 'demo', State: 'DraftReply' } }, s.clock.now())),
    ]);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'RefundAgent', Dimensions: [['Tenant', 'State']], Metrics: [{ Name: 'StalledRuns', Unit: 'Count' }] }] },
      Tenant: 'demo',
      State: 'DraftReply',
      StalledRuns: 1,
    });

    // The next sweep finds nothing: an escalated run is no longer live, and the metric reads 0.
    const again = await sweep();
    expect(again.stalled).toEqual([]);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ StalledRuns: 0 });
    expect(s.notes()).toHaveLength(1);
  });
});
