// A tenant's newest runs, for the people who list them (the console's runs page and pictures, GET
// /api/runs): through the byStatus index, a Query per status in parallel, never a scan of the table
// (a scan reads every run and journal row the tenant keeps, so its cost and time grow with retention).
// Each status gives its `limit` runs that changed last; merged newest first by creation, the first
// `limit` are the tenant's newest runs (a run changes at or after its creation, and an old run that
// changed late takes a place only in its own status's list). A store without the index lists.
import type { Run } from '../domain/run.js';
import { RunStatus } from '../domain/run.js';
import type { RunStore } from './ports.js';

export async function recentRuns(runs: Pick<RunStore, 'list' | 'listByStatus'>, tenant: string, limit: number): Promise<Run[]> {
  if (!runs.listByStatus) return runs.list(limit);
  const byStatus = runs.listByStatus.bind(runs);
  const lists = await Promise.all(RunStatus.options.map((status) => byStatus(tenant, status, limit)));
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
