// The local WorkflowEngine: runs the deployed ASL file in-process on aws-local-stepfunctions, each Task
// overridden by state name to call an in-process step handler. It stands in for AWS Step Functions.
import './polyfill.js';
import { ExecutionAbortedError, ExecutionError, ExecutionTimeoutError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { Clock } from '#harness/ports.js';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';
import { listTaskStates, loadDefinition, loadDefinitionParts, withEngineTimers, type DefinitionSource } from './definition.js';
import { EngineClosedError, ExecutionNotFoundError, LocalWorkflowError, MissingTaskHandlerError } from './errors.js';
import {
  causeText,
  createExecutionRecord,
  type ErrorInfo,
  type ExecutionRecord,
  type ExecutionStatus,
  type ExecutionView,
  type InterpreterEvent,
  type LocalWorkflowEvent,
} from './executions.js';
import { buildTaskOverrides, TASK_TOKEN_PLACEHOLDER, type StepHandlers } from './overrides.js';
import { createTaskTokenRegistry, realTimer, type PendingTaskToken, type TaskTokenRegistry, type Timer } from './task-tokens.js';
import { systemClock } from '#shared/clock.js';

export type LocalWorkflowEngineOptions = DefinitionSource & {
  /** In-process handler per Task state name; every Task of the definition needs one. */
  handlers: StepHandlers;
  clock?: Clock;
  /** Runs waitForTaskToken timeouts (TimeoutSeconds); tests inject one they fire by hand. */
  timer?: Timer;
  onEvent?: (event: LocalWorkflowEvent) => void;
  /** Replaces every Retry wait (interval, backoff, jitter) with this many ms; tests pass 0. */
  retryIntervalMs?: number;
  /** Values for `${...}` placeholders; `${XFunctionArn}` defaults to a fake local ARN. */
  substitutions?: Record<string, string>;
  stateMachineName?: string;
  mintTaskToken?: () => string;
};

export type ExecutionResult = { status: Exclude<ExecutionStatus, 'RUNNING'>; output: unknown; error: ErrorInfo | null };

export interface LocalWorkflowEngine extends WorkflowEngine {
  describe(name: string): ExecutionView | undefined;
  list(): ExecutionView[];
  /** Resolves when the execution has stopped, with its final status. */
  waitFor(name: string): Promise<ExecutionResult>;
  /** Tokens currently awaited by waitForTaskToken states (test and debugging view). */
  taskTokens(): PendingTaskToken[];
  /** Stops one running execution, as Step Functions' StopExecution does. */
  stop(name: string, cause: string): Promise<{ stopped: boolean }>;
  /**
   * Runs an execution from one of the definition's states instead of StartAt, as Step Functions'
   * redrive does from the state that failed: how a restarted local runtime picks up a run whose
   * execution died with the process (local/recovery.ts). A name already running is not started.
   */
  resume(input: { name: string; input: { runId: string }; startAt: string }): Promise<{ started: boolean }>;
  /** Aborts running executions and rejects pending tokens; later starts are refused. */
  close(): Promise<void>;
}

type Running = { record: ExecutionRecord; abort: () => void; done: Promise<ExecutionResult> };

/** What starting an execution needs: the machine's names, the Task handlers, the token registry and the listener. */
type Launcher = {
  machineName: string;
  machineArn: string;
  clock: Clock;
  tasks: ReturnType<typeof listTaskStates>;
  handlers: StepHandlers;
  tokens: TaskTokenRegistry;
  retryIntervalOverrides: Record<string, number> | undefined;
  emit: (event: LocalWorkflowEvent) => void;
};

export function createLocalWorkflowEngine(options: LocalWorkflowEngineOptions): LocalWorkflowEngine {
  const clock = options.clock ?? systemClock;
  const definition = loadDefinition(options, options.substitutions);
  const tasks = listTaskStates(definition);
  const missing = tasks.filter((task) => typeof options.handlers[task.stateName] !== 'function').map((task) => task.stateName);
  if (missing.length > 0) throw new MissingTaskHandlerError(missing);

  const { machine, machineFrom } = compileMachines(options, definition, tasks);
  const machineName = options.stateMachineName ?? 'refund-run';
  const tokens = createTaskTokenRegistry({ timer: options.timer ?? realTimer, clock, mintToken: options.mintTaskToken });
  const executions = new Map<string, Running>();
  let closed = false;
  const launcher: Launcher = {
    machineName,
    machineArn: `arn:aws:states:us-east-1:000000000000:stateMachine:${machineName}`,
    clock,
    tasks,
    handlers: options.handlers,
    tokens,
    retryIntervalOverrides:
      options.retryIntervalMs === undefined ? undefined : Object.fromEntries(tasks.map((task) => [task.stateName, options.retryIntervalMs as number])),
    emit: (event) => emitSafely(options.onEvent, event),
  };

  return {
    async start({ name, input }) {
      if (closed) throw new EngineClosedError();
      if (executions.has(name)) return { started: false };
      // launch() is synchronous, so a concurrent second start with this name already sees the entry.
      executions.set(name, launch(launcher, name, input, machine));
      return { started: true };
    },

    async resume({ name, input, startAt }) {
      if (closed) throw new EngineClosedError();
      const from = machineFrom(startAt);
      if (executions.get(name)?.record.view.status === 'RUNNING') return { started: false };
      executions.set(name, launch(launcher, name, input, from));
      return { started: true };
    },

    async sendTaskSuccess(taskToken, output) {
      tokens.succeed(taskToken, JSON.parse(JSON.stringify(output)));
    },

    async sendTaskFailure(taskToken, error, cause) {
      tokens.fail(taskToken, error, cause);
    },

    ...executionViews(executions, tokens),

    /** Like StopExecution: aborts a running execution (status ABORTED) and drops its task tokens. */
    stop: (name, cause) => stopExecution(executions, tokens, name, cause),

    async close() {
      closed = true;
      await abortAll(executions, tokens);
    },
  };
}

/**
 * The state machines the engine runs: the definition from StartAt, and the same definition entered
 * at another Task state (resume), built once per state.
 */
function compileMachines(options: LocalWorkflowEngineOptions, definition: StateMachineDefinition, tasks: ReturnType<typeof listTaskStates>) {
  // Each deployed definition is validated on its own; the composed one repeats the nested states'
  // names in every branch that runs them (nested.ts), which the validator would refuse.
  const parts = loadDefinitionParts(options, options.substitutions);
  for (const part of [parts.main, ...Object.values(parts.nested)]) new StateMachine(part);
  const runnable = withEngineTimers(definition);
  const machine = new StateMachine(runnable, { validationOptions: { noValidate: true } });
  // The same definition entered elsewhere: validated above as a whole, so not again (the states
  // before the entry are unreachable from it, which the validator would refuse).
  const resumeMachines = new Map<string, StateMachine>();
  const machineFrom = (state: string): StateMachine => {
    if (state === definition.StartAt) return machine;
    if (!tasks.some((task) => task.stateName === state)) throw new LocalWorkflowError(`cannot resume at ${state}: not a Task state of the definition`);
    let resumed = resumeMachines.get(state);
    if (!resumed) resumeMachines.set(state, (resumed = new StateMachine(enteredAt(runnable, state), { validationOptions: { noValidate: true } })));
    return resumed;
  };
  return { machine, machineFrom };
}

function emitSafely(onEvent: ((event: LocalWorkflowEvent) => void) | undefined, event: LocalWorkflowEvent): void {
  try {
    onEvent?.(event);
  } catch {
    // A progress listener must not break an execution.
  }
}

/** Runs one execution of `from`, recording its events; `done` settles with its final status. */
function launch(launcher: Launcher, name: string, input: { runId: string }, from: StateMachine): Running {
  const { machineName, clock, emit } = launcher;
  const executionArn = `arn:aws:states:us-east-1:000000000000:execution:${machineName}:${name}`;
  const record = createExecutionRecord({ name, executionArn, runInput: input, clock });
  const run = from.run(
    { ...input },
    {
      overrides: {
        taskResourceLocalHandlers: buildTaskOverrides({ execution: name, tasks: launcher.tasks, handlers: launcher.handlers, tokens: launcher.tokens }),
        ...(launcher.retryIntervalOverrides ? { retryIntervalOverrides: launcher.retryIntervalOverrides } : {}),
      },
      context: {
        Execution: { Id: executionArn, Name: name },
        StateMachine: { Id: launcher.machineArn, Name: machineName },
        Task: { Token: TASK_TOKEN_PLACEHOLDER },
      },
    },
  );
  emit({ type: 'ExecutionStarted', execution: name, at: record.view.startedAt });

  const pump = (async () => {
    for await (const event of run.eventLogs) {
      const transition = record.apply(event as InterpreterEvent);
      if (transition) emit({ type: 'StateTransition', execution: name, at: transition.at, transition });
    }
  })();

  const settled = run.result.then(
    (output) => record.finish('SUCCEEDED', { output }),
    (error: unknown) => {
      const [status, info] = classifyFailure(error);
      record.finish(status, info ? { error: info } : {});
    },
  );

  const done = Promise.all([settled, pump.catch(() => undefined)]).then((): ExecutionResult => {
    const view = record.view;
    const status = view.status === 'RUNNING' ? 'FAILED' : view.status;
    emit({ type: 'ExecutionFinished', execution: name, at: view.stoppedAt ?? clock.now().toISOString(), status, error: view.error });
    return { status, output: view.output, error: view.error };
  });

  return { record, abort: run.abort, done };
}

/** The engine's read side: executions as views, their results, and the tokens awaited. */
function executionViews(
  executions: Map<string, Running>,
  tokens: TaskTokenRegistry,
): Pick<LocalWorkflowEngine, 'describe' | 'list' | 'waitFor' | 'taskTokens'> {
  return {
    describe(name) {
      return executions.get(name)?.record.snapshot();
    },

    list() {
      return [...executions.values()].map((running) => running.record.snapshot());
    },

    waitFor(name) {
      const running = executions.get(name);
      if (!running) return Promise.reject(new ExecutionNotFoundError(name));
      return running.done;
    },

    taskTokens() {
      return tokens.pending();
    },
  };
}

async function stopExecution(executions: Map<string, Running>, tokens: TaskTokenRegistry, name: string, cause: string): Promise<{ stopped: boolean }> {
  const running = executions.get(name);
  if (!running || running.record.view.status !== 'RUNNING') return { stopped: false };
  running.abort();
  tokens.abort(new LocalWorkflowError(`Execution stopped: ${cause}`), name);
  await running.done;
  return { stopped: true };
}

/** Aborts every running execution and rejects every pending token, then waits for the executions to stop. */
async function abortAll(executions: Map<string, Running>, tokens: TaskTokenRegistry): Promise<void> {
  const running = [...executions.values()].filter((entry) => entry.record.view.status === 'RUNNING');
  for (const entry of running) entry.abort();
  tokens.abort(new LocalWorkflowError('Execution aborted: the engine is closing'));
  await Promise.all(running.map((entry) => entry.done));
}

/**
 * The definition entered at `state`: a top-level state directly, a state of an inlined nested
 * definition (nested.ts) through the first branch that holds it, entered there, as a redriven parent
 * would start the nested execution again from that step.
 */
function enteredAt(definition: StateMachineDefinition, state: string): StateMachineDefinition {
  const states = definition.States as unknown as Record<string, { Branches?: { StartAt: string; States: Record<string, unknown> }[] }>;
  if (state in states) return { ...definition, StartAt: state };
  const [holder, branchState] = Object.entries(states).find(([, candidate]) => candidate.Branches?.some((branch) => state in branch.States)) ?? [];
  if (!holder || !branchState?.Branches) throw new LocalWorkflowError(`cannot resume at ${state}: not a state of the definition`);
  const branches = branchState.Branches.map((branch) => (state in branch.States ? { ...branch, StartAt: state } : branch));
  return { ...definition, StartAt: holder, States: { ...definition.States, [holder]: { ...branchState, Branches: branches } } } as StateMachineDefinition;
}

function classifyFailure(error: unknown): [Exclude<ExecutionStatus, 'RUNNING' | 'SUCCEEDED'>, ErrorInfo | null] {
  if (error instanceof ExecutionAbortedError) return ['ABORTED', null];
  if (error instanceof ExecutionTimeoutError) return ['TIMED_OUT', { Error: 'States.Timeout', Cause: 'Execution timed out' }];
  if (error instanceof ExecutionError && error.cause instanceof Error) {
    return ['FAILED', { Error: error.cause.name, Cause: causeText(error.cause.message) }];
  }
  return ['FAILED', { Error: error instanceof Error ? error.name : 'Error', Cause: causeText(error) }];
}
