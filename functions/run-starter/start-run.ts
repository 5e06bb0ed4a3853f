// Queued ticket → event claimed (kept for days) → run row (conditional put) → execution named by
// the run id. Every step is safe to repeat, so an SQS redelivery or a retried webhook is harmless.
import type { Run } from '#harness/domain/types.js';
import type { Clock, EventLedger, RunStore, WorkflowEngine } from '#harness/ports.js';
import type { QueuedTicket } from '../shared/queue.js';

/** Resolves a helpdesk requester id to the email the helpdesk reports for it. */
export interface RequesterDirectory {
  emailOf(requesterId: string): Promise<string | null>;
}

export interface StartRunDeps {
  runs: RunStore;
  events: EventLedger;
  workflow: WorkflowEngine;
  requesters: RequesterDirectory;
  clock: Clock;
}

export type StartRunOutcome = { runId: string; created: boolean; started: boolean; duplicateEvent: boolean };

export function createStartRun(deps: StartRunDeps) {
  return async function startRun(message: QueuedTicket): Promise<StartRunOutcome> {
    const now = deps.clock.now().toISOString();
    const { event } = message;
    const claim = await deps.events.claim({
      tenant: event.tenant,
      helpdesk: event.helpdesk,
      eventId: event.eventId,
      runId: message.runId,
      at: now,
    });
    const runId = claim.runId;
    const existing = await deps.runs.get(runId);
    let created = false;
    if (!existing) {
      const requesterEmail =
        event.requesterEmail ?? (event.requesterId ? await deps.requesters.emailOf(event.requesterId) : null);
      created = await deps.runs.create(newRun(runId, { ...event, requesterEmail }, now));
    }
    // Starting an execution whose name exists is a no-op, so a crash between the put and the
    // start is repaired by the redelivery.
    const { started } = await deps.workflow.start({ name: runId, input: { runId } });
    return { runId, created, started, duplicateEvent: !claim.firstTime };
  };
}

function newRun(runId: string, ticket: QueuedTicket['event'], now: string): Run {
  return {
    runId,
    tenant: ticket.tenant,
    status: 'running',
    state: 'Queued',
    ticket,
    triage: null,
    order: null,
    proposal: null,
    gate: null,
    approval: null,
    refund: null,
    draft: null,
    escalation: null,
    costMicros: 0,
    createdAt: now,
    updatedAt: now,
  };
}
