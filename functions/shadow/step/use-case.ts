// Shadow: the run stops at its proposal. The ticket gets an internal note saying what the agent would
// have done and why (note.ts); nothing is refunded and nobody is emailed. The run's status becomes
// 'shadow' until a person resolves the ticket (resolve.ts compares). Reached from the Gate's 'shadow'.
import { MissingStepDataError } from '../../shared/errors.js';
import { enterStep } from '../../shared/step/run-context.js';
import { continueWith, type StepResult } from '../../shared/step/result.js';
import type { StepDeps } from '../../shared/step/deps.js';
import { createFormats } from '../../shared/approvals/formats.js';
import { shadowNote } from './note.js';

export function createShadow(deps: Pick<StepDeps, 'runs' | 'harness' | 'clock' | 'tenant' | 'policy'>) {
  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Shadow');
    if (!run.shadow || !run.gate) throw new MissingStepDataError(runId, 'shadow proposal');
    let noteId: string | null = null;
    try {
      const fmt = createFormats({
        locale: deps.tenant.store?.locale,
        timeZone: deps.tenant.store?.timeZone ?? deps.policy?.document.timeZone,
        now: deps.clock.now(),
      });
      const body = shadowNote({ run, fmt, ...(deps.policy ? { policy: deps.policy } : {}) });
      noteId = (await deps.harness.callTool(ctx, 'post_draft', { ticketId: run.ticket.ticketId, body })).noteId;
    } catch {
      // journaled by the harness; the proposal is on the run either way
    }
    // One write: the status that closes the run and the note, so no resolution can land in between.
    await deps.runs.update(runId, { status: 'shadow', shadow: { ...run.shadow, noteId } });
    return continueWith();
  };
}
