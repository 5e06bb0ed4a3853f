// A tenant's deployment settings (infra/tenants/<name>.json), validated once with zod at the app edge.
// The constructs below only see the typed TenantConfig.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HELPDESK_CONNECTORS } from '#shared/helpdesk/index.js';
import { WebhookSource } from '#functions/shared/domain/run.js';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';
import { ROLES } from '#functions/console/app/identity.js';
import { DEFAULT_MODEL_CONFIG } from '#harness/models/gateway.js';
import { priceFor } from '#harness/models/prices.js';
import { DEFAULT_POLICY_DOCUMENT, PolicyDocument } from '#harness/policy/document.js';
import { TenantConfigInvalidError, TenantConfigNotFoundError } from './errors.js';

const TENANT_NAME = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;

/** The policy numbers a tenant may change (docs/policy.md: a tenant may change the numbers, the rules keep their shape). */
const PolicyOverrides = PolicyDocument.pick({
  autoRefundLimitMinor: true,
  fulfilledWithinDays: true,
  maxRefundsIn90Days: true,
  approvalTtlHours: true,
  timeZone: true,
  storeCredit: true,
  cancelUnfulfilled: true,
  restockLocationId: true,
  refundShipping: true,
  returns: true,
})
  .partial()
  .strict();

const PricedModel = z.string().refine((id) => priceFor(id) !== null, 'a model with a price in harness/models/prices.ts');

/** The model each specialist uses (functions/shared/step/deps.ts ModelChoices). */
const ModelChoices = z.object({ triage: PricedModel, orderAgent: PricedModel, replyAgent: PricedModel, replyCheck: PricedModel }).partial().strict();

const Caps = z
  .object({
    /** Per-run model cost cap in micro-dollars (harness/models/gateway.ts). */
    runCostMicros: z.number().int().positive().default(DEFAULT_MODEL_CONFIG.runCostCapMicros),
    /**
     * Steady rate and burst of each webhook route, requests per second: every helpdesk's route and the
     * store's has its own allowance of this size (API Gateway route throttling), none shares another's.
     */
    webhookRatePerSecond: z.number().int().positive().max(10_000).default(10),
    webhookBurst: z.number().int().positive().max(5_000).default(20),
  })
  .strict();

/**
 * Thresholds of the rate alarms (infra/lib/rates.ts): each alarms when its rate is above (strictly).
 * Rates in percent (20 = 20%, not 0.2); the cost in micro-dollars per closed ticket.
 */
export const RateAlarmThresholds = z
  .object({
    /** Approvals the support lead rejected, of those decided, in a day. */
    overrideRate: z.number().min(0).max(100).default(20),
    /** Agent refunds later reversed or disputed, of those issued, in 7 days. */
    reversalRate: z.number().min(0).max(100).default(2),
    /** Closed tickets reopened within 72 h, of those closed, in 7 days. */
    reopenRate: z.number().min(0).max(100).default(10),
    /** Model cost per closed ticket in a day; 100000 = $0.10. */
    costPerTicketMicros: z.number().int().positive().default(100_000),
  })
  .strict();
export type RateAlarmThresholds = z.infer<typeof RateAlarmThresholds>;

const ConsoleUsers = z
  .object({
    users: z
      .array(z.object({ email: z.email(), role: z.enum(ROLES) }).strict())
      .max(100)
      .default([])
      .refine((users) => new Set(users.map((u) => u.email.toLowerCase())).size === users.length, 'each email once'),
    domainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lowercase letters, digits and dashes')
      .refine((p) => !/aws|amazon|cognito/.test(p), 'may not contain aws, amazon or cognito')
      .optional(),
  })
  .strict();

