// Loads the ASL definition CDK deploys and prepares it for the local interpreter: fills the
// `${...FunctionArn}` substitutions with fake local ARNs and classifies each Task state by
// integration.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { InvalidDefinitionError, UnsupportedTaskResourceError } from './errors.js';
import { inlineNestedExecutions, nestedDefinitionKey, nestedFileName } from './nested.js';

/**
 * A definition file (the nested definitions it starts are read beside it, nested.ts), or a
 * definition given inline with the nested ones it starts by name (`RefundSteps` for
 * `${RefundStepsStateMachineArn}`).
 */
export type DefinitionSource =
  { definitionPath: string } | { definition: StateMachineDefinition | Record<string, unknown>; nested?: Record<string, Record<string, unknown>> };

/** How a Task reaches its handler: request/response Lambda invoke, the callback pattern, or a bare Lambda ARN. */
export type TaskKind = 'invoke' | 'waitForTaskToken' | 'lambdaArn';

/**
 * A Task state as the local engine runs it. `timeoutSecondsFrom`: the state's TimeoutSecondsPath,
 * which the interpreter cannot read; the Payload must carry the same value as `timeoutSeconds.$` (checked here),
 * and the wait times out after it.
 */
export type TaskSpec = { stateName: string; kind: TaskKind; timeoutSeconds: number | null; timeoutSecondsFromPayload?: boolean };

const PLACEHOLDER = /\$\{([A-Za-z0-9_]+)\}/g;

const RESOURCE_KINDS: ReadonlyArray<{ test: (resource: string) => boolean; kind: TaskKind }> = [
  { test: (r) => r === 'arn:aws:states:::lambda:invoke', kind: 'invoke' },
  { test: (r) => r === 'arn:aws:states:::lambda:invoke.waitForTaskToken', kind: 'waitForTaskToken' },
  { test: (r) => /^arn:aws:lambda:[^:]+:\d{12}:function:[^:]+$/.test(r), kind: 'lambdaArn' },
];

/** The fake ARN a `${TriageFunctionArn}` placeholder becomes locally. */
export function localFunctionArn(substitutionKey: string): string {
  const base = substitutionKey.replace(/FunctionArn$/, '');
  return `arn:aws:lambda:us-east-1:000000000000:function:local-${base}`;
}

/** The fake ARN a `${RefundStepsStateMachineArn}` placeholder becomes locally. */
export function localStateMachineArn(substitutionKey: string): string {
  return `arn:aws:states:us-east-1:000000000000:stateMachine:local-${substitutionKey.replace(/StateMachineArn$/, '')}`;
}

function substitute(raw: string, substitutions: Record<string, string>): StateMachineDefinition {
  const unknownKeys = new Set<string>();
  const substituted = raw.replace(PLACEHOLDER, (_match, key: string) => {
    const fallback = key.endsWith('FunctionArn') ? localFunctionArn(key) : key.endsWith('StateMachineArn') ? localStateMachineArn(key) : undefined;
    const value = substitutions[key] ?? fallback;
    if (value === undefined) {
      unknownKeys.add(key);
      return '';
    }
    return value;
  });
  if (unknownKeys.size > 0) {
    throw new InvalidDefinitionError(`No substitution for: ${[...unknownKeys].join(', ')}`);
  }
  return parseJson(substituted) as StateMachineDefinition;
}

/** The definition as the local interpreter runs it: nested executions inlined (nested.ts), placeholders filled. */
export function loadDefinition(source: DefinitionSource, substitutions: Record<string, string> = {}): StateMachineDefinition {
  const parent = parseJson(readSource(source)) as Parameters<typeof inlineNestedExecutions>[0];
  return substitute(JSON.stringify(inlineNestedExecutions(parent, (name) => parseJson(readNested(source, name)) as never)), substitutions);
}

/** Each definition as deployed, placeholders filled: the run's own and every nested one it starts, by name. */
export function loadDefinitionParts(
  source: DefinitionSource,
  substitutions: Record<string, string> = {},
): { main: StateMachineDefinition; nested: Record<string, StateMachineDefinition> } {
  const text = readSource(source);
  const parent = parseJson(text) as { States: Record<string, Record<string, unknown>> };
  const names = new Set(Object.values(parent.States).flatMap((state) => nestedDefinitionKey(state) ?? []));
  return {
    main: substitute(text, substitutions),
    nested: Object.fromEntries([...names].map((name) => [name, substitute(readNested(source, name), substitutions)])),
  };
}

