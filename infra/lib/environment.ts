// The environment each function gets, derived from its FunctionSpec: the variables its edge parser
// requires (functions/composition/lambda-config.ts or mcp-lambda/config.ts) plus those of each access flag,
// the name of each secret parameter it may read (secrets.ts), the Powertools settings, and nothing else.
// test/unit/infra/environment.test.ts holds it to the parsers.
import type { FunctionAccess, FunctionName, FunctionSpec } from './functions.js';
import { nameVariableOf, secretsOf, type SecretName, type SecretNameVariable } from './secrets.js';

/** Plain (non-secret) settings; the construct supplies their values, tokens included. */
export const SETTINGS = [
  'TENANT',
  'TABLE_NAME',
  'QUEUE_URL',
  'DEAD_LETTER_QUEUE_URL',
  'MAX_RECEIVE_COUNT',
  'STATE_MACHINE_ARN',
  'MCP_URL',
  'MCP_CALLER_ROLES',
  'PUBLIC_BASE_URL',
  'CONSOLE_BASE_URL',
  'APPROVER_EMAILS',
  'SENDER_EMAIL',
  'HELPDESK_BASE_URL',
  'HELPDESK_KIND',
  'SHOPIFY_STORE_DOMAIN',
  'AUTO_REFUND_LIMIT_MINOR',
  'POLICY_REMEDIES',
  'STORE_TIME_ZONE',
  'STORE_NAME',
  'STORE_LOCALE',
  'MODEL_CHOICES',
  'MODEL_PROVIDER',
  'AGENT_MODE',
  'RETURN_ADDRESS',
  'BANK_TIMES',
  'RETENTION_DAYS',
  'SES_CONFIGURATION_SET',
  'COGNITO_ISSUER',
  'COGNITO_CLIENT_ID',
  'COGNITO_DOMAIN_URL',
] as const;
export type Setting = (typeof SETTINGS)[number];

/**
 * What every function of a kind gets whatever it does: LambdaConfig requires TENANT and TABLE_NAME,
 * and every handler composes the policy, whose version hash must be the same in all of them.
 */
const BASE: Record<FunctionSpec['config'], Setting[]> = {
  handler: ['TENANT', 'TABLE_NAME', 'AUTO_REFUND_LIMIT_MINOR', 'POLICY_REMEDIES', 'STORE_TIME_ZONE'],
  mcp: [],
};

const OF_ACCESS: { [K in keyof FunctionAccess]-?: Setting[] } = {
  // IAM only: the table name is already in BASE, the queue is an event source.
  table: [],
  narrowReads: [],
  // The consumer dead-letters a message itself on its last receive, so it knows the redrive's count.
  consumeQueue: ['MAX_RECEIVE_COUNT'],
  sendToQueue: ['QUEUE_URL'],
  deadLetters: ['DEAD_LETTER_QUEUE_URL'],
  startExecution: ['STATE_MACHINE_ARN'],
  // lambda-app.ts builds its Step Functions engine with the ARN, also to answer or stop executions.
  answerTasks: ['STATE_MACHINE_ARN'],
  stopExecutions: ['STATE_MACHINE_ARN'],
  mcpClient: ['MCP_URL'],
  // The tenant's named provider and models per specialist (harness/models/settings.ts); the API key is a
  // secret. A function without these calls no model: deployed, a provider is never inferred.
  callsModels: ['MODEL_CHOICES', 'MODEL_PROVIDER'],
  // Each caller's role ARN: the server maps the signing role to its tool permissions.
  mcpServer: ['MCP_CALLER_ROLES'],
  shopifyApi: ['SHOPIFY_STORE_DOMAIN'],
  helpdeskApi: ['HELPDESK_BASE_URL', 'HELPDESK_KIND'],
  verifyWebhooks: [],
  // The approval email and page link the order in Shopify admin and the ticket in the helpdesk.
  // … and the run in the tenant's console, which the same API serves.
  approvers: ['APPROVER_EMAILS', 'SHOPIFY_STORE_DOMAIN', 'HELPDESK_KIND', 'HELPDESK_BASE_URL', 'STORE_NAME', 'STORE_LOCALE', 'CONSOLE_BASE_URL'],
  approvalLinks: [],
  publicUrl: ['PUBLIC_BASE_URL'],
  // The tenant's SES configuration set: its sending counts carry the Tenant dimension (email.ts).
  sendEmail: ['SENDER_EMAIL', 'SES_CONFIGURATION_SET'],
  // The tenant file's `mode` as JSON (functions/composition/lambda-config.ts parses it with functions/shared/domain/shadow.ts).
  agentMode: ['AGENT_MODE'],
  // The tenant file's `returnAddress`, empty when it has none (functions/composition/lambda-config.ts reads empty as none).
  returnAddress: ['RETURN_ADDRESS', 'BANK_TIMES'],
  // The console's user pool (the ID token's issuer), its app client, and the hosted UI for sign-in.
  consoleSignIn: ['COGNITO_ISSUER', 'COGNITO_CLIENT_ID', 'COGNITO_DOMAIN_URL'],
  // The CSRF key is a secret (CONSOLE_PARAMETER).
  consoleForms: [],
};

/**
 * Read by the Powertools logger and tracer (shared/observability.ts), not by a config parser. The
 * metrics' namespace is no variable: the one emitter (shared/metrics.ts) writes metrics.ts's.
 */
export const POWERTOOLS_VARIABLES = ['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_LOG_LEVEL'] as const;
/** For the runtime itself. */
export const RUNTIME_VARIABLES = ['NODE_OPTIONS'] as const;

export type EnvName = Setting | SecretNameVariable;

/** The settings and secret-parameter variables a function receives, sorted. */
export function envNamesOf(spec: FunctionSpec): EnvName[] {
  const names = new Set<EnvName>(BASE[spec.config]);
  for (const [flag, on] of Object.entries(spec.access) as [keyof FunctionAccess, unknown][]) {
    if (on) for (const name of OF_ACCESS[flag]) names.add(name);
  }
  // Writers stamp the run and journal rows they create with the tenant's retention (their TTL).
  if (spec.access.table === 'readWrite') names.add('RETENTION_DAYS');
  for (const secret of secretsOf(spec)) names.add(nameVariableOf(secret));
  return [...names].sort();
}

/** The environment of one function: settings by value, secrets by parameter name only. */
export function environmentOf(
  name: FunctionName,
  spec: FunctionSpec,
  values: { settings: Record<Setting, string>; secretParameters: Record<SecretName, string>; logLevel: string },
): Record<string, string> {
  const env: Record<string, string> = {
    NODE_OPTIONS: '--enable-source-maps',
    POWERTOOLS_SERVICE_NAME: `refund-agent-${name}`,
    POWERTOOLS_LOG_LEVEL: values.logLevel,
  };
  for (const variable of envNamesOf(spec)) {
    const secret = secretNameOf(variable);
    env[variable] = secret ? values.secretParameters[secret] : values.settings[variable as Setting];
  }
  return env;
}

const secretNameOf = (variable: EnvName): SecretName | null =>
  variable.endsWith('_PARAMETER') ? (variable.slice(0, -'_PARAMETER'.length) as SecretName) : null;
