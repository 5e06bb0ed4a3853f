// Loads the run a step works on and marks the step as current, so GET /api/runs shows where a
// run is and Escalate knows which step handed it over.
import type { Run, StepName } from '#harness/domain/types.js';
import type { RunStore, StepContext } from '#harness/ports.js';
import { RunNotFoundError } from './errors.js';

export async function enterStep(runs: RunStore, runId: string, step: StepName): Promise<{ run: Run; ctx: StepContext }> {
  const found = await runs.get(runId);
  if (!found) throw new RunNotFoundError(runId);
  const run = step === 'Escalate' ? found : await runs.update(runId, { state: step });
  return { run, ctx: { tenant: run.tenant, runId, step, boundOrderId: run.order?.orderId ?? null } };
}
