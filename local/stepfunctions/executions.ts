// In-memory record of local executions: status, current state and the state transitions, fed from the
// interpreter's event log. Holds no payloads in events (they carry ticket data); engine.ts owns it.
import type { Clock } from '#harness/ports.js';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export type ErrorInfo = { Error: string; Cause: string };

export type Transition = {
  type: 'entered' | 'exited' | 'failed' | 'retried' | 'caught';
  state: string;
  at: string;
  error?: ErrorInfo;
  /** Set on a state of a nested (Express) execution: the run's Task state that started it (nested.ts). */
  nestedIn?: string;
};

export type ExecutionView = {
  name: string;
  executionArn: string;
  status: ExecutionStatus;
  currentState: string | null;
  input: { runId: string };
  output: unknown;
  error: ErrorInfo | null;
  startedAt: string;
  stoppedAt: string | null;
  history: Transition[];
};

/** Progress reported to `onEvent`: names and times only, never state input or output. */
export type LocalWorkflowEvent =
  | { type: 'ExecutionStarted'; execution: string; at: string }
  | { type: 'ExecutionFinished'; execution: string; at: string; status: Exclude<ExecutionStatus, 'RUNNING'>; error: ErrorInfo | null }
  | { type: 'StateTransition'; execution: string; at: string; transition: Transition };

/** The subset of aws-local-stepfunctions' EventLog this module reads. */
export type InterpreterEvent = {
  type: string;
  state?: { name: string };
  parentState?: { name: string };
  Error?: string;
  Cause?: unknown;
};

const TRANSITIONS: Record<string, Transition['type']> = {
  StateEntered: 'entered',
  StateExited: 'exited',
  StateFailed: 'failed',
  StateRetried: 'retried',
  StateCaught: 'caught',
};

export function causeText(cause: unknown): string {
  if (typeof cause === 'string') return cause;
  if (cause instanceof Error) return cause.message;
  return JSON.stringify(cause ?? null);
}

export function createExecutionRecord(input: { name: string; executionArn: string; runInput: { runId: string }; clock: Clock }) {
  const view: ExecutionView = {
    name: input.name,
    executionArn: input.executionArn,
    status: 'RUNNING',
    currentState: null,
    input: { ...input.runInput },
    output: null,
    error: null,
    startedAt: input.clock.now().toISOString(),
    stoppedAt: null,
    history: [],
  };

  // The nested execution running now, if any: its branch's events come between these two (one branch, run in order).
  let nestedIn: string | undefined;
  return {
    view,
    /** Applies one interpreter event; returns the transition it recorded, if any. */
    apply(event: InterpreterEvent): Transition | null {
      if (event.type === 'ParallelBranchStarted') nestedIn = event.parentState?.name;
      if (event.type === 'ParallelBranchSucceeded' || event.type === 'ParallelBranchFailed') nestedIn = undefined;
      const type = TRANSITIONS[event.type];
      if (!type || !event.state) return null;
      // The holder's own events (the Task that runs the nested execution: it failed, was caught, exited)
      // are the run's, and end the nested run (a failed branch reports no end of its own before them).
      if (event.state.name === nestedIn) nestedIn = undefined;
      const transition: Transition = { type, state: event.state.name, at: input.clock.now().toISOString(), ...(nestedIn ? { nestedIn } : {}) };
      if (type === 'failed' && event.Error !== undefined) {
        transition.error = { Error: event.Error, Cause: causeText(event.Cause) };
      }
      view.history.push(transition);
      if (type === 'entered') view.currentState = event.state.name;
      return transition;
    },
    finish(status: Exclude<ExecutionStatus, 'RUNNING'>, result: { output?: unknown; error?: ErrorInfo }): void {
      if (view.status !== 'RUNNING') return;
      view.status = status;
      view.output = result.output ?? null;
      view.error = result.error ?? null;
      view.stoppedAt = input.clock.now().toISOString();
    },
    snapshot(): ExecutionView {
      return structuredClone(view);
    },
  };
}

export type ExecutionRecord = ReturnType<typeof createExecutionRecord>;
