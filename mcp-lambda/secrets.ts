// Where the MCP server's tokens come from in AWS: the tenant's secret parameters named by
// <NAME>_PARAMETER (STORE, HELPDESK), read through shared/secrets.ts in one GetParameters call per
// Lambda container. Their fields are merged over the environment before loadMcpConfig parses it.
import { SSMClient } from '@aws-sdk/client-ssm';
import { createParameterStoreSource, secretParametersIn, SecretReadError, type SecretParameter, type SecretSource } from '#shared/secrets.js';
import { loadMcpConfig, MCP_SECRET_FIELDS, McpConfigError, type McpConfig, type McpSecretField } from './config.js';

/** The secret parameters' fields this server uses. */
export function createMcpSecretSource(parameters: readonly SecretParameter[], client: SSMClient = new SSMClient({})): SecretSource<McpSecretField> {
  return createParameterStoreSource(client, parameters, MCP_SECRET_FIELDS);
}

/**
 * The whole configuration: the environment, with the parameters' fields over it when any secret
 * parameter is set (a token left in the environment is ignored then, so only Parameter Store counts
 * in AWS). An unreadable parameter is an McpConfigError like any other configuration fault of this
 * server; a missing token names the parameters the operator has not put yet.
 */
export async function resolveMcpConfig(
  env: Record<string, string | undefined>,
  secretSource: (parameters: readonly SecretParameter[]) => SecretSource<McpSecretField> = createMcpSecretSource,
): Promise<McpConfig> {
  const parameters = secretParametersIn(env);
  if (parameters.length === 0) return loadMcpConfig(env);
  const withoutTokens = Object.fromEntries(Object.entries(env).filter(([name]) => !(MCP_SECRET_FIELDS as readonly string[]).includes(name)));
  const { fields, missing } = await secretSource(parameters)
    .load()
    .catch((error: unknown) => {
      if (!(error instanceof SecretReadError)) throw error;
      throw new McpConfigError(error.message, error.cause === undefined ? undefined : { cause: error.cause });
    });
  try {
    return loadMcpConfig(Object.assign(withoutTokens, fields));
  } catch (error) {
    if (!(error instanceof McpConfigError) || missing.length === 0) throw error;
    throw new McpConfigError(`${error.message} (secret parameters not put yet: ${missing.join(', ')}; docs/deploy.md)`, { cause: error });
  }
}
