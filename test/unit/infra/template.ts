// Reading a synthesized tenant template in the terms the infra tests speak: resources by type, tokens
// resolved to the logical ids they name, and each function's IAM statements. Used by the *.test.ts here.
import { FUNCTION_NAMES, type FunctionName } from '../../../infra/lib/functions.js';
import type { synthTenant } from './synth.js';

export type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** Resolves CloudFormation tokens the way these tests name them: a GetAtt becomes its logical id, a pseudo parameter its name. */
export function resolveTokens(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (node['Fn::GetAtt']) return (node['Fn::GetAtt'] as string[])[0]!;
  if (node.Ref) return node.Ref as string;
  if (node['Fn::Join']) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(resolveTokens).join(separator);
  }
  throw new Error(`unexpected token ${JSON.stringify(value)}`);
}

export const actionsOf = (statements: Statement[]) => statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
export const resourcesOf = (statement: Statement) => (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).map(resolveTokens);

export function readTemplate(synth: ReturnType<typeof synthTenant>) {
  const resources = synth.template.toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const idOf = (type: string) => {
    const found = ofType(type);
    if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
    return found[0]![0];
  };

  /** The statements each role may use, by role logical id. */
  const statementsByRole = new Map<string, Statement[]>();
  for (const [, policy] of ofType('AWS::IAM::Policy')) {
    const props = policy.Properties as { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } };
    for (const role of props.Roles.map(resolveTokens)) {
      statementsByRole.set(role, [...(statementsByRole.get(role) ?? []), ...props.PolicyDocument.Statement]);
    }
  }
  const roleOf = (fn: FunctionName) => resolveTokens((resources[synth.logicalIdOf(fn)]!.Properties as { Role: unknown }).Role);

  /** IAM statements of each function's role, keyed by function name. */
  const statementsByFunction = () =>
    Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, statementsByRole.get(roleOf(fn)) ?? []])) as Record<FunctionName, Statement[]>;

  /** The functions whose role allows `action` on a resource for which `onResource` holds (any, by default). */
  const who = (action: string, onResource: (resource: string) => boolean = () => true) => {
    const byFunction = statementsByFunction();
    return FUNCTION_NAMES.filter((fn) =>
      byFunction[fn].some((s) => s.Effect === 'Allow' && actionsOf([s]).includes(action) && resourcesOf(s).some(onResource)),
    ).sort();
  };

  /** The function's own Lambda resource. */
  const functionOf = (fn: FunctionName) => resources[synth.logicalIdOf(fn)]!;

  /** The run's Standard state machine (`RefundRun`) or its steps' Express one (`RefundSteps`), by construct id: [logical id, resource]. */
  const machineOf = (id: 'RefundRun' | 'RefundSteps'): [string, Resource] => {
    const found = ofType('AWS::StepFunctions::StateMachine').filter(([logicalId]) => logicalId.startsWith(`RefundAgent${id}`));
    if (found.length !== 1) throw new Error(`expected one state machine ${id}, found ${found.length}`);
    return found[0]!;
  };
  return { resources, ofType, idOf, statementsByRole, statementsByFunction, who, roleOf, functionOf, machineOf };
}
