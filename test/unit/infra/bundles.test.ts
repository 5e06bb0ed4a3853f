// The Lambda bundles themselves, built in-process with the very options NodejsFunction gets
// (infra/lib/bundling.ts): each stays within its size budget and loads in a bare Node with only the
// runtime-provided modules and no configuration, as a cold start would before the first event.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGETS_KB,
  BUNDLE_FILE,
  esbuildOptionsOf,
  LAMBDA_BUNDLING,
  LAMBDA_RUNTIME,
  RUNTIME_PROVIDED_MODULES,
  RUNTIME_REQUIRED_SDK,
} from '../../../infra/lib/bundling.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { MEASURED_IMPORT_RSS_MB, MEMORY_HEADROOM, memoryForRss } from '../../../infra/lib/memory.js';
import { REPO_ROOT } from './synth.js';

const OPTIONS = esbuildOptionsOf(LAMBDA_BUNDLING, REPO_ROOT);
/** Building every bundle, or a fresh Node per bundle: seconds alone, over a minute on two busy cores. */
const SLOW_MS = 300_000;
/** Sized at twice the import's resident memory; a bundle may grow into a tenth more before this fails (runs vary by a few MB). */
const IMPORT_SHARE_AT_MOST = 1.2 / MEMORY_HEADROOM;
let outdir: string;
let metafile: Metafile;
// Some megabytes per run: removed afterwards.
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const bundleOf = (fn: FunctionName) => join(outdir, fn, BUNDLE_FILE);
/** The source files that put bytes into a function's bundle, as esbuild's metafile names them. */
const inputsOf = (fn: FunctionName) => {
  const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith(`/${fn}/${BUNDLE_FILE}`))?.[1];
  if (!output) throw new Error(`no bundle for ${fn}`);
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
};
/** The functions that call a model (infra's callsModels): only their bundles may carry a model provider. */
const MODEL_STEPS = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.callsModels);
const NON_MODEL = FUNCTION_NAMES.filter((fn) => !FUNCTIONS[fn].access.callsModels);
/** zod's error messages in other languages: the default (en) is all a handler's configuration errors use. */
const ZOD_OTHER_LOCALE = /node_modules\/zod\/(v4\/)?locales\/(?!en\.js$)[^/]+$/;

