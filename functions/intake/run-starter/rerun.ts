// A new run for the same ticket, started by a person from the console after a run ended escalated:
// checked (rerunRefusal) → new run row, its id derived from the first run of the chain and the attempt
// number (conditional put: a double click makes one run) → the old run linked to it → execution
// named by the new id. Every step is safe to repeat: a repeat finds the run and the link and starts
// the execution again (a no-op once started).
// Never after a refund was made or claimed: a run with a receipt or a refund claim (its outcome may
// be unknown, or settled by a person) is refused, so a re-run can never dispatch a second refund for
// the same request; the gate and the harness still count the order's refunds on every run.
import { createHash } from 'node:crypto';
import type { Clock } from '#harness/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { orderChoiceRefusal } from '../../shared/order-choice.js';
import { newRun } from './new-run.js';

/** Re-runs of one ticket at most: a ticket that keeps escalating is the team's. */
export const MAX_RERUNS = 5;

/**
 * The id of re-run `attempt` of the chain that started with `rootRunId`: stable and derivable, so the
 * same request always names the same run (and execution), and two people clicking make one run.
 */
export function rerunIdFor(rootRunId: string, attempt: number): string {
  const tag = createHash('sha256').update(`${rootRunId}|rerun|${attempt}`).digest('hex').slice(0, 8);
  return `${rootRunId}-r${attempt}-${tag}`;
}

export type RerunRefusal = { kind: 'not_escalated' | 'refunded' | 'already_rerun' | 'handed_back' | 'too_many'; message: string; rerunAs?: string };

/** Why this run cannot be re-run now, or null when it can. Pure: the console shows the form only when null. */
export function rerunRefusal(run: Run): RerunRefusal | null {
  if (run.rerunAs) return { kind: 'already_rerun', message: `This run was already re-run as ${run.rerunAs.runId}.`, rerunAs: run.rerunAs.runId };
  if (run.refund || run.refundIntent || run.status === 'pending_review')
    return { kind: 'refunded', message: 'A refund was made or sent on this run: a re-run could refund the same request twice, so it is not offered.' };
  if (run.cancellation || run.status !== 'escalated')
    return { kind: 'not_escalated', message: `Only a run that ended escalated can be re-run; this one is ${run.status.replace(/_/g, ' ')}.` };
  if (run.handBack) return { kind: 'handed_back', message: `The ticket was handed back to the team by ${run.handBack.by}.` };
  if ((run.rerunOf?.attempt ?? 0) >= MAX_RERUNS) return { kind: 'too_many', message: `This ticket was re-run ${MAX_RERUNS} times; it is the team's now.` };
  return null;
}

/**
 * The newest run of a ticket's chain of re-runs, from its first run (the one the ticket's id maps
 * to): where a later message or the ticket closed in the helpdesk belongs. Bounded by MAX_RERUNS.
 */
export async function latestOfChain(runs: Pick<RunStore, 'get'>, run: Run): Promise<Run> {
  let latest = run;
  for (let hop = 0; hop < MAX_RERUNS && latest.rerunAs; hop++) {
    const next = await runs.get(latest.rerunAs.runId);
    if (!next) break;
    latest = next;
  }
  return latest;
}

export interface StartRerunDeps {
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
}

export type RerunOutcome =
  | { kind: 'started'; runId: string; rerunId: string; repeated: boolean }
  | { kind: 'refused'; runId: string; message: string; rerunAs?: string }
  | { kind: 'not_found'; runId: string };

function rerunRow(original: Run, rerunId: string, rerunOf: NonNullable<Run['rerunOf']>, at: string): Run {
  const orderChoice = rerunOf.orderNumber ? { orderNumber: rerunOf.orderNumber, by: rerunOf.by, at } : undefined;
  return {
    // The same ticket and the customer's words as they stood (follow-ups included): nothing else carries over.
    ...newRun(rerunId, original.ticket, at),
    tenant: original.tenant,
    ...(original.followUps?.length ? { followUps: original.followUps } : {}),
    rerunOf,
    ...(orderChoice ? { orderChoice } : {}),
  };
}

export function createStartRerun(deps: StartRerunDeps) {
  return async function startRerun(input: { runId: string; by: string; orderNumber?: string | null }): Promise<RerunOutcome> {
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
