// In-memory RunStore with the DynamoDB adapter's semantics: create once, updateIf's condition checked
// in the same tick as its write, and the byStatus and byOrder look-ups. Like the byStatus index's sort
// key, the time a run took its status moves only when a write sets the status (not on every update).
import { Run } from '../../domain/run.js';
import type { Clock } from '#harness/ports.js';
import type { RunCondition, RunStore } from '../ports.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { jsonCopy } from '#harness/adapters/records.js';

const IMMUTABLE = new Set(['runId', 'tenant', 'createdAt']);

/** The same condition the DynamoDB adapter writes as a ConditionExpression. */
function meets(run: Run, condition: RunCondition): boolean {
  if (condition.statusIn && !condition.statusIn.includes(run.status)) return false;
  if (condition.notCancelled && run.cancellation) return false;
  if (condition.noRefundIntent && run.refundIntent) return false;
  return true;
}

const newestFirst = (a: string, b: string) => b.localeCompare(a);

export function createInMemoryRunStore(deps: { runs: Map<string, Run>; clock: Clock }): RunStore & {
  findRunsByOrder(tenant: string, orderNumber: string): Promise<Run[]>;
} {
  const { runs, clock } = deps;
  /** When each run took its status (the byStatus index's sort key on DynamoDB). */
  const statusSince = new Map<string, string>();
  const tookStatusAt = (run: Run) => statusSince.get(run.runId) ?? run.updatedAt;

  const store: ReturnType<typeof createInMemoryRunStore> = {
    async create(run) {
      if (runs.has(run.runId)) return false;
      runs.set(run.runId, Run.parse(jsonCopy(run)));
      statusSince.set(run.runId, run.updatedAt);
      return true;
    },
    async get(runId) {
      const run = runs.get(runId);
      return run ? jsonCopy(run) : null;
    },
    async update(runId, patch) {
      return (await store.updateIf(runId, patch, {}))!;
    },
    async updateIf(runId, patch, condition) {
      const run = runs.get(runId);
      if (!run) throw new RecordNotFoundError('run', runId);
      if (!meets(run, condition)) return null;
      const defined = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && !IMMUTABLE.has(k)));
      const next = Run.parse(jsonCopy({ ...run, ...defined, updatedAt: patch.updatedAt ?? clock.now().toISOString() }));
      runs.set(runId, next);
      if (patch.status) statusSince.set(runId, next.updatedAt);
      return jsonCopy(next);
    },
    async addCost(runId, micros) {
      const run = runs.get(runId);
      if (!run) throw new RecordNotFoundError('run', runId);
      runs.set(runId, { ...run, costMicros: run.costMicros + micros });
    },
    async list(limit) {
      return [...runs.values()]
        .sort((a, b) => newestFirst(a.createdAt, b.createdAt))
        .slice(0, limit)
        .map(jsonCopy);
    },
    async listByStatus(tenant, status, limit, opts) {
      const since = opts?.changedSince;
      return [...runs.values()]
        .filter((r) => r.tenant === tenant && r.status === status && (since === undefined || tookStatusAt(r) >= since))
        .sort((a, b) => newestFirst(tookStatusAt(a), tookStatusAt(b)))
        .slice(0, limit)
        .map(jsonCopy);
    },
    async findRunsByOrder(tenant, orderNumber) {
      return [...runs.values()]
        .filter((r) => r.tenant === tenant && r.order?.orderNumber === orderNumber)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map(jsonCopy);
    },
  };
  return store;
}
