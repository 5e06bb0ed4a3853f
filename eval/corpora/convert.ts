// Keeps corpora of recorded answers (eval/corpora/README.md) in step with the product:
//   import  <eval-result.json> <corpus-dir> [--attempt N]   the answers a run's journal kept → one file per golden ticket
//   migrate <corpus-dir> --default|--rename|--drop <specialist>:<path>[=…] …   field migrations of recorded outputs
//   collect <pending-dir> <corpus-dir>                       answered pending requests → the corpus
// `npx tsx eval/corpora/convert.ts <command> …`; the functions are exported for the tests.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { HarnessConfigError } from '#harness/errors.js';
import { recordedOutput } from '#harness/models/model-output.js';
import {
  CORPUS_SPECIALISTS,
  PendingFile,
  readCorpus,
  readCorpusFile,
  writeCorpusFile,
  type CorpusAnswers,
  type CorpusFile,
} from '#harness/adapters/models/recorded/index.js';
import type { Specialist } from '#harness/ports.js';

export class ConvertError extends Error {
  override readonly name = 'ConvertError';
}

const isSpecialist = (name: unknown): name is Specialist => CORPUS_SPECIALISTS.includes(name as Specialist);

// ---- import: a run's journal → the ticket's answers ----

interface ModelRow {
  kind?: unknown;
  name?: unknown;
  outcome?: unknown;
  result?: string;
  truncated?: boolean;
}

/**
 * The answers a run's journal kept: its model rows that passed their schema, in journal order, per
 * specialist. A rejected answer keeps no output in the journal, so a call the gateway repaired is
 * imported as its repaired answer alone. An answer cut to the journal's bound cannot be imported.
 */
export function answersFromJournal(journal: readonly unknown[]): CorpusAnswers {
  const answers: CorpusAnswers = {};
  for (const row of journal as readonly ModelRow[]) {
    if (row?.kind !== 'model' || row.outcome !== 'ok' || !isSpecialist(row.name)) continue;
    const recorded = recordedOutput(row);
    if (!recorded) throw new ConvertError(`a ${row.name} answer was cut to the journal's bound (or is not JSON)`);
    (answers[row.name] ??= []).push(recorded.output);
  }
  return answers;
}

/** One corpus file per golden ticket of an eval result, from its run of `attempt`; the tickets that have none, with why. */
export function importEvalResult(result: unknown, attempt = 1): { files: CorpusFile[]; skipped: string[] } {
  const tickets = (result as { tickets?: unknown } | null)?.tickets;
  if (!Array.isArray(tickets)) throw new ConvertError('not an eval result: no tickets');
  const files: CorpusFile[] = [];
  const skipped: string[] = [];
  for (const ticket of tickets as Array<{ id: string; runs?: Array<{ attempt: number; journal?: unknown[] }> }>) {
    const journal = ticket.runs?.find((r) => r.attempt === attempt)?.journal;
    if (!Array.isArray(journal)) {
      skipped.push(`${ticket.id}: no journal for attempt ${attempt}`);
      continue;
    }
    try {
      files.push({ ticketId: ticket.id, answers: answersFromJournal(journal) });
    } catch (error) {
      skipped.push(`${ticket.id}: ${(error as Error).message}`);
    }
  }
  return { files, skipped };
}

// ---- migrate: field migrations of recorded outputs ----

/**
 * A migration names a specialist and a field path in its outputs: dotted keys, `[]` after a key
 * for every element of that array (`lineItems[].countWords`).
 */
export type Migration =
  | { op: 'default'; specialist: Specialist; path: string[]; value: unknown }
  | { op: 'rename'; specialist: Specialist; path: string[]; to: string }
  | { op: 'drop'; specialist: Specialist; path: string[] };

