// What a restart on an existing data directory (DATA_DIR) does with the runs the previous process
// left mid-way. Their run rows, idempotency records and approvals are on disk; their executions
// died with the process (the local engine keeps them in memory). Each run still open is run again
// from the step it recorded, under its own name, as Step Functions retries a Task whose Lambda
// died: every step is safe to repeat (the Refund step settles a dispatched refund from its
// idempotency record and the order's refunds instead of refunding again, RequestApproval takes up
// its pending approval without emailing again). A run that has not started a step yet starts from
// the top; one whose state is not a step goes to Escalate, so a person sees it, and so does one whose
// step asked for a person (the steps after it would only pass the request on). A run pending review
// that Escalate already handed to a person is left to them.
import type { RunStore } from '#functions/shared/stores/ports.js';
import { OPEN_STATUSES } from '#functions/shared/step/run-context.js';
import type { LocalWorkflowEngine } from './stepfunctions/index.js';

export type ResumedRun = { runId: string; status: string; state: string; from: string };

/** How many run rows a restart reads (newest first): far more than a local session makes. */
const SCAN_LIMIT = 10_000;

export function resumeStateOf(state: string, definition: { startAt: string; taskStates: readonly string[] }): string {
  if (state === 'Queued') return definition.startAt;
  return definition.taskStates.includes(state) ? state : 'Escalate';
}

export async function resumeOpenRuns(deps: {
  runs: Pick<RunStore, 'list'>;
  engine: Pick<LocalWorkflowEngine, 'resume'>;
  definition: { startAt: string; taskStates: readonly string[] };
}): Promise<ResumedRun[]> {
  const open = (await deps.runs.list(SCAN_LIMIT)).filter((run) => OPEN_STATUSES.includes(run.status) && !(run.status === 'pending_review' && run.escalation));
  const resumed: ResumedRun[] = [];
  // Oldest first, as they came in.
  for (const run of open.reverse()) {
    const from = run.escalationRequest ? 'Escalate' : resumeStateOf(run.state, deps.definition);
    const { started } = await deps.engine.resume({ name: run.runId, input: { runId: run.runId }, startAt: from });
    if (started) resumed.push({ runId: run.runId, status: run.status, state: run.state, from });
  }
  return resumed;
}
