// One ticket, several requests: the ticket's first run splits the triage's requests into runs, one per
// order (shared/domain/ticket-requests.ts). In order, each safe to repeat: the ticket's ledger opened
// with every run → this run narrowed to the first request, with the ticket's requests → the run
// starter asked to open each other request's run (it opens each once). A Triage step retried after any
// of these finds the requests on the run and asks again for the runs, which changes nothing.
import type { Triage, TriageRequest } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RequestRunOpener } from '#functions/shared/queue.js';
import type { RunStore, TicketLedger } from '#functions/shared/stores/ports.js';
import { requestOf, ticketRequestsOf, triageFor } from '#functions/shared/domain/ticket-requests.js';
import { continueWith, escalate, type StepResult } from '../../shared/step/result.js';

export interface SplitDeps {
  runs: RunStore;
  tickets: TicketLedger;
  requestRuns: RequestRunOpener;
}

/** This run takes the first request; the others are asked for. The run after it. */
export async function splitTicket(deps: SplitDeps, run: Run, triage: Triage, requests: readonly TriageRequest[]): Promise<Run> {
  const ticketRequests = ticketRequestsOf(run.runId, requests, 1);
  await deps.tickets.open(run.runId, ticketRequests.runIds);
  const split = await deps.runs.update(run.runId, { triage: triageFor(triage, requests[0]!), ticketRequests });
  await openOthers(deps, split);
  return split;
}

/** Asks the run starter for every other request's run (the ticket's first run only; repeatable). */
export async function openOthers(deps: Pick<SplitDeps, 'requestRuns'>, run: Run): Promise<void> {
  const t = run.ticketRequests;
  // The ticket's first run itself, not a re-run of it: the others were asked for by that run.
  if (!t || t.index !== 1 || run.runId !== t.rootRunId) return;
  for (const [k, runId] of t.runIds.entries()) if (k > 0) await deps.requestRuns.open(run, { index: k + 1, runId });
}

/** A request goes on, unless the customer's words tie it to no order: then a person picks, as for a single request. */
export function requestGoesOn(run: Run): StepResult {
  const t = run.ticketRequests!;
  const request = requestOf(t);
  if (request.orderNumber === null) {
    return escalate(`request ${t.index} of ${t.runIds.length} in this ticket is tied to no order by the customer's words; a person picks the order`);
  }
  return continueWith();
}
