// @aws-sdk/client-ssm as the Lambda bundles load it (bundling.ts aliases the package here): through
// require, from the runtime's own copy, like the other SDK packages in this folder (client-dynamodb.ts
// says why). The MCP server loads it at import; the handlers' dynamic import of it stays lazy.
// The names are the ones the code imports; a new one fails the bundle build until it is added here.
import { createRequire } from 'node:module';
import type * as Sdk from '@aws-sdk/client-ssm';

const sdk = createRequire(import.meta.url)('@aws-sdk/client-ssm') as typeof Sdk;

export const { GetParametersCommand, PutParameterCommand, SSMClient } = sdk;
