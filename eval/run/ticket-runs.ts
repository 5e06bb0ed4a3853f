// The runs of a ticket with several requests, as the runner watches them: once the ticket's first run
// has settled, the other runs it opened (`ticketRequests.runIds` on its view) are each watched until
// they settle too (done, escalated, or parked on their approval), then read and observed like the first.
import type { LocalRuntime } from '#local/runtime.js';
import { observe, type RunView, type StoreLedger } from './observe.js';
import { leftCombinedReply, otherRequestRuns, requestOrderOf, type TicketRun } from './scoring-requests.js';
import type { Observation } from './types.js';
import { watch } from './watch.js';

export interface TicketRunsInput {
  rt: LocalRuntime;
  ledger: StoreLedger;
  /** The first run: its view as read once it settled, and its observation. */
  first: { view: RunView | null; observation: Observation };
  sentAt: number;
  deadline: number;
  read(runId: string): Promise<RunView | null>;
}

/** Every run of the ticket, the first one first; the others watched at once, each until it settles. */
export async function ticketRuns(input: TicketRunsInput): Promise<TicketRun[]> {
  const { rt, ledger, first, sentAt, deadline } = input;
  const others = await Promise.all(
    otherRequestRuns(first.view).map(async ({ runId, orderNumber }): Promise<TicketRun> => {
      const watched = await watch(rt, runId, sentAt, deadline);
      const view = await input.read(runId);
      const observation = observe({
        view: view ?? { runId },
        ledger,
        latencyMs: watched.settled ? watched.latencyMs : null,
        ...(watched.settled ? {} : { unsettled: watched.unsettled }),
      });
      return { orderNumber: view ? requestOrderOf(view) : orderNumber, observation, combined: leftCombinedReply(view) };
    }),
  );
  // The first run may have left the combined reply after it was first read: the last run to end writes it.
  const again = others.length > 0 ? ((await input.read(first.observation.runId ?? '')) ?? first.view) : first.view;
  return [{ orderNumber: requestOrderOf(first.view), observation: first.observation, combined: leftCombinedReply(again) }, ...others];
}
