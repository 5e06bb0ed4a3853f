// The eval's terminal output: the summary printed after a run, the side-by-side table of
// `--compare`, and the CI verdict. Pure text; cli.ts prints it.
import { percent, type CiVerdict, type Comparison } from './compare.js';
import { formatMoneyByCurrency, moneyText } from './scoring.js';
import { SAFETY_CLASSES, TRAJECTORY_RULES, type EvalResult } from './types.js';
import type { CorpusFigures } from './corpus-figures.js';

const pad = (text: string, width: number) => text.padEnd(width);
const lpad = (text: string, width: number) => text.padStart(width);
const listed = (ids: readonly string[], max = 20) => `${ids.slice(0, max).join(', ')}${ids.length > max ? `, … ${ids.length - max} more` : ''}`;
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

export function renderSummary(result: EvalResult): string {
  const { meta, summary: s } = result;
  const lines: string[] = [];
  lines.push(
    `refund-agent eval: ${meta.provider}, k=${meta.k}, ${s.tickets} tickets, ${s.runs} runs in ${(meta.durationMs / 1000).toFixed(1)}s` +
      `${meta.commit ? ` (commit ${meta.commit})` : ''}`,
  );
  for (const note of meta.notes) lines.push(`  note: ${note}`);
  if (s.timedOut > 0) lines.push(`  INCOMPLETE: ${s.timedOut} run(s) did not settle within ${meta.timeoutS}s; they count as failed`);
  if (s.errors > 0) lines.push(`  INCOMPLETE: ${s.errors} run(s) could not be sent or never started (see the report); they count as failed`);
  if (!s.complete) lines.push('  FAILED: the eval is incomplete, so it exits 1');
  lines.push('');
  lines.push(`  ${pad('category', 36)}${lpad('tickets', 8)}${lpad('passed', 9)}${lpad('pass@1', 9)}${lpad(`pass^${meta.k}`, 9)}`);
  for (const [category, r] of Object.entries(s.categories)) {
    lines.push(
      `  ${pad(category, 36)}${lpad(String(r.tickets), 8)}${lpad(`${r.passes}/${r.runs}`, 9)}${lpad(percent(r.pass1), 9)}${lpad(percent(r.passK), 9)}`,
    );
  }
  const o = s.overall;
  lines.push(`  ${pad('overall', 36)}${lpad(String(o.tickets), 8)}${lpad(`${o.passes}/${o.runs}`, 9)}${lpad(percent(o.pass1), 9)}${lpad(percent(o.passK), 9)}`);
  lines.push('');
  lines.push(`  safety classes (must be 100%)${s.safetyOk ? '' : '  ** VIOLATED **'}`);
  for (const c of SAFETY_CLASSES) {
    const x = s.safety[c];
    lines.push(
      `    ${pad(c, 28)}${lpad(percent(x.rate), 8)}  (${x.violations} of ${x.applicable} runs)${x.tickets.length > 0 ? `  ${x.tickets.join(', ')}` : ''}`,
    );
  }
  if (s.unattributedRefunds > 0) lines.push(`    ** ${s.unattributedRefunds} store refund(s) that no run accounts for **`);
  lines.push(`  money error per currency: ${formatMoneyByCurrency(s.money.byCurrency)}; refunds of unclaimed lines ${s.money.unclaimedRefunds}`);
  if (s.corpus) lines.push(...corpusLines(s.corpus));
  const rules = TRAJECTORY_RULES.filter((r) => s.trajectory.byRule[r] > 0).map((r) => `${r} ${s.trajectory.byRule[r]}`);
  lines.push(`  trajectory violations: ${s.trajectory.runsWithViolations} run(s)${rules.length > 0 ? ` (${rules.join(', ')})` : ''}`);
  lines.push(`  cost per run: median ${s.cost.medianMicros ?? 'n/a'} µ$, p95 ${s.cost.p95Micros ?? 'n/a'} µ$, total ${s.cost.totalMicros} µ$`);
  lines.push(`  latency webhook → settled: median ${ms(s.latency.medianMs)}, p95 ${ms(s.latency.p95Ms)}`);
  const matrix = Object.entries(s.confusion).map(
    ([expected, row]) =>
      `${expected} → ${Object.entries(row)
        .map(([a, n]) => `${a} ${n}`)
        .join(', ')}`,
  );
  lines.push(`  outcomes (expected → actual): ${matrix.join('; ') || 'none'}`);
  return lines.join('\n');
}

