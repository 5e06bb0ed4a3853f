// The evaluation tells the truth: money error is summed per currency (USD and EUR are never added),
// in the summary, the JSON result and the HTML report; a run that timed out or never started makes
// the eval incomplete, which fails it (exit 1) whether or not --ci is given; `--compare` and `--ci`
// read today's results and the older ones, eval/baseline.json as committed among them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Claim, Label } from '../../../eval/golden/schema.js';
import { runCli } from '../../../eval/run/cli.js';
import { ciVerdict, compareResults, normalizeComparable, type Comparable } from '../../../eval/run/compare.js';
import { renderHtml } from '../../../eval/run/report.js';
import { scoreRun, summarize } from '../../../eval/run/scoring.js';
import { renderComparison, renderSummary } from '../../../eval/run/text.js';
import type { EvalResult, MovedRefund, Observation, TicketResult } from '../../../eval/run/types.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const MUG = { sku: 'MUG-STONE', quantity: 1 };

const claim: Claim = { orderNumber: 1001, remedy: 'refund', reason: 'damaged', lines: [MUG] };
const autoLabel = (currency: string, amountMinor: number): Label => ({
  outcome: 'auto_refund',
  amountMinor,
  currency,
  lines: [MUG],
  reason: 'damaged',
  boundOrder: 1001,
  escalation: null,
  approvalRules: [],
  trajectory: ['get_order', 'refund_create', 'post_draft'],
});
const refund = (amountMinor: number, currency: string): MovedRefund => ({
  refundId: `r-${amountMinor}`,
  orderNumber: '1001',
  amountMinor,
  currency,
  lines: [MUG],
});

function observation(refunds: MovedRefund[], over: Partial<Observation> = {}): Observation {
  return {
    runId: 'run-1',
    runStatus: 'done',
    state: 'Done',
    outcome: 'auto_refund',
    amountMinor: refunds[0]?.amountMinor ?? 0,
    currency: refunds[0]?.currency ?? null,
    lines: [MUG],
    boundOrder: '1001',
    refunds,
    gateDecision: 'auto',
    gateRules: ['auto_within_policy'],
    approvalStatus: null,
    approvalRequiredByJournal: false,
    escalation: null,
    tools: ['get_order', 'refund_create', 'post_draft'].map((name) => ({ name, outcome: 'ok', step: 'x' })),
    costMicros: 0,
    latencyMs: 1000,
    followUpsAttached: 0,
    ...over,
  };
}

function ticket(id: string, label: Label, obs: Observation): TicketResult {
  const { currency, amountMinor, outcome, lines, boundOrder, escalation, approvalRules, trajectory } = label;
  return {
    id,
    category: 'single_damaged',
    helpdesk: 'zendesk',
    expected: { outcome, amountMinor, currency, lines, boundOrder, escalation, approvalRules, trajectory },
    runs: [{ attempt: 1, observation: obs, score: scoreRun({ claim, label }, obs) }],
  };
}

function resultOf(tickets: TicketResult[]): EvalResult {
  return {
    version: 2,
    meta: {
      provider: 'offline',
      models: null,
      kRequested: 1,
      k: 1,
      notes: [],
      startedAt: '2026-12-01T12:00:00.000Z',
      durationMs: 1000,
      commit: null,
      only: [],
      concurrency: 8,
      timeoutS: 300,
      followUps: 'inline',
      goldenDir: 'eval/golden',
    },
    summary: summarize(tickets, 1),
    tickets,
  };
}

// A mug sold in dollars refunded $2.00 short, one sold in euros refunded €5.00 over, one in euros exact.
const mixed = resultOf([
  ticket('usd-01', autoLabel('USD', 1800), observation([refund(1600, 'USD')])),
  ticket('eur-01', autoLabel('EUR', 2000), observation([refund(2500, 'EUR')])),
  ticket('eur-02', autoLabel('EUR', 2000), observation([refund(2000, 'EUR')])),
]);

describe('money error per currency', () => {
  it('sums each currency on its own and never adds dollars to euros', () => {
    expect(mixed.summary.money).toEqual({
      byCurrency: { EUR: { overMinor: 500, underMinor: 0 }, USD: { overMinor: 0, underMinor: 200 } },
      unclaimedRefunds: 0,
      currencies: ['EUR', 'USD'],
    });
  });

  it('counts a refund in another currency than the label’s as over in its own and under in the label’s', () => {
    const score = scoreRun({ claim, label: autoLabel('EUR', 2000) }, observation([refund(2000, 'USD')]));

    expect(score.money.byCurrency).toEqual({ EUR: { overMinor: 0, underMinor: 2000 }, USD: { overMinor: 2000, underMinor: 0 } });
  });

  it('keeps the split in the JSON result, the terminal summary and the HTML report', () => {
    const json = JSON.parse(JSON.stringify(mixed)) as EvalResult;
    const text = renderSummary(mixed);
    const html = renderHtml(mixed);

    expect(json.summary.money.byCurrency.EUR).toEqual({ overMinor: 500, underMinor: 0 });
    expect(text).toContain('money error per currency: EUR over €5.00, under €0.00; USD over $0.00, under $2.00; refunds of unclaimed lines 0');
    expect(html).toMatch(/<tr><td>EUR<\/td><td class="num bad">€5\.00<\/td><td class="num">€0\.00<\/td><\/tr>/);
    expect(html).toMatch(/<tr><td>USD<\/td><td class="num">\$0\.00<\/td><td class="num">\$2\.00<\/td><\/tr>/);
    expect(html).toContain('<b class="bad">€5.00</b>');
  });
});

