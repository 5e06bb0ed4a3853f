// The run of one of several requests of a ticket, asked for by the ticket's first run's Triage step
// (functions/steps/triage/split.ts): its row from the first run's (the same ticket and words as they
// stood, the triage narrowed to this request, the ticket's requests with this run's place) → a
// conditional put (a repeat opens nothing more) → the execution named by its id. Before the first
// run holds its requests (it cannot, as it asked) the message is retried.
import type { Run } from '#functions/shared/domain/run.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { requestOf, triageFor } from '#functions/shared/domain/ticket-requests.js';
import type { QueuedTicket } from '../../shared/queue.js';
import { newRun } from './new-run.js';

export class RequestNotSplitError extends Error {
  constructor(readonly rootRunId: string) {
    super(`run ${rootRunId} holds no requests of several yet: its request's run waits`);
    this.name = 'RequestNotSplitError';
  }
}

export type RequestRunOutcome = { runId: string; created: boolean; started: boolean; duplicateEvent: false; request: number };

function requestRow(root: Run, index: number, at: string): Run {
  const ticketRequests = { ...root.ticketRequests!, index };
  return {
    ...newRun(ticketRequests.runIds[index - 1]!, root.ticket, at),
    ...(root.followUps?.length ? { followUps: root.followUps } : {}),
    // Read once by the first run: this run's is that reading (its language and flags, which the requests share), narrowed to its request.
    triage: root.triage ? triageFor(root.triage, requestOf(ticketRequests)) : null,
    ticketRequests,
  };
}

export async function openRequestRun(
  deps: { runs: RunStore; workflow: WorkflowEngine; clock: { now(): Date } },
  message: QueuedTicket & { request: NonNullable<QueuedTicket['request']> },
): Promise<RequestRunOutcome> {
  const { rootRunId, index } = message.request;
  const root = await deps.runs.get(rootRunId);
  const runId = root?.ticketRequests?.runIds[index - 1];
  if (!root?.ticketRequests || !root.triage || !runId || runId !== message.runId) throw new RequestNotSplitError(rootRunId);
  const row = requestRow(root, index, deps.clock.now().toISOString());
  const created = await deps.runs.create(row);
  const { started } = await deps.workflow.start({ name: runId, input: { runId } });
  return { runId, created, started, duplicateEvent: false, request: index };
}
