// The order's Task of the state machine (the ProposeRefund state): CheckOrder reads and binds the
// order, the order agent proposes, then the refund policy decides on the proposal in code (the Gate),
// in one invocation. Step Functions bills every state entered (a quarter of a ticket's AWS cost was
// one transition), and neither CheckOrder nor the Gate is a specialist: code with no model, whose
// outcome GateDecision's input shows (the decision, its rules) and the run's journal records (the
// order read, each rule). The order agent keeps its state in the execution graph. Each use case runs
// as before, entering its own step on the run (the run row says CheckOrder, ProposeRefund, Gate in turn).
// A Task retried after a later part failed does not do an earlier part again: the order bound and the
// proposal made are on the run. An escalation a part asks for is recorded on the run and handed on.
import type { StepEvent } from '../shared/step-result.js';
import { RunNotFoundError } from '../shared/errors.js';
import { createCheckOrder } from '../check-order/use-case.js';
import { createGate } from '../gate/use-case.js';
import { createProposeRefund } from './use-case.js';

type Deps = Parameters<typeof createCheckOrder>[0] & Parameters<typeof createProposeRefund>[0] & Parameters<typeof createGate>[0];

export function createOrderTask(deps: Deps) {
  const checkOrder = createCheckOrder(deps);
  const propose = createProposeRefund(deps);
  const gate = createGate(deps);
  return async (event: StepEvent) => {
    const run = await deps.runs.get(event.runId);
    if (!run) throw new RunNotFoundError(event.runId);
    if (!run.order) await checkOrder(event);
    if (!run.proposal) await propose(event);
    return gate(event);
  };
}