function readSource(source: DefinitionSource): string {
  return 'definitionPath' in source ? readFileSync(source.definitionPath, 'utf8') : JSON.stringify(source.definition);
}

function readNested(source: DefinitionSource, name: string): string {
  if ('definitionPath' in source) return readFileSync(join(dirname(source.definitionPath), nestedFileName(name)), 'utf8');
  const nested = source.nested?.[name];
  if (!nested) throw new InvalidDefinitionError(`No nested definition given for ${name}`);
  return JSON.stringify(nested);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new InvalidDefinitionError('State machine definition is not valid JSON', { cause });
  }
}

type StateLike = {
  Type?: string;
  Resource?: string;
  TimeoutSeconds?: number;
  TimeoutSecondsPath?: string;
  Parameters?: { Payload?: Record<string, unknown> };
  Branches?: { States?: Record<string, StateLike> }[];
  Iterator?: { States?: Record<string, StateLike> };
  ItemProcessor?: { States?: Record<string, StateLike> };
};

/** Every Task state, nested ones included (overrides are keyed by state name at any depth). */
export function listTaskStates(definition: StateMachineDefinition): TaskSpec[] {
  const specs: TaskSpec[] = [];
  const visit = (states: Record<string, StateLike> | undefined): void => {
    for (const [stateName, state] of Object.entries(states ?? {})) {
      // A nested definition runs in more than one branch (nested.ts): one spec per name.
      if (state.Type === 'Task' && !specs.some((spec) => spec.stateName === stateName)) specs.push(classify(stateName, state));
      for (const branch of state.Branches ?? []) visit(branch.States);
      visit(state.Iterator?.States);
      visit(state.ItemProcessor?.States);
    }
  };
  visit(definition.States as unknown as Record<string, StateLike>);
  return specs;
}

function classify(stateName: string, state: StateLike): TaskSpec {
  const resource = state.Resource ?? '';
  const match = RESOURCE_KINDS.find((entry) => entry.test(resource));
  if (!match) throw new UnsupportedTaskResourceError(stateName, resource);
  if (state.TimeoutSecondsPath !== undefined) {
    if (state.Parameters?.Payload?.['timeoutSeconds.$'] !== state.TimeoutSecondsPath) {
      throw new InvalidDefinitionError(
        `${stateName}: a TimeoutSecondsPath needs the same path as the Payload's timeoutSeconds.$ (the local engine reads it there)`,
      );
    }
    return { stateName, kind: match.kind, timeoutSeconds: null, timeoutSecondsFromPayload: true };
  }
  return { stateName, kind: match.kind, timeoutSeconds: state.TimeoutSeconds ?? null };
}

/** The longest wait setTimeout holds (about 24.8 days), in seconds. */
const LONGEST_TIMER_SECONDS = Math.floor(2_147_483_647 / 1000);

/**
 * The definition the interpreter runs: a callback Task's TimeoutSeconds / TimeoutSecondsPath removed
 * (the engine's token registry runs those waits on its injected timer and clock, so a test can pass
 * days by hand), and an execution timeout longer than setTimeout can hold removed (the interpreter
 * would fire it at once; the stalled-run sweeper is the backstop locally).
 */
export function withEngineTimers(definition: StateMachineDefinition): StateMachineDefinition {
  const strip = (states: Record<string, StateLike>): Record<string, StateLike> =>
    Object.fromEntries(
      Object.entries(states).map(([name, state]) => {
        const kind = state.Type === 'Task' ? RESOURCE_KINDS.find((entry) => entry.test(state.Resource ?? ''))?.kind : undefined;
        const { TimeoutSeconds: _t, TimeoutSecondsPath: _p, ...rest } = state;
        const own = kind === 'waitForTaskToken' ? rest : state;
        return [name, own.Branches ? { ...own, Branches: own.Branches.map((b) => ({ ...b, States: strip(b.States ?? {}) })) } : own];
      }),
    );
  const raw = definition as unknown as { TimeoutSeconds?: number; States: Record<string, StateLike> };
  const { TimeoutSeconds, ...rest } = raw;
  const kept = TimeoutSeconds !== undefined && TimeoutSeconds <= LONGEST_TIMER_SECONDS ? { TimeoutSeconds } : {};
  return { ...rest, ...kept, States: strip(raw.States) } as unknown as StateMachineDefinition;
}
