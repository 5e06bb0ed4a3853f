// The console shows the runs of one ticket together (issue #37): a ticket asking about two orders is
// two runs; each run page lists the ticket's requests with their runs' status and refund, and the one
// reply the last run left for all of them; the runs list keeps a ticket's runs side by side, marked.
// Pages are drawn by the console's handler over the console data on the in-memory stores.
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createConsoleHandler } from '#functions/console/app/handler.js';
import { createConsoleData } from '#functions/console/app/use-case.js';
import type { Run } from '#functions/shared/domain/run.js';
import { requestRunId, ticketRequestsOf } from '#functions/shared/domain/ticket-requests.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { TriageRequest } from '#harness/domain/types.js';
import { makeRun, makeTriage } from '../../support/fixtures.js';

const clock = { now: () => new Date('2026-11-30T12:00:00Z') };
const ROOT = 'run-t7';
const SECOND = requestRunId(ROOT, 2);
const REQUESTS: TriageRequest[] = [
  { orderNumber: '1010', orderQuote: 'order #1010', remedy: 'refund', reason: 'damaged', itemHints: ['mug'] },
  { orderNumber: '1011', orderQuote: 'order #1011', remedy: 'refund', reason: 'not_received', itemHints: ['lamp'] },
];
const ONE_REPLY = 'Hello Ana,\n\nAbout order #1010: we refunded $20.00.\nAbout order #1011: a member of our team <will> get back to you.';

