// RefundAgent: the whole product for one tenant as one construct. Stateful resources (RefundAgentState),
// one NodejsFunction per handler (FUNCTIONS table), the run state machine from the same ASL file the
// local runner executes, and the HTTP API. Permissions come from each function's `access` entry.
// Composed by tenant-stack.ts.
import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { InfraConfigError } from './errors.js';
import {
  constructIdOf,
  FUNCTION_NAMES,
  FUNCTIONS,
  MCP_PATH,
  STATE_FUNCTIONS,
  substitutionKey,
  type FunctionName,
  type SecretField,
} from './functions.js';
import { createHttpApi } from './http-api.js';
import type { SourceLayout } from './source-layout.js';
import { RefundAgentState } from './stateful.js';
import type { TenantConfig } from './tenant-config.js';

export type RefundAgentProps = {
  config: TenantConfig;
  source: SourceLayout;
};

// esbuild's ESM output has no `require`; some dependencies still call it for Node built-ins.
const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

export class RefundAgent extends Construct {
  readonly state: RefundAgentState;
  readonly functions: Record<FunctionName, NodejsFunction>;
  readonly stateMachine: StateMachine;
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: RefundAgentProps) {
    super(scope, id);
    const { config, source } = props;

    this.state = new RefundAgentState(this, 'State', {
      queueVisibilityTimeout: Duration.seconds(6 * FUNCTIONS['run-starter'].timeoutSeconds),
    });

    // Names follow functions/shared/lambda-config.ts and mcp-lambda/config.ts. TABLE_NAME goes to every
    // handler because their config requires it; only `access.table` grants any use of the table.
    const common: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      TENANT: config.tenant,
      TABLE_NAME: this.state.table.tableName,
      SHOPIFY_STORE_DOMAIN: config.storeDomain,
      HELPDESK_KIND: config.helpdesk.kind,
      HELPDESK_BASE_URL: config.helpdesk.baseUrl,
      APPROVER_EMAILS: config.approverEmails.join(','),
      SENDER_EMAIL: config.sesSender,
      AUTO_REFUND_LIMIT_MINOR: String(config.autoRefundLimitMinor),
    };
    const functions = {} as Record<FunctionName, NodejsFunction>;
    for (const name of FUNCTION_NAMES) {
      const spec = FUNCTIONS[name];
      const fnId = constructIdOf(name);
      functions[name] = new NodejsFunction(this, fnId, {
        entry: source.entryFor(name),
        projectRoot: source.projectRoot,
        depsLockFilePath: source.lockFile,
        handler: 'handler',
        runtime: Runtime.NODEJS_20_X,
        architecture: Architecture.ARM_64,
        timeout: Duration.seconds(spec.timeoutSeconds),
        memorySize: spec.memoryMb,
        environment: { ...common },
        logGroup: new LogGroup(this, `${fnId}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        bundling: {
          forceDockerBundling: false,
          format: OutputFormat.ESM,
          minify: true,
          sourceMap: true,
          target: 'node20',
          mainFields: ['module', 'main'],
          banner: ESM_REQUIRE_BANNER,
        },
      });
    }
    this.functions = functions;

    this.stateMachine = this.createStateMachine(source.definitionFile);
    this.api = createHttpApi(this, 'Api', functions);
    for (const name of FUNCTION_NAMES) this.grantAccess(name, config);
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

  private grantAccess(name: FunctionName, config: TenantConfig): void {
    const fn = this.functions[name];
    const access = FUNCTIONS[name].access;
    const { table, queue } = this.state;
    const secretFields = new Set<SecretField>(access.secrets ?? []);

    if (access.table) {
      if (access.table === 'read') table.grantReadData(fn);
      else table.grantReadWriteData(fn);
    }
    if (access.sendToQueue) {
      fn.addEnvironment('QUEUE_URL', queue.queueUrl);
      queue.grantSendMessages(fn);
    }
    if (access.consumeQueue) {
      fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
    }
    if (access.startExecution) {
      fn.addEnvironment('STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
      this.stateMachine.grantStartExecution(fn);
    }
    if (access.answerTasks) {
      this.stateMachine.grant(fn, 'states:SendTaskSuccess', 'states:SendTaskFailure');
    }
    if (access.mcpClient) {
      fn.addEnvironment('MCP_URL', `${this.api.apiEndpoint}${MCP_PATH}`);
      secretFields.add('MCP_CALLER_TOKEN');
    }
    if (access.publicUrl) {
      fn.addEnvironment('PUBLIC_BASE_URL', this.api.apiEndpoint);
    }
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
    // CloudFormation dynamic references: resolved at deploy time, never written into the template.
    for (const field of secretFields) {
      const value = SecretValue.secretsManager(this.state.connectorSecret.secretArn, { jsonField: field });
      fn.addEnvironment(field, value.unsafeUnwrap());
    }
  }
}