export const TenantConfig = z
  .object({
    tenant: z.string().regex(TENANT_NAME, 'lowercase letters, digits and dashes, 2-32 chars'),
    storeDomain: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'a <shop>.myshopify.com domain'),
    /** The store's name and locale as approval emails show them (money, dates). */
    storeName: z.string().min(1).max(100).optional(),
    storeLocale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 locale such as en-US')
      .default('en-US'),
    /** Where customers send a return the store made no label for, as the reply drafts give it; absent: the draft asks the team to add it. */
    returnAddress: z.string().trim().min(1).max(500).optional(),
    /** How long banks take to show a refund, in the store's words, for answers to "where is my refund?"; absent: the default wording. */
    bankTimes: z.string().trim().min(1).max(300).optional(),
    helpdesk: z
      .object({
        /** Any helpdesk whose webhooks are verified; synth refuses one without a connector (undeployableSettings). */
        kind: WebhookSource,
        baseUrl: z.url({ protocol: /^https$/ }),
      })
      .strict(),
    approverEmails: z.array(z.email()).min(1),
    sesSender: z.email(),
    /** Who gets alarm notifications (an SNS topic with email subscriptions); none: alarms only. */
    alarmEmails: z.array(z.email()).default([]),
    policy: PolicyOverrides.default({}),
    /**
     * Who answers the model-calling steps, named: anthropic (the key goes in the tenant's Model secret;
     * empty, those functions refuse to start) or offline (the deterministic reader, no key). No default:
     * a deployed tenant never gets a model it did not choose (harness/models/settings.ts).
     */
    modelProvider: z.enum(['anthropic', 'offline'], {
      error: (issue) => (issue.input === undefined ? 'required: name the model provider, "anthropic" or "offline"' : 'either "anthropic" or "offline"'),
    }),
    models: ModelChoices.default({}),
    caps: Caps.default(Caps.parse({})),
    alarms: RateAlarmThresholds.default(RateAlarmThresholds.parse({})),
    /**
     * The AWS account and region `cdk deploy` puts the tenant's stack in (bin/app.ts); absent: the
     * CLI's current credentials and region. Not needed for `cdk synth`.
     */
    account: z
      .string()
      .regex(/^\d{12}$/, 'a 12-digit AWS account id')
      .optional(),
    region: z
      .string()
      .regex(/^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/, 'an AWS region such as eu-west-1')
      .optional(),
    /**
     * Days run rows and their journal rows are kept before DynamoDB's TTL deletes them (RETENTION_DAYS).
     * 400 outlasts the usual card dispute window (120 days) with room, so a late dispute still finds
     * its run, and keeps a year of "which run refunded order N".
     */
    retentionDays: z.number().int().min(30).max(3650).default(400),
    /** A CloudWatch dashboard for the tenant ($3 a month beyond an account's first three); the alarms exist either way. */
    dashboard: z.boolean().default(false),
    /**
     * Concurrent executions reserved for, and allowed to, each of the tenant's functions. Absent:
     * unreserved, sharing the account's pool. Reserving takes this many times the number of
     * functions out of the account's pool (docs/deploy.md, An account per tenant).
     */
    reservedConcurrency: z.number().int().min(1).max(1000).optional(),
    /**
     * The account's concurrent executions per region when its quota was raised (AWS's default 1,000
     * otherwise): synth refuses tenants in one account whose reservations do not fit (account-concurrency.ts).
     */
    accountConcurrency: z.number().int().min(1000).max(1_000_000).optional(),
    /**
     * The tenant has an AWS account (and region) of its own, nothing else deployed there (the
     * account-per-tenant setup, docs/deploy.md): the alarms read AWS's account-wide figures (every
     * function's errors and throttles, SES's reputation) instead of one metric per function, which
     * costs a tenant $4.40 a month less. Wrong in a shared account: another stack's errors would ring.
     */
    dedicatedAccount: z.boolean().default(false),
    /**
     * A KMS key of the tenant's own for the table, the queues and the alarm topic ($1 a month and a
     * request charge on every encrypted read and write): two locks on the data, each use in
     * CloudTrail, and the data unreadable the moment the key is disabled. Absent: yes in a shared
     * account, no in a dedicated one (the account is the boundary; AWS's own keys encrypt at rest).
     */
    customerManagedKey: z.boolean().optional(),
    /**
     * Shadow, assist or auto, per ticket class (`<reason>|<0-50|50-200|200+>|<language>`): shadow
     * proposes only, assist makes every refund need a person; minTickets and agreement gate a class's
     * switch to auto (docs/deploy.md, Shadow mode). Absent: auto for every class.
     */
    mode: AgentModeConfig.default(AgentModeConfig.parse({})),
    /**
     * The operator console's people: each signs in through the tenant's Cognito user pool (an invitation
     * email with a temporary password, then MFA) with one role: viewer reads, lead decides approvals,
     * operator settles pending reviews and retries dead letters. `domainPrefix`: the hosted sign-in's
     * <prefix>.auth.<region>.amazoncognito.com, unique in the region (default refund-agent-<tenant>).
     */
    console: ConsoleUsers.default(ConsoleUsers.parse({})),
  })
  .strict();
export type TenantConfig = z.infer<typeof TenantConfig>;

export function isTenantName(name: string): boolean {
  return TENANT_NAME.test(name);
}

