// Re-running a ticket, as every capability that offers, starts or follows one sees it: which runs may
// be re-run (pure; the console shows the form only when nothing refuses), the stable id of each
// attempt, the newest run of a ticket's chain, and the outcome. The re-run itself is intake's use
// case (functions/intake/run-starter/rerun.ts); the console receives it as `StartRerun`.
import { createHash } from 'node:crypto';
import type { Run } from './run.js';
import type { RunStore } from '../stores/ports.js';

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

export type RerunRequest = { runId: string; by: string; orderNumber?: string | null };

export type RerunOutcome =
  | { kind: 'started'; runId: string; rerunId: string; repeated: boolean }
  | { kind: 'refused'; runId: string; message: string; rerunAs?: string }
  | { kind: 'not_found'; runId: string };

/** The port: start the re-run of one escalated run, once; safe to repeat. */
export type StartRerun = (request: RerunRequest) => Promise<RerunOutcome>;
