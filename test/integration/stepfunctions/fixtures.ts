// Test fixtures for the local runner: fake step handlers that record their calls, and a timer fired by hand.
import type { StepHandler, StepHandlers, Timer } from '#local/stepfunctions/index.js';

export const DEFINITION_PATH = new URL('../../../state-machine/refund-run.asl.json', import.meta.url).pathname;

export const TASK_STATES = [
  'Triage',
  'ProposeRefund',
  'RequestApproval',
  'Refund',
  'DraftReply',
  'CheckReply',
  'AwaitReturn',
  'ProcessReturn',
  'Escalate',
  'Shadow',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

export type Call = { state: TaskState; payload: Record<string, unknown> };

/** Handlers that continue by default (ProposeRefund, which runs the Gate, decides `auto`); `overrides` replaces any of them. */
export function fakeHandlers(overrides: Partial<Record<TaskState, StepHandler>> = {}) {
  const calls: Call[] = [];
  const defaults: Record<TaskState, StepHandler> = {
    Triage: async () => ({ outcome: 'continue' }),
    ProposeRefund: async () => ({ outcome: 'continue', decision: 'auto' }),
    RequestApproval: async () => ({ outcome: 'continue' }),
    Refund: async () => ({ outcome: 'continue' }),
    DraftReply: async () => ({ outcome: 'continue' }),
    CheckReply: async () => ({ outcome: 'done' }),
    AwaitReturn: async () => ({ outcome: 'waiting' }),
    ProcessReturn: async () => ({ outcome: 'continue' }),
    Escalate: async () => ({ outcome: 'continue' }),
    Shadow: async () => ({ outcome: 'continue' }),
  };
  const handlers: StepHandlers = {};
  for (const state of TASK_STATES) {
    const impl = overrides[state] ?? defaults[state];
    handlers[state] = async (payload) => {
      calls.push({ state, payload });
      return impl(payload);
    };
  }
  return { handlers, calls, callsTo: (state: TaskState) => calls.filter((call) => call.state === state) };
}

/** A Timer whose callbacks run only when the test fires them. */
export function manualTimer() {
  const scheduled: { ms: number; callback: () => void; cancelled: boolean }[] = [];
  const timer: Timer = {
    set(callback, ms) {
      const entry = { ms, callback, cancelled: false };
      scheduled.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  return {
    timer,
    scheduled,
    fireAll(): void {
      for (const entry of scheduled.filter((e) => !e.cancelled)) {
        entry.cancelled = true;
        entry.callback();
      }
    },
  };
}

/** Resolves once `check` holds, polling on the macrotask queue (handlers run asynchronously); bounded generously for busy cores. */
export async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function enteredStates(history: { type: string; state: string }[]): string[] {
  return history.filter((t) => t.type === 'entered').map((t) => t.state);
}

type Entered = { type: string; state: string; nestedIn?: string };

/** States the run's Standard execution entered: the transitions Step Functions bills. */
export function standardStates(history: Entered[]): string[] {
  return enteredStates(history.filter((t) => !t.nestedIn));
}

/** States its Express executions entered (refund-steps.asl.json), in order, with the Task that started each. */
export function expressStates(history: Entered[], nestedIn?: string): string[] {
  return enteredStates(history.filter((t) => t.nestedIn && (nestedIn === undefined || t.nestedIn === nestedIn)));
}