export function renderComparison(cmp: Comparison, names: [string, string]): string {
  const lines: string[] = [];
  lines.push(`A: ${names[0]} (${cmp.a.provider}, k=${cmp.a.k})`);
  lines.push(`B: ${names[1]} (${cmp.b.provider}, k=${cmp.b.k})`);
  lines.push('');
  lines.push(`  ${pad('category', 36)}${lpad('A pass@1', 10)}${lpad('B pass@1', 10)}${lpad('Δ', 9)}${lpad('A pass^k', 10)}${lpad('B pass^k', 10)}`);
  for (const row of [...cmp.rows, cmp.overall]) {
    const d = row.delta === null ? 'n/a' : `${row.delta >= 0 ? '+' : ''}${(row.delta * 100).toFixed(1)}`;
    lines.push(
      `  ${pad(row.category, 36)}${lpad(percent(row.a?.pass1), 10)}${lpad(percent(row.b?.pass1), 10)}${lpad(d, 9)}${lpad(percent(row.a?.passK), 10)}${lpad(percent(row.b?.passK), 10)}`,
    );
  }
  lines.push('');
  lines.push('  safety classes');
  for (const s of cmp.safety) lines.push(`    ${pad(s.safetyClass, 28)}${lpad(percent(s.a), 10)}${lpad(percent(s.b), 10)}`);
  lines.push('');
  lines.push(`  money error                     ${lpad('A over / under', 24)}${lpad('B over / under', 24)}`);
  const figure = (n: number | null, currency: string) => (n === null ? 'n/a' : moneyText(n, currency));
  const cell = (m: { overMinor: number | null; underMinor: number | null }, c: string) => `${figure(m.overMinor, c)} / ${figure(m.underMinor, c)}`;
  for (const m of cmp.money) lines.push(`    ${pad(m.currency, 28)}${lpad(cell(m.a, m.currency), 24)}${lpad(cell(m.b, m.currency), 24)}`);
  for (const [side, totals] of [
    ['A', cmp.unsplit.a],
    ['B', cmp.unsplit.b],
  ] as const) {
    if (totals) lines.push(`    ${side} predates the split by currency: over ${totals.overMinor}, under ${totals.underMinor}, added over its currencies`);
  }
  lines.push('');
  if (cmp.changed.length === 0) lines.push('  no ticket changed its verdict');
  else {
    lines.push(`  ${cmp.changed.length} ticket(s) changed verdict:`);
    for (const c of cmp.changed) lines.push(`    ${pad(c.id, 28)}${pad(c.category, 34)}${c.a} (${c.aOutcome}) → ${c.b} (${c.bOutcome})`);
  }
  if (cmp.onlyInA.length > 0) lines.push(`  only in A (${cmp.onlyInA.length}): ${listed(cmp.onlyInA)}`);
  if (cmp.onlyInB.length > 0) lines.push(`  only in B (${cmp.onlyInB.length}): ${listed(cmp.onlyInB)}`);
  return lines.join('\n');
}

export function renderCiVerdict(v: CiVerdict): string {
  const head = v.ok ? 'CI: ok' : 'CI: FAILED';
  const rate = v.baseline === null ? '' : ` (pass@1 ${percent(v.current)} vs baseline ${percent(v.baseline)} on ${v.common} ticket(s))`;
  return [`${head}${rate}`, ...v.reasons.map((r) => `  - ${r}`)].join('\n');
}

/** The recorded-answers figures: decisions, the checks' findings on correct readings per rule, wrong answers caught per class. */
function corpusLines(c: CorpusFigures): string[] {
  const g = c.groundingOnCorrect;
  const out = [
    `  decisions matching their labels: ${c.decisions.matching}/${c.decisions.runs} (${percent(c.decisions.rate)})`,
    `  grounding findings on correct readings: ${g.withFinding} of ${g.lines} claimed lines (${percent(g.rate)})${
      Object.keys(g.byRule).length
        ? `: ${Object.entries(g.byRule)
            .map(([r, n]) => `${r} ${n}`)
            .join(', ')}`
        : ''
    }`,
  ];
  for (const [cls, f] of Object.entries(g.byWording).sort()) {
    out.push(`    ${cls.padEnd(28)} ${f.answers} answers, ${f.correct} read as labelled: findings on ${f.withFinding} of ${f.lines} lines`);
  }
  const w = c.wrongAnswers;
  if (w) {
    out.push(`  wrong answers caught (no automatic refund): ${w.caught}/${w.runs}${w.caught < w.runs ? '  ** MISSED **' : ''}`);
    for (const [cls, row] of Object.entries(w.byClass).sort()) {
      out.push(`    ${cls.padEnd(28)} ${row.caught}/${row.runs}${row.missed.length ? `  missed: ${row.missed.join(', ')}` : ''}`);
    }
  }
  return out;
}
