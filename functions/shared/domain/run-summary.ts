// A run in one line, as every list of runs shows it: the runs API's list (the on-call person's
// "which run refunded order 1042, at what cost") and the console's table build on this one summary,
// so the two never disagree on which order a run is about or what it cost.
import type { Run } from './run.js';

/** The order a run is about: the bound order's number, else the one triage read in the ticket, else none. */
export const orderNumberOf = (run: Run): string | null => run.order?.orderNumber ?? run.triage?.orderNumber ?? null;

export type RunSummary = {
  runId: string;
  status: Run['status'];
  state: Run['state'];
  ticketId: string;
  orderNumber: string | null;
  refundMinor: number | null;
  costMicros: number;
  createdAt: string;
};

export function runSummary(run: Run): RunSummary {
  return {
    runId: run.runId,
    status: run.status,
    state: run.state,
    ticketId: run.ticket.ticketId,
    orderNumber: orderNumberOf(run),
    refundMinor: run.refund?.amountMinor ?? null,
    costMicros: run.costMicros,
    createdAt: run.createdAt,
  };
}
