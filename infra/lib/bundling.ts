// How every Lambda is built, as data: the runtime, the NodejsFunction bundling options, the same options
// in esbuild's API form (the bundle test builds with them, so test and deploy cannot drift), and a size
// budget per function. Read by refund-agent.ts and test/unit/infra/bundles.test.ts.
import type { BuildOptions } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { FunctionName } from './functions.js';

export const LAMBDA_RUNTIME = Runtime.NODEJS_20_X;

/** The Node 20 runtime ships the AWS SDK v3; bundles import it from there instead of carrying it. */
export const RUNTIME_PROVIDED_MODULES = ['@aws-sdk/*'];

// ESM output has no `require`; bundled CommonJS dependencies still call it for Node built-ins.
const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** The options that matter for the output; refund-agent.ts hands exactly these to NodejsFunction. */
export const LAMBDA_BUNDLING = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: 'node20',
  minify: true,
  sourceMap: true,
  // Stack traces need the mappings only; the sources would triple the zip.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: RUNTIME_PROVIDED_MODULES,
  banner: ESM_REQUIRE_BANNER,
} as const satisfies BundlingOptions;

/** The output file NodejsFunction writes for ESM; the handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * LAMBDA_BUNDLING as esbuild API options, flag for flag what NodejsFunction passes to the esbuild CLI
 * (`--bundle --platform=node --target --format --minify --sourcemap --sources-content --external
 * --banner:js --main-fields`, run from the project root). Entry points and output are the caller's.
 */
export function esbuildOptionsOf(bundling: typeof LAMBDA_BUNDLING, projectRoot: string): BuildOptions {
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
const HANDLER_BUDGET_KB = 970;

/**
 * Upper bound of each function's minified bundle (index.mjs, source map excluded), in kB of 1000
 * bytes: about 30% over the size measured when it was set. Growing past it should be a decision.
 */
export const BUNDLE_BUDGETS_KB: Record<FunctionName, number> = {
  'webhook-ingest': HANDLER_BUDGET_KB,
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
  done: HANDLER_BUDGET_KB,
  escalate: HANDLER_BUDGET_KB,
  mcp: 990,
};