beforeAll(async () => {
  outdir = scratchDir('refund-agent-bundles-');
  // One build for all entries; each output is a self-contained bundle (no code splitting).
  const result = await build({
    ...OPTIONS,
    entryPoints: Object.fromEntries(FUNCTION_NAMES.map((fn) => [`${fn}/index`, FUNCTIONS[fn].entry])),
    outdir,
    outExtension: { '.js': '.mjs' },
    // Which source files each bundle carries; the output is the same with or without it.
    metafile: true,
    logLevel: 'silent',
  });
  metafile = result.metafile;
  // What the Lambda runtime provides besides Node: the modules left external (the AWS SDK).
  for (const pattern of RUNTIME_PROVIDED_MODULES) {
    const name = pattern.replace(/\/\*$/, '');
    mkdirSync(dirname(join(outdir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), join(outdir, 'node_modules', name));
  }
}, SLOW_MS);

describe('Lambda bundles', { timeout: SLOW_MS }, () => {
  it.each(FUNCTION_NAMES)('keeps the %s bundle within its size budget', (fn) => {
    const bytes = statSync(bundleOf(fn)).size;

    expect(bytes, `${fn}: ${(bytes / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB[fn] * 1000);
  });

  it('names the model steps as infra does, so the checks below split the bundles as deployed', () => {
    expect(MODEL_STEPS.sort()).toEqual(['check-reply', 'draft-reply', 'escalate', 'propose-refund', 'stalled-runs', 'triage']);
  });

  it.each(NON_MODEL)('keeps the model providers, the Anthropic SDK and the offline model out of the %s bundle', (fn) => {
    const inputs = inputsOf(fn);

    expect(inputs.filter((path) => path.includes('node_modules/@anthropic-ai/sdk/'))).toEqual([]);
    expect(inputs.filter((path) => /^harness\/models\/(anthropic|offline|replay|recorded)\//.test(path))).toEqual([]);
  });

  it.each(FUNCTION_NAMES)("carries none of zod's other locales in the %s bundle", (fn) => {
    const inputs = inputsOf(fn);

    expect(
      inputs.some((path) => path.includes('node_modules/zod/')),
      `${fn} uses zod`,
    ).toBe(true);
    expect(inputs.filter((path) => ZOD_OTHER_LOCALE.test(path))).toEqual([]);
  });

  it.each(FUNCTION_NAMES)('carries neither ajv nor the X-Ray SDK in the %s bundle: the stand-in instead, for those that speak MCP', (fn) => {
    const inputs = inputsOf(fn);

    expect(inputs.filter((path) => /node_modules\/(ajv|ajv-formats|fast-uri|aws-xray-sdk-core)\//.test(path))).toEqual([]);
    const speaksMcp = inputs.some((path) => path.includes('node_modules/@modelcontextprotocol/sdk/'));
    expect(inputs.includes('infra/lib/no-ajv.ts'), fn).toBe(speaksMcp);
  });

  it('has the MCP client check tool outputs with the harness contracts, so the ajv stand-in is never asked to compile', async () => {
    const { default: Ajv, AjvNotBundledError } = await import('../../../infra/lib/no-ajv.js');
    expect(() => new Ajv().compile()).toThrow(AjvNotBundledError);
    const source = readFileSync(join(REPO_ROOT, 'harness/adapters/mcp/session.ts'), 'utf8');
    expect(source).toMatch(/new Client\(MCP_CLIENT_INFO, \{ jsonSchemaValidator: CONTRACTS_CHECK_OUTPUTS \}\)/);
  });

  it('carries the Anthropic SDK in the model steps that may choose it', () => {
    for (const fn of MODEL_STEPS)
      expect(
        inputsOf(fn).some((path) => path.includes('node_modules/@anthropic-ai/sdk/')),
        fn,
      ).toBe(true);
  });

  it('requires the SDK packages a handler loads at import from the runtime, never imports them as ES modules (Node would lex them first)', () => {
    const imported = new RegExp(`from\\s*"@aws-sdk/(${RUNTIME_REQUIRED_SDK.join('|')})"`);
    for (const fn of FUNCTION_NAMES) expect(readFileSync(bundleOf(fn), 'utf8'), fn).not.toMatch(imported);
    // The table's handlers load the document client through require, from the runtime's copy.
    expect(readFileSync(bundleOf('runs-api'), 'utf8')).toMatch(/\("@aws-sdk\/lib-dynamodb"\)/);
    // The MCP server reads its secret parameters through SSM on its first request, loaded the same way.
    expect(readFileSync(bundleOf('mcp'), 'utf8')).toMatch(/\("@aws-sdk\/client-ssm"\)/);
  });

  it('loads every bundle in a bare Node with only the runtime modules and no configuration', () => {
    const script = `
      const results = {};
      for (const [fn, file] of Object.entries(JSON.parse(process.env.BUNDLES))) {
        try { results[fn] = typeof (await import(file)).handler; } catch (e) { results[fn] = 'threw: ' + e.message; }
      }
      process.stdout.write(JSON.stringify(results));`;
    const bundles = Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, bundleOf(fn)]));
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: outdir,
      // No TENANT, TABLE_NAME or secrets: configuration is read on the first event, not at import.
      env: { PATH: process.env.PATH, BUNDLES: JSON.stringify(bundles) },
      encoding: 'utf8',
      timeout: SLOW_MS,
    });

    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, 'function'])));
  });

  it("gives every function memory for its bundle: the import's resident memory fits in 60% of it (infra/lib/memory.ts sizes at twice)", () => {
    // One fresh process per bundle, as a container starts: its resident memory right after the import.
    const script = `await import(process.env.BUNDLE); process.stdout.write(String(Math.round(process.memoryUsage().rss / 1048576)));`;
    for (const fn of FUNCTION_NAMES) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: outdir,
        env: { PATH: process.env.PATH, BUNDLE: bundleOf(fn) },
        encoding: 'utf8',
        timeout: SLOW_MS,
      });
      expect(run.status, run.stderr).toBe(0);
      const rssMb = Number(run.stdout);
      expect(rssMb, `${fn}: ${rssMb} MB resident after import, ${FUNCTIONS[fn].memoryMb} MB of memory`).toBeLessThanOrEqual(
        FUNCTIONS[fn].memoryMb * IMPORT_SHARE_AT_MOST,
      );
      expect(FUNCTIONS[fn].memoryMb, fn).toBe(memoryForRss(MEASURED_IMPORT_RSS_MB[fn]));
    }
  });

  // Retried because a source file saved between the two builds (by someone editing) changes both
  // outputs; a real difference in options fails every attempt.
  it('builds byte for byte what cdk synth bundles, so the checks above are about the deployed code', { retry: 2 }, async () => {
    const fn: FunctionName = 'runs-api';
    const app = new App({ outdir: scratchDir('cdk-bundle-'), builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'BundleProbe');
    new NodejsFunction(stack, 'Probe', {
      entry: join(REPO_ROOT, FUNCTIONS[fn].entry),
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      bundling: { ...LAMBDA_BUNDLING },
    });
    const assembly = app.synth();
    const assets = readdirSync(assembly.directory).filter((entry) => entry.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const cdkDir = join(assembly.directory, assets[0]!);

    const probeDir = scratchDir('esbuild-bundle-');
    await build({ ...OPTIONS, entryPoints: [FUNCTIONS[fn].entry], outfile: join(probeDir, BUNDLE_FILE), logLevel: 'silent' });

    expect(readFileSync(join(probeDir, BUNDLE_FILE)).equals(readFileSync(join(cdkDir, BUNDLE_FILE)))).toBe(true);
    // The source maps differ only in how far their relative source paths climb to the project.
    const sourceMap = (dir: string) => {
      const map = JSON.parse(readFileSync(join(dir, `${BUNDLE_FILE}.map`), 'utf8')) as { sources: string[] };
      return { ...map, sources: map.sources.map((source) => source.replace(/^(\.\.\/)+/, '')) };
    };
    expect(sourceMap(probeDir)).toEqual(sourceMap(cdkDir));
  });
});
