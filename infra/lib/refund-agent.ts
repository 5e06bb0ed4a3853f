// RefundAgent: the whole product for one tenant as one construct. Stateful resources (RefundAgentState),
// one NodejsFunction per handler (FUNCTIONS table, built as bundling.ts says), the run state machine
// from the same ASL file the local runner executes, and the HTTP API. Each function's `access` entry
// gives its IAM grants here and its environment through environment.ts. Composed by tenant-stack.ts.
import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { LAMBDA_BUNDLING, LAMBDA_RUNTIME } from './bundling.js';
import { environmentOf, type Setting } from './environment.js';
import { InfraConfigError, TenantNotDeployableError } from './errors.js';
import { constructIdOf, FUNCTION_NAMES, FUNCTIONS, MCP_PATH, STATE_FUNCTIONS, substitutionKey, type FunctionName } from './functions.js';
import { createHttpApi } from './http-api.js';
import type { SourceLayout } from './source-layout.js';
import { RefundAgentState } from './stateful.js';
import { undeployableSettings, type TenantConfig } from './tenant-config.js';

export type RefundAgentProps = {
  config: TenantConfig;
  source: SourceLayout;
};

export class RefundAgent extends Construct {
  readonly state: RefundAgentState;
  readonly functions: Record<FunctionName, NodejsFunction>;
  readonly stateMachine: StateMachine;
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: RefundAgentProps) {
    super(scope, id);
    const { config, source } = props;
    const problems = undeployableSettings(config);
    if (problems.length > 0) throw new TenantNotDeployableError(config.tenant, problems);

    this.state = new RefundAgentState(this, 'State', {
      queueVisibilityTimeout: Duration.seconds(6 * FUNCTIONS['run-starter'].timeoutSeconds),
    });

    const functions = {} as Record<FunctionName, NodejsFunction>;
    for (const name of FUNCTION_NAMES) {
      const spec = FUNCTIONS[name];
      const fnId = constructIdOf(name);
      functions[name] = new NodejsFunction(this, fnId, {
        entry: source.entryFor(name),
        projectRoot: source.projectRoot,
        depsLockFilePath: source.lockFile,
        handler: 'handler',
        runtime: LAMBDA_RUNTIME,
        architecture: Architecture.ARM_64,
        timeout: Duration.seconds(spec.timeoutSeconds),
        memorySize: spec.memoryMb,
        environment: { NODE_OPTIONS: '--enable-source-maps' },
        logGroup: new LogGroup(this, `${fnId}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        bundling: { ...LAMBDA_BUNDLING },
      });
    }
    this.functions = functions;
    // The project runs on Node 20 (package.json engines); moving on is a one-line change of
    // LAMBDA_RUNTIME in bundling.ts, to be made with the rest of the toolchain.
    Validations.of(this).acknowledge({
      id: 'CloudFormation-Validate::W2531',
      reason: 'nodejs20.x is the project runtime until the toolchain moves; Lambda stops creating it on 2027-02-01',
    });

    this.stateMachine = this.createStateMachine(source.definitionFile);
    this.api = createHttpApi(this, 'Api', functions);
    this.setEnvironment(config);
    for (const name of FUNCTION_NAMES) this.grantAccess(name, config);
  }

  /** Environment per function from environment.ts; secrets as CloudFormation dynamic references. */
  private setEnvironment(config: TenantConfig): void {
    const settings: Record<Setting, string> = {
      TENANT: config.tenant,
      TABLE_NAME: this.state.table.tableName,
      QUEUE_URL: this.state.queue.queueUrl,
      STATE_MACHINE_ARN: this.stateMachine.stateMachineArn,
      MCP_URL: `${this.api.apiEndpoint}${MCP_PATH}`,
      PUBLIC_BASE_URL: this.api.apiEndpoint,
      APPROVER_EMAILS: config.approverEmails.join(','),
      SENDER_EMAIL: config.sesSender,
      HELPDESK_BASE_URL: config.helpdesk.baseUrl,
      SHOPIFY_STORE_DOMAIN: config.storeDomain,
      AUTO_REFUND_LIMIT_MINOR: String(config.autoRefundLimitMinor),
    };
    const secretArn = this.state.connectorSecret.secretArn;
    const secret = (field: string) => SecretValue.secretsManager(secretArn, { jsonField: field }).unsafeUnwrap();
    for (const name of FUNCTION_NAMES) {
      for (const [key, value] of Object.entries(environmentOf(FUNCTIONS[name], settings, secret))) {
        this.functions[name].addEnvironment(key, value);
      }
    }
  }

  private createStateMachine(definitionFile: string): StateMachine {
    const definition = readFileSync(definitionFile, 'utf8');
    const substitutions: Record<string, string> = {};
    for (const [state, fn] of Object.entries(STATE_FUNCTIONS)) {
      substitutions[substitutionKey(state)] = this.functions[fn].functionArn;
    }
    const unmapped = [...definition.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]).filter((key) => !(key! in substitutions));
    if (unmapped.length > 0) throw new InfraConfigError(`No function for ASL substitution(s): ${unmapped.join(', ')}`);

    const stateMachine = new StateMachine(this, 'RefundRun', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: substitutions,
      logs: {
        destination: new LogGroup(this, 'RefundRunLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        level: LogLevel.ERROR,
        // Execution data carries ticket text and customer details.
        includeExecutionData: false,
      },
    });
    // The definition is a string, so CDK cannot infer invoke permissions: grant each step's function.
    for (const fn of Object.values(STATE_FUNCTIONS)) this.functions[fn].grantInvoke(stateMachine);
    return stateMachine;
  }

  /** IAM grants and event sources per function, from its `access` entry. */
  private grantAccess(name: FunctionName, config: TenantConfig): void {
    const fn = this.functions[name];
    const access = FUNCTIONS[name].access;
    const { table, queue } = this.state;

    if (access.table === 'read') table.grantReadData(fn);
    if (access.table === 'readWrite') table.grantReadWriteData(fn);
    if (access.sendToQueue) queue.grantSendMessages(fn);
    if (access.consumeQueue) fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
    if (access.startExecution) this.stateMachine.grantStartExecution(fn);
    if (access.answerTasks) this.stateMachine.grant(fn, 'states:SendTaskSuccess', 'states:SendTaskFailure');
    if (access.sendEmail) {
      const stack = Stack.of(this);
      const senderDomain = config.sesSender.split('@')[1] ?? config.sesSender;
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [config.sesSender, senderDomain].map((identity) =>
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
          ),
        }),
      );
    }
  }
}
