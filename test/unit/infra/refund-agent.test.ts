// The synthesized CloudFormation of one tenant: the shared table schema, the FIFO queue, one function
// per handler, the HTTP routes, the state machine from the ASL file, and least-privilege IAM.
// Environment variables are checked against the config parsers in environment.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '#functions/shared/stores/dynamo/table.js';
import { LAMBDA_BUNDLING, LAMBDA_RUNTIME } from '../../../infra/lib/bundling.js';
import { TenantNotDeployableError } from '../../../infra/lib/errors.js';
import { FUNCTION_NAMES, STATE_FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { VENDED_LOGS_PREFIX } from '../../../infra/lib/refund-agent.js';
import { REPO_ROOT, synthTenant, TEST_TENANT } from './synth.js';
import { actionsOf, readTemplate, resolveTokens, type Resource, type Statement } from './template.js';

let synth: ReturnType<typeof synthTenant>;
let resources: Record<string, Resource>;
let ofType: (type: string) => [string, Resource][];
let actionsByFunction: () => Record<FunctionName, Statement[]>;
let machineOf: ReturnType<typeof readTemplate>['machineOf'];

beforeAll(() => {
  synth = synthTenant();
  const t = readTemplate(synth);
  ({ resources, ofType, machineOf } = t);
  actionsByFunction = t.statementsByFunction;
});

const keyId = () => ofType('AWS::KMS::Key')[0]![0];

describe('RefundAgent tenant stack', () => {
  it('declares the table with the key schema of functions/shared/stores/dynamo/table.ts, on demand, with PITR, KMS, deletion protection, retained', () => {
    const schema = createTableInput('unused');
    const tables = ofType('AWS::DynamoDB::Table');

    expect(tables).toHaveLength(1);
    const [, table] = tables[0]!;
    const props = table.Properties as Record<string, unknown>;
    expect(props.KeySchema).toEqual(schema.KeySchema);
    expect(props.AttributeDefinitions).toEqual(expect.arrayContaining(schema.AttributeDefinitions));
    expect(props.GlobalSecondaryIndexes).toEqual(schema.GlobalSecondaryIndexes);
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.SSESpecification).toMatchObject({ SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: { 'Fn::GetAtt': [keyId(), 'Arn'] } });
    expect(props.DeletionProtectionEnabled).toBe(true);
    expect(props.TableName).toBeUndefined();
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('queues tickets on a FIFO queue with explicit dedupe ids and a FIFO dead-letter queue after 5 receives', () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues).toHaveLength(2);
    const main = queues.find(([, q]) => q.Properties?.RedrivePolicy)!;
    const dlq = queues.find(([, q]) => !q.Properties?.RedrivePolicy)!;

    expect(main[1].Properties).toMatchObject({ FifoQueue: true, ContentBasedDeduplication: false });
    for (const [id, queue] of queues) {
      expect(queue.Properties, id).toMatchObject({ KmsMasterKeyId: { 'Fn::GetAtt': [keyId(), 'Arn'] } });
      expect(queue.DeletionPolicy, id).toBe('Retain');
    }
    expect(main[1].Properties!.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlq[0], 'Arn'] },
      maxReceiveCount: 5,
    });
    expect(dlq[1].Properties).toMatchObject({ FifoQueue: true });
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: synth.logicalIdOf('run-starter') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('deploys one Node 22 function per handler plus the MCP server, none with a hard-coded name', () => {
    const functions = ofType('AWS::Lambda::Function');

    expect(functions.map(([id]) => id).sort()).toEqual(FUNCTION_NAMES.map((fn) => synth.logicalIdOf(fn)).sort());
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Handler: 'index.handler' });
      expect(fn.Properties!.FunctionName).toBeUndefined();
    }
    // esbuild compiles for the Node the functions run on.
    expect(LAMBDA_BUNDLING.target).toBe(`node${LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, '$1')}`);
    const namedProps = ['QueueName', 'TableName', 'StateMachineName', 'LogGroupName', 'RoleName'];
    for (const [id, resource] of Object.entries(resources)) {
      for (const prop of namedProps) {
        // The state machine's vended log group is named after the stack, itself unique per account and region.
        const vended = ['RefundRun', 'RefundSteps'].map((machine) => `${VENDED_LOGS_PREFIX}states/${synth.stack.stackName}-${machine}`);
        if (prop === 'LogGroupName' && vended.includes(resource.Properties?.[prop] as string)) continue;
        expect(resource.Properties?.[prop], `${id}.${prop}`).toBeUndefined();
      }
    }
  });

  it("routes the HTTP API to webhook intake, approval pages and the operators' API, never to the MCP server", () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey);

    expect(routes.sort()).toEqual(
      [
        'POST /webhooks/zendesk',
        'POST /webhooks/helpscout',
        'POST /webhooks/intercom',
        'POST /webhooks/gorgias',
        'POST /webhooks/freshdesk',
        'POST /webhooks/shopify',
        'GET /approvals/{approvalId}',
        'POST /approvals/{approvalId}',
        'GET /approvals/{approvalId}/attachments/{n}',
        'GET /api/runs',
        'GET /api/runs/{runId}',
        'POST /api/runs/{runId}/cancel',
        'GET /api/dead-letters',
        'GET /api/shadow',
        'POST /api/shadow/{classKey}/promote',
        'POST /api/dead-letters/{messageId}/retry',
        // The operator console and its sign-in.
        'GET /',
        'GET /runs/{runId}',
        'GET /runs/{runId}/attachments/{n}',
        'GET /queues',
        'GET /pictures',
        'GET /reports/eval',
        'GET /queues/approvals/{approvalId}',
        'POST /queues/approvals/{approvalId}',
        'POST /queues/reviews/{runId}',
        'POST /queues/dead-letters/{messageId}/retry',
        'GET /runs/{runId}/cancel',
        'POST /runs/{runId}/cancel',
        'POST /runs/{runId}/rerun',
        'POST /runs/{runId}/hand-back',
        'POST /runs/{runId}/return',
        'GET /auth/login',
        'GET /auth/callback',
        'GET /auth/logout',
      ].sort(),
    );
  });

  it.each([
    ['RefundRun', 'refund-run.asl.json', 'STANDARD'],
    ['RefundSteps', 'refund-steps.asl.json', 'EXPRESS'],
  ] as const)('deploys %s from the ASL file %s itself (%s), each ${XFunctionArn} bound to the function of that state', (id, file, type) => {
    const [, machine] = machineOf(id);
    const props = machine.Properties as { DefinitionString: unknown; DefinitionSubstitutions?: Record<string, unknown>; StateMachineType: string };
    let deployed = resolveTokens(props.DefinitionString);
    for (const [key, value] of Object.entries(props.DefinitionSubstitutions ?? {})) {
      deployed = deployed.split(`\${${key}}`).join(resolveTokens(value));
    }

    let expected = readFileSync(join(REPO_ROOT, 'state-machine', file), 'utf8');
    for (const [state, fn] of Object.entries(STATE_FUNCTIONS)) {
      expected = expected.split(`\${${state}FunctionArn}`).join(synth.logicalIdOf(fn));
    }
    expected = expected.split('${RefundStepsStateMachineArn}').join(machineOf('RefundSteps')[0]);
    expect(expected).not.toContain('${');
    expect(JSON.parse(deployed)).toEqual(JSON.parse(expected));
    expect(props.StateMachineType).toBe(type);
  });

  it('lets each state machine invoke exactly the step functions its definition names, and the run start and follow only its steps', () => {
    const statementsOf = (id: 'RefundRun' | 'RefundSteps'): Statement[] => {
      const roleId = resolveTokens((machineOf(id)[1].Properties as { RoleArn: unknown }).RoleArn);
      return ofType('AWS::IAM::Policy')
        .filter(([, p]) => (p.Properties as { Roles: unknown[] }).Roles.map(resolveTokens).includes(roleId))
        .flatMap(([, p]) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
    };
    const invokedBy = (id: 'RefundRun' | 'RefundSteps') =>
      [
        ...new Set(
          statementsOf(id)
            .filter((s) => actionsOf([s]).includes('lambda:InvokeFunction'))
            .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map(resolveTokens))
            .map((arn) => arn.replace(/:\*$/, '')), // the function and its versions
        ),
      ].sort();
    const ids = (...fns: FunctionName[]) => fns.map((fn) => synth.logicalIdOf(fn)).sort();

    expect(invokedBy('RefundRun')).toEqual(ids('request-approval', 'await-return', 'escalate'));
    expect(invokedBy('RefundSteps')).toEqual(ids('triage', 'propose-refund', 'shadow', 'refund', 'process-return', 'draft-reply', 'check-reply', 'escalate'));
    expect(new Set([...invokedBy('RefundRun'), ...invokedBy('RefundSteps')])).toEqual(new Set(ids(...new Set(Object.values(STATE_FUNCTIONS)))));
    // startExecution.sync:2 on the steps' machine only: start it, follow and stop its executions, through Step Functions' managed rule.
    const run = statementsOf('RefundRun');
    const steps = machineOf('RefundSteps')[0];
    expect(run.find((s) => actionsOf([s]).includes('states:StartExecution'))?.Resource).toEqual({ Ref: steps });
    expect(resolveTokens(run.find((s) => actionsOf([s]).includes('states:DescribeExecution'))?.Resource)).toContain(`execution:${steps}:*`);
    expect(resolveTokens(run.find((s) => actionsOf([s]).includes('events:PutRule'))?.Resource)).toMatch(
      /:rule\/StepFunctionsGetEventsForStepFunctionsExecutionRule$/,
    );
    expect(statementsOf('RefundSteps').some((s) => actionsOf([s]).some((a) => a.startsWith('states:') || a.startsWith('events:')))).toBe(false);
  });

  it('grants task responses only to the approval deciders (the email link, the console) and the store webhook (a returned parcel), on its own state machine', () => {
    const byFunction = actionsByFunction();
    const machineId = machineOf('RefundRun')[0];

    const answering = FUNCTION_NAMES.filter((fn) => actionsOf(byFunction[fn]).includes('states:SendTaskSuccess'));
    expect(answering).toEqual(['store-webhook', 'approval-callback', 'console']);
    for (const fn of answering) {
      const statement = byFunction[fn].find((s) => actionsOf([s]).includes('states:SendTaskSuccess'))!;
      expect(actionsOf([statement]).sort()).toEqual(['states:SendTaskFailure', 'states:SendTaskSuccess']);
      expect(statement.Resource).toEqual({ Ref: machineId });
    }
  });

  it('gives each function only the access its job needs', () => {
    const byFunction = actionsByFunction();
    const who = (action: string) => FUNCTION_NAMES.filter((fn) => actionsOf(byFunction[fn]).includes(action)).sort();
    const steps = [...new Set(Object.values(STATE_FUNCTIONS))].sort();

    // webhook-ingest writes the replay window's rows only (row-access.ts).
    const writers = [
      'approval-callback',
      'cancel-run',
      'console',
      'run-starter',
      'shadow-api',
      'stalled-runs',
      'store-webhook',
      'webhook-ingest',
      ...steps,
    ].sort();

    expect(who('states:StartExecution')).toEqual(['console', 'run-starter']);
    expect(who('states:StopExecution')).toEqual(['cancel-run', 'console', 'run-starter', 'stalled-runs']);
    // A dead letter retried goes back on the ticket queue (the dead-letters API and the console), then leaves the DLQ;
    // Triage asks the run starter, through the queue, for the runs of a ticket's other requests.
    expect(who('sqs:SendMessage')).toEqual(['console', 'dead-letters', 'run-starter', 'triage', 'webhook-ingest']);
    expect(who('sqs:ReceiveMessage')).toEqual(['console', 'dead-letters', 'run-starter']);
    expect(who('sqs:DeleteMessage')).toEqual(['console', 'dead-letters', 'run-starter']);
    expect(who('ses:SendEmail')).toEqual(['request-approval']);
    // Only the tool-calling steps, only the MCP server, only through its function URL (mcp-access.test.ts).
    // cancel-run and run-starter post the note that ends a cancelled run's waiting note (#22);
    // approval-callback reads the order when an approval page is opened (get_order only, #22).
    expect(who('lambda:InvokeFunction')).toEqual([
      'approval-callback',
      'cancel-run',
      'check-reply',
      'console',
      'escalate',
      'process-return',
      'propose-refund',
      'refund',
      'request-approval',
      'run-starter',
      'shadow',
      'stalled-runs',
    ]);
    expect(who('dynamodb:PutItem')).toEqual(writers);
    // webhook-ingest reads its replay window's rows by key only (narrowReads): no Query.
    expect(who('dynamodb:Query')).toEqual([...writers, 'runs-api'].filter((fn) => fn !== 'webhook-ingest').sort());
    for (const fn of ['mcp', 'dead-letters', 'console-authorizer'] as const) {
      expect(
        actionsOf(byFunction[fn]).some((a) => a.startsWith('dynamodb:')),
        fn,
      ).toBe(false);
    }
  });

  it('refuses a tenant file whose settings the deployed functions would silently ignore', () => {
    expect(() => synthTenant({ ...TEST_TENANT, helpdesk: { kind: 'intercom', baseUrl: 'https://acme.intercom.com' } })).toThrow(TenantNotDeployableError);
    expect(() => synthTenant({ ...TEST_TENANT, caps: { ...TEST_TENANT.caps, runCostMicros: 100_000 } })).toThrow(TenantNotDeployableError);
  });

  it('deploys a Gorgias tenant: the run starter and the MCP server are told which helpdesk API to call', () => {
    const { template, logicalIdOf } = synthTenant({ ...TEST_TENANT, helpdesk: { kind: 'gorgias', baseUrl: 'https://acme.gorgias.com' } });
    const envOf = (fn: string) => template.toJSON().Resources[logicalIdOf(fn as never)].Properties.Environment.Variables as Record<string, unknown>;
    expect(envOf('run-starter').HELPDESK_KIND).toBe('gorgias');
    expect(envOf('mcp').HELPDESK_KIND).toBe('gorgias');
    expect(envOf('triage').HELPDESK_KIND).toBeUndefined();
  });

  it("hands the tenant's model choices to the model-calling steps only", () => {
    const { template, logicalIdOf } = synthTenant({ ...TEST_TENANT, models: { triage: 'claude-sonnet-5' } });
    const envOf = (fn: string) => template.toJSON().Resources[logicalIdOf(fn as never)].Properties.Environment.Variables as Record<string, unknown>;
    expect(JSON.parse(envOf('triage').MODEL_CHOICES as string)).toEqual({ triage: 'claude-sonnet-5' });
    expect(envOf('refund').MODEL_CHOICES).toBeUndefined();
  });
});
