// Loads the ASL definition CDK deploys and prepares it for the local interpreter: fills the
// `${...FunctionArn}` substitutions with fake local ARNs and classifies each Task state by
// integration. Called by engine.ts.
import { readFileSync } from 'node:fs';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { InvalidDefinitionError, UnsupportedTaskResourceError } from './errors.js';

export type DefinitionSource = { definitionPath: string } | { definition: StateMachineDefinition | Record<string, unknown> };

/** How a Task reaches its handler: request/response Lambda invoke, the callback pattern, or a bare Lambda ARN. */
export type TaskKind = 'invoke' | 'waitForTaskToken' | 'lambdaArn';

export type TaskSpec = { stateName: string; kind: TaskKind; timeoutSeconds: number | null };

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

export function loadDefinition(source: DefinitionSource, substitutions: Record<string, string> = {}): StateMachineDefinition {
  const raw = 'definitionPath' in source ? readFileSync(source.definitionPath, 'utf8') : JSON.stringify(source.definition);
  const unknownKeys = new Set<string>();
  const substituted = raw.replace(PLACEHOLDER, (_match, key: string) => {
    const value = substitutions[key] ?? (key.endsWith('FunctionArn') ? localFunctionArn(key) : undefined);
    if (value === undefined) {
      unknownKeys.add(key);
      return '';
    }
    return value;
  });
  if (unknownKeys.size > 0) {
    throw new InvalidDefinitionError(`No substitution for: ${[...unknownKeys].join(', ')}`);
  }
  try {
    return JSON.parse(substituted) as StateMachineDefinition;
  } catch (cause) {
    throw new InvalidDefinitionError('State machine definition is not valid JSON', { cause });
  }
}

type StateLike = {
  Type?: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Branches?: { States?: Record<string, StateLike> }[];
  Iterator?: { States?: Record<string, StateLike> };
  ItemProcessor?: { States?: Record<string, StateLike> };
};

/** Every Task state, nested ones included (overrides are keyed by state name at any depth). */
export function listTaskStates(definition: StateMachineDefinition): TaskSpec[] {
  const specs: TaskSpec[] = [];
  const visit = (states: Record<string, StateLike> | undefined): void => {
    for (const [stateName, state] of Object.entries(states ?? {})) {
      if (state.Type === 'Task') specs.push(classify(stateName, state));
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
  return { stateName, kind: match.kind, timeoutSeconds: state.TimeoutSeconds ?? null };
}
