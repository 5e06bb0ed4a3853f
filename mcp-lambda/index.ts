// Lambda entry of the MCP server: reads the environment once per container (on the first event),
// builds the adapters and delegates to the API Gateway mapping in lambda.ts.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { loadMcpConfig } from './config.js';
import { createMcpDeps } from './deps.js';
import { createMcpLambdaHandler, type McpLambdaHandler } from './lambda.js';

let cached: McpLambdaHandler | undefined;

export const handler = (event: APIGatewayProxyEventV2) => {
  if (!cached) {
    const config = loadMcpConfig(process.env);
    cached = createMcpLambdaHandler({ deps: createMcpDeps(config), callerToken: config.callerToken });
  }
  return cached(event);
};
