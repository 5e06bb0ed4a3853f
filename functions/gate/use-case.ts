// Gate: the refund policy decides on the proposal in code — auto, approval, or refuse — and the
// decision is recorded with the rules that decided it. No model runs here.
import { MissingStepDataError } from '../shared/errors.js';
import { customerWords } from '../shared/customer-words.js';
import { enterStep } from '../shared/run-context.js';
import { continueWith, type StepResult } from '../shared/step-result.js';
import type { StepDeps } from '../shared/step-deps.js';

export function createGate(deps: Pick<StepDeps, 'runs' | 'harness'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Gate');
    if (!run.triage || !run.order || !run.proposal) throw new MissingStepDataError(runId, 'proposal');
    const gate = await deps.harness.decideGate(ctx, {
      ticketEmail: run.ticket.requesterEmail,
      customerText: customerWords(run),
      ticketReceivedAt: run.ticket.receivedAt,
      triage: run.triage,
      order: run.order,
      proposal: run.proposal,
    });
    await deps.runs.update(runId, { gate });
    if (gate.decision === 'refuse') return { outcome: 'escalate', decision: 'refuse', reason: `refused by policy: ${gate.reasons.join('; ')}` };
    return continueWith({ decision: gate.decision });
  };
}
