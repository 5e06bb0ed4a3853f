// The runs of one ticket's several requests, as the console reads them: for a run page, every run of
// the ticket read through the run store (a run not opened yet is null) and the one reply whichever of
// them left; for the runs list, the runs of one ticket side by side.
import type { Run } from '#functions/shared/domain/run.js';
import { orderNumberOf } from '#functions/shared/domain/run-summary.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import type { OneReply, TicketRunsView } from './views/ticket-requests.js';

/** Every run of the run's ticket in request order (this run as given, the others read), and the one reply if left; null for a ticket with one request. */
export async function readTicketRuns(runs: Pick<RunStore, 'get'>, run: Run): Promise<TicketRunsView | null> {
  const t = run.ticketRequests;
  if (!t) return null;
  const read = await Promise.all(t.runIds.map((id) => (id === run.runId ? run : runs.get(id))));
  const requests = t.runIds.map((runId, k) => {
    const found = read[k] ?? null;
    return { index: k + 1, runId, orderNumber: t.requests[k]?.orderNumber ?? (found ? orderNumberOf(found) : null), run: found };
  });
  const writer = read.find((r) => r?.combinedDraft);
  const combined = writer?.combinedDraft;
  const oneReply: OneReply | null =
    writer && combined
      ? { body: combined.body, noteId: combined.noteId, at: combined.at, byRunId: writer.runId, byIndex: t.runIds.indexOf(writer.runId) + 1 || null }
      : null;
  return { requests, oneReply };
}

/**
 * The list's runs with each ticket's requests side by side, in request order, at the place of the
 * ticket's first run in the list (newest first: its newest); every other run keeps its place.
 */
export function groupTicketRuns(runs: readonly Run[]): Run[] {
  const byTicket = new Map<string, Run[]>();
  for (const run of runs) {
    const root = run.ticketRequests?.rootRunId;
    if (root) (byTicket.get(root) ?? byTicket.set(root, []).get(root)!).push(run);
  }
  const grouped: Run[] = [];
  for (const run of runs) {
    const root = run.ticketRequests?.rootRunId;
    if (!root) grouped.push(run);
    else if (byTicket.has(root)) {
      // A stable sort: two runs at one place (a re-run of a request) keep the list's order.
      grouped.push(...byTicket.get(root)!.sort((a, b) => a.ticketRequests!.index - b.ticketRequests!.index));
      byTicket.delete(root);
    }
  }
  return grouped;
}
