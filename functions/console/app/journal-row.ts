// The journal row of a person's action in the console (a decision, a settle, a cancel, a re-run, a
// hand-back): a 'decision' row (harness/gateway/decision-row.ts) with the person as its actor.
import { decisionRow } from '#harness/gateway/decision-row.js';
import type { NewJournalRow } from '#harness/ports.js';

export function consoleJournalRow(
  runId: string,
  actor: string,
  at: Date,
  row: Pick<NewJournalRow, 'step' | 'name' | 'detail'> & Partial<NewJournalRow>,
): NewJournalRow {
  return decisionRow({ runId, at: at.toISOString(), provider: 'console', outcome: 'ok', actor, ...row, detail: row.detail.slice(0, 300) });
}
