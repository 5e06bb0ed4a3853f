// RefundAgent: the whole product for one tenant as one construct. Stateful resources (RefundAgentState),
// one NodejsFunction per entry of the FUNCTIONS table (built as bundling.ts says), the run state machine
// from the same ASL file the local runner executes, the HTTP API, the MCP server's IAM-only function
// URL, and the alarms and dashboard. Each
// function's `access` entry gives its IAM grants here (access.ts) and its environment (environment.ts).
// Composed by tenant-stack.ts.
import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Architecture, FunctionUrlAuthType, Tracing, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Construct } from 'constructs';
import { grantAccess } from './access.js';
import { functionRole } from './function-role.js';
import { LAMBDA_BUNDLING, LAMBDA_RUNTIME } from './bundling.js';
import { RefundAgentEmail } from './email.js';
import { environmentOf, type Setting } from './environment.js';
import { InfraConfigError, TenantNotDeployableError } from './errors.js';
import { constructIdOf, FUNCTION_NAMES, FUNCTIONS, MCP_CLIENTS, MCP_PATH, STATE_FUNCTIONS, substitutionKey, type FunctionName } from './functions.js';
import { RefundAgentApi } from './http-api.js';
import { ConsoleAuth } from './console-auth.js';
import { RefundAgentMonitoring } from './monitoring.js';
import { acknowledgeFindings } from './nag.js';
import { parameterNameOf, SECRET_NAMES, type SecretName } from './secrets.js';
import type { SourceLayout } from './source-layout.js';
import { MAX_RECEIVE_COUNT, RefundAgentState } from './stateful.js';
import { ExecutionSampling } from './tracing.js';
import { grantNestedSyncExecution } from './nested-execution.js';
import { autoRefundLimitOf, customerManagedKeyOf, remediesOf, storeTimeZoneOf, undeployableSettings, type TenantConfig } from './tenant-config.js';

export type RefundAgentProps = {
  config: TenantConfig;
  source: SourceLayout;
};

/** Log groups AWS services deliver to without the account's log resource policy (Step Functions). */
export const VENDED_LOGS_PREFIX = '/aws/vendedlogs/';

/** How long function, state-machine and access logs are kept. */
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

export class RefundAgent extends Construct {
  readonly state: RefundAgentState;
  readonly functions: Record<FunctionName, NodejsFunction>;
  /** The run's Standard state machine (executions named by run id); it starts `stepsMachine`'s Express executions. */
  readonly stateMachine: StateMachine;
  /** The Express state machine of the run's steps (state-machine/refund-steps.asl.json). */
  readonly stepsMachine: StateMachine;
  /** The step functions each state machine invokes (the `${XFunctionArn}` its definition names). */
  readonly invokedBy = new Map<StateMachine, ReadonlySet<FunctionName>>();
  readonly http: RefundAgentApi;
  /** The MCP server's only door: SigV4-signed requests of the mcpClient functions' roles. */
  readonly mcpUrl: FunctionUrl;
  readonly monitoring: RefundAgentMonitoring;
  /** The SES configuration set approval emails go through. */
  readonly email: RefundAgentEmail;
  /** The operator console's sign-in: user pool, role groups, hosted UI domain, app client. */
  readonly consoleAuth: ConsoleAuth;

  constructor(scope: Construct, id: string, props: RefundAgentProps) {
    super(scope, id);
    const { config, source } = props;
    const problems = undeployableSettings(config);
    if (problems.length > 0) throw new TenantNotDeployableError(config.tenant, problems);

    this.state = new RefundAgentState(this, 'State', {
      queueVisibilityTimeout: Duration.seconds(6 * FUNCTIONS['run-starter'].timeoutSeconds),
      customerManagedKey: customerManagedKeyOf(config),
    });

    const functions = this.createFunctions(config, source);
    this.functions = functions;

    // No API route reaches the MCP server. Lambda checks each request's SigV4 signature and the
    // signer's right to invoke (granted to the mcpClient functions only, access.ts) before the
    // server sees it; the server then maps the signing role to its tool permissions.
    this.mcpUrl = functions.mcp.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    [this.stateMachine, this.stepsMachine] = this.createStateMachines(source);
    if (config.dedicatedAccount) new ExecutionSampling(this, 'Tracing', { tenant: config.tenant });
    this.http = new RefundAgentApi(this, 'Http', {
      functions,
      webhookThrottle: { rateLimit: config.caps.webhookRatePerSecond, burstLimit: config.caps.webhookBurst },
      logRetention: LOG_RETENTION,
      // The console session's ID token, checked before any console page or action runs; cached per cookie for a minute.
      consoleAuthorizer: new HttpLambdaAuthorizer('ConsoleSignIn', functions['console-authorizer'], {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: ['$request.header.Cookie'],
        resultsCacheTtl: Duration.minutes(1),
      }),
    });
    this.consoleAuth = new ConsoleAuth(this, 'ConsoleUsers', { tenant: config.tenant, console: config.console, baseUrl: this.http.url });
    this.email = new RefundAgentEmail(this, 'Email', { tenant: config.tenant });
    this.setEnvironment(config);
    for (const name of FUNCTION_NAMES) {
      grantAccess({ name, fn: functions[name], config, state: this.state, stateMachine: this.stateMachine, mcpUrl: this.mcpUrl });
      // Mail goes through the tenant's configuration set (its bounce and complaint counts), which SES authorizes too.
      if (FUNCTIONS[name].access.sendEmail) this.email.grantSendThrough(functions[name]);
    }
    this.monitoring = this.createMonitoring(config);
    acknowledgeFindings(this);
  }

