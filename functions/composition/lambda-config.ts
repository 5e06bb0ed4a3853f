// Lambda configuration, parsed once from the environment at cold start (the only place it is read).
import * as z from 'zod';
import { jsonOf } from '#shared/env-json.js';
import { HELPDESK_CONNECTORS } from '#shared/helpdesk/index.js';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import { PolicyRemedies } from '#harness/policy/document.js';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean),
);

export const LambdaConfig = z.object({
  TENANT: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  QUEUE_URL: z.string().url().optional(),
  STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** The MCP server's function URL (AuthType AWS_IAM): requests are signed with this function's role. */
  MCP_URL: z.string().url().optional(),
  /** Set by the Lambda runtime: the region requests to the MCP server are signed for. */
  AWS_REGION: z.string().min(1).optional(),
  APPROVER_EMAILS: csv.pipe(z.array(z.email())).default([]),
  SENDER_EMAIL: z.email().optional(),
  /** The tenant's SES configuration set: approval emails go through it, so SES counts the tenant's bounces and complaints. */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  ZENDESK_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Per-helpdesk webhook secrets: a helpdesk's route answers 404 until its secret is set. */
  HELPSCOUT_WEBHOOK_SECRET: z.string().min(8).optional(),
  INTERCOM_WEBHOOK_SECRET: z.string().min(8).optional(),
  GORGIAS_WEBHOOK_SECRET: z.string().min(16).optional(),
  FRESHDESK_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Shopify's webhook signing secret (the app's client secret): POST /webhooks/shopify answers 404 until it is set. */
  SHOPIFY_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Signs the per-approver approval links (request-approval signs, approval-callback checks). */
  APPROVAL_LINK_SECRET: z.string().min(16).optional(),
  /** The ticket queue's dead-letter queue and the queue's maxReceiveCount (run-starter, dead-letters API). */
  DEAD_LETTER_QUEUE_URL: z.string().url().optional(),
  MAX_RECEIVE_COUNT: z.coerce.number().int().positive().optional(),
  HELPDESK_BASE_URL: z.string().url().optional(),
  /** Which helpdesk API the run starter asks for requesters (the MCP server reads the same setting). */
  HELPDESK_KIND: z.enum(HELPDESK_CONNECTORS).default('zendesk'),
  HELPDESK_EMAIL: z.string().optional(),
  HELPDESK_TOKEN: z.string().optional(),
  /** The tenant's auto-refund limit (policy override); the default policy applies when absent. */
  AUTO_REFUND_LIMIT_MINOR: z.coerce.number().int().nonnegative().optional(),
  /** The tenant's other remedies (policy switches): {"storeCredit":true,"cancelUnfulfilled":false,"restockLocationId":null}; all off when absent. */
  POLICY_REMEDIES: jsonOf(PolicyRemedies).optional(),
  /** Days run and journal rows are kept before DynamoDB's TTL deletes them (the tenant file's retentionDays; default 400). */
  RETENTION_DAYS: z.coerce.number().int().positive().optional(),
  /** The store's IANA time zone: the policy's days are calendar days there (default UTC). */
  STORE_TIME_ZONE: z.string().min(1).optional(),
  /** The store's <shop>.myshopify.com domain: approval emails link the order in Shopify admin. */
  SHOPIFY_STORE_DOMAIN: z.string().min(1).optional(),
  /** The store's name in approval emails' subjects (default: the tenant name). */
  STORE_NAME: z.string().min(1).max(100).optional(),
  /** The store's BCP 47 locale for money in approval emails, e.g. en-US, de-DE (default en-US). */
  STORE_LOCALE: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 locale such as en-US')
    .optional(),
  /** The tenant's modes per ticket class (shadow, assist, auto) as JSON, the tenant file's `mode`; absent: auto. */
  AGENT_MODE: jsonOf(AgentModeConfig).optional(),
  /** The operator console's user pool (its ID tokens' issuer), app client and hosted sign-in (console, console-authorizer). */
  COGNITO_ISSUER: z.string().url().optional(),
  COGNITO_CLIENT_ID: z.string().min(1).optional(),
  COGNITO_DOMAIN_URL: z.string().url().optional(),
  /** Signs the operator console's form (CSRF) tokens. */
  CONSOLE_CSRF_SECRET: z.string().min(16).optional(),
  /** A deployed runs console: approval emails link <CONSOLE_BASE_URL>/runs/<runId> (none: no link). */
  CONSOLE_BASE_URL: z.string().url().optional(),
  /**
   * Where customers send a return the store made no label for, as the reply gives it. CDK hands the
   * variable to the reply steps whether or not the tenant file has one: empty is none (the draft asks the team).
   */
  RETURN_ADDRESS: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((s) => s || undefined),
  /** How long banks take to show a refund, in the tenant's words (the answer to "where is my refund?"); empty: the default wording. */
  BANK_TIMES: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((s) => s || undefined),
});
export type LambdaConfig = z.infer<typeof LambdaConfig>;

/** Reads a setting a handler needs; a missing one fails loudly at the first use, not silently. */
export function required<K extends keyof LambdaConfig>(config: LambdaConfig, key: K): NonNullable<LambdaConfig[K]> {
  const value = config[key];
  if (value === undefined || value === null) throw new Error(`missing configuration ${String(key)}`);
  return value as NonNullable<LambdaConfig[K]>;
}
