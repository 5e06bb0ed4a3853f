// The local runtime's configuration, parsed once from the environment (the only place it is read).
import { jsonOf } from '#shared/env-json.js';
import { PolicyRemedies } from '#harness/policy/document.js';
import { z } from 'zod';
import { HELPDESK_CONNECTORS } from '#shared/helpdesk/index.js';
import { AgentModeConfig } from '#functions/shared/domain/shadow.js';

/** Documented dev default; set ZENDESK_WEBHOOK_SECRET to use another. Never a production secret. */
export const DEV_ZENDESK_WEBHOOK_SECRET = 'dev-zendesk-webhook-secret';
/** Dev defaults of the other helpdesks' webhook secrets (docs/helpdesk-setup.md). Never production secrets. */
export const DEV_WEBHOOK_SECRETS = {
  helpscout: 'dev-helpscout-webhook-secret',
  intercom: 'dev-intercom-webhook-secret',
  gorgias: 'dev-gorgias-webhook-secret',
  freshdesk: 'dev-freshdesk-webhook-secret',
} as const;

/** Dev default of the Shopify store's webhook secret (POST /webhooks/shopify). Never a production secret. */
export const DEV_SHOPIFY_WEBHOOK_SECRET = 'dev-shopify-webhook-secret';

export const LocalConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  STORE_FIXTURE: z.string().min(1).optional(),
  /**
   * Keeps DynamoDB, the queues, the captured mail and the sandbox store and helpdesk in this directory,
   * so a restart on it resumes the runs left open (the crash drill in the README). Absent: in memory.
   */
  DATA_DIR: z.string().min(1).optional(),
  ZENDESK_WEBHOOK_SECRET: z.string().min(8).default(DEV_ZENDESK_WEBHOOK_SECRET),
  HELPSCOUT_WEBHOOK_SECRET: z.string().min(8).default(DEV_WEBHOOK_SECRETS.helpscout),
  INTERCOM_WEBHOOK_SECRET: z.string().min(8).default(DEV_WEBHOOK_SECRETS.intercom),
  GORGIAS_WEBHOOK_SECRET: z.string().min(16).default(DEV_WEBHOOK_SECRETS.gorgias),
  FRESHDESK_WEBHOOK_SECRET: z.string().min(16).default(DEV_WEBHOOK_SECRETS.freshdesk),
  SHOPIFY_WEBHOOK_SECRET: z.string().min(8).default(DEV_SHOPIFY_WEBHOOK_SECRET),
  /** Signs approval links; without it a random one per start (links die with `npm start`). */
  APPROVAL_LINK_SECRET: z.string().min(16).optional(),
  /** The tenant's helpdesk, as HELPDESK_KIND is for a deployed tenant: zendesk or gorgias. */
  HELPDESK: z.enum(HELPDESK_CONNECTORS).default('zendesk'),
  TENANT: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('demo'),
  APPROVER_EMAILS: z
    .string()
    .default('lead@demo-store.example')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()).min(1)),
  /**
   * The tenant's modes per ticket class as JSON, as a tenant file's `mode`, e.g.
   * {"default":"shadow","minTickets":2}. Absent: auto for every class.
   */
  AGENT_MODE: jsonOf(AgentModeConfig).optional(),
  /** The tenant's other remedies as JSON, as a tenant file's policy switches, e.g. {"storeCredit":true,"cancelUnfulfilled":true}. Absent: all off. */
  POLICY_REMEDIES: jsonOf(PolicyRemedies).optional(),
  /** Where customers send a return the store made no label for, as the reply gives it (RETURN_ADDRESS of a deployed tenant). Absent: none. */
  RETURN_ADDRESS: z.string().trim().min(1).max(500).optional(),
  /** How long banks take to show a refund, as the answer to "where is my refund?" says it (BANK_TIMES of a deployed tenant). Absent: the default wording. */
  BANK_TIMES: z.string().trim().min(1).max(300).optional(),
});
export type LocalConfig = z.infer<typeof LocalConfig>;

export function parseLocalConfig(env: NodeJS.ProcessEnv): LocalConfig {
  const parsed = LocalConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
