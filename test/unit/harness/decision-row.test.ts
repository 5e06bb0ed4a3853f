// A decision journal row has no call behind it: every one of them (the gate's, each line's grounding,
// a settled review, a console action) says so the same way, whoever writes it.
import { describe, expect, it } from 'vitest';
import { decisionRow } from '#harness/gateway/decision-row.js';

describe('a decision row', () => {
  it('sends no arguments, waits for nothing, runs no model and costs nothing', () => {
    const row = decisionRow({ runId: 'run-1', at: '2026-12-02T09:00:00.000Z', step: 'Gate', name: 'gate', provider: 'harness', outcome: 'ok', detail: 'auto' });
    expect(row).toEqual({
      runId: 'run-1',
      at: '2026-12-02T09:00:00.000Z',
      step: 'Gate',
      kind: 'decision',
      name: 'gate',
      provider: 'harness',
      argsHash: 'none',
      outcome: 'ok',
      detail: 'auto',
      latencyMs: 0,
      costMicros: 0,
      model: null,
      inputTokens: null,
      outputTokens: null,
      idempotencyKey: null,
    });
  });

  it('keeps what the caller says: the key a review settles, who acted, the rule that decided', () => {
    const row = decisionRow({
      runId: 'run-1',
      at: 'x',
      step: 'Refund',
      name: 'review',
      provider: 'harness',
      outcome: 'ok',
      detail: 'd',
      idempotencyKey: 'k',
      actor: 'lead@example.com',
      rule: 'r',
    });
    expect(row).toMatchObject({ kind: 'decision', idempotencyKey: 'k', actor: 'lead@example.com', rule: 'r' });
  });
});
