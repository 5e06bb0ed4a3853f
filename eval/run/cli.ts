// `npm run eval`: flags → golden set → runner → scores → JSON + HTML under --out, the summary on
// stdout, progress on stderr; or `--compare a.json b.json`, or `--from-journal`. Returns the exit
// code: 1 when a run did not end (timed out, never started) or --ci fails. main.ts is its
// process entry; the integration test calls it in process with its own output folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseModelSettings, type ModelSettings } from '#harness/models/settings.js';
import { FixtureError } from '#local/sandbox/index.js';
import type { GoldenTicket } from '../golden/schema.js';
import { fromJournal } from '../replay/command.js';
import { JournalExportError } from '../replay/load.js';
import { loadPolicy, POLICY_USAGE, PolicyFileError, takePolicyFlag } from '../replay/policy.js';
import { parseEvalArgs, USAGE, UsageError, type EvalArgs } from './args.js';
import { ciVerdict, compareResults, normalizeComparable, type Comparable } from './compare.js';
import { GoldenSetError, loadGoldenSet, selectTickets } from './golden.js';
import { applyWording, loadWording } from './wording.js';
import { createProgress, type ProgressSink } from './progress.js';
import { renderHtml } from './report.js';
import { evalModels, readCorpusOrUsageError } from './recorded.js';
import { runGoldenTickets, type SettingsChoice } from './runner.js';
import { summarize } from './scoring.js';
import { corpusFigures, type CorpusFigures } from './corpus-figures.js';
import { readCorpus, wrongClassesOf } from '#harness/adapters/models/recorded/index.js';
import { renderCiVerdict, renderComparison, renderSummary } from './text.js';
import type { EvalResult } from './types.js';

export interface CliIo {
  stdout(text: string): void;
  stderr: ProgressSink;
  env: Record<string, string | undefined>;
  /** Relative paths (--out, --golden, …) resolve against it. */
  cwd: string;
}

