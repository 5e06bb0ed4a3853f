// Where the MCP server's tokens come from in AWS: the secrets named by SECRET_ARN and <NAME>_SECRET_ARN
// (the tenant's connector secret), read through shared/secrets.ts once per Lambda container. Their
// fields are merged over the environment before loadMcpConfig parses it. Called by index.ts; tests
// drive it with aws-sdk-client-mock.
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createSecretsManagerSource, secretArnsIn, SecretReadError, type SecretSource } from '#shared/secrets.js';
import { loadMcpConfig, MCP_SECRET_FIELDS, McpConfigError, type McpConfig, type McpSecretField } from './config.js';

/** The connector secret's fields this server uses. */
export function createMcpSecretSource(client: SecretsManagerClient, secretArn: string): SecretSource<McpSecretField> {
  return createSecretsManagerSource(client, secretArn, MCP_SECRET_FIELDS);
}

/**
 * The whole configuration: the environment, with the secrets' fields over it when any secret ARN
 * is set (a token left in the environment is ignored then, so only the secrets count in AWS).
 * An unreadable secret is an McpConfigError like any other configuration fault of this server.
 */
export async function resolveMcpConfig(
  env: Record<string, string | undefined>,
  secretSource: (secretArn: string) => SecretSource<McpSecretField>,
): Promise<McpConfig> {
  const arns = secretArnsIn(env);
  if (arns.length === 0) return loadMcpConfig(env);
  const withoutTokens = Object.fromEntries(Object.entries(env).filter(([name]) => !(MCP_SECRET_FIELDS as readonly string[]).includes(name)));
  const loaded = await Promise.all(arns.map((arn) => secretSource(arn).load())).catch((error: unknown) => {
    if (!(error instanceof SecretReadError)) throw error;
    throw new McpConfigError(error.message, error.cause === undefined ? undefined : { cause: error.cause });
  });
  return loadMcpConfig(Object.assign(withoutTokens, ...loaded));
}
