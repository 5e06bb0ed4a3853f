// The Lambda bundles themselves, built in-process with the very options NodejsFunction gets
// (infra/lib/bundling.ts): each stays within its size budget and loads in a bare Node with only the
// runtime-provided modules and no configuration, as a cold start would before the first event.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS_KB, BUNDLE_FILE, esbuildOptionsOf, LAMBDA_BUNDLING, LAMBDA_RUNTIME, RUNTIME_PROVIDED_MODULES } from '../../../infra/lib/bundling.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { REPO_ROOT } from './synth.js';

const OPTIONS = esbuildOptionsOf(LAMBDA_BUNDLING, REPO_ROOT);
let outdir: string;
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

beforeAll(async () => {
  outdir = scratchDir('refund-agent-bundles-');
  // One build for all entries; each output is a self-contained bundle (no code splitting).
  await build({
    ...OPTIONS,
    entryPoints: Object.fromEntries(FUNCTION_NAMES.map((fn) => [`${fn}/index`, FUNCTIONS[fn].entry])),
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  });
  // What the Lambda runtime provides besides Node: the modules left external (the AWS SDK).
  for (const pattern of RUNTIME_PROVIDED_MODULES) {
    const name = pattern.replace(/\/\*$/, '');
    mkdirSync(dirname(join(outdir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), join(outdir, 'node_modules', name));
  }
});

describe('Lambda bundles', () => {
  it.each(FUNCTION_NAMES)('keeps the %s bundle within its size budget', (fn) => {
    const bytes = statSync(bundleOf(fn)).size;

    expect(bytes, `${fn}: ${(bytes / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB[fn] * 1000);
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
      timeout: 60_000,
    });

    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, 'function'])));
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