export interface CliOutcome {
  exitCode: number;
  /** The files a run wrote (absent for --compare and --help). */
  jsonPath?: string;
  htmlPath?: string;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<CliOutcome> {
  try {
    // --policy goes with --from-journal only; args.ts does not know it yet, so it is taken out first.
    const { argv: rest, policyPath } = takePolicyFlag(argv);
    const args = parseEvalArgs(rest);
    if (policyPath !== null && args.command !== 'from-journal') throw new UsageError('--policy <file> goes with --from-journal');
    return await dispatch(args, io, policyPath);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n\n${USAGE}\n${POLICY_USAGE}\n`);
      return { exitCode: 2 };
    }
    if (error instanceof GoldenSetError || error instanceof FixtureError || error instanceof JournalExportError || error instanceof PolicyFileError) {
      io.stderr.write(`${error.message}\n`);
      return { exitCode: 2 };
    }
    throw error;
  }
}

async function dispatch(args: EvalArgs, io: CliIo, policyPath: string | null): Promise<CliOutcome> {
  if (args.command === 'help') {
    io.stdout(`${USAGE}\n${POLICY_USAGE}\n`);
    return { exitCode: 0 };
  }
  if (args.command === 'from-journal') {
    const settings = settingsOrUsageError({
      ANTHROPIC_API_KEY: io.env.ANTHROPIC_API_KEY,
      ANTHROPIC_BASE_URL: io.env.ANTHROPIC_BASE_URL,
      MODEL_TIMEOUT_MS: io.env.MODEL_TIMEOUT_MS,
      MODEL_PROVIDER: args.provider,
      MODEL_CHOICES: args.models ? JSON.stringify(args.models) : undefined,
    });
    const { text, jsonPath } = await fromJournal({
      path: resolve(io.cwd, args.path),
      settings,
      policy: loadPolicy(policyPath === null ? null : resolve(io.cwd, policyPath)),
      out: resolve(io.cwd, args.out),
      progress: (d, t) => io.stderr.write(`\r${d}/${t} runs asked again`),
    });
    io.stderr.write('\n');
    io.stdout(`${text}\nwritten: ${jsonPath}\n`);
    return { exitCode: 0, jsonPath };
  }
  if (args.command === 'compare') {
    const [a, b] = [readResult(resolve(io.cwd, args.a)), readResult(resolve(io.cwd, args.b))];
    io.stdout(`${renderComparison(compareResults(a, b), [args.a, args.b])}\n`);
    return { exitCode: 0 };
  }
  return run(args, io);
}

type RunArgs = Extract<EvalArgs, { command: 'run' }>;

async function run(args: RunArgs, io: CliIo): Promise<CliOutcome> {
  const startedAt = new Date();
  const original = loadGoldenSet(resolve(io.cwd, args.golden));
  const golden = args.wording ? applyWording(original, loadWording(resolve(io.cwd, args.wording))) : original;
  const selected = selectTickets(golden.tickets, args.only);
  const { tickets, k, notes } = planRun(args, io, selected);
  const scratch = mkdtempSync(join(tmpdir(), 'refund-agent-eval-'));
  try {
    // Recorded answers and a recording build their provider here; the other providers, each runtime from its settings.
    const models = evalModels(args, { cwd: io.cwd, tickets, live: () => modelSettingsChooser(args, io, scratch) });
    const progress = createProgress({ total: tickets.length * k, sink: io.stderr });
    const output = await runGoldenTickets({
      golden,
      tickets,
      k,
      concurrency: args.concurrency,
      deadline: startedAt.getTime() + args.timeoutS * 1000,
      followUps: args.followUps,
      modelSettingsFor: models.settingsFor,
      onRunDone: (_ticket, runResult) => progress.tick(runResult.score.pass),
    });
    progress.finish();
    const result: EvalResult = {
      version: 2,
      meta: {
        provider: args.provider,
        models: args.models,
        kRequested: args.k,
        k,
        notes,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        commit: commitOf(io.cwd),
        only: args.only,
        concurrency: args.concurrency,
        timeoutS: args.timeoutS,
        followUps: args.followUps,
        goldenDir: args.golden,
        ...(args.wording ? { wording: args.wording } : {}),
        ...models.meta(),
      },
      summary: {
        ...summarize(output.tickets, k, { unattributedRefunds: output.unattributedRefunds }),
        ...(args.recorded ? { corpus: corpusFiguresOf(resolve(io.cwd, args.recorded.answers), output.tickets, tickets, golden) } : {}),
      },
      tickets: output.tickets,
    };
    return reportRun(args, io, result);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The tickets that run and how many times each, with notes where that differs from what was asked. */
function planRun(args: RunArgs, io: CliIo, selected: GoldenTicket[]): { tickets: GoldenTicket[]; k: number; notes: string[] } {
  const notes: string[] = [];
  // A corpus of answers covers the tickets it was written for (the wrong answers: those that reach the order agent).
  const answered = args.recorded && !args.recorded.pending ? readCorpusOrUsageError(resolve(io.cwd, args.recorded.answers)) : null;
  const tickets = answered ? selected.filter((t) => answered.has(t.id)) : selected;
  if (tickets.length < selected.length) notes.push(`${selected.length - tickets.length} golden ticket(s) have no recorded answers and were not run`);
  let k = args.k;
  if (k > 1 && args.provider !== 'anthropic') {
    notes.push(`k=${args.k} requested; the ${args.provider} provider is deterministic, so k is 1`);
    k = 1;
  }
  if (args.models && args.provider === 'offline') notes.push('the offline provider answers with its own code: --models has no effect');
  if (args.followUps === 'inline' && tickets.some((t) => (t.followUps ?? []).length > 0)) {
    notes.push('follow-ups were appended to the first message (--follow-ups inline)');
  }
  return { tickets, k, notes };
}

/** Writes the result (and the baseline when asked), prints the summary, and gives the exit code, --ci's verdict included. */
function reportRun(args: RunArgs, io: CliIo, result: EvalResult): CliOutcome {
  const { jsonPath, htmlPath } = writeResult(resolve(io.cwd, args.out), result);
  io.stdout(`${renderSummary(result)}\n\n  results ${jsonPath}\n  report  ${htmlPath}\n`);
  if (args.writeBaseline) {
    writeFileSync(resolve(io.cwd, args.baseline), baselineJson(toBaseline(result)));
    io.stdout(`  baseline written to ${args.baseline}\n`);
  }
  // A run that timed out or never started measured nothing: the eval fails, --ci or not.
  let exitCode = result.summary.complete ? 0 : 1;
  if (args.ci) {
    const baselinePath = resolve(io.cwd, args.baseline);
    const baseline = existsSync(baselinePath) ? readResult(baselinePath) : null;
    const verdict = ciVerdict(result, baseline);
    if (baseline && baseline.meta.provider !== result.meta.provider) verdict.reasons.push(`warning: the baseline is for ${baseline.meta.provider}`);
    io.stdout(`\n${renderCiVerdict(verdict)}\n`);
    if (!verdict.ok) exitCode = 1;
  }
  return { exitCode, jsonPath, htmlPath };
}

/** Decisions, findings on correct readings and wrong answers caught, for a run on recorded answers. */
function corpusFiguresOf(
  dir: string,
  results: EvalResult['tickets'],
  tickets: readonly GoldenTicket[],
  golden: { fixture: Parameters<typeof corpusFigures>[0]['fixture'] },
): CorpusFigures {
  return corpusFigures({ results, golden: tickets, fixture: golden.fixture, corpus: readCorpus(dir), wrongClasses: wrongClassesOf(dir) });
}

/**
 * The model settings per ticket, built the way `npm start` builds them from its environment: the
 * chosen provider, the key and endpoint settings from the environment, --models as MODEL_CHOICES.
 * Replay answers each ticket from its own recorded journal, so each gets its own runtime.
 */
function modelSettingsChooser(args: Extract<EvalArgs, { command: 'run' }>, { env, cwd }: CliIo, scratch: string) {
  const base = {
    ANTHROPIC_API_KEY: env.ANTHROPIC_API_KEY,
    ANTHROPIC_BASE_URL: env.ANTHROPIC_BASE_URL,
    MODEL_FALLBACK: env.MODEL_FALLBACK,
    MODEL_TIMEOUT_MS: env.MODEL_TIMEOUT_MS,
    MODEL_CHOICES: args.models ? JSON.stringify(args.models) : undefined,
  };
  if (args.provider !== 'replay') {
    const settings = settingsOrUsageError({ ...base, MODEL_PROVIDER: args.provider });
    return (): SettingsChoice => ({ key: args.provider, settings });
  }
  const recorded = readResult(resolve(cwd, args.replayFrom!)) as unknown as EvalResult;
  const journals = new Map(recorded.tickets.map((t) => [t.id, t.runs]));
  return (ticket: GoldenTicket, attempt: number): SettingsChoice => {
    const runs = journals.get(ticket.id) ?? [];
    const journal = (runs.find((r) => r.attempt === attempt) ?? runs[0])?.journal;
    if (!Array.isArray(journal)) return { error: `no recorded journal for ${ticket.id} in ${args.replayFrom}` };
    const file = join(scratch, `${ticket.id}-${attempt}.json`);
    writeFileSync(file, JSON.stringify(journal));
    return { key: `replay:${ticket.id}:${attempt}`, settings: settingsOrUsageError({ ...base, MODEL_PROVIDER: 'replay', REPLAY_JOURNAL: file }) };
  };
}

/** parseModelSettings names the setting at fault, never its value; here that is a usage error. */
function settingsOrUsageError(env: Record<string, string | undefined>): ModelSettings {
  try {
    return parseModelSettings(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function writeResult(outDir: string, result: EvalResult): { jsonPath: string; htmlPath: string } {
  mkdirSync(outDir, { recursive: true });
  // Results are local artefacts: keep the folder out of git without touching the root .gitignore.
  if (!existsSync(join(outDir, '.gitignore'))) writeFileSync(join(outDir, '.gitignore'), '*\n');
  const stamp = result.meta.startedAt.replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  // Two evals started in the same second (the corpora side by side) never write over each other's result.
  let base = join(outDir, `eval-${result.meta.provider}-${stamp}`);
  for (let n = 2; existsSync(`${base}.json`); n++) base = join(outDir, `eval-${result.meta.provider}-${stamp}-${n}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 1)}\n`);
  writeFileSync(`${base}.html`, renderHtml(result));
  return { jsonPath: `${base}.json`, htmlPath: `${base}.html` };
}

/** What eval/baseline.json keeps: the scores and each run's verdict, not the journals. */
export function toBaseline(result: EvalResult): Comparable {
  return {
    version: result.version,
    meta: { provider: result.meta.provider, k: result.meta.k, startedAt: result.meta.startedAt, commit: result.meta.commit, notes: result.meta.notes },
    summary: result.summary,
    tickets: result.tickets.map((t) => ({
      id: t.id,
      category: t.category,
      runs: t.runs.map((r) => ({ score: { pass: r.score.pass, mismatches: r.score.mismatches }, observation: { outcome: r.observation.outcome } })),
    })),
  } as Comparable;
}

/** Scores indented, then one line per ticket, so a refreshed baseline diffs by ticket. */
function baselineJson(baseline: Comparable): string {
  const head = JSON.stringify({ version: baseline.version, meta: baseline.meta, summary: baseline.summary }, null, 2).replace(/\n}$/, '');
  const tickets = baseline.tickets.map((t) => `    ${JSON.stringify(t)}`).join(',\n');
  return `${head},\n  "tickets": [\n${tickets}\n  ]\n}\n`;
}

function readResult(path: string): Comparable {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  const v = value as Partial<Comparable> | null;
  if (!v || typeof v !== 'object' || !v.meta || !v.summary?.money || !Array.isArray(v.tickets)) throw new UsageError(`${path} is not an eval result`);
  // Older results (version 1: money added over every currency) read as today's shape.
  return normalizeComparable(v as Comparable);
}

function commitOf(cwd: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}
