// Secrets at runtime: a function gets only the ARNs of the secrets it may read (<NAME>_SECRET_ARN,
// set by infra/lib/secrets.ts) and merges their fields over its environment once per container.
// Called by lambda-app.ts before the configuration is parsed.
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createSecretsManagerSource, secretArnsIn } from '#shared/secrets.js';

/**
 * The secret fields the handlers' configuration reads (functions/shared/lambda-config.ts): a field is
 * taken from a secret only when it is listed here. infra/lib/secrets.ts files each one in a secret
 * (test/unit/infra/secret-fields.test.ts holds the two sides together).
 */
export const HANDLER_SECRET_FIELDS = [
  'ZENDESK_WEBHOOK_SECRET',
  'HELPSCOUT_WEBHOOK_SECRET',
  'INTERCOM_WEBHOOK_SECRET',
  'GORGIAS_WEBHOOK_SECRET',
  'FRESHDESK_WEBHOOK_SECRET',
  'SHOPIFY_WEBHOOK_SECRET',
  'HELPDESK_EMAIL',
  'HELPDESK_TOKEN',
  'APPROVAL_LINK_SECRET',
  'ANTHROPIC_API_KEY',
  'CONSOLE_CSRF_SECRET',
] as const;
export type HandlerSecretField = (typeof HANDLER_SECRET_FIELDS)[number];

/**
 * The environment with every readable secret's non-empty fields over it. When any secret ARN is
 * set, a secret field left in the plain environment is ignored: in AWS only Secrets Manager counts.
 */
export async function environmentWithSecrets(
  env: Record<string, string | undefined>,
  client: () => SecretsManagerClient,
): Promise<Record<string, string | undefined>> {
  const arns = secretArnsIn(env);
  if (arns.length === 0) return env;
  const secretNames = new Set<string>(HANDLER_SECRET_FIELDS);
  const plain = Object.fromEntries(Object.entries(env).filter(([name]) => !secretNames.has(name)));
  const loaded = await Promise.all(arns.map((arn) => createSecretsManagerSource(client(), arn, HANDLER_SECRET_FIELDS).load()));
  return Object.assign(plain, ...loaded);
}
