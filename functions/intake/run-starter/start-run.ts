// Queued ticket event → event claimed (kept for days) → one of:
//   a message on a ticket with no run → run row (conditional put) → execution named by the run id;
//   a later message on a ticket that has a run → attached to that run (the newest of its console
//   re-runs, rerun.ts) as a follow-up, no new run;
//   the ticket closed/solved in the helpdesk → the run is cancelled, or, for a shadow-mode run, the
//   person's resolution is recorded instead (functions/shadow/step/resolve.ts).
//   a file linked to the ticket apart from its comment (Zendesk) → added to the ticket's run; before
//   the run exists it is retried (SQS redelivers it: its message group is its own, see ingest.ts).
// Every branch is safe to repeat, so an SQS redelivery or a webhook retried hours later is harmless.
import type { RequesterDirectory } from '../../shared/requesters.js';
import type { ProductMetrics } from '#harness/metrics.js';
import type { FollowUp, Run } from '#functions/shared/domain/run.js';
import type { ApprovalStore, Clock } from '#harness/ports.js';
import type { EventLedger, RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { CancelRun } from '#functions/shared/domain/cancellation.js';
import type { HelpdeskSolved } from '#functions/shared/domain/shadow.js';
import type { QueuedTicket } from '../../shared/queue.js';
import { newRun } from './new-run.js';
import { retryingRequesters, type LookupRetryOptions } from './requesters.js';
import { latestOfChain } from '#functions/shared/domain/rerun.js';
import { ATTACHMENT_LINK_EVENT_TYPES, mergeAttachments } from '#functions/shared/domain/attachments.js';
import { openRequestRun, type RequestRunOutcome } from './request-run.js';

/** A run that ended leaving its ticket to a person: the helpdesk's close says the person answered it. */
const ENDED_FOR_THE_TEAM: ReadonlySet<string> = new Set(['escalated', 'cancelled']);

/**
 * The ticket solved or closed in the helpdesk: its run is cancelled (and each run of its other
 * requests); a run that had already ended leaving the ticket to a person is marked answered instead.
 * Answers whether the run was cancelled.
 */
async function ticketClosed(deps: Pick<StartRunDeps, 'cancelRun' | 'runs'>, existing: Run, reason: string, now: string): Promise<boolean> {
  const outcome = await deps.cancelRun({ runId: existing.runId, by: 'helpdesk', reason });
  if (outcome.kind === 'already_closed' && ENDED_FOR_THE_TEAM.has(existing.status) && !existing.ticketClosedAt)
    await deps.runs.update(existing.runId, { ticketClosedAt: now });
  // A ticket with several requests: each request's run is cancelled too (each refuses once past its refund's claim).
  for (const other of existing.ticketRequests?.runIds.slice(1) ?? []) await deps.cancelRun({ runId: other, by: 'helpdesk', reason });
  return outcome.kind === 'cancelled';
}

/** Resolves a helpdesk requester id to the email the helpdesk reports for it. */
export interface StartRunDeps {
  runs: RunStore;
  approvals: ApprovalStore;
  events: EventLedger;
  workflow: WorkflowEngine;
  requesters: RequesterDirectory;
  /** How a transient look-up failure is retried inside the call (requesters.ts); tests pass a fake sleep. */
  requesterRetry?: Partial<LookupRetryOptions>;
  clock: Clock;
  /** TicketsReopened72h: the reopen rate's numerator. */
  metrics?: ProductMetrics;
  /** A ticket closed in the helpdesk cancels its run (the run capability's cancel). */
  cancelRun: CancelRun;
  /** Shadow mode: a solved ticket of a shadow run is the person's resolution (the shadow capability's). Absent: no shadow runs here. */
  shadowSolved?: HelpdeskSolved;
}

export type StartRunOutcome = {
  runId: string;
  created: boolean;
  started: boolean;
  duplicateEvent: boolean;
  followUp?: boolean;
  cancelled?: boolean;
  /** A shadow run's ticket was solved: the resolution was recorded (false: it already had one). */
  shadowResolved?: boolean;
  /** A file linked to the ticket was added to its run (false: it was there already, or the run is full). */
  attached?: boolean;
};

/** The ticket's file linked before its run exists: retried (SQS redelivers), never a run of its own. */
export class RunNotYetStartedError extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId} does not exist yet: the attachment waits for it`);
    this.name = 'RunNotYetStartedError';
  }
}

/** Follow-ups kept on one run (the oldest stay: they explain what the run acted on). */
const MAX_FOLLOW_UPS = 20;
const REOPEN_WINDOW_MS = 72 * 3_600_000;
const EXCERPT_CHARS = 500;

type TicketEvent = QueuedTicket['event'];

/**
 * A later message on a ticket that has a run, kept on the run as a follow-up. Idempotent on the event
 * id (not on the claim), so a crash between claim and update is repaired.
 */
async function recordFollowUp(deps: StartRunDeps, existing: Run, event: TicketEvent, now: string): Promise<void> {
  const followUps = existing.followUps ?? [];
  if (!followUps.some((f) => f.eventId === event.eventId) && followUps.length < MAX_FOLLOW_UPS) {
    const followUp: FollowUp = { eventId: event.eventId, receivedAt: event.receivedAt, excerpt: event.body.slice(0, EXCERPT_CHARS) };
    // The customer wrote again within 72 h of the agent closing the ticket: a reopen, counted once
    // per run (the console's reopen rate reads `reopenedAt`; the metric feeds the alarm).
    const reopened = existing.status === 'done' && !existing.reopenedAt && Date.parse(now) - Date.parse(existing.updatedAt) <= REOPEN_WINDOW_MS;
    await deps.runs.update(existing.runId, { followUps: [...followUps, followUp], ...(reopened ? { reopenedAt: now } : {}) });
    if (reopened) deps.metrics?.count(existing.tenant, 'TicketsReopened72h');
  }
}

/** A file linked apart from its comment, added to the ticket's run once (idempotent on the link, within the caps). */
async function recordAttachments(deps: StartRunDeps, existing: Run, event: TicketEvent): Promise<boolean> {
  const before = existing.ticket.attachments ?? [];
  const after = mergeAttachments(before, event.attachments ?? []);
  if (after.length === before.length) return false;
  await deps.runs.update(existing.runId, { ticket: { ...existing.ticket, attachments: after } });
  return true;
}

/** The requester's email (and name when the helpdesk gives it): the event's own, else one look-up by the requester id. */
async function requesterOfEvent(requesters: RequesterDirectory, event: TicketEvent) {
  return event.requesterEmail || !event.requesterId
    ? { email: event.requesterEmail, name: null }
    : requesters.requesterOf
      ? await requesters.requesterOf(event.requesterId)
      : { email: await requesters.emailOf(event.requesterId), name: null };
}

export function createStartRun(deps: StartRunDeps) {
  const requesters = retryingRequesters(deps.requesters, deps.requesterRetry);

  return async function startRun(message: QueuedTicket): Promise<StartRunOutcome | RequestRunOutcome> {
    // One of several requests of a ticket, split by its first run: that request's run (request-run.ts).
    if (message.request) return openRequestRun(deps, { ...message, request: message.request });
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
    const duplicateEvent = !claim.firstTime;
    const first = await deps.runs.get(runId);
    // A ticket re-run from the console (rerun.ts): its later messages and its closing go to the newest run.
    const existing = first ? await latestOfChain(deps.runs, first) : null;

    if (event.intent === 'closed') {
      // Not cancelled: a shadow run is already closed, and its ticket solved is a resolution (recorded
      // once, even when this delivery is a retry of one that failed half-way).
      if (existing?.status === 'shadow' && deps.shadowSolved) {
        const outcome = await deps.shadowSolved(existing, event.eventId);
        return { runId, created: false, started: false, duplicateEvent, cancelled: false, shadowResolved: outcome !== 'unchanged' };
      }
      if (!existing || duplicateEvent) return { runId, created: false, started: false, duplicateEvent, cancelled: false };
      const cancelled = await ticketClosed(deps, existing, `ticket closed in ${event.helpdesk} (${event.eventType})`, now);
      return { runId: existing.runId, created: false, started: false, duplicateEvent, cancelled };
    }

    if (ATTACHMENT_LINK_EVENT_TYPES.has(event.eventType)) {
      if (!existing) throw new RunNotYetStartedError(runId);
      return { runId: existing.runId, created: false, started: false, duplicateEvent, attached: await recordAttachments(deps, existing, event) };
    }

    if (existing && existing.ticket.eventId !== event.eventId) {
      await recordFollowUp(deps, existing, event, now);
      return { runId: existing.runId, created: false, started: false, duplicateEvent, followUp: true };
    }

    let created = false;
    if (!existing) {
      const requester = await requesterOfEvent(requesters, event);
      const requesterName = event.requesterName ?? requester.name;
      created = await deps.runs.create(newRun(runId, { ...event, requesterEmail: requester.email, ...(requesterName ? { requesterName } : {}) }, now));
    }
    // Starting an execution whose name exists is a no-op, so a crash between the put and the
    // start is repaired by the redelivery.
    const { started } = await deps.workflow.start({ name: runId, input: { runId } });
    return { runId, created, started, duplicateEvent };
  };
}
