// Lambda entry of the MCP server: on the first event of a container, reads the environment and,
// when secret parameters are named (<NAME>_PARAMETER), those parameters (once), builds the adapters and delegates to the
// function URL mapping in lambda.ts. A failed load is not cached: the next event tries again.
import type { SSMClient } from '@aws-sdk/client-ssm';
import { createMcpDeps } from './deps.js';
import { createMcpLambdaHandler, type McpLambdaHandler } from './lambda.js';
import { createMcpSecretSource, resolveMcpConfig } from './secrets.js';
import { observed } from '#shared/observability.js';

export interface McpContainerOptions {
  env: Record<string, string | undefined>;
  /** Tests pass a client; the Lambda builds its own (secrets.ts). */
  secretsClient?: () => SSMClient;
}

/** One container's handler: configuration and adapters built once, on first use. */
export function createMcpContainer(options: McpContainerOptions): McpLambdaHandler {
  let ready: Promise<McpLambdaHandler> | undefined;
  const build = async () => {
    const config = await resolveMcpConfig(options.env, (parameters) => createMcpSecretSource(parameters, options.secretsClient?.()));
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

export const handler = observed('mcp', createMcpContainer({ env: process.env }));
