// A new run for the same ticket, started by a person from the console after a run ended escalated:
// checked (rerunRefusal) → new run row, its id derived from the first run of the chain and the attempt
// number (conditional put: a double click makes one run) → the old run linked to it → execution
// named by the new id. Every step is safe to repeat: a repeat finds the run and the link and starts
// the execution again (a no-op once started).
// Never after a refund was made or claimed: a run with a receipt or a refund claim (its outcome may
// be unknown, or settled by a person) is refused, so a re-run can never dispatch a second refund for
// the same request; the gate and the harness still count the order's refunds on every run.
import type { Clock } from '#harness/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { orderChoiceRefusal } from '../../shared/order-choice.js';
import { newRun } from './new-run.js';
import { rerunIdFor, rerunRefusal, type RerunOutcome, type RerunRequest, type StartRerun } from '#functions/shared/domain/rerun.js';

export interface StartRerunDeps {
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
}

function rerunRow(original: Run, rerunId: string, rerunOf: NonNullable<Run['rerunOf']>, at: string): Run {
  const orderChoice = rerunOf.orderNumber ? { orderNumber: rerunOf.orderNumber, by: rerunOf.by, at } : undefined;
  return {
    // The same ticket and the customer's words as they stood (follow-ups included): nothing else carries over.
    ...newRun(rerunId, original.ticket, at),
    tenant: original.tenant,
    ...(original.followUps?.length ? { followUps: original.followUps } : {}),
    // One of several requests of a ticket stays that request: its reading and its place, never split again.
    ...(original.ticketRequests ? { ticketRequests: original.ticketRequests, triage: original.triage } : {}),
    rerunOf,
    ...(orderChoice ? { orderChoice } : {}),
  };
}

export function createStartRerun(deps: StartRerunDeps): StartRerun {
  return async function startRerun(input: RerunRequest): Promise<RerunOutcome> {
    const original = await deps.runs.get(input.runId);
    if (!original) return { kind: 'not_found', runId: input.runId };
    const rootRunId = original.rerunOf?.rootRunId ?? original.runId;
    const attempt = (original.rerunOf?.attempt ?? 0) + 1;
    const rerunId = rerunIdFor(rootRunId, attempt);
    const orderNumber = input.orderNumber ?? null;

    const refused = rerunRefusal(original);
    if (refused) {
      // A repeat of this same request (the link is there): make sure the execution started, and say so.
      if (refused.rerunAs === rerunId) {
        await deps.workflow.start({ name: rerunId, input: { runId: rerunId } });
        return { kind: 'started', runId: original.runId, rerunId, repeated: true };
      }
      return { kind: 'refused', runId: original.runId, message: refused.message, rerunAs: refused.rerunAs };
    }
    if (orderNumber) {
      const notNamed = orderChoiceRefusal(original, orderNumber);
      if (notNamed) return { kind: 'refused', runId: original.runId, message: `Not re-run: ${notNamed}.` };
    }

    const at = deps.clock.now().toISOString();
    const rerunOf = { runId: original.runId, rootRunId, attempt, by: input.by, at, orderNumber };
    const created = await deps.runs.create(rerunRow(original, rerunId, rerunOf, at));
    if (!created) {
      const existing = await deps.runs.get(rerunId);
      if (existing?.rerunOf?.runId !== original.runId)
        return { kind: 'refused', runId: original.runId, message: 'Another re-run got there first. Look again.' };
    }
    const linked = await deps.runs.updateIf(original.runId, { rerunAs: { runId: rerunId, by: input.by, at } }, { statusIn: ['escalated'] });
    if (!linked) return { kind: 'refused', runId: original.runId, message: 'The run changed while you re-ran it. Look again.' };
    await deps.workflow.start({ name: rerunId, input: { runId: rerunId } });
    return { kind: 'started', runId: original.runId, rerunId, repeated: !created };
  };
}
