// Pictures of how the agent is doing: shadow mode's agreement per ticket class, the latest evaluation
// report, the four rates (override, reversal, reopen, cost per ticket) and tickets per day from the runs. Bars are inline SVG (no script), each
// with a title and the same figures in a table for screen readers. Days are the store's calendar days (a
// ticket at 23:30 UTC is the next day's in Budapest), and the captions name the zone. Pure.
import { SAMPLE_WINDOW_DAYS } from '#functions/shared/domain/shadow.js';
import type { ShadowClassView } from '#functions/shared/domain/shadow-figures.js';
import { dollars, escaped } from './layout.js';

export interface DayFigures {
  /** YYYY-MM-DD, the calendar day in the store's time zone on which the runs were created. */
  day: string;
  tickets: number;
  costMicros: number;
  /** Approvals a lead decided, and of those rejected: the override rate. */
  approvalsDecided: number;
  approvalsOverridden: number;
  /** Runs that refunded, and of those reversed by a dispute: the reversal rate. */
  refunds: number;
  refundsReversed: number;
  /** Runs closed done, and of those written to again within 72 h: the reopen rate. */
  closed: number;
  reopened: number;
}

/** The four rates the alarms watch, as the console computes them from the run rows. */
const RATES = [
  {
    key: 'override',
    title: 'Override rate: approvals rejected of those decided',
    part: (d: DayFigures) => d.approvalsOverridden,
    whole: (d: DayFigures) => d.approvalsDecided,
    color: '#a3150a',
  },
  {
    key: 'reversal',
    title: 'Reversal rate: refunds disputed of those issued',
    part: (d: DayFigures) => d.refundsReversed,
    whole: (d: DayFigures) => d.refunds,
    color: '#8a4b00',
  },
  {
    key: 'reopen',
    title: 'Reopen rate: closed tickets written to again within 72 h',
    part: (d: DayFigures) => d.reopened,
    whole: (d: DayFigures) => d.closed,
    color: '#0b57d0',
  },
] as const;

/** The zone the days are in, as a caption says it: "calendar days in Europe/Budapest", or "UTC". */
const dayZone = (view: PicturesView) => (view.timeZone === 'UTC' ? 'UTC' : `calendar days in ${view.timeZone}`);

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((1000 * part) / whole) / 10);

export interface PicturesView {
  /** minCustomers/minOrders: the distinct customers and orders a class needs (absent from callers that predate them). */
  shadow: { defaultMode: string; minTickets: number; minCustomers?: number; minOrders?: number; threshold: number; classes: ShadowClassView[] };
  /** The newest evaluation report, when one is at hand (locally: eval/out/*.html). */
  evalReport: { name: string; href: string } | null;
  days: DayFigures[];
  /** How many runs the day figures were read from (newest first). */
  window: number;
  /** The IANA zone the days are counted in (the store's; "UTC" when it names none). */
  timeZone: string;
}

/** Horizontal bars: one per label, scaled to the largest value (or to `max`). */
function bars(input: { title: string; items: Array<{ label: string; value: number; text: string }>; max?: number; color: string; mark?: number }): string {
  const width = 640;
  const labelWidth = 170;
  const row = 24;
  const height = Math.max(1, input.items.length) * row + 8;
  const max = input.max ?? Math.max(1, ...input.items.map((i) => i.value));
  const scale = (v: number) => Math.max(0, Math.round(((width - labelWidth - 90) * v) / max));
  const rows = input.items
    .map((item, i) => {
      const y = 4 + i * row;
      return `<text x="0" y="${y + 16}" font-size="12" fill="#1d2125">${escaped(item.label)}</text>
<rect x="${labelWidth}" y="${y + 4}" width="${scale(item.value)}" height="16" fill="${input.color}"/>
<text x="${labelWidth + scale(item.value) + 6}" y="${y + 16}" font-size="12" fill="#1d2125">${escaped(item.text)}</text>`;
    })
    .join('');
  const mark =
    input.mark === undefined
      ? ''
      : `<line x1="${labelWidth + scale(input.mark)}" x2="${labelWidth + scale(input.mark)}" y1="0" y2="${height}" stroke="#a3150a" stroke-dasharray="4 3"/>`;
  return `<svg role="img" aria-label="${escaped(input.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg"><title>${escaped(input.title)}</title>${rows}${mark}</svg>`;
}

