// The eval's reports on a hand-made result: a self-contained HTML page (chart, outcome matrix,
// safety, failed runs; no script, no external resource, text escaped), the terminal summary, and
// the progress line on a TTY and in a log.
import { describe, expect, it } from 'vitest';
import type { Label } from '../../../eval/golden/schema.js';
import { renderHtml } from '../../../eval/run/report.js';
import { renderSummary } from '../../../eval/run/text.js';
import { createProgress } from '../../../eval/run/progress.js';
import { scoreRun, summarize } from '../../../eval/run/scoring.js';
import type { EvalResult, Observation, TicketResult } from '../../../eval/run/types.js';

const MUG = { sku: 'MUG-STONE', quantity: 1 };
const autoLabel: Label = {
  outcome: 'auto_refund',
  amountMinor: 1800,
  currency: 'USD',
  lines: [MUG],
  reason: 'damaged',
  boundOrder: 1001,
  escalation: null,
  approvalRules: [],
  trajectory: ['get_order', 'refund_create', 'post_draft'],
};
const refunded: Observation = {
  runId: 'run-1',
  runStatus: 'done',
  state: 'Done',
  outcome: 'auto_refund',
  amountMinor: 1800,
  currency: 'USD',
  lines: [MUG],
  boundOrder: '1001',
  refunds: [{ refundId: 'r1', orderNumber: '1001', amountMinor: 1800, currency: 'USD', lines: [MUG] }],
  gateDecision: 'auto',
  gateRules: [],
  approvalStatus: null,
  approvalRequiredByJournal: false,
  escalation: null,
  tools: ['get_order', 'refund_create', 'post_draft'].map((name) => ({ name, outcome: 'ok', step: 'x' })),
  costMicros: 120,
  latencyMs: 1100,
  followUpsAttached: 0,
};
const escalated: Observation = {
  ...refunded,
  runStatus: 'escalated',
  outcome: 'escalate',
  amountMinor: 0,
  currency: null,
  lines: [],
  refunds: [],
  boundOrder: null,
  escalation: { step: 'Triage', reason: 'InvalidModelOutputError: <script>alert("x")</script>' },
  tools: [{ name: 'post_draft', outcome: 'ok', step: 'Escalate' }],
};

function ticket(id: string, category: TicketResult['category'], observation: Observation): TicketResult {
  return {
    id,
    category,
    helpdesk: 'gorgias',
    expected: { ...autoLabel },
    runs: [
      {
        attempt: 1,
        observation,
        score: scoreRun({ claim: { orderNumber: 1001, remedy: 'refund', reason: 'damaged', lines: [MUG] }, label: autoLabel }, observation),
      },
    ],
  };
}

const tickets = [ticket('damaged-01', 'single_damaged', refunded), ticket('typos-01', 'typos', escalated)];
const result: EvalResult = {
  version: 2,
  meta: {
    provider: 'offline',
    models: null,
    kRequested: 3,
    k: 1,
    notes: ['k=3 requested; the offline provider is deterministic, so k is 1'],
    startedAt: '2026-11-30T10:00:00.000Z',
    durationMs: 4200,
    commit: 'abc1234',
    only: [],
    concurrency: 8,
    timeoutS: 300,
    followUps: 'inline',
    goldenDir: 'eval/golden',
  },
  summary: summarize(tickets, 1),
  tickets,
};

describe('the HTML report', () => {
  const html = renderHtml(result);

  it('draws pass@1 per category as an inline SVG bar chart', () => {
    const chart = /<svg[^>]*aria-label="pass@1 per category"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(chart).toContain('single_damaged (1)');
    expect(chart).toContain('typos (1)');
    expect(chart).toMatch(/<rect[^>]*fill="#2f6fdb"><title>single_damaged: pass@1 100\.0%<\/title>/);
  });

  it('draws the expected × actual outcome matrix with the counts', () => {
    const matrix = /<svg[^>]*aria-label="expected vs actual outcome"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(matrix).toContain('<title>expected auto_refund, actual auto_refund: 1</title>');
    expect(matrix).toContain('<title>expected auto_refund, actual escalate: 1</title>');
  });

  it('shows the safety classes, money error and the failed run with expected vs actual', () => {
    expect(html).toContain('Safety classes (must be 100%)');
    expect(html).toContain('ungrounded_auto_refund');
    expect(html).toContain('under-refunded (auto-refund labels)');
    expect(html).toMatch(/<code>typos-01<\/code>[\s\S]*<b>auto_refund<\/b> \$18\.00[\s\S]*<b>escalate<\/b> 0/);
    expect(html).toContain('outcome escalate ≠ auto_refund');
  });

  it('is self-contained: no script, no external stylesheet, font or image', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/\bsrc=/i);
    expect(html).not.toMatch(/@import|@font-face|url\(/i);
  });

  it('escapes what runs and customers wrote', () => {
    expect(html).toContain('InvalidModelOutputError: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('the terminal summary', () => {
  it('prints each category, the overall rate, the safety classes and the notes', () => {
    const text = renderSummary(result);
    expect(text).toContain('refund-agent eval: offline, k=1, 2 tickets, 2 runs in 4.2s (commit abc1234)');
    expect(text).toContain('note: k=3 requested; the offline provider is deterministic, so k is 1');
    expect(text).toMatch(/typos\s+1\s+0\/1\s+0\.0%\s+0\.0%/);
    expect(text).toMatch(/overall\s+2\s+1\/2\s+50\.0%\s+50\.0%/);
    expect(text).toMatch(/unclaimed_lines\s+100\.0%\s+\(0 of 2 runs\)/);
    expect(text).toContain('money error per currency: USD over $0.00, under $18.00');
  });
});

describe('the progress line', () => {
  const sink = (isTTY: boolean) => {
    const writes: string[] = [];
    return { writes, isTTY, write: (text: string) => void writes.push(text) };
  };

  it('prints a line at every further 10% when stderr is not a terminal', () => {
    const out = sink(false);
    let now = 0;
    const progress = createProgress({ total: 20, sink: out, now: () => now });
    for (let i = 0; i < 20; i++) {
      now += 500;
      progress.tick(i % 2 === 0);
    }
    progress.finish();
    expect(out.writes).toHaveLength(10);
    expect(out.writes[0]).toBe(`eval [##${'.'.repeat(22)}] 2/20 runs, 1 passed, 1.0s\n`);
    expect(out.writes.at(-1)).toBe(`eval [${'#'.repeat(24)}] 20/20 runs, 10 passed, 10.0s\n`);
  });

  it('redraws one line in place on a terminal', () => {
    const out = sink(true);
    const progress = createProgress({ total: 3, sink: out, now: () => 0 });
    progress.tick(true);
    progress.finish();
    expect(out.writes[1]).toBe(`\reval [${'#'.repeat(8)}${'.'.repeat(16)}] 1/3 runs, 1 passed, 0.0s\x1b[K`);
    expect(out.writes.at(-1)).toBe('\n');
  });
});
