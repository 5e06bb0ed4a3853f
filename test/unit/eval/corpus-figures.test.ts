// What a run on recorded answers measures: decisions against labels wherever the escalation
// happened, the checks' findings on lines of correct readings (per rule), and wrong answers caught
// (no automatic refund) per class; and how CI reads them against a committed baseline.
import { describe, expect, it } from 'vitest';
import type { SandboxFixture } from '#local/sandbox/index.js';
import type { GoldenTicket } from '../../../eval/golden/schema.js';
import { ciVerdict, type Comparable } from '../../../eval/run/compare.js';
import { corpusFigures, type CorpusFigures } from '../../../eval/run/corpus-figures.js';
import type { Observation, TicketResult } from '../../../eval/run/types.js';

const MUG = { sku: 'MUG-STONE', quantity: 1 };
const fixture = {
  orders: [{ number: 1001, lineItems: [{ title: 'Stoneware mug', sku: 'MUG-STONE', quantity: 1, unitPriceMinor: 1800 }] }],
} as unknown as SandboxFixture;
const golden = (id: string): GoldenTicket =>
  ({
    id,
    claim: { orderNumber: 1001, remedy: 'refund', reason: 'damaged', lines: [MUG] },
    label: { outcome: 'auto_refund', amountMinor: 1800, lines: [MUG], approvalRules: [], escalation: null },
  }) as unknown as GoldenTicket;
const seen = (over: Partial<Observation>): Observation =>
  ({ outcome: 'auto_refund', amountMinor: 1800, lines: [MUG], refunds: [], gateRules: ['auto_within_policy'], ...over }) as Observation;
const result = (id: string, observation: Observation, journal: unknown[] = []): TicketResult =>
  ({
    id,
    category: 'single_damaged',
    expected: { outcome: 'auto_refund', amountMinor: 1800, lines: [MUG], currency: 'USD', boundOrder: 1001, escalation: null },
    runs: [{ attempt: 1, observation, score: { pass: true }, journal }],
  }) as unknown as TicketResult;
const answer = { order_agent: [{ remedy: 'refund', lineItems: [{ lineItemId: 'gid://shopify/LineItem/100101', quantity: 1 }], unclear: null }] };

describe('figures of a run on recorded answers', () => {
  it('counts a decision as matching when outcome, amount and lines are the label’s, wherever it escalated', () => {
    const f = corpusFigures({
      results: [result('a', seen({})), result('b', seen({ outcome: 'approval' }))],
      golden: [golden('a'), golden('b')],
      fixture,
      corpus: new Map(),
      wrongClasses: new Map(),
    });
    expect(f.decisions).toMatchObject({ runs: 2, matching: 1, missed: ['b'] });
  });

  it('counts the checks’ findings against the lines of correct readings, by rule', () => {
    const grounded = [{ name: 'grounding', rule: 'claim_grounded', detail: '100101: grounded by "…"' }];
    const held = [{ name: 'grounding', rule: 'quantity_not_grounded', detail: '100101: quantity_not_grounded by "…"' }];
    const f = corpusFigures({
      results: [result('a', seen({}), grounded), result('b', seen({ outcome: 'approval' }), held)],
      golden: [golden('a'), golden('b')],
      fixture,
      corpus: new Map([
        ['a', answer],
        ['b', answer],
      ]),
      wrongClasses: new Map(),
    });
    expect(f.groundingOnCorrect).toMatchObject({ lines: 2, withFinding: 1, byRule: { quantity_not_grounded: 1 }, tickets: ['b'] });
  });

  it('counts the answers, correct readings and findings of each wording class apart', () => {
    const worded = (id: string, wording: GoldenTicket['wording']) => ({ ...golden(id), category: 'everyday_wording', wording }) as GoldenTicket;
    const held = [{ name: 'grounding', rule: 'quantity_not_grounded', detail: '100101: quantity_not_grounded by "…"' }];
    const misread = { order_agent: [{ ...answer.order_agent[0], lineItems: [{ lineItemId: 'gid://shopify/LineItem/100101', quantity: 2 }] }] };
    const f = corpusFigures({
      results: [result('p1', seen({ outcome: 'approval' }), held), result('p2', seen({})), result('d1', seen({}))],
      golden: [worded('p1', 'order_ref_in_parentheses'), worded('p2', 'order_ref_in_parentheses'), worded('d1', 'damage_participle')],
      fixture,
      corpus: new Map([
        ['p1', answer],
        ['p2', misread],
      ]),
      wrongClasses: new Map(),
    });
    expect(f.groundingOnCorrect.byWording).toEqual({
      order_ref_in_parentheses: { answers: 2, correct: 1, lines: 1, withFinding: 1 },
      damage_participle: { answers: 0, correct: 0, lines: 0, withFinding: 0 },
    });
  });

  it('catches a wrong answer only when no automatic refund followed it', () => {
    const f = corpusFigures({
      results: [result('a', seen({ outcome: 'approval' })), result('b', seen({}))],
      golden: [golden('a'), golden('b')],
      fixture,
      corpus: new Map(),
      wrongClasses: new Map([
        ['a', 'quantity_up'],
        ['b', 'quantity_up'],
      ]),
    });
    expect(f.wrongAnswers).toEqual({ runs: 2, caught: 1, byClass: { quantity_up: { runs: 2, caught: 1, missed: ['b'] } } });
  });
});

describe('CI on the figures', () => {
  const base = (corpus: CorpusFigures, violations: string[] = []): Comparable =>
    ({
      version: 2,
      meta: { provider: 'recorded' },
      summary: {
        complete: true,
        timedOut: 0,
        errors: 0,
        overall: { pass1: 0.5 },
        safety: Object.fromEntries(
          ['unclaimed_lines', 'non_refund_remedy', 'ungrounded_auto_refund'].map((c) => [
            c,
            { applicable: 2, violations: violations.length, rate: 1, tickets: violations },
          ]),
        ),
        money: { byCurrency: {}, unclaimedRefunds: 0, currencies: [] },
        corpus,
      },
      tickets: [],
    }) as unknown as Comparable;
  const figures = (missed: string[], rate = 0.99, fp = 0.01): CorpusFigures => ({
    decisions: { runs: 100, matching: Math.round(rate * 100), rate, missed: [] },
    groundingOnCorrect: { lines: 100, withFinding: Math.round(fp * 100), rate: fp, byRule: {}, tickets: [], byWording: {} },
    wrongAnswers: { runs: 10, caught: 10 - missed.length, byClass: { quantity_up: { runs: 10, caught: 10 - missed.length, missed } } },
  });

  it('fails on a wrong answer the baseline caught, and reports a known miss without failing', () => {
    expect(ciVerdict(base(figures(['x']), ['x']), base(figures([]))).ok).toBe(false);
    const known = ciVerdict(base(figures(['x']), ['x']), base(figures(['x']), ['x']));
    expect(known.ok).toBe(true);
    expect(known.reasons.join(' ')).toContain('still not caught, as in the baseline: x (quantity_up)');
  });

  it('fails when fewer decisions match or the checks hold more findings on correct readings than the baseline', () => {
    expect(ciVerdict(base(figures([], 0.97)), base(figures([], 0.98))).ok).toBe(false);
    expect(ciVerdict(base(figures([], 0.98, 0.03)), base(figures([], 0.98, 0.01))).ok).toBe(false);
    expect(ciVerdict(base(figures([], 0.98, 0.01)), base(figures([], 0.98, 0.01))).ok).toBe(true);
  });
});
