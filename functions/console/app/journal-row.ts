// The journal row of a person's action in the console (a decision, a settle, a cancel, a re-run, a
// hand-back): a 'decision' row with the person as its actor and no call behind it. One shape for
// use-case.ts and actions.ts.
import type { NewJournalRow } from '#harness/ports.js';

export function consoleJournalRow(
  runId: string,
  actor: string,
  at: Date,
  row: Pick<NewJournalRow, 'step' | 'name' | 'detail'> & Partial<NewJournalRow>,
): NewJournalRow {
  return {
    runId,
    at: at.toISOString(),
    kind: 'decision',
    provider: 'console',
    argsHash: 'none',
    outcome: 'ok',
    latencyMs: 0,
    costMicros: 0,
    model: null,
    inputTokens: null,
    outputTokens: null,
    idempotencyKey: null,
    actor,
    ...row,
    detail: row.detail.slice(0, 300),
  };
}
