// The order's Task of the state machine (the ProposeRefund state): CheckOrder reads and binds the
// order, the order agent proposes, then the refund policy decides on the proposal in code (the Gate),
// in one invocation. Step Functions bills every state entered (a quarter of a ticket's AWS cost was
// one transition), and neither CheckOrder nor the Gate is a specialist: code with no model, whose
// outcome GateDecision's input shows (the decision, its rules) and the run's journal records (the
// order read, each rule). The order agent keeps its state in the execution graph. Each use case runs
// as before, entering its own step on the run (the run row says CheckOrder, ProposeRefund, Gate in
// turn): the first by its own entry, the next two by the result write of the one before (one run-row
// write per part; shared/step/run-context.ts recordResult).
// A Task retried after a later part failed does not do an earlier part again: the order bound and the
// proposal made are on the run. An escalation a part asks for is recorded on the run and handed on.
import type { StepEvent, StepResult } from '../../shared/step/result.js';
import { RunNotFoundError } from '../../shared/errors.js';
import { createCheckOrder } from '../check-order/use-case.js';
import { createGate } from '../gate/use-case.js';
import { createProposeRefund } from './use-case.js';

type Deps = Parameters<typeof createCheckOrder>[0] & Parameters<typeof createProposeRefund>[0] & Parameters<typeof createGate>[0];

export function createOrderTask(deps: Deps) {
  const checkOrder = createCheckOrder(deps, { enters: 'ProposeRefund' });
  const propose = createProposeRefund(deps, { enters: 'Gate' });
  const gate = createGate(deps);
  /** A part that went on entered the next one with its result; one that escalated did not. */
  const wentOn = (result: StepResult | null) => result?.outcome === 'continue';
  return async (event: StepEvent) => {
    const run = await deps.runs.get(event.runId);
    if (!run) throw new RunNotFoundError(event.runId);
    const ordered = run.order ? null : await checkOrder(event);
    const proposed = run.proposal ? null : await propose(event, { entered: wentOn(ordered) });
    return gate(event, { entered: wentOn(proposed) });
  };
}
