// A list a lead scans all day, drawn for both widths from one markup: on a screen a table whose ids,
// order numbers, amounts and state words never wrap inside themselves (free text wraps, between
// words); on a phone (≤ 600 px) each row a compact card, every cell after its column's name. A
// column says what it holds (its kind) and the stylesheet (LIST_STYLE, in the page shell) does the
// rest. The rows carry their ARIA roles because the card layout changes their display, and some
// engines drop a table's semantics then. Pure: cells are HTML already escaped.
import { escapeHtml } from '../../../shared/http.js';

/**
 * What a column holds, which says how it wraps and where it sits on a card:
 * `lead` the row's name (a run id, whom it is about), the card's title;
 * `id` ids and order numbers; `amount` money, costs and counts; `word` state words and badges (all three
 * whole on one line); `time` a time (wraps between its words); `text` free text (wraps between
 * words, takes the width left); `actions` forms and buttons (a card's full width).
 */
export type CellKind = 'lead' | 'id' | 'amount' | 'word' | 'time' | 'text' | 'actions';

export interface Column {
  label: string;
  kind: CellKind;
}

export interface ListTable {
  /** Shown above the table (and names its scrolling box); absent, a heading nearby names it. */
  caption?: string;
  columns: readonly Column[];
  /** Each row's cells in the columns' order, as HTML. */
  rows: ReadonlyArray<readonly string[]>;
  /** What the list says when it has no row (HTML). */
  empty: string;
}

function row(columns: readonly Column[], cells: readonly string[]): string {
  const tds = columns.map((c, i) => `<td role="cell" class="k-${c.kind}" data-label="${escapeHtml(c.label)}">${cells[i] ?? ''}</td>`);
  return `<tr role="row">${tds.join('')}</tr>`;
}

/** The list as a table for a screen that reads as cards on a phone. */
export function listTable(table: ListTable): string {
  const head = table.columns.map((c) => `<th scope="col" role="columnheader" class="k-${c.kind}">${escapeHtml(c.label)}</th>`).join('');
  const body = table.rows.length
    ? table.rows.map((cells) => row(table.columns, cells)).join('\n')
    : `<tr role="row"><td role="cell" class="k-empty" colspan="${table.columns.length}">${table.empty}</td></tr>`;
  const caption = table.caption ? `<caption>${escapeHtml(table.caption)}</caption>` : '';
  return `<table class="list" role="table">${caption}<thead role="rowgroup"><tr role="row">${head}</tr></thead>
<tbody role="rowgroup">${body}</tbody></table>`;
}

/** Text kept whole on one line inside a cell that may wrap elsewhere (a run id above a customer). */
export const whole = (html: string): string => `<span class="nw">${html}</span>`;

/** A second line under a cell's first on a screen, beside it on a phone's card (a run's state under its status). */
export const sub = (html: string): string => `<span class="sub">${html}</span>`;

/**
 * Free text (escaped, no tags) whose hyphenated tokens (ids in a reason, "offline-7f8a…") move to
 * the next line whole rather than break at a hyphen; a token wider than its cell still wraps.
 */
export const wholeTokens = (escapedText: string): string => escapedText.replace(/\S+-\S+/g, (token) => `<span class="tok">${token}</span>`);

/**
 * The lists' stylesheet. On a screen: nothing whole wraps, headers wrap between words only, free
 * text takes the width left. On a phone: the header row is read by screen readers only, each row
 * is a card whose short cells sit side by side after their label; empty cells are left out. A
 * short cell (and a whole span) moves to the next line whole, and wraps inside only when it is
 * wider than the card itself (a long rule id), rather than overflow it.
 */
export const LIST_STYLE = `
form.action.picker{flex-direction:column;align-items:flex-start}form.action.picker label{display:block;font-size:14px}
ul.picks{list-style:none;padding:0;margin:4px 0}ul.picks li{margin:6px 0}ul.picks .facts{display:block;margin-left:1.6em;font-size:13px}
table.list th,table.list td{overflow-wrap:normal}
table.list td.k-id,table.list td.k-amount,table.list td.k-word,table.list .nw{white-space:nowrap}
table.list .k-amount{text-align:right;font-variant-numeric:tabular-nums}
table.list td.k-text{overflow-wrap:anywhere;min-width:11em}
table.list td.k-time{min-width:8em}
table.list .sub{display:block}
table.list td.k-actions{min-width:14em}
table.list code{word-break:normal;overflow-wrap:anywhere}
table.list .tok{display:inline-block;max-width:100%;overflow-wrap:anywhere}
@media (max-width:600px){
table.list,table.list>tbody,table.list>caption{display:block;width:100%}
table.list>thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.list tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:3px 16px;padding:8px 10px;margin:0 0 10px;border:1px solid #d0d5da;border-radius:6px}
table.list td{display:block;padding:0;border:0;min-width:0;text-align:left}
table.list td:empty{display:none}
table.list td.k-lead,table.list td.k-text,table.list td.k-actions,table.list td.k-empty{flex:1 1 100%;min-width:0}
table.list td[data-label]::before{content:attr(data-label) " ";content:attr(data-label) " " / "";color:#4f5b67;font-size:12px;font-weight:600}
table.list td.k-lead{order:-1}table.list td.k-lead::before{content:none}
table.list td.k-amount{text-align:left}
table.list .sub{display:inline;margin-left:6px}
table.list td.k-id,table.list td.k-amount,table.list td.k-word{white-space:normal;overflow-wrap:anywhere}
table.list .nw{display:inline-block;max-width:100%;white-space:normal;overflow-wrap:anywhere}
}
`;
