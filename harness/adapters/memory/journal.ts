// In-memory JournalStore with the DynamoDB adapter's semantics: a row is checked as a JournalRow
// before it is kept (an invalid row is refused, never stored), and a run's rows read back ordered by
// their sequence (time, then call order).
import { JournalRow } from '../../domain/types.js';
import type { IdGenerator, JournalStore } from '../../ports.js';
import { createJournalSequencer, jsonCopy } from '../records.js';

export function createInMemoryJournalStore(deps: { rows: Map<string, JournalRow[]>; ids: IdGenerator }): JournalStore {
  const nextSeq = createJournalSequencer(() => deps.ids.random());
  return {
    async append(row) {
      const stored = JournalRow.parse(jsonCopy({ ...row, seq: nextSeq(row.at) }));
      const rows = deps.rows.get(row.runId) ?? [];
      rows.push(stored);
      deps.rows.set(row.runId, rows);
      return jsonCopy(stored);
    },
    async listByRun(runId) {
      return [...(deps.rows.get(runId) ?? [])].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0)).map(jsonCopy);
    },
  };
}