  /** One function per FUNCTIONS entry, with its own role and log group, and its schedule when it has one. */
  private createFunctions(config: TenantConfig, source: SourceLayout): Record<FunctionName, NodejsFunction> {
    const functions = {} as Record<FunctionName, NodejsFunction>;
    for (const name of FUNCTION_NAMES) {
      const spec = FUNCTIONS[name];
      const fnId = constructIdOf(name);
      const logGroup = new LogGroup(this, `${fnId}Logs`, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
      functions[name] = new NodejsFunction(this, fnId, {
        role: functionRole(this, fnId, logGroup),
        entry: source.entryFor(name),
        projectRoot: source.projectRoot,
        depsLockFilePath: source.lockFile,
        handler: 'handler',
        runtime: LAMBDA_RUNTIME,
        architecture: Architecture.ARM_64,
        timeout: Duration.seconds(spec.timeoutSeconds),
        memorySize: spec.memoryMb,
        // Traced when the execution that invoked it was sampled (tracing.ts), never on its own.
        tracing: Tracing.PASS_THROUGH,
        // The tenant's share of the account's concurrency, reserved and capped (absent: the shared pool).
        ...(config.reservedConcurrency === undefined ? {} : { reservedConcurrentExecutions: config.reservedConcurrency }),
        logGroup,
        bundling: { ...LAMBDA_BUNDLING },
      });
      if (spec.scheduleMinutes !== undefined) {
        new Rule(this, `${fnId}Schedule`, {
          description: `refund-agent: runs ${name} every ${spec.scheduleMinutes} minutes`,
          schedule: Schedule.rate(Duration.minutes(spec.scheduleMinutes)),
          targets: [new LambdaFunction(functions[name], { retryAttempts: 0 })],
        });
      }
    }
    return functions;
  }

  /** The tenant's alarms (product, rates, AWS and service) and its dashboard when asked for. */
  private createMonitoring(config: TenantConfig): RefundAgentMonitoring {
    return new RefundAgentMonitoring(this, 'Monitoring', {
      tenant: config.tenant,
      alarmEmails: config.alarmEmails,
      alarms: config.alarms,
      deadLetterQueue: this.state.deadLetterQueue,
      stateMachine: this.stateMachine,
      key: this.state.key,
      dashboard: config.dashboard,
      service: {
        functions: this.functions,
        api: this.http.api,
        queue: this.state.queue,
        email: this.email,
        sweepEveryMinutes: FUNCTIONS['stalled-runs'].scheduleMinutes ?? 5,
        dedicatedAccount: config.dedicatedAccount,
      },
    });
  }

  /** Environment per function from environment.ts: settings by value, secrets by parameter name. */
  private setEnvironment(config: TenantConfig): void {
    const settings: Record<Setting, string> = {
      TENANT: config.tenant,
      TABLE_NAME: this.state.table.tableName,
      QUEUE_URL: this.state.queue.queueUrl,
      DEAD_LETTER_QUEUE_URL: this.state.deadLetterQueue.queueUrl,
      MAX_RECEIVE_COUNT: String(MAX_RECEIVE_COUNT),
      STATE_MACHINE_ARN: this.stateMachine.stateMachineArn,
      MCP_URL: `${this.mcpUrl.url}${MCP_PATH}`,
      // caller → its execution role's ARN: how the MCP server knows which function signed a request.
      MCP_CALLER_ROLES: Stack.of(this).toJsonString(Object.fromEntries(MCP_CLIENTS.map((name) => [name, this.functions[name].role!.roleArn]))),
      PUBLIC_BASE_URL: this.http.url,
      CONSOLE_BASE_URL: this.http.url,
      APPROVER_EMAILS: config.approverEmails.join(','),
      SENDER_EMAIL: config.sesSender,
      HELPDESK_BASE_URL: config.helpdesk.baseUrl,
      HELPDESK_KIND: config.helpdesk.kind,
      SHOPIFY_STORE_DOMAIN: config.storeDomain,
      AUTO_REFUND_LIMIT_MINOR: String(autoRefundLimitOf(config)),
      POLICY_REMEDIES: JSON.stringify(remediesOf(config)),
      STORE_TIME_ZONE: storeTimeZoneOf(config),
      STORE_NAME: config.storeName ?? config.tenant,
      STORE_LOCALE: config.storeLocale,
      MODEL_CHOICES: JSON.stringify(config.models),
      MODEL_PROVIDER: config.modelProvider,
      AGENT_MODE: JSON.stringify(config.mode),
      RETURN_ADDRESS: config.returnAddress ?? '',
      BANK_TIMES: config.bankTimes ?? '',
      RETENTION_DAYS: String(config.retentionDays),
      SES_CONFIGURATION_SET: this.email.configurationSet.configurationSetName,
      COGNITO_ISSUER: this.consoleAuth.issuer,
      COGNITO_CLIENT_ID: this.consoleAuth.client.userPoolClientId,
      COGNITO_DOMAIN_URL: this.consoleAuth.domainUrl,
    };
    const secretParameters = Object.fromEntries(SECRET_NAMES.map((name) => [name, parameterNameOf(config.tenant, name)])) as Record<SecretName, string>;
    for (const name of FUNCTION_NAMES) {
      const env = environmentOf(name, FUNCTIONS[name], { settings, secretParameters, logLevel: 'INFO' });
      for (const [key, value] of Object.entries(env)) this.functions[name].addEnvironment(key, value);
    }
  }

  private createStateMachines(source: SourceLayout): [run: StateMachine, steps: StateMachine] {
    // The steps run in Express executions (billed by duration, not per state), each one a graph in
    // the console; the run's Standard execution, named by its run id, starts them and holds the wait
    // for a lead (state-machine/README in the repository's README).
    const steps = this.stateMachineFrom(source.stepsDefinitionFile, 'RefundSteps', {
      stateMachineType: StateMachineType.EXPRESS,
      // Express keeps no history: its graph in the console is read from these logs. Every event, for
      // the graph, never the data (state input and output carry ticket text and order details).
      level: LogLevel.ALL,
    });
    const run = this.stateMachineFrom(
      source.definitionFile,
      'RefundRun',
      {
        stateMachineType: StateMachineType.STANDARD,
        // Failures only: a Standard execution's every transition is in its history for 90 days (the
        // console's graph, GetExecutionHistory) and the run row keeps its state, so logging each event
        // again would pay twice for "where did run X stop".
        level: LogLevel.ERROR,
      },
      { RefundStepsStateMachineArn: steps.stateMachineArn },
    );
    grantNestedSyncExecution(run, steps);
    return [run, steps];
  }

  /** One state machine from its ASL file; each `${XFunctionArn}` it names becomes that step's function, granted invoke. */
  private stateMachineFrom(
    file: string,
    id: string,
    kind: { stateMachineType: StateMachineType; level: LogLevel },
    machines: Record<string, string> = {},
  ): StateMachine {
    const definition = readFileSync(file, 'utf8');
    const keys = new Set([...definition.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!));
    const substitutions: Record<string, string> = {};
    const invoked = new Set<FunctionName>();
    for (const [state, fn] of Object.entries(STATE_FUNCTIONS)) {
      if (!keys.has(substitutionKey(state))) continue;
      substitutions[substitutionKey(state)] = this.functions[fn].functionArn;
      invoked.add(fn);
    }
    for (const [key, arn] of Object.entries(machines)) if (keys.has(key)) substitutions[key] = arn;
    const unmapped = [...keys].filter((key) => !(key in substitutions));
    if (unmapped.length > 0) throw new InfraConfigError(`No function for ASL substitution(s): ${unmapped.join(', ')}`);

    const stateMachine = new StateMachine(this, id, {
      stateMachineType: kind.stateMachineType,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: substitutions,
      tracingEnabled: true,
      logs: {
        destination: new LogGroup(this, `${id}Logs`, {
          // Under /aws/vendedlogs/: Step Functions' log delivery then needs no entry in the account's
          // CloudWatch Logs resource policy, whose 5,120 characters would run out after a few dozen
          // tenants in one account. The stack name makes it unique in the account and region.
          logGroupName: `${VENDED_LOGS_PREFIX}states/${Stack.of(this).stackName}-${id}`,
          retention: LOG_RETENTION,
          removalPolicy: RemovalPolicy.DESTROY,
        }),
        level: kind.level,
        includeExecutionData: false,
      },
    });
    // The definition is a string, so CDK cannot infer invoke permissions: grant each step's function it names.
    for (const fn of invoked) this.functions[fn].grantInvoke(stateMachine);
    this.invokedBy.set(stateMachine, invoked);
    return stateMachine;
  }
}
