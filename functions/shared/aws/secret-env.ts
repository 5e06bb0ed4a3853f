// Secrets at runtime: a function gets only the names of the secret parameters it may read
// (<NAME>_PARAMETER, set by infra/lib/secrets.ts) and merges their fields over its environment once
// per container, in one GetParameters call (shared/secrets.ts). It runs before the
// configuration is parsed.
import type { SSMClient } from '@aws-sdk/client-ssm';
import { createParameterStoreSource, SECRET_BOUNDARY_FIELDS, secretParametersIn, type ParameterStoreOptions } from '#shared/secrets.js';

/**
 * The secret fields the handlers' configuration reads (functions/composition/lambda-config.ts): a field is
 * taken from a secret parameter only when it is listed here. Every boundary's but the store token's,
 * which only the MCP server reads.
 */
export const HANDLER_SECRET_FIELDS = [
  ...SECRET_BOUNDARY_FIELDS.WEBHOOK,
  ...SECRET_BOUNDARY_FIELDS.HELPDESK,
  ...SECRET_BOUNDARY_FIELDS.APPROVAL_LINK,
  ...SECRET_BOUNDARY_FIELDS.MODEL,
  ...SECRET_BOUNDARY_FIELDS.CONSOLE,
] as const;
export type HandlerSecretField = (typeof HANDLER_SECRET_FIELDS)[number];

/**
 * The environment with every readable parameter's non-empty fields over it. When any secret
 * parameter is set, a secret field left in the plain environment is ignored: in AWS only Parameter
 * Store counts. A missing operator parameter reads as empty fields (that route or step stays closed).
 */
export async function environmentWithSecrets(
  env: Record<string, string | undefined>,
  // Imported only by a function that has parameters to read, and only then: the client is a third of
  // a cold start's import time, and most containers read their parameters once.
  client: () => SSMClient | Promise<SSMClient> = async () => new (await import('@aws-sdk/client-ssm')).SSMClient({}),
  options: ParameterStoreOptions = {},
): Promise<Record<string, string | undefined>> {
  const parameters = secretParametersIn(env);
  if (parameters.length === 0) return env;
  const secretNames = new Set<string>(HANDLER_SECRET_FIELDS);
  const plain = Object.fromEntries(Object.entries(env).filter(([name]) => !secretNames.has(name)));
  const { fields } = await createParameterStoreSource(await client(), parameters, HANDLER_SECRET_FIELDS, options).load();
  return Object.assign(plain, fields);
}