const at = (minute: number) => `2026-11-30T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ticket = (ticketId: string) => ({ ...makeRun().ticket, ticketId });

/** Request 1: refunded $20.00 on order #1010, its checked part held for the one reply. */
function firstRequest(): Run {
  return makeRun({
    runId: ROOT,
    status: 'done',
    state: 'Done',
    ticket: ticket('t-7'),
    triage: makeTriage({ orderNumber: '1010', orderNumbersMentioned: ['1010', '1011'] }),
    createdAt: at(0),
    updatedAt: at(20),
    refund: {
      refundId: 'gid://shopify/Refund/1',
      orderId: 'gid://shopify/Order/1010',
      orderNumber: '1010',
      amountMinor: 2000,
      currency: 'USD',
      createdAt: at(2),
      idempotencyKey: 'key-1',
    },
    draft: { body: 'About order #1010: we refunded $20.00.', language: 'en', check: { passed: true, problems: [] }, noteId: null },
    ticketRequests: ticketRequestsOf(ROOT, REQUESTS, 1),
  });
}

/** Request 2: escalated on order #1011, the last to end: it left the one reply. */
function secondRequest(): Run {
  return makeRun({
    runId: SECOND,
    status: 'escalated',
    state: 'Escalate',
    ticket: ticket('t-7'),
    triage: makeTriage({ orderNumber: '1011', orderNumbersMentioned: ['1010', '1011'] }),
    createdAt: at(10),
    updatedAt: at(20),
    escalation: { reason: 'The parcel is still in transit.', step: 'ProposeRefund' },
    ticketRequests: ticketRequestsOf(ROOT, REQUESTS, 2),
    combinedDraft: { body: ONE_REPLY, noteId: 'note-77', at: at(20), runIds: [ROOT, SECOND] },
  });
}

const other = (runId: string, minute: number) => makeRun({ runId, ticket: ticket(`t-${runId}`), createdAt: at(minute), updatedAt: at(minute) });

async function consoleWith(runs: Run[]) {
  const stores = createInMemoryStores({ clock });
  for (const run of runs) await stores.runs.create(run);
  const data = createConsoleData({
    tenant: 'demo',
    runs: stores.runs,
    journal: stores.journal,
    findRunsByOrder: async () => [],
    decisions: { decideAs: async () => Promise.reject(new Error('not used')) },
    reviews: null,
    deadLetters: { list: async () => [], retry: async () => Promise.reject(new Error('not used')) } as never,
    shadow: { list: async () => Promise.reject(new Error('not used')) } as never,
    clock,
  });
  const handler = createConsoleHandler({
    tenant: 'demo',
    environment: 'test',
    data,
    clock,
    identify: () => ({ id: 'lead@store.example', roles: ['lead'] }),
    csrfSecret: 'test-csrf-secret',
  });
  const get = async (routeKey: string, path?: Record<string, string>) => {
    const rawPath = path?.runId ? `/runs/${path.runId}` : '/';
    const res = await handler({
      version: '2.0',
      routeKey,
      rawPath,
      rawQueryString: '',
      headers: { host: 'console.example' },
      pathParameters: path,
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '', userAgent: '' }, domainName: 'console.example' },
    } as unknown as APIGatewayProxyEventV2);
    expect(res.statusCode).toBe(200);
    return String(res.body).replace(/&#39;/g, "'");
  };
  return { runPage: (runId: string) => get('GET /runs/{runId}', { runId }), runsList: () => get('GET /') };
}

/** The page's words without tags or runs of spaces. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[,.)])/g, '');
const section = (html: string, id: string) => new RegExp(`<section aria-labelledby="${id}">[\\s\\S]*?</section>`).exec(html)?.[0] ?? `no section ${id}`;

describe('a run page of a ticket with several requests', () => {
  it('lists both requests in order with their orders, states and refunds, linking to the other run and marking this one', async () => {
    const { runPage } = await consoleWith([firstRequest(), secondRequest()]);

    const html = await runPage(ROOT);
    const requests = section(html, 'ticket-requests');

    expect(words(requests)).toContain("This ticket's requests");
    expect(words(requests)).toContain('Request 1 of 2 (this run) — order #1010 — done — $20.00 refunded');
    expect(words(requests)).toContain('Request 2 of 2 — order #1011 — escalated');
    expect(words(requests)).not.toContain('order #1011 — escalated — $');
    expect(requests).toContain(`<a href="/runs/${encodeURIComponent(SECOND)}">Request 2 of 2</a>`);
    expect(requests).not.toContain(`href="/runs/${ROOT}"`);
    expect(requests).toContain('<li aria-current="page"><strong>Request 1 of 2</strong>');
    // Near the top: before the timeline.
    expect(html.indexOf("This ticket's requests")).toBeLessThan(html.indexOf('id="timeline"'));
  });

  it('shows the one reply, escaped and kept as written, on both run pages', async () => {
    const { runPage } = await consoleWith([firstRequest(), secondRequest()]);

    for (const runId of [ROOT, SECOND]) {
      const html = await runPage(runId);
      expect(html).toContain('One reply for all requests');
      expect(html).toContain(
        '<pre style="white-space:pre-wrap">Hello Ana,\n\nAbout order #1010: we refunded $20.00.\nAbout order #1011: a member of our team &lt;will&gt; get back to you.</pre>',
      );
      expect(words(html)).toContain('Left on the ticket as an internal note');
      expect(html).toContain('<dt>note</dt><dd><code>note-77</code></dd>');
      expect(words(html)).toContain('by the run of request 2 of 2, the last to end');
    }
  });

  it("says a held draft is this request's part of the one reply, not a note posted on its own", async () => {
    const { runPage } = await consoleWith([firstRequest(), secondRequest()]);

    const html = await runPage(ROOT);

    expect(html).toContain("<summary>This request's part of the ticket's one reply (en)</summary>");
    expect(words(html)).toContain("Note on the ticket none of its own: this request's part of the ticket's one reply");
    expect(html).not.toContain('<summary>Reply draft');
  });

  it('reads a request whose run is not opened yet as not started yet, with no link to it', async () => {
    const first = firstRequest();
    const { runPage } = await consoleWith([{ ...first, status: 'running', state: 'CheckOrder', refund: null, draft: null }]);

    const html = await runPage(ROOT);
    const requests = section(html, 'ticket-requests');

    expect(words(requests)).toContain('Request 1 of 2 (this run) — order #1010 — running');
    expect(words(requests)).toContain('Request 2 of 2 — order #1011 — not started yet');
    expect(requests).not.toContain(`/runs/${encodeURIComponent(SECOND)}`);
    expect(words(requests)).toContain('One reply for all requests is left on the ticket once every request has ended.');
  });

  it('shows nothing of the kind on a run of a ticket with one request', async () => {
    const { runPage } = await consoleWith([other('run-alone', 5)]);

    const html = await runPage('run-alone');

    expect(html).not.toContain("This ticket's requests");
    expect(html).not.toContain('One reply for all requests');
  });
});

describe('the runs list', () => {
  it("puts a ticket's runs side by side at its newest run's place, in request order, each marked", async () => {
    // Newest first the list would be: run-y, request 2, run-x, request 1.
    const { runsList } = await consoleWith([firstRequest(), other('run-x', 5), secondRequest(), other('run-y', 15)]);

    const html = await runsList();
    const rows = html.split('<tr ').slice(1);
    const order = rows.flatMap((row) => /<a href="\/runs\/([^"]+)">/.exec(row)?.[1] ?? []).map(decodeURIComponent);

    expect(order).toEqual(['run-y', ROOT, SECOND, 'run-x']);
    const rowOf = (runId: string) => rows.find((row) => row.includes(`>${runId}</a>`)) ?? '';
    expect(words(rowOf(ROOT))).toContain('#1010 request 1 of 2');
    expect(words(rowOf(SECOND))).toContain('#1011 request 2 of 2');
    expect(rowOf('run-x')).not.toContain('request ');
    expect(html).toContain('4 run(s) match among the newest 500');
  });
});
