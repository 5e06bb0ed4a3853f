// A step as the state machine enters it, with what happens when a step finds that the run must go to
// a person, in one place. The step's work runs on the run loaded and marked current (run-context.ts).
// When the work returns `escalate`, the request (the step and its reason) is recorded on the run row.
// A later step of the same run, or this one retried or resumed, finds the request there and does no
// work at all (no model or tool call, no mark): it hands the same request on, its reason unchanged.
// So the state machine needs no Choice after each step: the steps pass the request on to the Gate,
// whose `decision: 'escalate'` GateDecision routes to Escalate, which records the escalation with the
// step that asked and why. The last step (CheckReply) has no state after it and hands over in-process.
// get run → [request recorded? → hand it on] → enter → work → [escalate? → record request → hand it on]
import type { StepName } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunStore } from '#functions/shared/stores/ports.js';
import { RunNotFoundError } from '../errors.js';
import { enterStep, type EnteredStep } from './run-context.js';
import type { EscalateResult, StepResult } from './result.js';

export type EscalationRequest = NonNullable<Run['escalationRequest']>;

/** What a step returns for an escalation an earlier step recorded: the same request, unworked. */
export const passedOn = (request: EscalationRequest): EscalateResult => ({
  outcome: 'escalate',
  decision: 'escalate',
  reason: request.reason,
  step: request.step,
});

const isEscalation = (result: unknown): result is EscalateResult =>
  typeof result === 'object' && result !== null && (result as { outcome?: unknown }).outcome === 'escalate';

type StepDepsOf = { runs: RunStore };

function stepWith<W, R>(
  deps: StepDepsOf,
  step: StepName,
  work: (entered: EnteredStep) => Promise<W | EscalateResult>,
  handOver: (runId: string, request: EscalationRequest, own: EscalateResult | null) => Promise<R>,
) {
  /** `entered`: the step before, in this invocation, entered this one with its result (run-context.ts recordResult). */
  return async ({ runId }: { runId: string }, { entered = false }: { entered?: boolean } = {}): Promise<W | R> => {
    const found = await deps.runs.get(runId);
    if (!found) throw new RunNotFoundError(runId);
    if (found.escalationRequest) return handOver(runId, found.escalationRequest, null);
    const result = await work(await enterStep(deps.runs, runId, step, { loaded: found, entered }));
    if (!isEscalation(result)) return result;
    const request: EscalationRequest = { step, reason: result.reason };
    await deps.runs.update(runId, { escalationRequest: request });
    return handOver(runId, request, result);
  };
}

/** A step with a state after it: an escalation goes back to the state machine (its own as the work said it). */
export function createStep(deps: StepDepsOf, step: StepName, work: (entered: EnteredStep) => Promise<StepResult>) {
  return stepWith(deps, step, work, async (_runId, request, own): Promise<StepResult> => own ?? passedOn(request));
}

/** The last step of a path: an escalation is handed over in-process, by `handOver` (the Escalate use case). */
export function createLastStep<W, R>(
  deps: StepDepsOf,
  step: StepName,
  work: (entered: EnteredStep) => Promise<W | EscalateResult>,
  handOver: (runId: string, request: EscalationRequest) => Promise<R>,
) {
  return stepWith(deps, step, work, (runId, request) => handOver(runId, request));
}
