// The tenant's secrets as data: one SSM Parameter Store SecureString (a JSON object of fields) per
// trust boundary, the fields it holds, who puts it, and which functions may read it (by access flag).
// Split so that a function can read only what its job needs: the store token is readable by the MCP
// server alone. Parameters, not Secrets Manager secrets: a standard-tier parameter under the AWS-managed
// aws/ssm key has no monthly charge (a secret is $0.40 a month, six of them a tenant). CloudFormation
// cannot create a SecureString, so the stack only names them: `/refund-agent/<tenant>/<boundary>`.
// Functions get each parameter's name in `<NAME>_PARAMETER` and read it at runtime (shared/secrets.ts);
// no secret value is ever in an environment variable or the template.
import { Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { HandlerSecretField } from '#functions/shared/aws/secret-env.js';
import type { McpSecretField } from '#mcp/config.js';
import { SECRET_BOUNDARY_FIELDS } from '#shared/secrets.js';
import type { FunctionAccess, FunctionSpec } from './functions.js';

export type SecretSpec = {
  description: string;
  /**
   * JSON fields of the parameter: the configuration names the functions' parsers use, each one a field
   * the runtime takes from a secret parameter (HANDLER_SECRET_FIELDS, MCP_SECRET_FIELDS).
   */
  fields: readonly (HandlerSecretField | McpSecretField)[];
  /**
   * `generated`: the first function to read it puts the one field, 48 random alphanumerics
   * (shared/secrets.ts GENERATED_SECRETS); its readers alone may put it, and only it.
   * `operator`: the operator puts it (docs/deploy.md); until then it reads as empty fields.
   */
  source: 'generated' | 'operator';
  /** A function reads this parameter when any of these access flags is on. */
  readers: ReadonlyArray<keyof FunctionAccess>;
};

export const SECRETS = {
  STORE: {
    description: 'Shopify Admin API access token of the store (read by the MCP server only)',
    fields: SECRET_BOUNDARY_FIELDS.STORE,
    source: 'operator',
    readers: ['shopifyApi'],
  },
  HELPDESK: {
    description: 'Helpdesk API credentials: agent email and API token',
    fields: SECRET_BOUNDARY_FIELDS.HELPDESK,
    source: 'operator',
    readers: ['helpdeskApi'],
  },
  WEBHOOK: {
    description: 'Webhook signing secrets, one field per helpdesk and one for the Shopify store; an empty field keeps that route closed',
    fields: SECRET_BOUNDARY_FIELDS.WEBHOOK,
    source: 'operator',
    readers: ['verifyWebhooks'],
  },
  MODEL: {
    description: 'Anthropic API key of the model-calling steps; with modelProvider anthropic and this left empty, they refuse to start',
    fields: SECRET_BOUNDARY_FIELDS.MODEL,
    source: 'operator',
    readers: ['callsModels'],
  },
  APPROVAL_LINK: {
    description: 'Key that signs the per-approver approval links',
    fields: SECRET_BOUNDARY_FIELDS.APPROVAL_LINK,
    source: 'generated',
    readers: ['approvalLinks'],
  },
  CONSOLE: {
    description: "Key that signs the operator console's form (CSRF) tokens",
    fields: SECRET_BOUNDARY_FIELDS.CONSOLE,
    source: 'generated',
    readers: ['consoleForms'],
  },
} as const satisfies Record<string, SecretSpec>;

export type SecretName = keyof typeof SECRETS;
export const SECRET_NAMES = Object.keys(SECRETS) as SecretName[];
export type SecretField = (typeof SECRETS)[SecretName]['fields'][number];
export const SECRET_FIELDS = SECRET_NAMES.flatMap((name) => SECRETS[name].fields) as SecretField[];

/** The variable that carries a parameter's name, e.g. STORE → STORE_PARAMETER (read by shared/secrets.ts secretParametersIn). */
export const nameVariableOf = (name: SecretName) => `${name}_PARAMETER` as const;
export type SecretNameVariable = ReturnType<typeof nameVariableOf>;

/** PascalCase id of a boundary, e.g. APPROVAL_LINK → ApprovalLink (the stack's outputs). */
export const secretIdOf = (name: SecretName): string =>
  name
    .split('_')
    .map((part) => part.charAt(0) + part.slice(1).toLowerCase())
    .join('');

/** The prefix of the tenant's parameters: `/refund-agent/<tenant>`. The tenant names the stack, so two tenants never share one. */
export const parameterPathOf = (tenant: string): string => `/refund-agent/${tenant}`;

/** A boundary's parameter name, e.g. APPROVAL_LINK → /refund-agent/acme/approval_link. */
export const parameterNameOf = (tenant: string, name: SecretName): string => `${parameterPathOf(tenant)}/${name.toLowerCase()}`;

/** A boundary's parameter ARN in the stack's account and region (pseudo parameters when the stack has no concrete environment). */
export const parameterArnOf = (scope: Construct, tenant: string, name: SecretName): string =>
  Stack.of(scope).formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterNameOf(tenant, name).slice(1) });

/** The secret parameters a function may read, from its access flags. */
export function secretsOf(spec: FunctionSpec): SecretName[] {
  return SECRET_NAMES.filter((name) => (SECRETS[name].readers as ReadonlyArray<keyof FunctionAccess>).some((flag) => spec.access[flag]));
}

/** The generated parameters a function may put: those it reads. */
export const generatedSecretsOf = (spec: FunctionSpec): SecretName[] => secretsOf(spec).filter((name) => SECRETS[name].source === 'generated');
