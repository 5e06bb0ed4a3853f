// What a person sees on every console page, in Debian's Chromium against the local runtime: the
// customer named and findable (by email, name, order number, ticket id), items by their titles,
// times in the store's zone (Europe/Budapest, en-GB here), links out to the ticket, the order and
// the execution that open the sandbox's own pages; and on every page, at 390 px and at 1280 px, no
// sideways scroll, no console error, no failed request, nothing serious for axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startRuntime, postWebhook, settled, ticketCreated, waitForRun } from '../support/local-runtime.js';
import { launchChromium, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;
const runs: { refunded: string; waiting: string; escalated: string } = { refunded: '', waiting: '', escalated: '' };

/** The demo store in Budapest, read in British English, with a ticket for each run below. */
function fixture() {
  const demo = demoFixture();
  const tickets = [
    ['8201', '9001'],
    ['8202', '9002'],
    ['8203', '9004'],
  ].map(([id, requesterId]) => ({ id: id!, requesterId: requesterId!, subject: `Pages test ${id}` }));
  return {
    ...demo,
    shop: { ...demo.shop, timeZone: 'Europe/Budapest', locale: 'en-GB' },
    helpdesk: { ...demo.helpdesk, tickets: [...demo.helpdesk.tickets, ...tickets] },
  };
}

async function ticket(ticketId: string, requesterId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

beforeAll(async () => {
  [rt, browser] = await Promise.all([startRuntime({ fixture: fixture() }), launchChromium()]);
  runs.refunded = await ticket('8201', '9001', 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please?');
  runs.waiting = await ticket(
    '8202',
    '9002',
    'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
  );
  runs.escalated = await ticket('8203', '9004', 'Hi, can you change the shipping address on order 1004 to 5 Elm Street please?');
  await Promise.all([
    waitForRun(rt, runs.refunded, settled),
    waitForRun(rt, runs.waiting, (r) => r.status === 'awaiting_approval'),
    waitForRun(rt, runs.escalated, settled),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await rt?.close();
});

/** A page opened in a fresh context at one width, with every console error and failed request it caused. */
async function open(path: string, width: number): Promise<{ page: Page; problems: string[]; status: number; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  const response = await page.goto(path.startsWith('http') ? path : `${rt.baseUrl}${path}`, { waitUntil: 'load' });
  return { page, problems, status: response?.status() ?? 0, close: () => context.close() };
}

/** The approval page a lead opens from the email (GET shows it and changes nothing). */
async function approvalPagePath(): Promise<string | null> {
  const { emails } = (await (await fetch(rt.urls.mail)).json()) as { emails: Array<{ body?: { html?: string; text?: string }; html?: string; text?: string }> };
  for (const email of emails) {
    const text = JSON.stringify(email);
    const link = /https?:\/\/127\.0\.0\.1:\d+(\/approvals\/[^"\s\\<>]+)/.exec(text);
    if (link) return link[1]!.replace(/&amp;/g, '&');
  }
  return null;
}

describe('every page a person opens', () => {
  it('fits a 390 px phone and a 1280 px screen, with no console error, no failed request and nothing serious for axe', async () => {
    const approval = await approvalPagePath();
    const pages = [
      '/',
      '/?q=ana',
      `/runs/${runs.refunded}`,
      `/runs/${runs.waiting}`,
      `/runs/${runs.escalated}`,
      '/queues',
      '/pictures',
      '/sandbox/tickets/8201',
      '/sandbox/orders/1001',
      `/sandbox/executions/${runs.refunded}`,
      ...(approval ? [approval] : []),
    ];
    expect(approval, 'the approval email links a page').not.toBeNull();
    // The evaluation report page answers 200 whether a report is at hand (eval/out/) or not yet.
    pages.push('/reports/eval');

    for (const width of [390, 1280]) {
      for (const path of pages) {
        const opened = await open(path, width);
        try {
          expect(opened.status, `${path} answers`).toBe(200);
          const scrollWidth = await opened.page.evaluate(() => document.scrollingElement!.scrollWidth);
          expect(scrollWidth, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
          if (width === 390) expect(await seriousViolations(opened.page), `axe on ${path}`).toEqual([]);
          expect(opened.problems, `${path} at ${width} px`).toEqual([]);
        } finally {
          await opened.close();
        }
      }
    }
  });
});

describe('the customer, the items and the times', () => {
  it('names the customer on the runs list and the run page', async () => {
    const list = await open('/', 1280);
    const row = list.page.locator('tr', { has: list.page.getByRole('link', { name: runs.refunded }) });
    await expect(row.innerText()).resolves.toMatch(/Ana Souza\s+ana@example\.com/);
    await list.close();

    const run = await open(`/runs/${runs.waiting}`, 1280);
    const customer = run.page.locator('dl.facts').first();
    await expect(customer.innerText()).resolves.toMatch(/Customer\s+Ben Carter\s+ben@example\.com/);
    await run.close();
  });

  it('finds runs by part of the email, by name in any case, by order number and by ticket id', async () => {
    const searches: Array<[string, string]> = [
      ['ana@exa', runs.refunded],
      ['SOUZA', runs.refunded],
      ['ben carter', runs.waiting],
      ['1002', runs.waiting],
      ['#1001', runs.refunded],
      ['8203', runs.escalated],
    ];
    for (const [q, expected] of searches) {
      const opened = await open(`/?q=${encodeURIComponent(q)}`, 1280);
      const shown = await opened.page.locator('tbody tr td:first-child a').allInnerTexts();
      expect(shown, `search ${q}`).toEqual([expected]);
      expect(await opened.page.getByRole('alert').count(), `search ${q} is not refused`).toBe(0);
      await opened.close();
    }
    // Typed into the form, as a person would.
    const form = await open('/', 1280);
    await form.page.getByLabel('Search', { exact: true }).fill("Ben O'Carter");
    await form.page.getByRole('button', { name: 'Filter' }).click();
    await form.page.getByText('0 run(s) match').waitFor();
    expect(await form.page.getByRole('alert').count()).toBe(0);
    await form.close();
  });

  it('shows items by their titles, never as line-item ids', async () => {
    const opened = await open(`/runs/${runs.refunded}`, 1280);
    const text = await opened.page.locator('main').innerText();
    expect(text).toContain('1 × Stoneware mug');
    expect(text).not.toMatch(/\b\d+ [x×] 11001\b/);
    await opened.close();
  });

  it("shows times in the store's zone and money in its locale, not UTC or minor units", async () => {
    const opened = await open(`/runs/${runs.refunded}`, 1280);
    const created = await opened.page.locator('dl.facts').first().locator('time').first().innerText();
    expect(created).toMatch(/\b(CET|CEST|GMT\+1|GMT\+2)\b/);
    expect(created).not.toContain('UTC');
    const main = await opened.page.locator('main').innerText();
    expect(main).toContain('Times in Europe/Budapest');
    expect(main).toContain('$18.00');
    await opened.close();
    const list = await open('/', 1280);
    const times = await list.page.locator('tbody time').allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/\b(CET|CEST|GMT\+1|GMT\+2)\b/);
    await list.close();
  });
});

describe('links out', () => {
  it('opens the ticket with its notes, the order with its refunds and the execution with its states', async () => {
    const run = await open(`/runs/${runs.refunded}`, 1280);
    const href = async (name: RegExp) => (await run.page.getByRole('link', { name }).first().getAttribute('href'))!;
    const ticketHref = await href(/^Ticket 8201 in the sandbox helpdesk$/);
    const orderHref = await href(/^Order #1001 in the sandbox store$/);
    const executionHref = await href(/^Execution in the local state machine$/);
    await run.close();

    const ticketPage = await open(ticketHref, 1280);
    expect(ticketPage.status).toBe(200);
    const ticketText = await ticketPage.page.locator('main').innerText();
    expect(ticketText).toContain('Ticket 8201');
    expect(ticketText).toMatch(/Internal notes \([1-9]\d*\)/);
    await ticketPage.close();

    const orderPage = await open(orderHref, 1280);
    expect(orderPage.status).toBe(200);
    const orderText = await orderPage.page.locator('main').innerText();
    expect(orderText).toContain('Order #1001');
    expect(orderText).toContain('Ana Souza');
    expect(orderText).toContain('Stoneware mug');
    expect(orderText).toContain('Refunds (1)');
    expect(orderText).toContain('$18.00');
    await orderPage.close();

    const executionPage = await open(executionHref, 1280);
    expect(executionPage.status).toBe(200);
    const executionText = await executionPage.page.locator('main').innerText();
    expect(executionText).toContain(`Execution ${runs.refunded}`);
    expect(executionText).toContain('SUCCEEDED');
    for (const state of ['Triage', 'ProposeRefund', 'GateDecision', 'Refund', 'CheckReply']) expect(executionText).toContain(state);
    // The steps ran in the Work segment's Express execution; the run's own states are Standard.
    expect(executionText).toContain('Express, under Work');
    expect(executionText).toMatch(/Finished\s+Standard/);
    await executionPage.close();
  });

  it('links the ticket and the order from the runs list and the queues', async () => {
    const list = await open('/', 1280);
    const row = list.page.locator('tr', { has: list.page.getByRole('link', { name: runs.waiting }) });
    expect(await row.getByRole('link', { name: '8202' }).getAttribute('href')).toBe('/sandbox/tickets/8202');
    expect(await row.getByRole('link', { name: '#1002' }).getAttribute('href')).toBe('/sandbox/orders/1002');
    await list.close();

    const queues = await open('/queues', 1280);
    const waiting = queues.page.locator('section[aria-labelledby="q-approvals"] article', { has: queues.page.getByRole('link', { name: runs.waiting }) });
    expect(await waiting.getByRole('link', { name: '#1002', exact: true }).getAttribute('href')).toBe('/sandbox/orders/1002');
    expect(await waiting.getByRole('link', { name: '8202', exact: true }).getAttribute('href')).toBe('/sandbox/tickets/8202');
    await expect(waiting.innerText()).resolves.toContain('Ben Carter');
    const escalated = queues.page.locator('section[aria-labelledby="q-escalations"] tr', { has: queues.page.getByRole('link', { name: runs.escalated }) });
    expect(await escalated.getByRole('link', { name: '8203' }).getAttribute('href')).toBe('/sandbox/tickets/8203');
    await queues.close();
  });
});
