// Loads the run a step works on and marks the step as current, so GET /api/runs shows where a
// run is and Escalate knows which step handed it over. A cancelled or closed run starts no step
// (RunClosedError): that check at every entry is what keeps a cancel free of new side effects.
import type { Run, StepName } from '#harness/domain/types.js';
import type { RunStore, StepContext } from '#harness/ports.js';
import { RunClosedError, RunNotFoundError } from './errors.js';

// A shadow run stopped at its proposal: no step of it runs again (a person resolves the ticket).
const CLOSED = new Set<Run['status']>(['done', 'escalated', 'cancelled', 'shadow']);

/** Cancelled wins over any status a step in flight wrote after the cancel landed. */
export function closedStatus(run: Run): string | null {
  if (run.cancellation) return 'cancelled';
  return CLOSED.has(run.status) ? run.status : null;
}

export async function enterStep(runs: RunStore, runId: string, step: StepName): Promise<{ run: Run; ctx: StepContext }> {
  const found = await runs.get(runId);
  if (!found) throw new RunNotFoundError(runId);
  if (step !== 'Escalate') {
    const closed = closedStatus(found);
    if (closed) throw new RunClosedError(runId, closed);
  }
  const run = step === 'Escalate' ? found : await runs.update(runId, { state: step });
  return {
    run,
    ctx: {
      tenant: run.tenant, runId, step,
      boundOrderId: run.order?.orderId ?? null,
      boundCustomerId: run.order?.customerId ?? null,
      requesterEmail: run.ticket.requesterEmail ?? null,
    },
  };
}
