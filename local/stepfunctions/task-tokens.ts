// Pending task tokens of waitForTaskToken states: minted here (the interpreter has no $$.Task.Token),
// answered by the engine's sendTaskSuccess/sendTaskFailure, or expired by the state's TimeoutSeconds
// through an injectable timer.
import { randomBytes } from 'node:crypto';
import type { Clock } from '#harness/ports.js';
import { STATES_TIMEOUT, StateError, TaskTokenNotFoundError } from './errors.js';

/** Schedules a callback; returns a cancel function. Tests inject one they can fire by hand. */
export interface Timer {
  set(callback: () => void, ms: number): () => void;
}

// setTimeout overflows above 2^31-1 ms (~24.8 days) and would fire at once; clamp instead.
const MAX_TIMER_MS = 2_147_483_647;

export const realTimer: Timer = {
  // A wait longer than setTimeout can hold (about 24.8 days: a return's 30) is armed again for what is left.
  set(callback, ms) {
    let handle: ReturnType<typeof setTimeout>;
    const arm = (left: number) => {
      handle = setTimeout(() => (left > MAX_TIMER_MS ? arm(left - MAX_TIMER_MS) : callback()), Math.min(left, MAX_TIMER_MS));
    };
    arm(ms);
    return () => clearTimeout(handle);
  },
};

export type PendingTaskToken = {
  token: string;
  execution: string;
  stateName: string;
  createdAt: string;
  timeoutAt: string | null;
};

type Entry = PendingTaskToken & {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  cancelTimer: () => void;
};

export type TaskTokenRegistry = ReturnType<typeof createTaskTokenRegistry>;

export function createTaskTokenRegistry(deps: { timer: Timer; clock: Clock; mintToken?: () => string }) {
  const mint = deps.mintToken ?? (() => randomBytes(32).toString('base64url'));
  const entries = new Map<string, Entry>();

  return {
    /** Registers a fresh token; `result` settles when it is answered, times out or is aborted. */
    open(input: { execution: string; stateName: string; timeoutSeconds: number | null }): {
      token: string;
      result: Promise<unknown>;
    } {
      return openToken({ ...deps, mint, entries }, input);
    },

    succeed(token: string, output: unknown): void {
      settle(entries, token).resolve(output);
    },

    fail(token: string, error: string, cause: string): void {
      settle(entries, token).reject(new StateError(error, cause));
    },

    /** Drops a token without answering it (its handler failed, so the state fails on that error instead). */
    discard(token: string): void {
      if (entries.has(token)) settle(entries, token);
    },

    /** Rejects every token of one execution (or all), e.g. when the engine closes. */
    abort(reason: Error, execution?: string): void {
      for (const entry of [...entries.values()]) {
        if (execution === undefined || entry.execution === execution) settle(entries, entry.token).reject(reason);
      }
    },

    pending(): PendingTaskToken[] {
      return [...entries.values()].map(({ token, execution, stateName, createdAt, timeoutAt }) => ({
        token,
        execution,
        stateName,
        createdAt,
        timeoutAt,
      }));
    },
  };
}

/** Takes a pending token out of the registry and stops its timeout; an unknown or settled token is not found. */
function settle(entries: Map<string, Entry>, token: string): Entry {
  const entry = entries.get(token);
  if (!entry) throw new TaskTokenNotFoundError();
  entries.delete(token);
  entry.cancelTimer();
  return entry;
}

/** Mints a token, registers it with its timeout (when the state has one) and returns the promise its answer settles. */
function openToken(
  registry: { timer: Timer; clock: Clock; mint: () => string; entries: Map<string, Entry> },
  input: { execution: string; stateName: string; timeoutSeconds: number | null },
): { token: string; result: Promise<unknown> } {
  const { entries } = registry;
  const token = registry.mint();
  const now = registry.clock.now();
  let resolve!: Entry['resolve'];
  let reject!: Entry['reject'];
  const result = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // The awaiter attaches only after the handler returns; avoid an unhandled-rejection warning meanwhile.
  result.catch(() => undefined);
  const timeoutMs = input.timeoutSeconds === null ? null : input.timeoutSeconds * 1000;
  const cancelTimer =
    timeoutMs === null
      ? () => undefined
      : registry.timer.set(() => {
          if (!entries.has(token)) return;
          settle(entries, token).reject(new StateError(STATES_TIMEOUT, `${input.stateName} got no task response within ${input.timeoutSeconds} s`));
        }, timeoutMs);
  entries.set(token, {
    token,
    execution: input.execution,
    stateName: input.stateName,
    createdAt: now.toISOString(),
    timeoutAt: timeoutMs === null ? null : new Date(now.getTime() + timeoutMs).toISOString(),
    resolve,
    reject,
    cancelTimer,
  });
  return { token, result };
}
