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
  Pick<
    BundlingOptions,
    'forceDockerBundling' | 'format' | 'target' | 'minify' | 'sourceMap' | 'sourcesContent' | 'mainFields' | 'externalModules' | 'banner' | 'esbuildArgs'
  >
>;

/**
 * The runtime's SDK packages the bundles load through require: those a handler loads at import, and
 * SSM, which the MCP server loads at import and the handlers on their first secret read (the others load on first use).
 */
export const RUNTIME_REQUIRED_SDK = ['client-dynamodb', 'lib-dynamodb', 'client-sqs', 'client-ssm', 'credential-provider-node'] as const;

/**
 * Packages the bundles get a stand-in for (esbuild `--alias`, resolved from the project root): ajv and
 * its formats, which the MCP SDK imports but nothing here uses (infra/lib/no-ajv.ts says why), and
 * the SDK packages loaded at import, through require (infra/lib/runtime-sdk/).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  ajv: './infra/lib/no-ajv.ts',
  'ajv-formats': './infra/lib/no-ajv-formats.ts',
  // The SDK packages a handler loads at import, required rather than imported (runtime-sdk/ says why).
  ...Object.fromEntries(RUNTIME_REQUIRED_SDK.map((pkg) => [`@aws-sdk/${pkg}`, `./infra/lib/runtime-sdk/${pkg}.ts`])),
};

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
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([pkg, path]) => [`--alias:${pkg}`, path])),
});

/** The output file NodejsFunction writes for ESM; the handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

/**
 * LAMBDA_BUNDLING as esbuild API options, flag for flag what NodejsFunction passes to the esbuild CLI
 * (`--bundle --platform=node --target --format --minify --sourcemap --sources-content --external
 * --banner:js --main-fields --alias`, run from the project root). Entry points and output are the caller's.
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
    alias: Object.fromEntries(Object.entries(bundling.esbuildArgs).map(([flag, path]) => [flag.replace(/^--alias:/, ''), String(path)])),
  };
}

// Each entry composes only what its use case needs (functions/composition/lambda/), so bundles differ by
// what a function reaches. Every one carries zod's classic API (~100 kB, imported as a namespace so
// its other locales are left out) and the Powertools logger (~20 kB); none carries the X-Ray SDK
// (shared/observability.ts) or ajv (no-ajv.ts). Issue 24: every handler that calls no model under 500 kB.
/** The table or the queues only (webhook-ingest, store-webhook, runs-api, dead-letters, shadow-api): measured 143-175 kB. */
const TABLE_BUDGET_KB = 250;
/** The harness over the MCP client (its SDK's Client and schemas, ~70 kB), no model: measured 376-407 kB. */
const MCP_CLIENT_BUDGET_KB = 480;
/**
 * The approval surfaces: the MCP client with the page (approval-callback: the customer's attachments and
 * their thumbnails, #37: measured 481 kB; 491 kB with one state word per approval and the nothing-left
 * page, #38) or the email (request-approval: 480 kB with the run row's several requests of a ticket, #37).
 */
const APPROVAL_PAGE_BUDGET_KB = 510;
/** The console: the MCP client and its pages, measured 481 kB; 507 kB with the words for what the customer paid (discounts, tax, shipping: issue #35); 532 kB with returns (#36); 565 kB with attachments and their thumbnails (#37); 580 kB with lists for both widths and one state word per approval (#38); 607 kB with the order picker's candidates, the refund history since the run, the other runs of an order and the queues' longer lists (#38). */
const CONSOLE_BUDGET_KB = 630;
/** The model steps: the MCP client and the model providers with the Anthropic SDK (~434 kB): measured 809-935 kB. */
const MODEL_STEP_BUDGET_KB = 1100;
/** The console's sign-in authorizer composes no app: measured 87 kB. */
const CONSOLE_AUTHORIZER_BUDGET_KB = 150;

/**
 * Upper bound of each function's minified bundle (index.mjs, source map excluded), in kB of 1000
 * bytes: a margin over the size measured when it was set (beside each). Growing past it should be a decision.
 */
export const BUNDLE_BUDGETS_KB: Record<FunctionName, number> = {
  'webhook-ingest': TABLE_BUDGET_KB,
  'store-webhook': TABLE_BUDGET_KB,
  'run-starter': MCP_CLIENT_BUDGET_KB,
  'approval-callback': APPROVAL_PAGE_BUDGET_KB,
  'runs-api': TABLE_BUDGET_KB,
  triage: MODEL_STEP_BUDGET_KB,
  'propose-refund': MODEL_STEP_BUDGET_KB,
  'request-approval': APPROVAL_PAGE_BUDGET_KB,
  refund: MCP_CLIENT_BUDGET_KB,
  'await-return': MCP_CLIENT_BUDGET_KB,
  'process-return': MCP_CLIENT_BUDGET_KB,
  'draft-reply': MODEL_STEP_BUDGET_KB,
  'check-reply': MODEL_STEP_BUDGET_KB,
  escalate: MODEL_STEP_BUDGET_KB,
  'cancel-run': MCP_CLIENT_BUDGET_KB,
  console: CONSOLE_BUDGET_KB,
  // Zod and node:crypto only (functions/console/app/authorizer.ts).
  'console-authorizer': CONSOLE_AUTHORIZER_BUDGET_KB,
  'dead-letters': TABLE_BUDGET_KB,
  // The sweep escalates in-process, and Escalate calls a model (the holding reply).
  'stalled-runs': MODEL_STEP_BUDGET_KB,
  shadow: MCP_CLIENT_BUDGET_KB,
  'shadow-api': TABLE_BUDGET_KB,
  // The MCP server: zod (its SDK's v3 and v4 schemas, ~160 kB), the MCP SDK and the Shopify adapter: measured 328 kB.
  mcp: 400,
};
