// A journal export, as `npm run eval -- --from-journal` reads it: one run view (GET /api/runs/{id}),
// a list of run views, { runs: [...] }, an eval result, or a plain list of journal rows; JSON or JSON lines. The
// rows are grouped by run, in journal order; a run view also says when its ticket arrived and what
// its gate decided, under which policy version.
import { readFileSync } from 'node:fs';
import { JournalRow } from '#harness/domain/types.js';

export class JournalExportError extends Error {
  override readonly name = 'JournalExportError';
}

/** What a run view holds beside its journal (absent for bare journal rows and eval results). */
export interface RunFacts {
  receivedAt?: string;
  gate?: { decision: string; amountMinor: number; policyVersion: string };
}

export interface RecordedRun {
  rows: JournalRow[];
  facts: RunFacts;
}

type Facts = Map<string, RunFacts>;

function factsOf(view: Record<string, unknown>): RunFacts {
  const ticket = view.ticket as { receivedAt?: unknown } | undefined;
  const gate = view.gate as { decision?: unknown; amountMinor?: unknown; policyVersion?: unknown } | null | undefined;
  return {
    ...(typeof ticket?.receivedAt === 'string' ? { receivedAt: ticket.receivedAt } : {}),
    ...(gate && typeof gate.decision === 'string' && typeof gate.amountMinor === 'number' && typeof gate.policyVersion === 'string'
      ? { gate: { decision: gate.decision, amountMinor: gate.amountMinor, policyVersion: gate.policyVersion } }
      : {}),
  };
}

function rowsIn(value: unknown, facts: Facts): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => (v && typeof v === 'object' && 'journal' in v ? rowsIn(v, facts) : [v]));
  if (value && typeof value === 'object') {
    const o = value as { journal?: unknown; runs?: unknown; tickets?: unknown; runId?: unknown };
    if (Array.isArray(o.journal)) {
      if (typeof o.runId === 'string') facts.set(o.runId, factsOf(o as Record<string, unknown>));
      return o.journal;
    }
    if (Array.isArray(o.runs)) return rowsIn(o.runs, facts);
    // An eval result: tickets, each with its runs and their journals.
    if (Array.isArray(o.tickets)) return o.tickets.flatMap((t: { runs?: unknown }) => (Array.isArray(t.runs) ? rowsIn(t.runs, facts) : []));
  }
  throw new JournalExportError('the export holds no journal rows (expected a run view, a list of them, { runs }, or journal rows)');
}

/** Every run of the export: its journal rows in order, and what its run view says beside them. */
export function parseRunExport(text: string): Map<string, RecordedRun> {
  const facts: Facts = new Map();
  let values: unknown[];
  try {
    values = rowsIn(JSON.parse(text), facts);
  } catch (error) {
    if (error instanceof JournalExportError) throw error;
    values = text
      .split('\n')
      .filter((l) => l.trim().length > 0)
      .flatMap((line, i) => {
        try {
          return rowsIn(JSON.parse(line) as unknown, facts);
        } catch {
          try {
            return [JSON.parse(line) as unknown];
          } catch {
            throw new JournalExportError(`line ${i + 1} is not JSON`);
          }
        }
      });
  }
  const runs = new Map<string, RecordedRun>();
  values.forEach((value, i) => {
    const parsed = JournalRow.safeParse(value);
    if (!parsed.success)
      throw new JournalExportError(`row ${i + 1} is not a journal row: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    const run = runs.get(parsed.data.runId) ?? { rows: [], facts: facts.get(parsed.data.runId) ?? {} };
    run.rows.push(parsed.data);
    runs.set(parsed.data.runId, run);
  });
  return runs;
}

/** The journal rows of every run of the export, in order. */
export function parseJournalExport(text: string): Map<string, JournalRow[]> {
  return new Map([...parseRunExport(text)].map(([runId, run]) => [runId, run.rows]));
}

export function loadRunExport(path: string): Map<string, RecordedRun> {
  return parseRunExport(readFileSync(path, 'utf8'));
}
