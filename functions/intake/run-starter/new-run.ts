// The run row as a run starts: queued, nothing read or decided yet. One shape for a ticket's first
// run (start-run.ts) and for a re-run from the console (rerun.ts).
import type { Run, RunMark } from '#functions/shared/domain/run.js';
import type { QueuedTicket } from '../../shared/queue.js';

/** A run row as it starts: queued, nothing read or decided yet (also the start of a re-run: rerun.ts). */
export function newRun(runId: string, ticket: QueuedTicket['event'], now: string): Run {
  return {
    runId,
    tenant: ticket.tenant,
    status: 'running',
    state: 'Queued' satisfies RunMark,
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
