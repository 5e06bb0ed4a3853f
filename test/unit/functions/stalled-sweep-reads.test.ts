// What a stalled-run sweep reads, every 5 minutes for the life of a tenant: every live run, and the runs
// that settled within the last day (a cancel that did not settle shows within minutes), through the
// byStatus index; never a listing (a scan of the table, whose cost grows with what the tenant keeps).
import { describe, expect, it } from 'vitest';
import { createStalledRunsSweep, SETTLED_LOOKBACK_MS } from '#functions/steps/stalled-runs/use-case.js';
import { NO_METRICS } from '#harness/metrics.js';
import { stateBudgetsMs } from '#functions/steps/stalled-runs/budgets.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/stores.js';
import { type RefundReceipt } from '#harness/domain/types.js';
import { RunStatus, type Run } from '#functions/shared/domain/run.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { fixedClock, makeRun, NOW } from '../../support/fixtures.js';

function readsOf(runs: RunStore) {
  const calls: Array<{ status: string; changedSince?: string }> = [];
  const store: RunStore = {
    ...runs,
    list: () => Promise.reject(new Error('the sweep listed (scanned) the table')),
    listByStatus: (tenant, status, limit, opts) => {
      calls.push({ status, ...(opts?.changedSince ? { changedSince: opts.changedSince } : {}) });
      return runs.listByStatus!(tenant, status, limit, opts);
    },
  };
  return { store, calls };
}

describe('the stalled-run sweep', () => {
  it('reads live runs of every age and settled runs of the last day through the byStatus index, and never scans', async () => {
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock });
    const at = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();
    const cancellation = { at: at(0), by: 'api' as const, reason: 'customer withdrew', state: 'Refund' };
    const refund: RefundReceipt = {
      refundId: 'gid://shopify/Refund/1',
      orderId: 'gid://shopify/Order/1001',
      orderNumber: '1001',
      amountMinor: 1800,
      currency: 'USD',
      createdAt: at(0),
      idempotencyKey: 'k',
    };
    const runs: Run[] = [
      // Waiting on a person for two days: still swept (past its budget, it is stalled).
      makeRun({ runId: 'run-old-wait', status: 'awaiting_approval', state: 'RequestApproval', updatedAt: at(48 * 3600_000) }),
      // Refunded after a cancel nobody was told of, 10 minutes ago: found through its status of the last day.
      makeRun({ runId: 'run-unsettled', status: 'done', state: 'Cancelled', cancellation, refund, updatedAt: at(10 * 60_000) }),
      // The same, but two days ago: outside the lookback (a sweep long since caught it).
      makeRun({ runId: 'run-ancient', status: 'done', state: 'Cancelled', cancellation, refund, updatedAt: at(2 * SETTLED_LOOKBACK_MS) }),
    ];
    for (const run of runs) await stores.runs.create(run);
    const { store, calls } = readsOf(stores.runs);
    const escalated: string[] = [];
    const sweep = createStalledRunsSweep({
      runs: store,
      workflow: { start: async () => ({ started: true }), sendTaskSuccess: async () => {}, sendTaskFailure: async () => {} } satisfies WorkflowEngine,
      clock,
      tenant: 'demo',
      budgetsMs: stateBudgetsMs(24),
      escalate: async (input) => void escalated.push(input.runId),
      metrics: NO_METRICS,
    });

    const outcome = await sweep();

    expect(outcome.stalled.map((s) => s.runId).sort()).toEqual(['run-old-wait', 'run-unsettled']);
    expect(calls.map((c) => c.status).sort()).toEqual([...RunStatus.options].sort());
    const since = new Date(NOW.getTime() - SETTLED_LOOKBACK_MS).toISOString();
    for (const call of calls) expect(call.changedSince, call.status).toBe(call.status === 'running' || call.status === 'awaiting_approval' ? undefined : since);
  });
});
