// The run's Standard execution starts its steps as Express executions of a second definition
// (`startExecution.sync:2`), which the local interpreter cannot call. Locally such a Task becomes a
// Parallel state with one branch, that definition's states: the branch runs the same states on the
// same input, its steps reach the same in-process handlers (overrides are keyed by state name at any
// depth) and its transitions appear in the run's one execution history. A Parallel's result is the
// array of its branches' outputs, so the Task's `$.Output` paths read `$[0]`. Errors inside the
// branch reach the Task's Catch as they would a failed child execution.
import { InvalidDefinitionError } from './errors.js';

export const NESTED_SYNC_RESOURCE = 'arn:aws:states:::states:startExecution.sync:2';

/** `${RefundStepsStateMachineArn}` → `RefundSteps` (the file refund-steps.asl.json beside the parent). */
const NESTED_ARN = /^\$\{([A-Za-z0-9]+)StateMachineArn\}$/;

type State = Record<string, unknown> & { Type?: string; Resource?: string; Parameters?: Record<string, unknown> };
type Definition = { StartAt: string; States: Record<string, State> } & Record<string, unknown>;

/** `RefundSteps` → `refund-steps.asl.json`. */
export const nestedFileName = (base: string): string => `${base.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.asl.json`;

/** The definition a nested Task starts, named by its `${XStateMachineArn}` placeholder, before substitution. */
export function nestedDefinitionKey(state: State): string | null {
  if (state.Type !== 'Task' || state.Resource !== NESTED_SYNC_RESOURCE) return null;
  const arn = state.Parameters?.StateMachineArn;
  const match = typeof arn === 'string' ? NESTED_ARN.exec(arn) : null;
  if (!match) throw new InvalidDefinitionError(`Nested execution task needs StateMachineArn as \${<Name>StateMachineArn}, got ${JSON.stringify(arn)}`);
  return match[1]!;
}

const selectorFromBranch = (selector: unknown): unknown =>
  Object.fromEntries(
    Object.entries((selector ?? {}) as Record<string, unknown>).map(([key, path]) => [
      key,
      typeof path === 'string' && key.endsWith('.$') ? path.replace(/^\$\.Output(?=\.|$)/, '$[0]') : path,
    ]),
  );

function asParallel(state: State, child: Definition): State {
  const { Resource: _resource, Parameters, ResultSelector, TimeoutSeconds: _timeout, ...rest } = state;
  const input = Parameters?.Input;
  if (input === null || typeof input !== 'object') throw new InvalidDefinitionError('Nested execution task needs an Input object');
  return {
    ...rest,
    Type: 'Parallel',
    Parameters: input as Record<string, unknown>,
    ...(ResultSelector === undefined ? {} : { ResultSelector: selectorFromBranch(ResultSelector) }),
    Branches: [{ StartAt: child.StartAt, States: child.States }],
  };
}

/**
 * The parent with every nested-execution Task replaced by a one-branch Parallel of the definition
 * `load(name)` returns. Nested definitions may not nest again (the run has one level).
 */
export function inlineNestedExecutions(parent: Definition, load: (name: string) => Definition): Definition {
  const states: Record<string, State> = {};
  for (const [name, state] of Object.entries(parent.States)) {
    const key = nestedDefinitionKey(state);
    if (key === null) {
      states[name] = state;
      continue;
    }
    const child = load(key);
    if (Object.values(child.States).some((inner) => nestedDefinitionKey(inner) !== null)) {
      throw new InvalidDefinitionError(`Nested definition ${key} starts nested executions itself`);
    }
    states[name] = asParallel(state, child);
  }
  return { ...parent, States: states };
}