describe('an eval whose runs did not all end', () => {
  const timedOut = resultOf([
    ticket('usd-01', autoLabel('USD', 1800), observation([refund(1800, 'USD')])),
    ticket('usd-02', autoLabel('USD', 1800), observation([], { outcome: 'timeout', error: 'still Triage at the deadline', latencyMs: null })),
  ]);

  it('counts the timed-out run as failed and the eval as incomplete, and says so in the summary and the report', () => {
    expect(timedOut.summary).toMatchObject({ timedOut: 1, complete: false, overall: { passes: 1, runs: 2 } });
    expect(renderSummary(timedOut)).toContain('FAILED: the eval is incomplete, so it exits 1');
    expect(renderHtml(timedOut)).toContain('Incomplete, so the eval failed (exit 1): 1 run(s) did not settle within 300s');
    expect(mixed.summary.complete).toBe(true);
  });

  it('fails CI, whatever the baseline', () => {
    const verdict = ciVerdict(timedOut, timedOut);

    expect(verdict.ok).toBe(false);
    expect(verdict.reasons[0]).toBe('incomplete: 1 run(s) timed out, 0 never started; they count as failed');
  });
});

describe('--ci and --compare on money', () => {
  const clean = resultOf([ticket('usd-01', autoLabel('USD', 1800), observation([refund(1800, 'USD')]))]);

  it('fails CI on money over-refunded in a currency beyond the baseline’s there', () => {
    const verdict = ciVerdict(mixed, clean);

    expect(verdict.ok).toBe(false);
    expect(verdict.reasons).toContain('over-refunded €5.00, the baseline €0.00');
    expect(ciVerdict(mixed, mixed).ok).toBe(true);
  });

  it('reads a version 1 baseline: one currency splits exactly, several with no error split as zeros, otherwise the figure is unknown', () => {
    const v1 = (money: object): Comparable => {
      const { complete: _complete, ...summary } = clean.summary;
      return { meta: clean.meta, tickets: clean.tickets, summary: { ...summary, money } } as unknown as Comparable;
    };

    const one = normalizeComparable(v1({ overMinor: 300, underMinor: 100, unclaimedRefunds: 0, currencies: ['USD'] }));
    const none = normalizeComparable(v1({ overMinor: 0, underMinor: 0, unclaimedRefunds: 0, currencies: ['EUR', 'USD'] }));
    const hidden = normalizeComparable(v1({ overMinor: 0, underMinor: 7900, unclaimedRefunds: 0, currencies: ['EUR', 'USD'] }));

    expect(one.summary.money.byCurrency).toEqual({ USD: { overMinor: 300, underMinor: 100 } });
    expect(one.summary.complete).toBe(true);
    expect(none.summary.money.byCurrency).toEqual({ EUR: { overMinor: 0, underMinor: 0 }, USD: { overMinor: 0, underMinor: 0 } });
    expect(hidden.summary.money).toMatchObject({ byCurrency: {}, unsplit: { overMinor: 0, underMinor: 7900 } });
    // Nothing over in total is nothing over in each currency: the over-refund check still holds.
    expect(ciVerdict(mixed, hidden).reasons).toContain('over-refunded €5.00, the baseline €0.00');
    const cmp = compareResults(hidden, mixed);
    expect(cmp.money).toEqual([
      { currency: 'EUR', a: { overMinor: 0, underMinor: null }, b: { overMinor: 500, underMinor: 0 } },
      { currency: 'USD', a: { overMinor: 0, underMinor: null }, b: { overMinor: 0, underMinor: 200 } },
    ]);
    expect(renderComparison(cmp, ['old.json', 'new.json'])).toContain('A predates the split by currency: over 0, under 7900, added over its currencies');
  });

  it('compares the committed eval/baseline.json with itself, and passes CI against it', async () => {
    const baseline = join(REPO_ROOT, 'eval', 'baseline.json');
    let out = '';

    const outcome = await runCli(['--compare', baseline, baseline], {
      stdout: (text) => void (out += text),
      stderr: { isTTY: false, write: () => true },
      env: {},
      cwd: REPO_ROOT,
    });
    const committed = normalizeComparable(JSON.parse(readFileSync(baseline, 'utf8')) as Comparable);

    expect(outcome.exitCode).toBe(0);
    expect(out).toMatch(/money error {2,}A over \/ under/);
    expect(out).toContain('no ticket changed its verdict');
    expect(ciVerdict(committed, committed)).toMatchObject({ ok: true });
  });
});
