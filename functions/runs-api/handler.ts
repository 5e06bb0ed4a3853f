// GET /api/runs (optionally ?order=1001) and GET /api/runs/{runId}: the run record with its gate
// decision, approval, refund, draft, cost and journal rows — the on-call view of a run.
import type { JournalStore, RunStore } from '#harness/ports.js';
import type { Run } from '#harness/domain/types.js';
import { json, type HttpEvent, type HttpResult } from '../shared/http.js';

export interface RunsApiDeps {
  runs: RunStore;
  journal: JournalStore;
  tenant: string;
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
}

const summary = (run: Run) => ({
  runId: run.runId,
  status: run.status,
  state: run.state,
  ticketId: run.ticket.ticketId,
  orderNumber: run.order?.orderNumber ?? run.triage?.orderNumber ?? null,
  refundMinor: run.refund?.amountMinor ?? null,
  costMicros: run.costMicros,
  createdAt: run.createdAt,
  updatedAt: run.updatedAt,
});

export function createRunsApiHandler(deps: RunsApiDeps) {
  return async (event: HttpEvent): Promise<HttpResult> => {
    const runId = event.pathParameters?.runId;
    if (!runId) {
      const order = event.queryStringParameters?.order;
      if (order !== undefined && !/^\d{1,12}$/.test(order)) return json(400, { error: 'order must be an order number' });
      const runs = order ? await deps.findRunsByOrder(deps.tenant, order) : await deps.runs.list(100);
      return json(200, { runs: runs.map(summary) });
    }
    const run = await deps.runs.get(runId);
    if (!run) return json(404, { error: `run ${runId} not found` });
    const journal = await deps.journal.listByRun(runId);
    return json(200, { ...run, journal });
  };
}
