// The Lambda composition root: config parsed once from the environment, AWS clients built once
// per container, then the same createApp() the local runtime uses.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { createMcpToolTransport } from '#harness/adapters/mcp/index.js';
import { parseModelSettings } from '#harness/models/index.js';
import { createPolicy } from '#harness/policy/index.js';
import { createHelpdesk } from '#shared/helpdesk/index.js';
import { randomIds, systemClock } from '#shared/clock.js';
import { stdoutSink } from '#shared/metrics.js';
import { createApp, type App } from '../app.js';
import { operatorFromAuthorizer } from '../console/identity.js';
import { createCoreDeps, helpdeskRequesters } from './core-deps.js';
import { LambdaConfig, required } from './lambda-config.js';
import { createSesMailer } from './aws/ses-mailer.js';
import { createSfnWorkflowEngine } from './aws/sfn-workflow.js';
import { environmentWithSecrets } from './aws/secret-env.js';
import { createSqsTicketQueue } from './queue.js';
import { createSqsDeadLetterQueue } from './dead-letters.js';
import type { WebhookSecrets } from '../webhook-ingest/helpdesks.js';

let app: Promise<App> | null = null;

/** The app for this container, built on first use; a failed build (a secret unreadable) is retried on the next event. */
export function lambdaApp(): Promise<App> {
  app ??= build().catch((error: unknown) => {
    app = null;
    throw error;
  });
  return app;
}

