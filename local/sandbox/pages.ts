// Read-only pages where the console's links out land locally: the sandbox has no helpdesk agent UI,
// no Shopify admin and no Step Functions console, so a person clicking "ticket", "order" or
// "execution" sees the sandbox's own view of it here (the ticket with its notes, the order with its
// lines and refunds, the execution's states). Served by the local HTTP API (local/routes.ts) next to
// the console, on the same origin; plain HTML without scripts, readable on a phone. Times read as the
// console prints them (its own `time`: "Sun Dec 6, 4:03 AM UTC" in the store's zone and locale, the
// exact instant in the <time> element's datetime and title).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { formatMoneyInLocale } from '#shared/money.js';
import { escapeHtml } from '#functions/shared/http.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { formats, renderIn, time } from '#functions/console/app/views/layout.js';
import type { ExecutionView } from '../stepfunctions/executions.js';
import type { SandboxStoreState, StoreOrder } from './store/state.js';
import type { Route } from '../http-api.js';

/** Where the console links to (the id is appended, encoded): the console's LocalLinkBases (functions/console/app/links.ts). */
export const SANDBOX_PAGE_BASES = { ticket: '/sandbox/tickets/', order: '/sandbox/orders/', execution: '/sandbox/executions/' } as const;

export interface SandboxPagesDeps {
  store: SandboxStoreState;
  /** The sandbox helpdesk's base URL: its /sandbox/tickets/{id} answers the ticket with its notes. */
  helpdeskUrl: string;
  executions(runId: string): ExecutionView | undefined;
  /** The store's locale for money and times (the fixture's shop.locale); default en-US. */
  locale?: string;
  /** The IANA zone times are read in, as the console's (the fixture's shop.timeZone, else the policy's); default the sandbox store's zone. */
  timeZone?: string;
}

const escaped = (value: unknown): string => escapeHtml(value === null || value === undefined ? '' : String(value));

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const ICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d2a3a"/></svg>';
const FAVICON = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(ICON_SVG)}">`;

const STYLE = `*{box-sizing:border-box}body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2125}
header{background:#5a3e1b;color:#fff;padding:10px 16px}header a{color:#fff}main{padding:12px 16px;max-width:1000px}
h1{font-size:21px;margin:6px 0 10px}h2{font-size:17px;margin:20px 0 6px}.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d0d5da;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}
th{background:#f3f5f7}td,p,li,dd,h1{overflow-wrap:anywhere}.num{text-align:right}.muted{color:#4f5b67}a{color:#0b57d0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7f8;padding:8px;margin:4px 0}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:3px 12px}dt{font-weight:600}dd{margin:0}`;

