// @aws-sdk/credential-provider-node as the Lambda bundles load it (bundling.ts aliases the package here): through
// require, from the runtime's own copy. Importing the SDK's CommonJS build from an ES module makes
// Node lex it for its export names first, about a fifth of a handler's import time; require skips that.
// The names are the ones the code imports; a new one fails the bundle build until it is added here.
import { createRequire } from 'node:module';
import type * as Sdk from '@aws-sdk/credential-provider-node';

const sdk = createRequire(import.meta.url)('@aws-sdk/credential-provider-node') as typeof Sdk;

export const { defaultProvider } = sdk;
