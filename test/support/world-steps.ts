// A small stand-in for the state machine from Refund on: each step is the product's use case; a
// TemporarilyUnavailableError is retried (3 times, like the ASL Retry), any other error or an
// 'escalate' outcome goes to Escalate; CheckReply, the last state, closes the run or escalates it
// itself. `crashAt` lets a suite throw a Crash at a side-effect boundary.
import { createCheckReply } from '#functions/steps/check-reply/use-case.js';
import { createDraftReply } from '#functions/steps/draft-reply/use-case.js';
import { createEscalate } from '#functions/steps/escalate/use-case.js';
import { createRefund } from '#functions/steps/refund/use-case.js';
import type { Run } from '#functions/shared/domain/run.js';
import { OFFLINE_MODELS } from '#harness/adapters/models/index.js';
import type { Harness } from '#harness/harness.js';
import type { World } from './world.js';
import { clock } from './world.js';

/** The process died here: nothing after this point ran. */
export class Crash extends Error {
  constructor(where: string) {
    super(`crash at ${where}`);
    this.name = 'Crash';
  }
}

const MODELS = {
  triage: OFFLINE_MODELS.triage,
  orderAgent: OFFLINE_MODELS.order_agent,
  replyAgent: OFFLINE_MODELS.reply_agent,
  replyCheck: OFFLINE_MODELS.reply_check,
};
const STEPS = ['Refund', 'DraftReply', 'CheckReply'] as const;
type Step = (typeof STEPS)[number];

/**
 * A process that can die: once `kill` ran, every port wrapped with `guard` throws Crash, so nothing
 * after the crash point reaches a store or the network, whatever catches the first error.
 */
export function createCrashSwitch() {
  let dead = false;
  const sw = {
    get dead() {
      return dead;
    },
    kill(where: string): never {
      dead = true;
      throw new Crash(where);
    },
    /** Wraps every function of a port so it throws once the process is dead. */
    guard<T extends object>(port: T): T {
      return new Proxy(port, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (dead) throw new Crash('the process is dead');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  };
  return sw;
}
export type CrashSwitch = ReturnType<typeof createCrashSwitch>;

function useCases(world: World, harness: Harness, sw: CrashSwitch | null) {
  const runs = sw ? sw.guard(world.stores.runs) : world.stores.runs;
  const approvals = sw ? sw.guard(world.stores.approvals) : world.stores.approvals;
  const deps = { runs, approvals, harness, models: MODELS, clock };
  return {
    Refund: createRefund(deps),
    DraftReply: createDraftReply(deps),
    CheckReply: createCheckReply(deps),
    Escalate: createEscalate(deps),
  };
}

/** Runs from `from` to the end; a Crash stops everything (the caller resumes with a new harness). */
export async function runFrom(world: World, harness: Harness, runId: string, from: Step = 'Refund', sw: CrashSwitch | null = null): Promise<Run> {
  const steps = useCases(world, harness, sw);
  for (const step of STEPS.slice(STEPS.indexOf(from))) {
    let attempt = 0;
    for (;;) {
      try {
        const result = await steps[step]({ runId });
        if (result.outcome === 'escalate') {
          await steps.Escalate({ runId, state: { step: { detail: { reason: result.reason } } } });
          return (await world.stores.runs.get(runId))!;
        }
        break;
      } catch (error) {
        if (error instanceof Crash || sw?.dead) throw new Crash('the process died');
        const name = error instanceof Error ? error.name : 'Error';
        if (name === 'TemporarilyUnavailableError' && ++attempt < 4) continue;
        const message = error instanceof Error ? error.message : String(error);
        await steps.Escalate({ runId, state: { error: { Error: name, Cause: JSON.stringify({ errorMessage: message }) } } });
        return (await world.stores.runs.get(runId))!;
      }
    }
  }
  return (await world.stores.runs.get(runId))!;
}

/** Where a resumed run starts: the state it was in when it crashed (Step Functions redrive). */
export function resumeStep(run: Run): Step {
  return (STEPS as readonly string[]).includes(run.state) ? (run.state as Step) : 'Refund';
}
