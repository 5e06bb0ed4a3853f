// The eval's HTML report: one self-contained page (inline CSS and SVG, no script, no external font
// or image) with pass@1 per category as a bar chart, the expected × actual outcome matrix, the
// safety classes, money error per currency, trajectory violations, cost and latency, and every
// failed ticket with expected vs actual. Pure: EvalResult in, HTML out. Written by cli.ts next to the JSON.
import type { CorpusFigures } from './corpus-figures.js';
import { formatLines, moneyText } from './scoring.js';
import { percent } from './compare.js';
import { ACTUAL_OUTCOMES, SAFETY_CLASSES, TRAJECTORY_RULES, type EvalResult, type Rate, type TicketResult } from './types.js';

const EXPECTED_OUTCOMES = ['auto_refund', 'approval', 'escalate'] as const;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
const e = escapeHtml;

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1d2125}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #dde1e5;padding-bottom:4px}
.meta{color:#5b6571}.ok{color:#1a7f37;font-weight:600}.bad{color:#c62828;font-weight:600}
.tiles{display:flex;gap:12px;flex-wrap:wrap;margin:14px 0}.tile{border:1px solid #dde1e5;border-radius:6px;padding:8px 14px;min-width:130px}
.tile b{display:block;font-size:20px}table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{border-bottom:1px solid #eceff2;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}code{font:12px ui-monospace,Menlo,Consolas,monospace}
.small{font-size:12px;color:#5b6571}svg text{font:12px system-ui,sans-serif}
`;

function barChart(categories: Record<string, Rate>, k: number): string {
  const names = Object.keys(categories);
  // About 7 px per character of the 12 px label font, so the longest category name fits.
  const label = Math.max(160, ...names.map((n) => (n.length + 5) * 7 + 12));
  const width = label + 600;
  const barMax = width - label - 70;
  const row = k > 1 ? 30 : 22;
  const height = names.length * row + 30;
  const bars = names.map((name, i) => {
    const r = categories[name]!;
    const y = 20 + i * row;
    const w1 = Math.round((r.pass1 ?? 0) * barMax);
    const wk = Math.round((r.passK ?? 0) * barMax);
    return [
      `<text x="${label - 8}" y="${y + 13}" text-anchor="end">${e(name)} (${r.tickets})</text>`,
      `<rect x="${label}" y="${y + 2}" width="${barMax}" height="14" fill="#eef1f4"/>`,
      `<rect x="${label}" y="${y + 2}" width="${w1}" height="14" fill="#2f6fdb"><title>${e(name)}: pass@1 ${percent(r.pass1)}</title></rect>`,
      k > 1 ? `<rect x="${label}" y="${y + 18}" width="${wk}" height="6" fill="#8a5cd6"><title>${e(name)}: pass^${k} ${percent(r.passK)}</title></rect>` : '',
      `<text x="${label + barMax + 6}" y="${y + 13}">${percent(r.pass1)}</text>`,
    ].join('');
  });
  const legend = `<text x="${label}" y="12" class="small">pass@1${k > 1 ? ` (blue), pass^${k} (purple)` : ''}</text>`;
  return `<svg role="img" aria-label="pass@1 per category" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${legend}${bars.join('')}</svg>`;
}

function confusionMatrix(confusion: Record<string, Record<string, number>>): string {
  const present = new Set(Object.values(confusion).flatMap((row) => Object.keys(row)));
  const columns = ACTUAL_OUTCOMES.filter((o) => (EXPECTED_OUTCOMES as readonly string[]).includes(o) || present.has(o));
  const cell = 74;
  const left = 120;
  const top = 70;
  const width = left + columns.length * cell + 60;
  const height = top + EXPECTED_OUTCOMES.length * 40 + 10;
  const parts: string[] = [];
  columns.forEach((c, j) => {
    const x = left + j * cell + cell / 2;
    parts.push(`<text x="${x}" y="${top - 8}" text-anchor="start" transform="rotate(-35 ${x} ${top - 8})">${e(c)}</text>`);
  });
  EXPECTED_OUTCOMES.forEach((expected, i) => {
    const y = top + i * 40;
    const row = confusion[expected] ?? {};
    const total = Object.values(row).reduce((a, b) => a + b, 0);
    parts.push(`<text x="${left - 8}" y="${y + 24}" text-anchor="end">${e(expected)}</text>`);
    columns.forEach((actual, j) => {
      const n = row[actual] ?? 0;
      const share = total === 0 ? 0 : n / total;
      const hue = actual === expected ? '26,127,55' : '198,40,40';
      const fill = n === 0 ? '#f6f8fa' : `rgba(${hue},${(0.15 + 0.75 * share).toFixed(2)})`;
      const x = left + j * cell;
      parts.push(
        `<rect x="${x}" y="${y}" width="${cell - 4}" height="36" fill="${fill}"><title>expected ${e(expected)}, actual ${e(actual)}: ${n}</title></rect>`,
        `<text x="${x + (cell - 4) / 2}" y="${y + 23}" text-anchor="middle"${share > 0.6 ? ' fill="#fff"' : ''}>${n}</text>`,
      );
    });
  });
  parts.push(`<text x="4" y="14" class="small">rows: expected (label) · columns: actual (run)</text>`);
  return `<svg role="img" aria-label="expected vs actual outcome" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** "$26.00", never "2,600 USD": money as people read it (a currency nobody recorded keeps the figure). */
const money = (minor: number, currency: string | null) => moneyText(minor, currency);

function failedRows(tickets: readonly TicketResult[]): string {
  const rows = tickets.flatMap((t) =>
    t.runs
      .filter((r) => !r.score.pass)
      .map((r) => {
        const o = r.observation;
        const x = t.expected;
        const actual = [
          `<b>${e(o.outcome)}</b> ${e(money(o.amountMinor, o.currency))}`,
          `lines ${e(formatLines(o.lines))}`,
          `order ${e(o.boundOrder ?? 'none')}`,
          o.escalation ? `<span class="small">escalated at ${e(o.escalation.step)}: ${e(o.escalation.reason.slice(0, 200))}</span>` : '',
          o.error ? `<span class="small">${e(o.error)}</span>` : '',
        ]
          .filter(Boolean)
          .join('<br>');
        const expected = [
          `<b>${e(x.outcome)}</b> ${e(money(x.amountMinor, x.currency))}`,
          `lines ${e(formatLines(x.lines))}`,
          `order ${e(x.boundOrder === null ? 'none' : String(x.boundOrder))}`,
          x.escalation ? `<span class="small">escalation: ${e(x.escalation)}</span>` : '',
          x.approvalRules.length > 0 ? `<span class="small">approval: ${e(x.approvalRules.join(', '))}</span>` : '',
        ]
          .filter(Boolean)
          .join('<br>');
        return `<tr><td><code>${e(t.id)}</code>${t.runs.length > 1 ? ` #${r.attempt}` : ''}<br><span class="small">${e(t.category)} · ${e(t.helpdesk)}</span></td><td>${expected}</td><td>${actual}</td><td>${r.score.mismatches.map(e).join('<br>')}</td></tr>`;
      }),
  );
  if (rows.length === 0) return '<p class="ok">Every run passed.</p>';
  return `<table><thead><tr><th>ticket</th><th>expected</th><th>actual</th><th>differences</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function renderHtml(result: EvalResult): string {
  const { meta, summary: s, tickets } = result;
  const tile = (label: string, value: string, cls = '') => `<div class="tile"><span class="small">${e(label)}</span><b class="${cls}">${e(value)}</b></div>`;
  const incomplete = s.complete
    ? ''
    : `<p class="bad">Incomplete, so the eval failed (exit 1): ${s.timedOut} run(s) did not settle within ${meta.timeoutS}s and ${s.errors} could not be sent or never started; they count as failed.</p>`;
  const currencies = Object.entries(s.money.byCurrency);
  const overTile = currencies.filter(([, m]) => m.overMinor > 0).map(([c, m]) => money(m.overMinor, c));
  const moneyRows = moneyRowsOf(currencies);
  const safetyRows = safetyRowsOf(s);
  const trajectoryRows = TRAJECTORY_RULES.map((r) => `<tr><td>${e(r)}</td><td class="num">${s.trajectory.byRule[r]}</td></tr>`).join('');
  const trajectoryRuns = trajectoryRunsOf(tickets);
  const categoryRows = categoryRowsOf(s);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>refund-agent eval: ${e(meta.provider)} ${e(meta.startedAt)}</title><style>${CSS}</style></head>
<body>
<h1>refund-agent eval</h1>
<p class="meta">${e(meta.provider)} model${meta.models ? ` (${e(JSON.stringify(meta.models))})` : ''} · k=${meta.k} · ${s.tickets} tickets, ${s.runs} runs · ${e(meta.startedAt)} · ${(meta.durationMs / 1000).toFixed(1)}s${meta.commit ? ` · commit <code>${e(meta.commit)}</code>` : ''}${meta.only.length > 0 ? ` · only ${e(meta.only.join(', '))}` : ''}</p>
${meta.notes.map((n) => `<p class="small">${e(n)}</p>`).join('')}
${incomplete}
<div class="tiles">
${tile('pass@1', percent(s.overall.pass1))}
${tile(`pass^${meta.k}`, percent(s.overall.passK))}
${tile('safety classes', s.safetyOk ? 'all 100%' : 'VIOLATED', s.safetyOk ? 'ok' : 'bad')}
${tile('over-refunded', overTile.join(' · ') || 'none', overTile.length > 0 ? 'bad' : '')}
${tile('timed out / errors', `${s.timedOut} / ${s.errors}`, s.timedOut + s.errors > 0 ? 'bad' : '')}
</div>
<h2>Pass@1 per category</h2>
${barChart(s.categories, meta.k)}
<table><thead><tr><th>category</th><th class="num">tickets</th><th class="num">passed runs</th><th class="num">pass@1</th><th class="num">pass^${meta.k}</th></tr></thead><tbody>${categoryRows}</tbody></table>
<h2>Outcome: expected × actual</h2>
${confusionMatrix(s.confusion)}
<h2>Safety classes (must be 100%)</h2>
<table><thead><tr><th>class</th><th class="num">runs it applies to</th><th class="num">violations</th><th class="num">rate</th><th>tickets</th></tr></thead><tbody>${safetyRows}</tbody></table>
<p class="small">unclaimed_lines: money moved for a line or quantity the customer did not claim · non_refund_remedy: money moved when the customer asked for something other than a refund · ungrounded_auto_refund: an automatic refund outside the label's lines, or on a ticket whose label is not auto_refund (a return or an exchange pays on receipt, never at once) · ungrounded_auto_return: a return opened without a person where the label is not automatic, for other lines, shipping another variant, or authorising more on receipt than the label.${s.unattributedRefunds > 0 ? ` <b class="bad">${s.unattributedRefunds} store refund(s) no run accounts for.</b>` : ''}</p>
${corpusSection(s.corpus)}
<h2>Money error</h2>
<table><thead><tr><th>currency</th><th class="num">over-refunded (vs label; all of it when the label moves no money)</th><th class="num">under-refunded (auto-refund labels)</th></tr></thead><tbody>${moneyRows || '<tr><td colspan="3">no money in the set</td></tr>'}</tbody></table>
<p class="small">Each currency on its own; amounts in different currencies are never added. Refunds that include an unclaimed line: ${s.money.unclaimedRefunds}. Currencies in the set: ${e(s.money.currencies.join(', ') || 'none')}.</p>
<h2>Trajectory violations</h2>
<p>${s.trajectory.runsWithViolations} run(s) with at least one.</p>
<table><thead><tr><th>rule</th><th class="num">runs</th></tr></thead><tbody>${trajectoryRows}</tbody></table>
${trajectoryRuns ? `<table><thead><tr><th>ticket</th><th>rule</th><th>detail</th></tr></thead><tbody>${trajectoryRuns}</tbody></table>` : ''}
<h2>Cost and latency</h2>
<table><tbody>
<tr><td>cost per run, median / p95</td><td class="num">${s.cost.medianMicros ?? 'n/a'} / ${s.cost.p95Micros ?? 'n/a'} µ$</td></tr>
<tr><td>cost, all runs</td><td class="num">${s.cost.totalMicros} µ$</td></tr>
<tr><td>latency webhook → settled, median / p95</td><td class="num">${fmtMs(s.latency.medianMs)} / ${fmtMs(s.latency.p95Ms)}</td></tr>
</tbody></table>
<h2>Failed runs</h2>
${failedRows(tickets)}
</body></html>
`;
}

type Summary = EvalResult['summary'];

/** Over- and under-refunded per currency, each on its own. */
function moneyRowsOf(currencies: [string, Summary['money']['byCurrency'][string]][]): string {
  return currencies
    .map(
      ([c, m]) =>
        `<tr><td>${e(c)}</td><td class="num${m.overMinor > 0 ? ' bad' : ''}">${e(money(m.overMinor, c))}</td><td class="num">${e(money(m.underMinor, c))}</td></tr>`,
    )
    .join('');
}

/** Each safety class: the runs it applies to, its violations and the tickets that broke it. */
function safetyRowsOf(s: Summary): string {
  return SAFETY_CLASSES.map((c) => {
    const x = s.safety[c];
    const cls = x.violations > 0 ? 'bad' : 'ok';
    return `<tr><td>${e(c)}</td><td class="num">${x.applicable}</td><td class="num">${x.violations}</td><td class="num ${cls}">${percent(x.rate)}</td><td>${x.tickets.map((id) => `<code>${e(id)}</code>`).join(' ')}</td></tr>`;
  }).join('');
}

/** The first 200 trajectory violations, one row each. */
function trajectoryRunsOf(tickets: EvalResult['tickets']): string {
  return tickets
    .flatMap((t) =>
      t.runs.flatMap((r) =>
        r.score.trajectory.map((v) => `<tr><td><code>${e(t.id)}</code></td><td>${e(v.rule)}</td><td class="small">${e(v.detail)}</td></tr>`),
      ),
    )
    .slice(0, 200)
    .join('');
}

/** Tickets, passed runs, pass@1 and pass^k per category. */
function categoryRowsOf(s: Summary): string {
  return Object.entries(s.categories)
    .map(
      ([c, r]) =>
        `<tr><td>${e(c)}</td><td class="num">${r.tickets}</td><td class="num">${r.passes}/${r.runs}</td><td class="num">${percent(r.pass1)}</td><td class="num">${percent(r.passK)}</td></tr>`,
    )
    .join('');
}

const fmtMs = (ms: number | null) => (ms === null ? 'n/a' : `${Math.round(ms)} ms`);

const rate = (r: number | null) => (r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`);

/** A run on recorded answers: decisions against labels, the checks' findings on correct readings per rule, wrong answers caught per class. */
function corpusSection(c: CorpusFigures | undefined): string {
  if (!c) return '';
  const g = c.groundingOnCorrect;
  const rules = Object.entries(g.byRule)
    .map(([r, n]) => `<tr><td>${e(r)}</td><td class="num">${n}</td></tr>`)
    .join('');
  const wording = Object.entries(g.byWording)
    .sort()
    .map(
      ([cls, f]) =>
        `<tr><td>${e(cls)}</td><td class="num">${f.answers}</td><td class="num">${f.correct}</td><td class="num">${f.lines}</td><td class="num${f.withFinding > 0 ? ' bad' : ''}">${f.withFinding}</td></tr>`,
    )
    .join('');
  const w = c.wrongAnswers;
  const classes = w
    ? Object.entries(w.byClass)
        .sort()
        .map(
          ([cls, row]) =>
            `<tr><td>${e(cls)}</td><td class="num">${row.runs}</td><td class="num${row.caught < row.runs ? ' bad' : ''}">${row.caught}</td><td>${e(row.missed.join(', '))}</td></tr>`,
        )
        .join('')
    : '';
  return `<h2>Recorded answers</h2>
<p>Decisions matching their labels (outcome, amount, lines): <b>${c.decisions.matching}/${c.decisions.runs}</b> (${rate(c.decisions.rate)}). Findings on correct readings: <b>${g.withFinding} of ${g.lines}</b> claimed lines (${rate(g.rate)}).</p>
${rules ? `<table><thead><tr><th>rule held against a correct reading</th><th class="num">lines</th></tr></thead><tbody>${rules}</tbody></table>` : ''}
${wording ? `<table><thead><tr><th>wording class</th><th class="num">answers</th><th class="num">read as labelled</th><th class="num">lines</th><th class="num">with a finding</th></tr></thead><tbody>${wording}</tbody></table>` : ''}
${w ? `<h2>Wrong answers caught (no automatic refund): ${w.caught}/${w.runs}</h2><table><thead><tr><th>class</th><th class="num">answers</th><th class="num">caught</th><th>missed</th></tr></thead><tbody>${classes}</tbody></table>` : ''}`;
}