function html(status: number, title: string, body: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: HEADERS,
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${FAVICON}
<title>${escaped(title)} · sandbox</title><style>${STYLE}</style></head><body>
<header><strong>Local sandbox</strong> · read-only · <a href="/">back to the console</a></header>
<main><h1>${escaped(title)}</h1>${body}${body.includes('<time ') ? `<p class="muted">Times in ${escaped(formats().timeZone)}.</p>` : ''}</main></body></html>`,
  };
}

const table = (label: string, head: string[], rows: string[], empty: string) =>
  `<div class="scroll" role="region" tabindex="0" aria-label="${escaped(label)}"><table><caption class="muted">${escaped(label)}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${escaped(h)}</th>`)
    .join('')}</tr></thead><tbody>${rows.join('') || `<tr><td colspan="${head.length}">${escaped(empty)}</td></tr>`}</tbody></table></div>`;

const facts = (pairs: Array<[string, string]>) => `<dl>${pairs.map(([k, v]) => `<dt>${escaped(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;

const param = (event: APIGatewayProxyEventV2, name: string) => event.pathParameters?.[name] ?? '';

export function sandboxPages(deps: SandboxPagesDeps): Route[] {
  const icon = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
    statusCode: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' },
    body: ICON_SVG,
  });

  return [
    { method: 'GET', path: `${SANDBOX_PAGE_BASES.ticket}{ticketId}`, handler: (event) => inStoreFormats(deps, () => ticketPage(deps, event)) },
    { method: 'GET', path: `${SANDBOX_PAGE_BASES.order}{orderNumber}`, handler: (event) => inStoreFormats(deps, () => orderPage(deps, event)) },
    { method: 'GET', path: `${SANDBOX_PAGE_BASES.execution}{runId}`, handler: (event) => inStoreFormats(deps, () => executionPage(deps, event)) },
    { method: 'GET', path: '/favicon.ico', handler: icon },
  ];
}

/** Draws a page with the store's zone and locale, so the console's `time` (and `formats`) inside read them. */
const inStoreFormats = <T>(deps: SandboxPagesDeps, render: () => Promise<T>): Promise<T> =>
  renderIn(createFormats({ locale: deps.locale, timeZone: deps.timeZone ?? deps.store.shop.timeZone, now: new Date() }), render);

/** An amount in the store's locale. */
const moneyIn = (deps: SandboxPagesDeps) => (minor: number, currency: string) => formatMoneyInLocale(minor, currency, deps.locale ?? 'en-US');

/** A ticket with its internal notes, as the sandbox helpdesk answers it. */
async function ticketPage(deps: SandboxPagesDeps, event: APIGatewayProxyEventV2) {
  const id = param(event, 'ticketId');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return html(400, 'Not a ticket id', '<p>That is not a ticket id.</p>');
  const res = await fetch(`${deps.helpdeskUrl}/sandbox/tickets/${encodeURIComponent(id)}`);
  if (res.status === 404) return html(404, `Ticket ${id} not found`, '<p>The sandbox helpdesk has no such ticket.</p>');
  const { ticket: t } = (await res.json()) as {
    ticket: { id: string; requesterId: string; subject: string; notes: Array<{ id: number; body: string; createdAt: string; authorId: string }> };
  };
  const notes = t.notes.map((n) => `<li><p class="muted">Internal note ${escaped(n.id)} · ${time(n.createdAt)}</p><pre>${escaped(n.body)}</pre></li>`).join('');
  return html(
    200,
    `Ticket ${t.id}`,
    `${facts([
      ['Subject', escaped(t.subject)],
      ['Requester', escaped(t.requesterId)],
    ])}<h2>Internal notes (${t.notes.length})</h2>${notes ? `<ol>${notes}</ol>` : '<p>No notes on this ticket.</p>'}`,
  );
}

/** An order's facts, lines and refunds, with the customer's store credit. */
function orderBody(deps: SandboxPagesDeps, o: StoreOrder): string {
  const money = moneyIn(deps);
  const customer = deps.store.customers.get(o.customerId);
  const titles = new Map(o.lineItems.map((li) => [li.id, li.title]));
  const credit = customer ? deps.store.ledgers.balances(customer.id) : [];
  const lines = o.lineItems.map(
    (li) =>
      `<tr><td>${escaped(li.title)}</td><td class="num">${escaped(li.quantity)}</td><td class="num">${escaped(money(li.unitPriceMinor, o.currency))}</td><td class="num">${escaped(deps.store.refundableQuantity(o, li))}</td></tr>`,
  );
  const refunds = o.refunds.map(
    (r) =>
      `<tr><td><code>${escaped(r.id.split('/').at(-1))}</code></td><td>${time(r.createdAt)}</td><td class="num">${escaped(money(r.amountMinor, o.currency))}</td><td>${escaped(
        r.lines.map((l) => `${l.quantity} × ${titles.get(l.lineItemId) ?? l.lineItemId}`).join(', ') || 'amount only',
      )}</td><td>${escaped(r.note ?? '')}</td></tr>`,
  );
  return `${facts([
    ['Customer', customer ? `${escaped(customer.name)}<br><span class="muted">${escaped(customer.email)}</span>` : escaped(o.customerId)],
    ['Placed', time(o.createdAt)],
    ['Fulfilment', escaped(deps.store.fulfillmentStatus(o).toLowerCase().replace('_', ' '))],
    ['Refunded', escaped(money(deps.store.refundedMinor(o), o.currency))],
    ['Still refundable', escaped(money(deps.store.maximumRefundableMinor(o), o.currency))],
    ...(o.cancelledAt ? [['Cancelled', time(o.cancelledAt)] as [string, string]] : []),
    ...(credit.length > 0 ? [["Customer's store credit", escaped(credit.map((c) => money(c.amountMinor, c.currency)).join(', '))] as [string, string]] : []),
  ])}<h2>Lines</h2>${table('Lines', ['Item', 'Quantity', 'Unit price', 'Refundable units'], lines, 'No lines.')}
<h2>Refunds (${o.refunds.length})</h2>${table('Refunds', ['Refund', 'Created', 'Amount', 'Lines', 'Note'], refunds, 'No refunds on this order.')}`;
}

async function orderPage(deps: SandboxPagesDeps, event: APIGatewayProxyEventV2) {
  const number = param(event, 'orderNumber').replace(/^#/, '');
  const o = /^\d{1,12}$/.test(number) ? deps.store.orders.find((x) => x.name === `#${number}`) : undefined;
  return o ? html(200, `Order ${o.name}`, orderBody(deps, o)) : html(404, `Order #${number} not found`, '<p>The sandbox store has no such order.</p>');
}

/** An execution of the local state machine, state by state. */
async function executionPage(deps: SandboxPagesDeps, event: APIGatewayProxyEventV2) {
  const runId = param(event, 'runId');
  const view = /^[A-Za-z0-9_.:-]{1,128}$/.test(runId) ? deps.executions(runId) : undefined;
  if (!view)
    return html(404, `Execution ${runId} not found`, '<p>The local state machine has no execution by that name (it may have run before this start).</p>');
  // Deployed, a state under Work or Settle is in that segment's Express execution (refund-steps.asl.json), its own graph.
  const rows = view.history.map(
    (t) =>
      `<tr><td>${time(t.at)}</td><td>${escaped(t.state)}</td><td>${escaped(t.nestedIn ? `Express, under ${t.nestedIn}` : 'Standard')}</td><td>${escaped(t.type)}</td><td>${escaped(t.error ? `${t.error.Error}: ${t.error.Cause ?? ''}` : '')}</td></tr>`,
  );
  return html(
    200,
    `Execution ${view.name}`,
    `${facts([
      ['Status', escaped(view.status)],
      ['Current state', escaped(view.currentState ?? '')],
      ['Started', time(view.startedAt)],
      ['Stopped', view.stoppedAt ? time(view.stoppedAt) : 'still running'],
      ['Run', `<a href="/runs/${encodeURIComponent(view.name)}">${escaped(view.name)}</a>`],
    ])}<h2>States</h2>${table('State transitions', ['At', 'State', 'Execution', 'Transition', 'Error'], rows, 'No state entered yet.')}`,
  );
}
