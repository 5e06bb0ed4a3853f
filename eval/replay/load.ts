// A journal export, as `npm run eval -- --from-journal` reads it: one run view (GET /api/runs/{id}),
// a list of run views, { runs: [...] }, an eval result, or a plain list of journal rows; JSON or JSON lines. The
// rows are grouped by run, in journal order.
import { readFileSync } from 'node:fs';
import { JournalRow } from '#harness/domain/types.js';

export class JournalExportError extends Error {
  override readonly name = 'JournalExportError';
}

function rowsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => (v && typeof v === 'object' && 'journal' in v ? rowsIn(v) : [v]));
  if (value && typeof value === 'object') {
    const o = value as { journal?: unknown; runs?: unknown; tickets?: unknown };
    if (Array.isArray(o.journal)) return o.journal;
    if (Array.isArray(o.runs)) return rowsIn(o.runs);
    // An eval result: tickets, each with its runs and their journals.
    if (Array.isArray(o.tickets)) return o.tickets.flatMap((t: { runs?: unknown }) => (Array.isArray(t.runs) ? rowsIn(t.runs) : []));
  }
  throw new JournalExportError('the export holds no journal rows (expected a run view, a list of them, { runs }, or journal rows)');
}

export function parseJournalExport(text: string): Map<string, JournalRow[]> {
  let values: unknown[];
  try {
    values = rowsIn(JSON.parse(text));
  } catch (error) {
    if (error instanceof JournalExportError) throw error;
    values = text
      .split('\n')
      .filter((l) => l.trim().length > 0)
      .flatMap((line, i) => {
        try {
          return rowsIn(JSON.parse(line) as unknown);
        } catch {
          try {
            return [JSON.parse(line) as unknown];
          } catch {
            throw new JournalExportError(`line ${i + 1} is not JSON`);
          }
        }
      });
  }
  const runs = new Map<string, JournalRow[]>();
  values.forEach((value, i) => {
    const parsed = JournalRow.safeParse(value);
    if (!parsed.success)
      throw new JournalExportError(`row ${i + 1} is not a journal row: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    const rows = runs.get(parsed.data.runId) ?? [];
    rows.push(parsed.data);
    runs.set(parsed.data.runId, rows);
  });
  return runs;
}

export function loadJournalExport(path: string): Map<string, JournalRow[]> {
  return parseJournalExport(readFileSync(path, 'utf8'));
}