export function parseMigration(op: Migration['op'], text: string): Migration {
  const match = /^([a-z_]+):([^=]+)(?:=(.*))?$/s.exec(text);
  const specialist = match?.[1];
  const path = match?.[2]?.split('.') ?? [];
  if (!isSpecialist(specialist) || path.some((key) => key === '' || key === '[]') || path.at(-1)!.endsWith('[]')) {
    throw new ConvertError(`--${op} ${text}: expected <specialist>:<path to a field>${op === 'drop' ? '' : '=<value>'}`);
  }
  const value = match?.[3];
  if (op === 'drop') return { op, specialist, path };
  if (value === undefined) throw new ConvertError(`--${op} ${text}: needs =<value>`);
  if (op === 'rename') return { op, specialist, path, to: value };
  try {
    return { op, specialist, path, value: JSON.parse(value) as unknown };
  } catch {
    throw new ConvertError(`--default ${text}: the value is not JSON (a string needs quotes: ="text")`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies the migration to one output in place; returns how many fields it changed. */
export function migrateOutput(output: unknown, migration: Migration, path: readonly string[] = migration.path): number {
  if (!isObject(output)) return 0;
  const [head, ...rest] = path as [string, ...string[]];
  const each = head.endsWith('[]');
  const key = each ? head.slice(0, -2) : head;
  if (rest.length > 0) {
    const inner = output[key];
    const items = each ? (Array.isArray(inner) ? inner : []) : [inner];
    return items.reduce<number>((n, item) => n + migrateOutput(item, migration, rest), 0);
  }
  switch (migration.op) {
    case 'default':
      if (key in output) return 0;
      output[key] = structuredClone(migration.value);
      return 1;
    case 'rename':
      if (!(key in output)) return 0;
      output[migration.to] = output[key];
      delete output[key];
      return 1;
    case 'drop':
      if (!(key in output)) return 0;
      delete output[key];
      return 1;
  }
}

/** Every file of the corpus migrated in order; the files that changed are rewritten. Returns the fields changed. */
export function migrateCorpus(dir: string, migrations: readonly Migration[]): number {
  let changed = 0;
  for (const [ticketId, answers] of readCorpus(dir)) {
    let here = 0;
    for (const migration of migrations) for (const output of answers[migration.specialist] ?? []) here += migrateOutput(output, migration);
    // The rest of the file (a wrong answer's class) is kept as it was.
    if (here > 0) writeCorpusFile(dir, { ...readCorpusFile(dir, ticketId)!, answers });
    changed += here;
  }
  return changed;
}

// ---- collect: answered pending requests → the corpus ----

/**
 * Moves every pending request with an answer into the corpus (answer `call` of the ticket's
 * specialist, replacing one there or appending the next) and deletes its file; unanswered ones stay.
 */
export function collectPending(pendingDir: string, corpusDir: string): { collected: number; left: number } {
  let collected = 0;
  let left = 0;
  for (const ticketDir of existsSync(pendingDir) ? readdirSync(pendingDir).sort() : []) {
    const dir = join(pendingDir, ticketDir);
    if (!statSync(dir).isDirectory()) continue;
    const requests = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ path: join(dir, name), pending: PendingFile.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))) }))
      .sort((a, b) => a.pending.specialist.localeCompare(b.pending.specialist) || a.pending.call - b.pending.call);
    for (const { path, pending } of requests) {
      if (pending.answer === null || pending.answer === undefined) {
        left += 1;
        continue;
      }
      const file = readCorpusFile(corpusDir, pending.ticketId) ?? { ticketId: pending.ticketId, answers: {} };
      const calls = (file.answers[pending.specialist] ??= []);
      if (pending.call > calls.length) throw new ConvertError(`${path}: call ${pending.call}, but the corpus holds ${calls.length} answers before it`);
      calls[pending.call] = pending.answer;
      writeCorpusFile(corpusDir, file);
      rmSync(path);
      collected += 1;
    }
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  }
  return { collected, left };
}

// ---- the command line ----

const isMigration = (name: string): name is Migration['op'] => name === 'default' || name === 'rename' || name === 'drop';

function parseConvertArgs(argv: readonly string[]) {
  const many = { type: 'string', multiple: true } as const;
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      tokens: true,
      options: { attempt: { type: 'string' }, default: many, rename: many, drop: many },
    });
  } catch (error) {
    throw new ConvertError((error as Error).message);
  }
}

export function runConvert(argv: readonly string[], io: { stdout(text: string): void; cwd: string }): number {
  const { values, positionals, tokens } = parseConvertArgs(argv);
  const [command, ...paths] = positionals;
  const at = (i: number) => resolve(io.cwd, paths[i] ?? '');
  if (command === 'import' && paths.length === 2) {
    const attempt = Number(values.attempt ?? 1);
    if (!Number.isInteger(attempt) || attempt < 1) throw new ConvertError(`--attempt ${values.attempt}: a run number from 1`);
    const { files, skipped } = importEvalResult(JSON.parse(readFileSync(at(0), 'utf8')), attempt);
    for (const file of files) writeCorpusFile(at(1), file);
    io.stdout(`${files.length} tickets written to ${paths[1]}${skipped.map((s) => `\n  skipped ${s}`).join('')}\n`);
    return 0;
  }
  if (command === 'migrate' && paths.length === 1) {
    // In the order given: a rename then a default is not a default then a rename.
    const migrations = tokens.flatMap((t) => (t.kind === 'option' && isMigration(t.name) && t.value !== undefined ? [parseMigration(t.name, t.value)] : []));
    if (migrations.length === 0) throw new ConvertError('migrate: name at least one --default, --rename or --drop');
    io.stdout(`${migrateCorpus(at(0), migrations)} fields changed in ${paths[0]}\n`);
    return 0;
  }
  if (command === 'collect' && paths.length === 2) {
    const { collected, left } = collectPending(at(0), at(1));
    io.stdout(`${collected} answers collected into ${paths[1]}, ${left} still pending\n`);
    return 0;
  }
  throw new ConvertError(
    'usage: convert.ts import <eval-result.json> <corpus-dir> [--attempt N] | migrate <corpus-dir> --default|--rename|--drop <specialist>:<path>[=…] … | collect <pending-dir> <corpus-dir>',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    process.exit(runConvert(process.argv.slice(2), { stdout: (text) => void process.stdout.write(text), cwd: process.cwd() }));
  } catch (error) {
    const known = error instanceof ConvertError || error instanceof HarnessConfigError;
    console.error(known ? (error as Error).message : (error as Error).stack);
    process.exit(known ? 2 : 1);
  }
}
