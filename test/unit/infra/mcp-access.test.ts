// Who can reach the MCP server, read from the synthesized template: no API route leads to it; its
// only door is a function URL with AuthType AWS_IAM, which only the tool-calling functions' roles
// may invoke (and only through the URL, never by a direct invoke that could forge the URL's IAM
// context); the server knows each of them by its role, and the functions are exactly the callers
// of its permission table. No shared caller secret remains.
import { beforeAll, describe, expect, it } from 'vitest';
import { mcpCallerOfStep } from '#harness/adapters/mcp/index.js';
import { StepName } from '#harness/domain/types.js';
import { MCP_CALLERS } from '#mcp/server/permissions.js';
import { FUNCTION_NAMES, MCP_CLIENTS, ROUTES, STATE_FUNCTIONS } from '../../../infra/lib/functions.js';
import { SECRET_FIELDS } from '../../../infra/lib/secrets.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant } from './synth.js';
import { actionsOf, readTemplate, resourcesOf, type Statement } from './template.js';

let synth: ReturnType<typeof synthTenant>;
let t: ReturnType<typeof readTemplate>;
let mcpId: string;

beforeAll(() => {
  synth = synthTenant();
  t = readTemplate(synth);
  mcpId = synth.logicalIdOf('mcp');
});

const TOOL_CALLERS = [
  // Reads the order (get_order only) when an approval page is opened and decided (#22).
  'approval-callback',
  'cancel-run',
  'check-reply',
  'console',
  'escalate',
  // Refunds what came back of a return; closes or cancels it.
  'process-return',
  'propose-refund',
  'refund',
  'request-approval',
  'run-starter',
  'shadow',
  'stalled-runs',
];

describe('MCP server access', () => {
  it('has no API Gateway route: nothing on the public API reaches the MCP function', () => {
    const routeKeys = t.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey as string);
    expect(routeKeys.filter((key) => key.includes('/mcp'))).toEqual([]);
    expect(ROUTES.filter((route) => route.fn === 'mcp')).toEqual([]);
    const integrations = t.ofType('AWS::ApiGatewayV2::Integration').map(([, r]) => JSON.stringify(r.Properties!.IntegrationUri));
    expect(integrations.filter((uri) => uri.includes(mcpId))).toEqual([]);
    // API Gateway may not invoke it either.
    const permissions = t.ofType('AWS::Lambda::Permission').map(([, p]) => p.Properties!);
    expect(
      permissions.filter((p) => JSON.stringify(p.FunctionName).includes(mcpId) && p.Principal !== undefined && String(p.Principal).includes('apigateway')),
    ).toEqual([]);
  });

  it('serves it at one function URL with AuthType AWS_IAM, and grants no one a resource-based permission on it', () => {
    const urls = t.ofType('AWS::Lambda::Url');
    expect(urls).toHaveLength(1);
    expect(urls[0]![1].Properties).toMatchObject({ AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [mcpId, 'Arn'] } });
    expect(urls[0]![1].Properties!.Cors).toBeUndefined();
    const onMcp = t.ofType('AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties!.FunctionName).includes(mcpId));
    expect(onMcp).toEqual([]);
  });

  it('lets only the tool-calling functions invoke it, through the URL only', () => {
    const onMcp = (resource: string) => resource === mcpId;
    expect(t.who('lambda:InvokeFunctionUrl', onMcp)).toEqual(TOOL_CALLERS);
    expect(t.who('lambda:InvokeFunction', onMcp)).toEqual(TOOL_CALLERS);
    expect([...MCP_CLIENTS].sort()).toEqual(TOOL_CALLERS);

    const byFunction = t.statementsByFunction();
    for (const fn of TOOL_CALLERS as Array<(typeof FUNCTION_NAMES)[number]>) {
      const statements = byFunction[fn].filter((s: Statement) => resourcesOf(s).some(onMcp));
      expect(
        statements.map((s) => [actionsOf([s]), s.Condition]),
        fn,
      ).toEqual(
        expect.arrayContaining([
          [['lambda:InvokeFunctionUrl'], { StringEquals: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } }],
          [['lambda:InvokeFunction'], { Bool: { 'lambda:InvokedViaFunctionUrl': true } }],
        ]),
      );
      // Never a direct invoke: it could hand the server a forged IAM context.
      expect(
        statements.every((s) => s.Condition !== undefined),
        fn,
      ).toBe(true);
    }
  });

  it('tells the server each caller by its role, and the callers are exactly those of its permission table', () => {
    const env = createTemplateEvaluator(synth.template.toJSON().Resources);
    const roles = JSON.parse(env.deployedEnvOf(mcpId).MCP_CALLER_ROLES!) as Record<string, string>;
    expect(Object.keys(roles).sort()).toEqual([...MCP_CALLERS].sort());
    expect([...MCP_CALLERS].sort()).toEqual(TOOL_CALLERS);
    for (const fn of TOOL_CALLERS) {
      const role = (t.resources[synth.logicalIdOf(fn as (typeof FUNCTION_NAMES)[number])]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ][0];
      expect(roles[fn], fn).toBe(`arn:aws:iam::123456789012:role/${role}`);
    }
    // The tool-calling functions are given the URL, nothing else about the server.
    for (const fn of TOOL_CALLERS)
      expect(env.deployedEnvOf(synth.logicalIdOf(fn as (typeof FUNCTION_NAMES)[number])).MCP_URL, fn).toMatch(
        /^https:\/\/[a-z0-9]+\.lambda-url\.eu-west-1\.on\.aws\/mcp$/,
      );
  });

  it('names a step the caller its function is deployed as (CheckOrder and the Gate: propose-refund, whose Task runs them)', () => {
    for (const [state, fn] of Object.entries(STATE_FUNCTIONS)) expect(mcpCallerOfStep(StepName.parse(state)), state).toBe(fn);
    expect(mcpCallerOfStep('CheckOrder')).toBe('propose-refund');
  });

  it('keeps no shared MCP caller secret', () => {
    expect(SECRET_FIELDS as readonly string[]).not.toContain('MCP_CALLER_TOKEN');
    expect(JSON.stringify(synth.template.toJSON())).not.toMatch(/MCP_CALLER_TOKEN|McpCallerSecret/);
  });
});
