// A 'decision' journal row with no call behind it: a rule deciding (the gate, each claimed line's
// grounding) or a person acting (a review settled, a console action). No arguments were sent, no time
// was spent waiting, no model ran, nothing was paid, so those fields are the same in every such row
// and are filled here once; the caller says who decided what, and how its detail is cut.
import type { NewJournalRow } from '../ports.js';

export type DecisionFields = Pick<NewJournalRow, 'runId' | 'at' | 'step' | 'name' | 'provider' | 'outcome' | 'detail'> & Partial<NewJournalRow>;

export function decisionRow(fields: DecisionFields): NewJournalRow {
  return {
    kind: 'decision',
    argsHash: 'none',
    latencyMs: 0,
    costMicros: 0,
    model: null,
    inputTokens: null,
    outputTokens: null,
    idempotencyKey: null,
    ...fields,
  };
}
