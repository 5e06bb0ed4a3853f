// `npm run bench:bundles`: each Lambda bundle's size beside its budget (infra/lib/bundling.ts), its
// import time (the part of a cold start the code decides) and the resident memory right after the
// import (to size the function's memory from): built exactly as NodejsFunction builds it, then
// imported by a fresh Node process with only the runtime-provided modules (the AWS SDK) beside it
// and the runtime's own built-ins already loaded, as Lambda's init does before the first event. The
// median of several processes per function; a machine's figures, so compare them with each other,
// not across machines.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { BUNDLE_BUDGETS_KB, BUNDLE_FILE, esbuildOptionsOf, LAMBDA_BUNDLING, LAMBDA_RUNTIME, RUNTIME_PROVIDED_MODULES } from '../infra/lib/bundling.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../infra/lib/functions.js';
import { median, round } from './stats.js';

const REPO_ROOT = resolve(import.meta.dirname, '..');

/**
 * The Node built-ins Lambda's runtime interface client (aws-lambda-nodejs-runtime-interface-client,
 * src/: its Runtime API client, console patch and handler loader) has loaded before it imports a
 * handler: they are the runtime's cost, not the handler's, so they load before the clock starts.
 */
export const RUNTIME_PRELOADED_BUILTINS = ['node:http', 'node:net', 'node:util', 'node:fs', 'node:assert', 'node:path', 'node:module'] as const;

/**
 * Imports `file` once in a fresh process, after the runtime's own modules, and reports how long the
 * import took, in ms, and the process's resident memory right after it (what the function holds
 * before its first event), in bytes.
 */
const IMPORT_ONCE = `
  for (const builtin of JSON.parse(process.env.PRELOADED)) await import(builtin);
  const started = performance.now();
  const mod = await import(process.env.BUNDLE);
  if (typeof mod.handler !== 'function') throw new Error('no handler');
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, rss: process.memoryUsage().rss }));`;

export type BundleFigures = { fn: FunctionName; kB: number; budgetKB: number; importMs: number; rssMB: number };

/** Builds every bundle and times its import `runs` times in fresh processes; cleans up after itself. */
export async function measureBundles(runs = 5, only: readonly FunctionName[] = FUNCTION_NAMES): Promise<BundleFigures[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'refund-agent-bench-bundles-'));
  try {
    await build({
      ...esbuildOptionsOf(LAMBDA_BUNDLING, REPO_ROOT),
      entryPoints: Object.fromEntries(only.map((fn) => [`${fn}/index`, FUNCTIONS[fn].entry])),
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
    return only.map((fn) => {
      const file = join(outdir, fn, BUNDLE_FILE);
      const times: number[] = [];
      const rss: number[] = [];
      for (let i = 0; i < runs; i++) {
        // No configuration, as at init: the environment is read on the first event.
        const run = spawnSync(process.execPath, ['--input-type=module', '-e', IMPORT_ONCE], {
          cwd: outdir,
          env: {
            PATH: process.env.PATH,
            BUNDLE: file,
            PRELOADED: JSON.stringify(RUNTIME_PRELOADED_BUILTINS),
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
        if (run.status !== 0) throw new Error(`${fn} did not import: ${run.stderr}`);
        const measured = JSON.parse(run.stdout) as { ms: number; rss: number };
        times.push(measured.ms);
        rss.push(measured.rss);
      }
      return { fn, kB: statSync(file).size / 1000, budgetKB: BUNDLE_BUDGETS_KB[fn], importMs: median(times), rssMB: median(rss) / 2 ** 20 };
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const figures = await measureBundles(Number(values.runs));
  console.log(
    `\nrefund-agent bundles: built for ${LAMBDA_RUNTIME.name} (esbuild target ${LAMBDA_BUNDLING.target}), imported on Node ${process.versions.node}, median of ${values.runs} fresh processes\n`,
  );
  // rss: the process's resident memory right after the import (Node's own ~40 MB included), to size Lambda memory from.
  console.log(`  ${'function'.padEnd(18)} ${'size kB'.padStart(8)} ${'budget kB'.padStart(10)} ${'import ms'.padStart(10)} ${'rss MB'.padStart(7)}`);
  for (const f of figures)
    console.log(
      `  ${f.fn.padEnd(18)} ${round(f.kB).toString().padStart(8)} ${String(f.budgetKB).padStart(10)} ${round(f.importMs).toString().padStart(10)} ${round(f.rssMB).toString().padStart(7)}`,
    );
  console.log('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`bench:bundles failed: ${(error as Error).stack}`);
    process.exit(1);
  });
}