function shadow(view: PicturesView): string {
  const s = view.shadow;
  const classes = s.classes;
  if (classes.length === 0) return `<p>No ticket class has shadow figures yet (default mode: ${escaped(s.defaultMode)}).</p>`;
  const picture = bars({
    title: `Agreement with the person's resolution per ticket class; the dashed line is the ${Math.round(s.threshold * 100)}% needed to switch to auto`,
    items: classes.map((c) => ({
      label: c.classKey,
      value: (c.agreement ?? 0) * 100,
      text: c.agreement === null ? 'no resolutions' : `${Math.round(c.agreement * 1000) / 10}% of ${c.samples} independent`,
    })),
    max: 100,
    color: '#2f6f4f',
    mark: s.threshold * 100,
  });
  const rows = classes
    .map(
      (c) =>
        `<tr><td><code>${escaped(c.classKey)}</code></td><td>${escaped(c.mode)}</td><td class="num">${escaped(c.resolved)}</td><td class="num">${escaped(c.agreed)}</td><td class="num">${escaped(c.samples)}</td><td class="num">${escaped(c.customers)}</td><td class="num">${escaped(c.orders)}</td><td class="num">${c.agreement === null ? '' : `${Math.round(c.agreement * 1000) / 10}%`}</td><td>${c.eligible ? 'yes' : 'no'}</td><td>${escaped(c.promotedBy ?? '')}</td></tr>`,
    )
    .join('');
  const distinct =
    s.minCustomers === undefined || s.minOrders === undefined ? '' : ` from at least ${escaped(s.minCustomers)} customers and ${escaped(s.minOrders)} orders`;
  return `${picture}<table><caption>Shadow mode per class (at least ${escaped(s.minTickets)} independent tickets${distinct}, and ${Math.round(s.threshold * 100)}% of them agreeing, to switch to auto; tickets on one order, or from one customer in ${SAMPLE_WINDOW_DAYS} days, count once)</caption>
<thead><tr><th scope="col">Class</th><th scope="col">Mode</th><th scope="col">Resolved</th><th scope="col">Agreed</th><th scope="col">Independent</th><th scope="col">Customers</th><th scope="col">Orders</th><th scope="col">Agreement</th><th scope="col">May switch</th><th scope="col">Switched by</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function perDay(view: PicturesView): string {
  if (view.days.length === 0) return '<p>No runs yet.</p>';
  const tickets = bars({
    title: 'Tickets (runs) per day',
    items: view.days.map((d) => ({ label: d.day, value: d.tickets, text: String(d.tickets) })),
    color: '#0b57d0',
  });
  const cost = bars({
    title: 'Model cost per ticket per day',
    items: view.days.map((d) => ({
      label: d.day,
      value: d.tickets ? d.costMicros / d.tickets : 0,
      text: dollars(d.tickets ? Math.round(d.costMicros / d.tickets) : 0),
    })),
    color: '#7a4fb0',
  });
  const rows = view.days
    .map(
      (d) =>
        `<tr><td>${escaped(d.day)}</td><td class="num">${escaped(d.tickets)}</td><td class="num">${escaped(dollars(d.costMicros))}</td><td class="num">${escaped(dollars(d.tickets ? Math.round(d.costMicros / d.tickets) : 0))}</td></tr>`,
    )
    .join('');
  return `<h3>Tickets per day</h3>${tickets}<h3>Cost per ticket per day</h3>${cost}
<table><caption>Per day (${escaped(dayZone(view))}), from the newest ${escaped(view.window)} runs</caption><thead><tr><th scope="col">Day</th><th scope="col">Tickets</th><th scope="col">Model cost</th><th scope="col">Per ticket</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function rates(view: PicturesView): string {
  if (view.days.length === 0) return '<p>No runs yet.</p>';
  const pictures = RATES.map((rate) => {
    const items = view.days.map((d) => {
      const value = percent(rate.part(d), rate.whole(d));
      return { label: d.day, value: value ?? 0, text: value === null ? 'none to count' : `${value}% of ${rate.whole(d)}` };
    });
    return `<h3>${escaped(rate.title)}</h3>${bars({ title: `${rate.title}, per day`, items, max: 100, color: rate.color })}`;
  }).join('');
  const cell = (part: number, whole: number) => {
    const value = percent(part, whole);
    return `<td class="num">${value === null ? '' : `${value}% (${part} of ${whole})`}</td>`;
  };
  const rows = view.days
    .map(
      (d) =>
        `<tr><td>${escaped(d.day)}</td>${cell(d.approvalsOverridden, d.approvalsDecided)}${cell(d.refundsReversed, d.refunds)}${cell(d.reopened, d.closed)}<td class="num">${escaped(dollars(d.tickets ? Math.round(d.costMicros / d.tickets) : 0))}</td></tr>`,
    )
    .join('');
  return `${pictures}<table><caption>The four rates per day (${escaped(dayZone(view))}), from the newest ${escaped(view.window)} runs</caption><thead><tr><th scope="col">Day</th><th scope="col">Override</th><th scope="col">Reversal</th><th scope="col">Reopen</th><th scope="col">Cost per ticket</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function picturesContent(view: PicturesView): string {
  const report = view.evalReport
    ? `<p>The newest report: <a href="${escaped(view.evalReport.href)}">${escaped(view.evalReport.name)}</a> (per-category scores, safety classes, confusion matrix).</p>`
    : '<p>No evaluation report yet for this store.</p>';
  return `<section aria-labelledby="p-shadow"><h2 id="p-shadow">Shadow mode: agreement per ticket class</h2>${shadow(view)}</section>
<section aria-labelledby="p-eval"><h2 id="p-eval">Latest evaluation</h2>${report}</section>
<section aria-labelledby="p-rates"><h2 id="p-rates">The four rates over time</h2>${rates(view)}</section>
<section aria-labelledby="p-days"><h2 id="p-days">Tickets and cost over time</h2>${perDay(view)}</section>`;
}
