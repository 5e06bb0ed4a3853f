// The console's page shell and small formatters: one stylesheet inline (the CSP allows inline styles,
// never scripts), a skip link, the navigation, the notice after an action. Strings in, HTML out.
// Times and money are for people: in the store's time zone and locale (the Formats the handler
// renders a page in, see renderIn), never UTC strings or minor units; costs never read as nothing.
// Every table sits in its own sideways-scrolling box, so a page never scrolls sideways on a phone;
// the lists a lead scans are drawn for both widths (list-table.ts: cards on a phone).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createFormats, type Formats } from '../../../shared/approvals/formats.js';
import { escapeHtml } from '../../../shared/http.js';
import { LIST_STYLE } from './list-table.js';

export const escaped = (value: string | number | null | undefined): string => escapeHtml(value === null || value === undefined ? '' : String(value));

/**
 * Cost in micro-dollars as dollars: to the cent from a dollar up, to the hundredth of a cent below,
 * and "< $0.0001" for less, so a call that cost something never reads as "$0.0000".
 */
export function dollars(micros: number): string {
  if (micros === 0) return '$0.00';
  if (micros >= 1_000_000) return `$${(micros / 1_000_000).toFixed(2)}`;
  if (micros > 0 && micros < 100) return '< $0.0001';
  return `$${(micros / 1_000_000).toFixed(4)}`;
}

/** A cost as people read it (dollars), with the exact figure to the micro-dollar in its title. */
export const costHtml = (micros: number): string => `<span title="exactly $${escaped((micros / 1_000_000).toFixed(6))}">${escaped(dollars(micros))}</span>`;

const pageFormats = new AsyncLocalStorage<Formats>();

/**
 * Renders a page (sync or async) with the store's formats: every `time` and `money` inside reads
 * them. The handler wraps each request in it; outside one (a unit test of a view) times are UTC, en-US.
 */
export function renderIn<T>(formats: Formats, render: () => T): T {
  return pageFormats.run(formats, render);
}

/** The formats of the page being rendered. */
export function formats(): Formats {
  return pageFormats.getStore() ?? createFormats({ locale: 'en-US', timeZone: 'UTC', now: new Date() });
}

/** Money as people read it in the store's locale ("62,00 €"), from integer minor units. */
export const money = (amountMinor: number, currency: string): string => formats().money(amountMinor, currency);

/** An ISO time in the store's zone ("Thu 24 Sep, 14:05 CEST"), the exact UTC instant in datetime and title. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '';
  return `<time datetime="${escaped(iso)}" title="${escaped(iso)}">${escaped(formats().dateTime(iso))}</time>`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})(?![T\d])/g;
const DAY_WORDS = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})\\b`, 'g');

/**
 * A sentence written before the page (an escalation's reason, a return's event) with its calendar days
 * ("until 2026-12-16", "refunds on this order: 16 Nov 2026") in the page's one date format
 * (formats().date: "Dec 16, 2026" in en-US): the day as written, only its wording changes. Plain text in, plain text out.
 */
export function daysInWords(text: string): string {
  const day = createFormats({ locale: formats().locale, timeZone: 'UTC', now: new Date(0) });
  const said = (y: string, m: number, d: string) => day.date(`${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}T12:00:00Z`);
  return text
    .replace(ISO_DAY, (whole, y: string, m: string, d: string) => (Number(m) >= 1 && Number(m) <= 12 ? said(y, Number(m), d) : whole))
    .replace(DAY_WORDS, (_whole, d: string, month: string, y: string) => said(y, MONTHS.indexOf(month) + 1, d));
}

export const csrfField = (token: string): string => `<input type="hidden" name="csrf" value="${escaped(token)}">`;

export type NavItem = 'runs' | 'queues' | 'pictures';

export interface PageFrame {
  title: string;
  nav: NavItem | null;
  who: string;
  tenant: string;
  notice?: { text: string; kind: 'ok' | 'error' } | null;
  /** Shown beside the heading: "local" or the deployed tenant. */
  environment: string;
}

