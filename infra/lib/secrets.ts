// The tenant's secrets as data: one Secrets Manager secret (a JSON object) per trust boundary, the
// fields it holds, who fills it, and which functions may read it (by access flag). Split so that a
// function can read only what its job needs: the store token is readable by the MCP server alone.
// Functions get each secret's ARN in `<NAME>_SECRET_ARN` and read it at runtime; no secret value is
// ever in an environment variable or the template. Read by stateful.ts, environment.ts, refund-agent.ts.
import type { HandlerSecretField } from '#functions/shared/aws/secret-env.js';
import type { McpSecretField } from '#mcp/config.js';
import type { FunctionAccess, FunctionSpec } from './functions.js';

export type SecretSpec = {
  description: string;
  /**
   * JSON fields of the secret: the configuration names the functions' parsers use, each one a field
   * the runtime takes from a secret (HANDLER_SECRET_FIELDS, MCP_SECRET_FIELDS).
   */
  fields: readonly (HandlerSecretField | McpSecretField)[];
  /**
   * `generated`: CloudFormation generates the one field (48 alphanumerics) at creation.
   * `operator`: created with empty fields; the operator pastes the values after the first deploy.
   */
  source: 'generated' | 'operator';
  /** A function reads this secret when any of these access flags is on. */
  readers: ReadonlyArray<keyof FunctionAccess>;
};

export const SECRETS = {
  STORE: {
    description: 'Shopify Admin API access token of the store (read by the MCP server only)',
    fields: ['SHOPIFY_ADMIN_TOKEN'],
    source: 'operator',
    readers: ['shopifyApi'],
  },
  HELPDESK: {
    description: 'Helpdesk API credentials: agent email and API token',
    fields: ['HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
    source: 'operator',
    readers: ['helpdeskApi'],
  },
  WEBHOOK: {
    description: 'Webhook signing secrets, one field per helpdesk and one for the Shopify store; an empty field keeps that route closed',
    fields: [
      'ZENDESK_WEBHOOK_SECRET',
      'HELPSCOUT_WEBHOOK_SECRET',
      'INTERCOM_WEBHOOK_SECRET',
      'GORGIAS_WEBHOOK_SECRET',
      'FRESHDESK_WEBHOOK_SECRET',
      'SHOPIFY_WEBHOOK_SECRET',
    ],
    source: 'operator',
    readers: ['verifyWebhooks'],
  },
  MODEL: {
    description: 'Anthropic API key of the model-calling steps; with modelProvider anthropic and this left empty, they refuse to start',
    fields: ['ANTHROPIC_API_KEY'],
    source: 'operator',
    readers: ['callsModels'],
  },
  APPROVAL_LINK: {
    description: 'Key that signs the per-approver approval links',
    fields: ['APPROVAL_LINK_SECRET'],
    source: 'generated',
    readers: ['approvalLinks'],
  },
  CONSOLE: {
    description: "Key that signs the operator console's form (CSRF) tokens",
    fields: ['CONSOLE_CSRF_SECRET'],
    source: 'generated',
    readers: ['consoleForms'],
  },
} as const satisfies Record<string, SecretSpec>;

export type SecretName = keyof typeof SECRETS;
export const SECRET_NAMES = Object.keys(SECRETS) as SecretName[];
export type SecretField = (typeof SECRETS)[SecretName]['fields'][number];
export const SECRET_FIELDS = SECRET_NAMES.flatMap((name) => SECRETS[name].fields) as SecretField[];

/** The variable that carries a secret's ARN, e.g. STORE → STORE_SECRET_ARN. */
export const arnVariableOf = (name: SecretName) => `${name}_SECRET_ARN` as const;
export type SecretArnVariable = ReturnType<typeof arnVariableOf>;

/** PascalCase construct id of a secret, e.g. APPROVAL_LINK → ApprovalLink. */
export const secretIdOf = (name: SecretName): string =>
  name
    .split('_')
    .map((part) => part.charAt(0) + part.slice(1).toLowerCase())
    .join('');

/** The secrets a function may read, from its access flags. */
export function secretsOf(spec: FunctionSpec): SecretName[] {
  return SECRET_NAMES.filter((name) => (SECRETS[name].readers as ReadonlyArray<keyof FunctionAccess>).some((flag) => spec.access[flag]));
}