/** The tenants with a file in `dir`, sorted; none is an error (there would be nothing to deploy). */
export function tenantsIn(dir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch (cause) {
    throw new TenantConfigNotFoundError('(any)', dir, { cause });
  }
  const tenants = files
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  if (tenants.length === 0) throw new TenantConfigNotFoundError('(any)', join(dir, '<tenant>.json'));
  return tenants;
}

/** Reads and validates `<dir>/<tenant>.json`; the file's own `tenant` must match its name. */
export function loadTenantConfig(tenant: string, dir: string): TenantConfig {
  const path = join(dir, `${tenant}.json`);
  if (!isTenantName(tenant)) {
    throw new TenantConfigInvalidError(tenant, path, [`"${tenant}" is not a valid tenant name`]);
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new TenantConfigNotFoundError(tenant, path, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new TenantConfigInvalidError(tenant, path, ['not valid JSON'], { cause });
  }
  const parsed = TenantConfig.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new TenantConfigInvalidError(tenant, path, problems, { cause: parsed.error });
  }
  if (parsed.data.tenant !== tenant) {
    throw new TenantConfigInvalidError(tenant, path, [`tenant: "${parsed.data.tenant}" does not match the file name`]);
  }
  return parsed.data;
}

/** The auto-refund limit in force: the tenant's override or the default policy's. */
export const autoRefundLimitOf = (config: TenantConfig): number => config.policy.autoRefundLimitMinor ?? DEFAULT_POLICY_DOCUMENT.autoRefundLimitMinor;

/** The other remedies the tenant switched on (store credit, cancelling unshipped orders, a restock location, returns) and when shipping goes back; off by default. */
export const remediesOf = (config: TenantConfig) => ({
  storeCredit: config.policy.storeCredit ?? DEFAULT_POLICY_DOCUMENT.storeCredit,
  cancelUnfulfilled: config.policy.cancelUnfulfilled ?? DEFAULT_POLICY_DOCUMENT.cancelUnfulfilled,
  restockLocationId: config.policy.restockLocationId ?? DEFAULT_POLICY_DOCUMENT.restockLocationId,
  refundShipping: config.policy.refundShipping ?? DEFAULT_POLICY_DOCUMENT.refundShipping,
  returns: config.policy.returns ?? DEFAULT_POLICY_DOCUMENT.returns,
});

/** Whether the tenant's data has a KMS key of its own: the tenant file's choice, else only in a shared account. */
export const customerManagedKeyOf = (config: TenantConfig): boolean => config.customerManagedKey ?? !config.dedicatedAccount;

/** The store's time zone the policy counts days in: the tenant's or UTC. */
export const storeTimeZoneOf = (config: TenantConfig): string => config.policy.timeZone ?? DEFAULT_POLICY_DOCUMENT.timeZone;

/**
 * Settings the tenant file accepts but the deployed functions cannot honour yet. Refused at synth
 * rather than deployed and silently ignored; each message says what the functions lack.
 */
/** Helpdesks whose API the deployed functions can call (requester look-ups, internal notes). */
export const DEPLOYABLE_HELPDESKS = HELPDESK_CONNECTORS;

export function undeployableSettings(config: TenantConfig): string[] {
  const problems: string[] = [];
  // The run starter and the MCP server have Zendesk and Gorgias connectors (shared/helpdesk).
  if (!(DEPLOYABLE_HELPDESKS as readonly string[]).includes(config.helpdesk.kind)) {
    problems.push(
      `helpdesk.kind: "${config.helpdesk.kind}" has no connector in the functions yet (only ${DEPLOYABLE_HELPDESKS.map((k) => `"${k}"`).join(', ')})`,
    );
  }
  // The functions read AUTO_REFUND_LIMIT_MINOR, STORE_TIME_ZONE and POLICY_REMEDIES only (functions/composition/lambda-config.ts).
  const applied = new Set(['autoRefundLimitMinor', 'timeZone', 'storeCredit', 'cancelUnfulfilled', 'restockLocationId', 'refundShipping', 'returns']);
  for (const [key, value] of Object.entries(config.policy)) {
    const standard = DEFAULT_POLICY_DOCUMENT[key as keyof typeof DEFAULT_POLICY_DOCUMENT];
    if (!applied.has(key) && value !== standard) {
      problems.push(`policy.${key}: the functions apply only autoRefundLimitMinor from the tenant file yet (default ${String(standard)})`);
    }
  }
  if (config.caps.runCostMicros !== DEFAULT_MODEL_CONFIG.runCostCapMicros) {
    problems.push(`caps.runCostMicros: the functions apply the default cap (${DEFAULT_MODEL_CONFIG.runCostCapMicros}) only yet`);
  }
  return problems;
}