const STYLE = `
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2125;background:#fff}
a{color:#0b57d0}a:focus,button:focus,input:focus,select:focus,summary:focus{outline:3px solid #f2a900;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:6px;z-index:2}
header.top{display:flex;flex-wrap:wrap;gap:16px;align-items:center;padding:10px 20px;background:#1d2a3a;color:#fff}
header.top a{color:#fff}header.top nav ul{display:flex;gap:14px;list-style:none;margin:0;padding:0}
header.top nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
header.top .who{margin-left:auto;font-size:13px}
main{padding:16px 20px;max-width:1200px;min-width:0}
@media (max-width:600px){header.top{padding:8px 12px;gap:8px}header.top .who{margin-left:0}main{padding:12px}}
h1{font-size:22px;margin:8px 0 12px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #d0d5da;padding-bottom:4px}h3{font-size:16px;margin:14px 0 6px}
.scroll{overflow-x:auto;max-width:100%;margin:6px 0 12px}.scroll>table{margin:0}
table{border-collapse:collapse;width:100%;margin:6px 0 12px}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #d0d5da;padding:5px 8px;text-align:left;vertical-align:top;font-size:14px}th{background:#f3f5f7}
.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;white-space:nowrap;padding:1px 7px;border-radius:9px;font-size:12px;font-weight:600;background:#e7ebef;color:#1d2125}
.s-done{background:#d8f0dd;color:#11532a}.s-escalated,.s-pending_review{background:#fde2e0;color:#8a1c12}.s-awaiting_approval{background:#fff1c2;color:#5c4400}
.s-running{background:#dbe9ff;color:#0b3d91}.s-cancelled,.s-shadow{background:#ececec;color:#333}
.o-refused,.o-error{color:#a3150a;font-weight:600}.o-ok{color:#11532a}
.notice{padding:8px 12px;border-radius:4px;margin:8px 0}.notice.ok{background:#d8f0dd}.notice.error{background:#fde2e0}
form.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin:8px 0}
form.filters label,form.action label{display:flex;flex-direction:column;font-size:13px;gap:2px}
input,select,button{font:inherit;padding:4px 6px;max-width:100%}svg{max-width:100%;height:auto}img{max-width:100%}button{cursor:pointer;border:1px solid #4a5866;background:#f3f5f7;border-radius:4px}
button.primary{background:#0b57d0;color:#fff;border-color:#0b57d0}button.danger{background:#a3150a;color:#fff;border-color:#a3150a}
form.action{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:4px 0}
fieldset{border:1px solid #d0d5da;padding:6px 10px;margin:0}legend{font-size:13px;font-weight:600}
ol.timeline{list-style:none;padding:0;margin:0;border-left:3px solid #8a96a3}
ol.timeline>li{margin:0 0 14px 0;padding-left:14px;position:relative}
ol.timeline>li::before{content:"";position:absolute;left:-8px;top:8px;width:13px;height:13px;border-radius:50%;background:#1d2a3a}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:3px 12px;margin:6px 0}dl.facts dt{font-weight:600}dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
@media (max-width:600px){dl.facts{grid-template-columns:minmax(0,1fr)}dl.facts dd{margin-bottom:6px}}
td,th,li,p,h1,h2,h3,legend,label{overflow-wrap:anywhere}fieldset{min-width:0}pre{white-space:pre-wrap;overflow-wrap:anywhere}
.muted{color:#4f5b67}.outcome{font-size:1.125rem;line-height:1.5;margin:.5rem 0 1rem}code{font-size:13px;word-break:break-all}.customer{overflow-wrap:anywhere}
.pager{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
${LIST_STYLE}`;

/** A tiny inline icon (img-src allows data:), so no page asks for a /favicon.ico that is not there. */
export const FAVICON =
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Crect width=%2216%22 height=%2216%22 rx=%223%22 fill=%22%231d2a3a%22/%3E%3C/svg%3E">';

/**
 * Every table in its own box that scrolls sideways (a phone scrolls the table, never the page),
 * focusable and named after the table's caption so a keyboard can scroll it too.
 */
export function scrollingTables(html: string): string {
  return html
    .replace(
      /<table(\s[^>]*)?>(\s*<caption[^>]*>([\s\S]*?)<\/caption>)?/g,
      (_m, attrs: string | undefined, withCaption: string | undefined, caption: string | undefined) => {
        // The caption is HTML already escaped; only its tags go, and a quote cannot be in it.
        const name = caption
          ? caption
              .replace(/<[^>]*>/g, '')
              .replace(/"/g, '&quot;')
              .trim()
          : 'Table';
        return `<div class="scroll" role="region" tabindex="0" aria-label="${name}"><table${attrs ?? ''}>${withCaption ?? ''}`;
      },
    )
    .replace(/<\/table>/g, '</table></div>');
}

export function layout(frame: PageFrame, content: string): string {
  const link = (item: NavItem, href: string, label: string) => `<li><a href="${href}"${frame.nav === item ? ' aria-current="page"' : ''}>${label}</a></li>`;
  const notice = frame.notice ? `<p class="notice ${frame.notice.kind}" role="status">${escaped(frame.notice.text)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">${FAVICON}
<title>${escaped(frame.title)} · refund-agent console</title><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header class="top"><strong>refund-agent · ${escaped(frame.tenant)} <span class="muted" style="color:#cfd6dd">(${escaped(frame.environment)})</span></strong>
<nav aria-label="Console"><ul>${link('runs', '/', 'Runs')}${link('queues', '/queues', 'Queues')}${link('pictures', '/pictures', 'Pictures')}</ul></nav>
<span class="who">Signed in as ${escaped(frame.who)}</span></header>
<main id="main" tabindex="-1"><h1>${escaped(frame.title)}</h1>${notice}
${scrollingTables(content)}
<p class="muted">Times in ${escaped(formats().timeZone)}.</p>
</main></body></html>`;
}

export const statusBadge = (status: string): string => `<span class="badge s-${escaped(status)}">${escaped(status.replace(/_/g, ' '))}</span>`;

const DOCUMENT_FIT = '<style>.scroll{overflow-x:auto;max-width:100%}td,th,p,li,h1,h2,h3{overflow-wrap:anywhere}svg,img{max-width:100%;height:auto}</style>';

/**
 * A whole HTML document the console serves as it is (the evaluation report): its tables scroll in
 * their own boxes and it gets the console's icon, so it too fits a phone and asks for no favicon.
 */
export function fitDocument(html: string): string {
  const withHead = html.includes('</head>') ? html.replace('</head>', `${DOCUMENT_FIT}${FAVICON}</head>`) : html;
  return scrollingTables(withHead);
}
