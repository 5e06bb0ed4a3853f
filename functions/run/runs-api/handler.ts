// GET /api/runs (optionally ?order=1001) and GET /api/runs/{runId}: the run record with its gate
// decision, approval, refund, draft, cost and journal rows — the on-call view of a run. A run id
// that cannot be one (too long, odd characters) is a 400 before the store is asked.
import { recentRuns } from '../../shared/stores/recent-runs.js';
import type { JournalStore } from '#harness/ports.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import { runSummary } from '#functions/shared/domain/run-summary.js';
import { json, type HttpEvent, type HttpResult } from '../../shared/http.js';

export interface RunsApiDeps {
  runs: RunStore;
  journal: JournalStore;
  tenant: string;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
}

/** Run ids are `run-<hex>` (functions/shared/ids.ts); this admits those and any test-made id, nothing a store key chokes on. */
const RUN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A run in the list: its summary, and when it last changed. */
const summary = (run: Run) => ({ ...runSummary(run), updatedAt: run.updatedAt });

export function createRunsApiHandler(deps: RunsApiDeps) {
  return async (event: HttpEvent): Promise<HttpResult> => {
    const runId = event.pathParameters?.runId;
    if (!runId) {
      const order = event.queryStringParameters?.order;
      if (order !== undefined && !/^\d{1,12}$/.test(order)) return json(400, { error: 'order must be an order number' });
      const runs = order ? await deps.findRunsByOrder(deps.tenant, order) : await recentRuns(deps.runs, deps.tenant, 100);
      return json(200, { runs: runs.map(summary) });
    }
    if (!RUN_ID.test(runId)) return json(400, { error: 'not a run id' });
    const run = await deps.runs.get(runId);
    if (!run) return json(404, { error: `run ${runId} not found` });
    const journal = await deps.journal.listByRun(runId);
    // The wait's task token (a returned parcel) stays server side.
    const { returnWait: _token, ...shown } = run;
    return json(200, { ...shown, journal });
  };
}
