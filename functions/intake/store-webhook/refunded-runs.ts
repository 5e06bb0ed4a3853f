// Which of the agent's runs refunded a given Shopify order, found by the order's GID (what disputes
// carry) rather than its number (what the byOrder index is keyed by).
//
// Trade-off: the table has no index by order id, and asking the store for the order's number would
// give this function the store token (the MCP server alone holds it). So it reads the newest
// `limit` runs of each status on the byStatus index (one bounded Query per status) and matches the
// refund receipt's order id. A dispute on a refund older than the newest `limit` runs of its status
// is not found, and not counted; disputes arrive within weeks of the charge, so the default of 500
// per status covers a busy store's month. A byOrderId index would make it exact at one Query.
import type { Run } from '#functions/shared/domain/run.js';
import { RunStatus } from '#functions/shared/domain/run.js';
import type { RunStore } from '#functions/shared/stores/ports.js';

export const DEFAULT_SEARCH_LIMIT = 500;

/** Statuses a run can hold a refund receipt in (a refund happens after approval, never while waiting). */
const WITH_RECEIPT = RunStatus.options.filter((status) => status !== 'awaiting_approval');

export function createRefundedRunFinder(deps: { runs: RunStore; limit?: number }) {
  const limit = deps.limit ?? DEFAULT_SEARCH_LIMIT;
  return async function refundedRuns(tenant: string, orderGid: string): Promise<Run[]> {
    const candidates = deps.runs.listByStatus
      ? (await Promise.all(WITH_RECEIPT.map((status) => deps.runs.listByStatus!(tenant, status, limit)))).flat()
      : await deps.runs.list(limit);
    return candidates
      .filter((run) => run.tenant === tenant && run.refund !== null && run.refund.orderId === orderGid)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  };
}
