// Lambda entry of the MCP server: on the first event of a container, reads the environment and,
// when secret ARNs are set (<NAME>_SECRET_ARN), those secrets (once), builds the adapters and delegates to the
// function URL mapping in lambda.ts. A failed load is not cached: the next event tries again.
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createMcpDeps } from './deps.js';
import { createMcpLambdaHandler, type McpLambdaHandler } from './lambda.js';
import { createMcpSecretSource, resolveMcpConfig } from './secrets.js';
import { observed } from '#shared/observability.js';

export interface McpContainerOptions {
  env: Record<string, string | undefined>;
  secretsClient: () => SecretsManagerClient;
}

/** One container's handler: configuration and adapters built once, on first use. */
export function createMcpContainer(options: McpContainerOptions): McpLambdaHandler {
  let ready: Promise<McpLambdaHandler> | undefined;
  const build = async () => {
    const config = await resolveMcpConfig(options.env, (arn) => createMcpSecretSource(options.secretsClient(), arn));
    return createMcpLambdaHandler({ deps: createMcpDeps(config), callerRoles: config.callerRoles });
  };
  return async (event) => {
    ready ??= build().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return (await ready)(event);
  };
}

export const handler = observed('mcp', createMcpContainer({ env: process.env, secretsClient: () => new SecretsManagerClient({}) }));
