// The environment each function gets, derived from its FunctionSpec: the variables its edge parser
// requires (functions/shared/lambda-config.ts or mcp-lambda/config.ts) plus those of each access flag,
// and nothing else. Used by refund-agent.ts; test/unit/infra/environment.test.ts holds it to the parsers.
import type { FunctionAccess, FunctionSpec, SecretField } from './functions.js';
import { SECRET_FIELDS } from './functions.js';

/** Plain (non-secret) settings; the construct supplies their values, tokens included. */
export const SETTINGS = [
  'TENANT',
  'TABLE_NAME',
  'QUEUE_URL',
  'STATE_MACHINE_ARN',
  'MCP_URL',
  'PUBLIC_BASE_URL',
  'APPROVER_EMAILS',
  'SENDER_EMAIL',
  'HELPDESK_BASE_URL',
  'SHOPIFY_STORE_DOMAIN',
  'AUTO_REFUND_LIMIT_MINOR',
] as const;
export type Setting = (typeof SETTINGS)[number];
export type EnvName = Setting | SecretField;

/**
 * What every function of a kind gets whatever it does: LambdaConfig requires TENANT and TABLE_NAME,
 * and every handler composes the policy, whose version hash must be the same in all of them.
 */
const BASE: Record<FunctionSpec['config'], EnvName[]> = {
  handler: ['TENANT', 'TABLE_NAME', 'AUTO_REFUND_LIMIT_MINOR'],
  mcp: [],
};

const OF_ACCESS: { [K in keyof FunctionAccess]-?: EnvName[] } = {
  // IAM only: the table name is already in BASE, the queue is an event source.
  table: [],
  consumeQueue: [],
  sendToQueue: ['QUEUE_URL'],
  startExecution: ['STATE_MACHINE_ARN'],
  // lambda-app.ts builds its Step Functions engine with the ARN, also to answer task tokens.
  answerTasks: ['STATE_MACHINE_ARN'],
  mcpClient: ['MCP_URL', 'MCP_CALLER_TOKEN'],
  mcpServer: ['MCP_CALLER_TOKEN'],
  shopifyApi: ['SHOPIFY_STORE_DOMAIN', 'SHOPIFY_ADMIN_TOKEN'],
  helpdeskApi: ['HELPDESK_BASE_URL', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
  verifyWebhooks: ['ZENDESK_WEBHOOK_SECRET'],
  approvers: ['APPROVER_EMAILS'],
  publicUrl: ['PUBLIC_BASE_URL'],
  sendEmail: ['SENDER_EMAIL'],
};

/** The variables a function receives, sorted. */
export function envNamesOf(spec: FunctionSpec): EnvName[] {
  const names = new Set<EnvName>(BASE[spec.config]);
  for (const [flag, on] of Object.entries(spec.access) as [keyof FunctionAccess, unknown][]) {
    if (on) for (const name of OF_ACCESS[flag]) names.add(name);
  }
  return [...names].sort();
}

const isSecret = (name: EnvName): name is SecretField => (SECRET_FIELDS as readonly string[]).includes(name);

/**
 * The environment of one function. `secret` turns a field of the connector secret into a value
 * CloudFormation resolves at deploy time, so no secret is ever written into the template.
 */
export function environmentOf(
  spec: FunctionSpec,
  settings: Record<Setting, string>,
  secret: (field: SecretField) => string,
): Record<string, string> {
  return Object.fromEntries(envNamesOf(spec).map((name) => [name, isSecret(name) ? secret(name) : settings[name]]));
}
