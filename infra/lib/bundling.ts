// How every Lambda is built, as data: the runtime, the NodejsFunction bundling options, the same options
// in esbuild's API form (the bundle test builds with them, so test and deploy cannot drift), and a size
// budget per function. Read by refund-agent.ts and test/unit/infra/bundles.test.ts.
import type { BuildOptions } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { FunctionName } from './functions.js';

/**
 * Node 22 in Lambda (supported into 2027; nodejs20.x stops being creatable on 2027-02-01). Local dev
 * and tests may stay on Node 20.19+: the code uses nothing Node 22 has and 20 lacks, and the bundle
 * test loads the node22-target bundles in whatever Node runs it.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

/** The Node 22 runtime ships the AWS SDK v3; bundles import it from there instead of carrying it. */
export const RUNTIME_PROVIDED_MODULES = ['@aws-sdk/*'];

// ESM output has no `require`; a bundled CommonJS dependency that calls it for a Node built-in would
// throw "Dynamic require is not supported" on its first use. None does today; the banner is cheap insurance.
const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** The bundling options NodejsFunction gets, all spelled out so none falls back to a CDK default. */
export type LambdaBundling = Required<
  Pick<BundlingOptions, 'forceDockerBundling' | 'format' | 'target' | 'minify' | 'sourceMap' | 'sourcesContent' | 'mainFields' | 'externalModules' | 'banner'>
>;

export const LAMBDA_BUNDLING: Readonly<LambdaBundling> = Object.freeze({
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  // The esbuild target follows LAMBDA_RUNTIME.
  target: 'node22',
  minify: true,
  sourceMap: true,
  // Stack traces need the mappings only; embedding the sources would add ~1.4 MB to every function.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: RUNTIME_PROVIDED_MODULES,
  banner: ESM_REQUIRE_BANNER,
});

/** The output file NodejsFunction writes for ESM; the handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * LAMBDA_BUNDLING as esbuild API options, flag for flag what NodejsFunction passes to the esbuild CLI
 * (`--bundle --platform=node --target --format --minify --sourcemap --sources-content --external
 * --banner:js --main-fields`, run from the project root). Entry points and output are the caller's.
 */
export function esbuildOptionsOf(bundling: LambdaBundling, projectRoot: string): BuildOptions {
  return {
    absWorkingDir: projectRoot,
    bundle: true,
    platform: 'node',
    target: bundling.target,
    format: bundling.format === OutputFormat.ESM ? 'esm' : 'cjs',
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    external: [...bundling.externalModules],
    banner: { js: bundling.banner },
    mainFields: [...bundling.mainFields],
  };
}

// Every handler entry composes the whole app (functions/shared/lambda-app.ts), so they weigh the same.
// Measured 1420 kB (handlers) and 754 kB (mcp). Of a handler: zod ~455 kB (264 kB of it error-message
// locales), the Anthropic SDK ~434 kB (model provider, issue 5), ajv ~105 kB, the MCP SDK ~75 kB, and
// Powertools logger, metrics and tracer with the X-Ray SDK ~140 kB (shared/observability.ts).
const HANDLER_BUDGET_KB = 1850;
/** The console's sign-in authorizer composes no app: measured 456 kB. */
const CONSOLE_AUTHORIZER_BUDGET_KB = 600;

/**
 * Upper bound of each function's minified bundle (index.mjs, source map excluded), in kB of 1000
 * bytes: about 30% over the size measured when it was set. Growing past it should be a decision.
 */
export const BUNDLE_BUDGETS_KB: Record<FunctionName, number> = {
  'webhook-ingest': HANDLER_BUDGET_KB,
  'store-webhook': HANDLER_BUDGET_KB,
  'run-starter': HANDLER_BUDGET_KB,
  'approval-callback': HANDLER_BUDGET_KB,
  'runs-api': HANDLER_BUDGET_KB,
  triage: HANDLER_BUDGET_KB,
  'check-order': HANDLER_BUDGET_KB,
  'propose-refund': HANDLER_BUDGET_KB,
  gate: HANDLER_BUDGET_KB,
  'request-approval': HANDLER_BUDGET_KB,
  refund: HANDLER_BUDGET_KB,
  'draft-reply': HANDLER_BUDGET_KB,
  'check-reply': HANDLER_BUDGET_KB,
  escalate: HANDLER_BUDGET_KB,
  'cancel-run': HANDLER_BUDGET_KB,
  console: HANDLER_BUDGET_KB,
  // Zod and node:crypto only (functions/console/authorizer.ts).
  'console-authorizer': CONSOLE_AUTHORIZER_BUDGET_KB,
  'dead-letters': HANDLER_BUDGET_KB,
  'stalled-runs': HANDLER_BUDGET_KB,
  shadow: HANDLER_BUDGET_KB,
  'shadow-api': HANDLER_BUDGET_KB,
  mcp: 1000,
};
