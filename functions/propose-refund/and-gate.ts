// ProposeRefund and the Gate as one Task of the state machine: the order agent proposes, then the
// refund policy decides on the proposal in code, in the same invocation. Step Functions bills every
// state entered (a quarter of a ticket's AWS cost was this one transition), and the Gate is no
// specialist: no model, no tool, nothing a person reads in the execution graph that GateDecision's
// input does not show (the decision, its rules). Both use cases run as before, each entering its own
// step on the run (the run row still says Gate while the policy decides).
// A Task retried after the Gate failed does not ask the model again: the proposal it made is on the
// run. An escalation the order agent asked for is recorded on the run and handed on by the Gate.
import type { StepDeps } from '../shared/step-deps.js';
import type { StepEvent } from '../shared/step-result.js';
import { RunNotFoundError } from '../shared/errors.js';
import { createGate } from '../gate/use-case.js';
import { createProposeRefund } from './use-case.js';

type Deps = Parameters<typeof createProposeRefund>[0] & Parameters<typeof createGate>[0];

export function createProposeAndGate(deps: Deps & Pick<StepDeps, 'runs'>) {
  const propose = createProposeRefund(deps);
  const gate = createGate(deps);
  return async (event: StepEvent) => {
    const run = await deps.runs.get(event.runId);
    if (!run) throw new RunNotFoundError(event.runId);
    if (!run.proposal) await propose(event);
    return gate(event);
  };
}
