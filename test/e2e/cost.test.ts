// The cost of a ticket does not grow silently: one automatic and one approval demo ticket through the
// local runtime, measured as `npm run cost` measures them (bench/cost/measure.ts), stay within the
// committed ceilings of bench/cost/ceilings.ts (transitions, invocations, DynamoDB units, requests,
// emails). A new state or table write fails here until its ceiling is raised on purpose.
import { beforeAll, describe, expect, it } from 'vitest';
import { CEILINGS, overCeilings } from '../../bench/cost/ceilings.js';
import { meanUsage, measure, type Measurement } from '../../bench/cost/measure.js';

let measured: Measurement;

beforeAll(async () => {
  measured = await measure({ automatic: 1, approval: 1 });
}, 120_000);

describe('what a ticket asks of AWS', () => {
  it('ends both demo tickets done, the approval one after its email', () => {
    expect(measured.tickets.map((t) => [t.kind, t.status])).toEqual([
      ['automatic', 'done'],
      ['approval', 'done'],
    ]);
    expect(meanUsage(measured.tickets, 'approval').emails).toBe(1);
  });

  it('enters at most eight states on the automatic path (issue 13: one Choice, after the Gate)', () => {
    expect(meanUsage(measured.tickets, 'automatic').transitions).toBeLessThanOrEqual(8);
    expect(CEILINGS.automatic.transitions).toBeLessThanOrEqual(8);
  });

  it('stays within the committed ceilings', () => {
    const over = (['automatic', 'approval'] as const).flatMap((kind) => overCeilings(kind, meanUsage(measured.tickets, kind)));

    expect(over, 'raise bench/cost/ceilings.ts on purpose, with the cost `npm run cost` shows').toEqual([]);
  });

  it('measures what it claims to: every counted kind of use is seen, and the index copies are keys only', () => {
    for (const kind of ['automatic', 'approval'] as const) {
      const usage = meanUsage(measured.tickets, kind);
      for (const key of Object.keys(CEILINGS[kind]) as (keyof typeof usage)[]) {
        if (kind === 'automatic' && key === 'emails') continue;
        expect(usage[key], `${kind} ${key}`).toBeGreaterThan(0);
      }
      // Keys-only indexes copy a run when its status or order changes, not on every update.
      expect(usage.dynamoIndexWriteUnits).toBeLessThan(usage.dynamoIndexWriteUnitsIfAll / 4);
      expect(usage.gbSeconds).toBeGreaterThan(0);
    }
    expect(measured.tickets.flatMap((t) => t.invocations.map((i) => i.fn))).toEqual(
      expect.arrayContaining(['webhook-ingest', 'run-starter', 'triage', 'refund', 'check-reply', 'mcp', 'request-approval', 'approval-callback']),
    );
  });
});