async function build(): Promise<App> {
  const env = await environmentWithSecrets(process.env, () => new SecretsManagerClient({}));
  const config = LambdaConfig.parse(env);
  const clock = systemClock;
  const ids = randomIds;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  // Lazily-required settings: each function gets only the environment it needs (see infra/).
  const lazy = <T>(make: () => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  const helpdesk = lazy(() =>
    createHelpdesk(config.HELPDESK_KIND, {
      baseUrl: required(config, 'HELPDESK_BASE_URL'),
      email: required(config, 'HELPDESK_EMAIL'),
      token: required(config, 'HELPDESK_TOKEN'),
    }),
  );
  // The MCP server's function URL admits SigV4 requests of the tool-calling functions' roles only;
  // this function's role (its Lambda credentials) is who it is there.
  const mcp = lazy(() =>
    createMcpToolTransport({
      url: required(config, 'MCP_URL'),
      credentials: { kind: 'sigv4', region: required(config, 'AWS_REGION'), credentials: defaultProvider() },
      serverId: 'refund-agent-mcp',
    }),
  );
  const core = createCoreDeps({
    doc,
    // EMF lines straight to stdout (unprefixed), where CloudWatch turns them into metrics.
    metricSink: stdoutSink,
    tableName: config.TABLE_NAME,
    ...(config.RETENTION_DAYS === undefined ? {} : { retentionDays: config.RETENTION_DAYS }),
    // The live tool list is what the harness checks its pins against: without it every call fails closed.
    tools: { serverId: 'refund-agent-mcp', call: (name, args, caller) => mcp().call(name, args, caller), listTools: (caller) => mcp().listTools!(caller) },
    // Deployed, the tenant names MODEL_PROVIDER (anthropic needs a key, or the function refuses to start); replay answers from a journal.
    modelSettings: parseModelSettings(env),
    requesters: { emailOf: (id) => helpdeskRequesters(helpdesk()).emailOf(id), requesterOf: (id) => helpdeskRequesters(helpdesk()).requesterOf!(id) },
    clock,
    ids,
    policy: createPolicy({
      ...(config.AUTO_REFUND_LIMIT_MINOR === undefined ? {} : { autoRefundLimitMinor: config.AUTO_REFUND_LIMIT_MINOR }),
      ...(config.STORE_TIME_ZONE === undefined ? {} : { timeZone: config.STORE_TIME_ZONE }),
      ...config.POLICY_REMEDIES,
    }),
  });
  const queue = lazy(() => createSqsTicketQueue({ client: sqs(), queueUrl: required(config, 'QUEUE_URL') }));
  const sqs = lazy(() => new SQSClient({}));
  const deadLetters = lazy(() => createSqsDeadLetterQueue({ client: sqs(), queueUrl: required(config, 'DEAD_LETTER_QUEUE_URL') }));
  const webhookSecrets: WebhookSecrets = {
    zendesk: config.ZENDESK_WEBHOOK_SECRET,
    helpscout: config.HELPSCOUT_WEBHOOK_SECRET,
    intercom: config.INTERCOM_WEBHOOK_SECRET,
    gorgias: config.GORGIAS_WEBHOOK_SECRET,
    freshdesk: config.FRESHDESK_WEBHOOK_SECRET,
  };
  // SES (request-approval only) and Step Functions (four functions): their SDK modules are loaded and
  // their clients built on first use, so the other functions' cold starts never import them.
  const lazyAsync = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () =>
      (value ??= make().catch((error: unknown) => {
        value = undefined;
        throw error;
      }));
  };
  const mailer = lazyAsync(async () =>
    createSesMailer({ client: new (await import('@aws-sdk/client-sesv2')).SESv2Client({}), configurationSet: config.SES_CONFIGURATION_SET }),
  );
  const sfn = lazyAsync(async () =>
    createSfnWorkflowEngine({ client: new (await import('@aws-sdk/client-sfn')).SFNClient({}), stateMachineArn: required(config, 'STATE_MACHINE_ARN') }),
  );
  return createApp({
    ...core.deps,
    tenantName: config.TENANT,
    mailer: { send: async (message) => (await mailer()).send(message) },
    workflow: {
      start: async (input) => (await sfn()).start(input),
      sendTaskSuccess: async (token, output) => (await sfn()).sendTaskSuccess(token, output),
      sendTaskFailure: async (token, error, cause) => (await sfn()).sendTaskFailure(token, error, cause),
      stop: async (name, cause) => (await sfn()).stop(name, cause),
    },
    queue: { send: (message, groupAndDedupe) => queue().send(message, groupAndDedupe) },
    webhookSecrets,
    storeWebhookSecret: config.SHOPIFY_WEBHOOK_SECRET,
    // Optional: without a DLQ URL, poison messages still reach the DLQ through SQS's redrive (no reason).
    ...(config.DEAD_LETTER_QUEUE_URL
      ? { deadLetters: { send: (m) => deadLetters().send(m), list: (max) => deadLetters().list(max) }, maxReceiveCount: config.MAX_RECEIVE_COUNT }
      : {}),
    tenant: {
      approverEmails: config.APPROVER_EMAILS,
      get senderEmail() {
        return required(config, 'SENDER_EMAIL');
      },
      get publicBaseUrl() {
        return required(config, 'PUBLIC_BASE_URL');
      },
      approvalTtlHours: core.deps.policy.document.approvalTtlHours,
      get approvalLinkSecret() {
        return required(config, 'APPROVAL_LINK_SECRET');
      },
      // What the approval email and page show; each is optional and a missing one only drops a link or falls back.
      store: { name: config.STORE_NAME, domain: config.SHOPIFY_STORE_DOMAIN, locale: config.STORE_LOCALE, timeZone: config.STORE_TIME_ZONE },
      ...(config.HELPDESK_BASE_URL ? { helpdesk: { kind: config.HELPDESK_KIND, baseUrl: config.HELPDESK_BASE_URL } } : {}),
      ...(config.CONSOLE_BASE_URL ? { consoleBaseUrl: config.CONSOLE_BASE_URL } : {}),
    },
    ...(config.AGENT_MODE ? { agentMode: config.AGENT_MODE } : {}),
    // The operator console (console function): the person from the sign-in authorizer's context; its
    // CSRF key read on first use (only the console function holds it).
    console: {
      identify: operatorFromAuthorizer,
      get csrfSecret() {
        return required(config, 'CONSOLE_CSRF_SECRET');
      },
      environment: config.AWS_REGION ?? 'aws',
      stateMachineArn: config.STATE_MACHINE_ARN,
    },
    log: (msg, data) => console.log(JSON.stringify({ msg, ...data })),
  });
}
