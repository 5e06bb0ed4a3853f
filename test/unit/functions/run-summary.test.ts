// One summary of a run for every list of runs: the runs API's list (the on-call person's answer to
// "which run refunded order 1042, at what cost") and the console's table carry the same fields,
// built once, so the two cannot disagree on a run's order, refund or cost.
import { describe, expect, it } from 'vitest';
import { createRunsApiHandler } from '#functions/run/runs-api/handler.js';
import { toRunRow } from '#functions/console/app/use-case.js';
import { orderNumberOf, runSummary } from '#functions/shared/domain/run-summary.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock, httpEvent, makeRun, makeTriage, proposedRun, receiptFor } from '../../support/steps.js';

describe('a run in one line', () => {
  it('names the bound order, else the one triage read, else none', () => {
    const bound = proposedRun({ runId: 'run-s1' });
    expect(orderNumberOf(bound)).toBe(bound.order?.orderNumber);
    expect(orderNumberOf(makeRun({ runId: 'run-s2', triage: makeTriage({ orderNumber: '1042' }) }))).toBe('1042');
    expect(orderNumberOf(makeRun({ runId: 'run-s3' }))).toBeNull();
  });

  it('is the same in the runs API’s list and the console’s table', async () => {
    const base = proposedRun({ runId: 'run-s4', status: 'done', costMicros: 4321 });
    const run = { ...base, refund: receiptFor(base) };
    const stores = createInMemoryStores({ clock: fixedClock() });
    await stores.runs.create(run);
    const handler = createRunsApiHandler({ runs: stores.runs, journal: stores.journal, tenant: run.tenant, findRunsByOrder: async () => [run] });

    const listed = JSON.parse(String((await handler(httpEvent({ method: 'GET', path: '/api/runs', query: { order: '1001' } }))).body)) as { runs: unknown[] };

    expect(listed.runs).toEqual([{ ...runSummary(run), updatedAt: run.updatedAt }]);
    expect(toRunRow(run)).toMatchObject(runSummary(run));
    expect(runSummary(run)).toMatchObject({ refundMinor: run.refund.amountMinor, costMicros: 4321, orderNumber: run.order?.orderNumber });
  });
});
