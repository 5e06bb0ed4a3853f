// `npm run mutate`: disables each safety rule in turn (sites.ts finds them in the syntax tree;
// boundaries.ts adds the limits moved by one unit at one layer) in a copy of the repository, runs
// the tests that can reach the mutated file, and reports every mutant killed or names the ones that
// survive (exit 1). The working tree is never touched. Options:
//   --tiers unit,suites   test folders to run (default: unit and suites; e2e and integration are slow)
//   --only <text>         mutants whose id contains the text
//   --tests a.test.ts,…   run only these test files for every mutant, with no unmutated run first
//                         (to check that new tests kill the mutants they are written for)
//   --list                print the mutants and the tests each would run, run nothing
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locate, TEXT_MUTANTS } from './boundaries.js';
import { importGraph, testsReaching } from './selection.js';
import { applyMutant, type Mutant, SAFETY_DIRS, scanFile } from './sites.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A mutant whose tests run longer than this is counted as killed by a hang, and named. */
const MUTANT_TIMEOUT_MS = 15 * 60_000;

interface Options {
  tiers: string[];
  /** Mutants whose id contains any of these; all when empty. */
  only: string[];
  tests: string[] | null;
  list: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { tiers: ['unit', 'suites'], only: [], tests: null, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--list') options.list = true;
    else if (arg === '--tiers' && argv[i + 1]) options.tiers = argv[++i]!.split(',');
    else if (arg === '--only' && argv[i + 1]) options.only.push(argv[++i]!);
    else if (arg === '--tests' && argv[i + 1]) options.tests = argv[++i]!.split(',');
    else throw new Error(`unknown argument ${arg}; use --tiers unit,suites, --only <text> (repeatable), --tests <files> or --list`);
  }
  return options;
}

/** Every mutant of the safety folders, the tree's and the text ones, in file order. */
export function allMutants(root: string): Mutant[] {
  const files = SAFETY_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  ).sort();
  const scanned = files.flatMap((file) => scanFile(root, file).mutants);
  const text = TEXT_MUTANTS.map((m) => locate(readFileSync(join(root, m.file), 'utf8'), m));
  return [...scanned, ...text];
}

/** A copy of the tracked and new files, sharing node_modules: mutants never touch the working tree. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'refund-agent-mutate-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      copyFileSync(join(ROOT, file), join(dir, file));
    } catch {
      // A file deleted in the working tree but still tracked: nothing to copy.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

type Verdict = 'killed' | 'survived' | 'hung';
interface Outcome {
  verdict: Verdict;
  /** The first test file that failed, when killed. */
  by: string | null;
}

function runTests(copy: string, tests: readonly string[]): Outcome {
  const result = spawnSync(join(copy, 'node_modules/.bin/vitest'), ['run', '--bail', '1', '--reporter', 'dot', ...tests], {
    cwd: copy,
    encoding: 'utf8',
    timeout: MUTANT_TIMEOUT_MS,
    env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (result.error || result.signal) return { verdict: 'hung', by: null };
  if (result.status === 0) return { verdict: 'survived', by: null };
  const output = `${result.stdout}\n${result.stderr}`;
  if (process.env.MUTATE_DEBUG) writeFileSync(join(tmpdir(), 'mutate-last.log'), output);
  const failed = /(?:FAIL|❯|×)\s+(test\/\S+\.test\.ts)/.exec(output);
  return { verdict: 'killed', by: failed?.[1] ?? null };
}

/** Closest tests first: the unit tests of the mutated layer (test/unit/harness/), then the rest. */
function stages(tests: readonly string[], file: string): string[][] {
  const layer = file.split('/')[0]!;
  const near = tests.filter((t) => t.startsWith(`test/unit/${layer}/`));
  const far = tests.filter((t) => !near.includes(t));
  return [near, far].filter((s) => s.length > 0);
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const graph = importGraph(ROOT);
  const mutants = allMutants(ROOT).filter((m) => options.only.length === 0 || options.only.some((text) => m.id.includes(text)));
  const testsOf = (m: Mutant) => options.tests ?? testsReaching(graph, m.file, options.tiers);
  if (options.list) {
    for (const m of mutants) console.log(`${m.id}  (${m.how}; ${testsOf(m).length} test files)`);
    console.log(`${mutants.length} mutants`);
    return;
  }
  const copy = copyRepository();
  // The tests must pass unmutated, or every mutant would look killed.
  const everyTest = [...new Set(mutants.flatMap(testsOf))].sort();
  console.log(options.tests ? `no unmutated run (--tests)` : `unmutated: ${everyTest.length} test files…`);
  const baseline: Outcome = options.tests ? { verdict: 'survived', by: null } : runTests(copy, everyTest);
  if (baseline.verdict !== 'survived') {
    rmSync(copy, { recursive: true, force: true });
    throw new Error(`the tests fail with no mutant applied (${baseline.by ?? 'see vitest'}); fix them before a mutation run`);
  }
  const survivors: Mutant[] = [];
  const hung: Mutant[] = [];
  try {
    mutants.forEach((mutant, i) => {
      const path = join(copy, mutant.file);
      const original = readFileSync(path, 'utf8');
      writeFileSync(path, applyMutant(original, mutant));
      const started = Date.now();
      let outcome: Outcome = { verdict: 'survived', by: null };
      try {
        for (const stage of stages(testsOf(mutant), mutant.file)) {
          outcome = runTests(copy, stage);
          if (outcome.verdict !== 'survived') break;
        }
      } finally {
        writeFileSync(path, original);
      }
      if (outcome.verdict === 'survived') survivors.push(mutant);
      if (outcome.verdict === 'hung') hung.push(mutant);
      const by = outcome.by ? ` by ${outcome.by}` : '';
      console.log(
        `[${i + 1}/${mutants.length}] ${outcome.verdict.padEnd(8)} ${mutant.id} (${mutant.how})${by}, ${Math.round((Date.now() - started) / 1000)} s`,
      );
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  console.log(`\n${mutants.length - survivors.length} of ${mutants.length} mutants killed (tiers: ${options.tiers.join(', ')})`);
  for (const m of hung) console.log(`  killed by a hang (over ${MUTANT_TIMEOUT_MS / 60_000} min): ${m.id}`);
  for (const m of survivors) console.log(`  SURVIVED: ${m.id}: ${m.how}`);
  process.exitCode = survivors.length > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
