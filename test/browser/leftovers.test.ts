// The leftovers of issue #38, in Debian's Chromium against the local runtime seeded as the widths test
// seeds it (twenty runs of every kind): the queues page on a 390 px phone is short (each queue's first
// items, "Show all N" for the rest, every count whole, every action back in view once opened); a run
// cancelled while its ticket is with the team is found under "With the team", one whose ticket was
// solved in the helpdesk is not; the runs list finds runs by an item's title; the sandbox's order and
// ticket pages print times as the console does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { STEP_NAMES } from '#harness/domain/types.js';
import type { LocalRuntime } from '#local/runtime.js';
import { SECRET, waitForRun, type RunView } from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';
import { seedWidths, startWidthsRuntime } from './widths-seed.js';

let rt: LocalRuntime;
let browser: Browser;

let runs: RunView[] = [];

beforeAll(async () => {
  [rt, browser] = await Promise.all([startWidthsRuntime(), launchChromium()]);
  runs = (await seedWidths(rt)).all;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await rt?.close();
});

async function open(path: string, width: number): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  const response = await page.goto(`${rt.baseUrl}${path}`, { waitUntil: 'load' });
  expect(response?.status(), `${path} answers`).toBe(200);
  return { page, close: () => context.close() };
}

const byTicket = (ticketId: string) => runs.find((r) => r.ticket.ticketId === ticketId)!;
const ofStatus = (status: string) => runs.filter((r) => r.status === status);

/** Each queue's section by its heading's id, with the count its heading says and how many of its items are drawn. */
function queues(page: Page): Promise<Record<string, { said: number; drawn: number; all: number }>> {
  return page.evaluate(() => {
    const out: Record<string, { said: number; drawn: number; all: number }> = {};
    for (const section of document.querySelectorAll<HTMLElement>('main section[aria-labelledby^="q-"]')) {
      const items = [...section.querySelectorAll<HTMLElement>('section > article, section > .scroll > table.list > tbody > tr:not(:has(td.k-empty))')];
      out[section.getAttribute('aria-labelledby')!] = {
        said: Number(/\((\d+)\)/.exec(section.querySelector('h2')!.textContent ?? '')?.[1] ?? -1),
        drawn: items.filter((i) => i.getClientRects().length > 0).length,
        all: items.length,
      };
    }
    return out;
  });
}

/** The controls of the queues' drawn items (and of the sections) a person cannot reach: out of view sideways, or of zero size. */
function unreachable(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main section a, main section button, main section textarea, main section input:not([type=hidden])')]
      .filter((c) => {
        const item = c.closest('section > article, section > .scroll > table.list > tbody > tr');
        if (item && item.getClientRects().length === 0) return false;
        const r = c.getBoundingClientRect();
        return r.width === 0 || r.height === 0 || r.left < 0 || r.right > window.innerWidth;
      })
      .map((c) => `${c.tagName.toLowerCase()} ${c.textContent?.trim() || c.getAttribute('name')}`),
  );
}

const COMPOUND_STEPS = STEP_NAMES.filter((s) => /[a-z][A-Z]/.test(s));
/** Step names, snake_case (emails aside) and gids in a text a person reads. */
function codeWords(text: string): string[] {
  const plain = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  return [
    ...COMPOUND_STEPS.filter((s) => new RegExp(`\\b${s}\\b`).test(text)),
    ...(plain.match(/\b[a-z]+_[a-z_]+\b/g) ?? []),
    ...(text.match(/gid:\/\/\S+/g) ?? []),
  ];
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the queues page on a 390 px phone, seeded as the widths test seeds it', () => {
  it('is under 6,000 px, each queue showing its first items under its whole count', async () => {
    expect(ofStatus('escalated').length).toBeGreaterThan(5);
    expect(ofStatus('awaiting_approval').length).toBeGreaterThan(1);
    const { page, close } = await open('/queues', 390);
    try {
      const height = await pageHeight(page);
      expect(height, 'the queues on a phone').toBeLessThan(6000);
      const seen = await queues(page);
      expect(seen['q-approvals']).toMatchObject({ said: ofStatus('awaiting_approval').length, all: ofStatus('awaiting_approval').length, drawn: 1 });
      expect(seen['q-reviews']).toMatchObject({ said: ofStatus('pending_review').length, drawn: ofStatus('pending_review').length });
      expect(seen['q-escalations']).toMatchObject({ said: ofStatus('escalated').length, all: ofStatus('escalated').length, drawn: 5 });
      expect(seen['q-returns']).toMatchObject({ said: ofStatus('awaiting_return').length, drawn: ofStatus('awaiting_return').length });
      expect(seen['q-team']).toMatchObject({ said: 0, all: 0 });
      expect(await page.getByText(`Show all ${ofStatus('escalated').length} escalations`).isVisible()).toBe(true);
      expect(await page.getByText(`Show all ${ofStatus('awaiting_approval').length} approvals waiting`).isVisible()).toBe(true);
      expect(await unreachable(page), 'controls of the items in view').toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page), 'axe on the short queues').toEqual([]);
      await screenshot(page, 'leftovers-queues-390');
    } finally {
      await close();
    }
  });

  it('"Show all" draws every escalation and approval again, each with its actions in view', async () => {
    const { page, close } = await open('/queues', 390);
    try {
      const before = await pageHeight(page);
      await page.getByText(`Show all ${ofStatus('escalated').length} escalations`).click();
      await page.getByText(`Show all ${ofStatus('awaiting_approval').length} approvals waiting`).click();
      const seen = await queues(page);
      expect(seen['q-escalations']!.drawn).toBe(ofStatus('escalated').length);
      expect(seen['q-approvals']!.drawn).toBe(ofStatus('awaiting_approval').length);
      expect(await page.getByRole('link', { name: /^Review and decide/ }).count()).toBe(ofStatus('awaiting_approval').length);
      expect(await unreachable(page), 'every control once all are shown').toEqual([]);
      expect(await pageHeight(page)).toBeGreaterThan(before + 1000);
      expect(await page.getByText('Show the first 5 only').isVisible()).toBe(true);
      expect(await seriousViolations(page), 'axe with every queue open').toEqual([]);
    } finally {
      await close();
    }
  });
});

/** The helpdesk says the ticket was solved (a signed ticket.status_changed event). */
async function solvedInHelpdesk(ticketId: string, requesterId: string): Promise<void> {
  const body = JSON.stringify({
    id: `leftovers-solved-${ticketId}`,
    type: 'zen:event-type:ticket.status_changed',
    time: new Date().toISOString(),
    detail: { id: ticketId, requester_id: requesterId, status: 'SOLVED' },
    event: { current: 'SOLVED', previous: 'OPEN' },
  });
  const res = await fetch(rt.urls.webhook, { method: 'POST', headers: zendeskSignedHeaders(SECRET, body, new Date()), body });
  expect(res.status).toBe(202);
}

describe('a run cancelled while its ticket is with the team', () => {
  it('is listed under "With the team" with its ticket, in words; one whose ticket was solved in the helpdesk is not', async () => {
    const [cancelled, solved] = [byTicket('8309'), byTicket('8312')];
    expect([cancelled.status, solved.status]).toEqual(['awaiting_approval', 'awaiting_approval']);
    const res = await fetch(`${rt.urls.runs}/${cancelled.runId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'the customer wrote that they will call instead' }),
    });
    expect(res.status).toBe(202);
    await solvedInHelpdesk('8312', '9001');
    await waitForRun(rt, cancelled.runId, (r) => r.state === 'Cancelled');
    expect((await waitForRun(rt, solved.runId, (r) => r.state === 'Cancelled')).cancellation.by).toBe('helpdesk');

    const { page, close } = await open('/queues', 1280);
    try {
      const team = page.locator('section[aria-labelledby="q-team"]');
      await expect(team.locator('h2').innerText()).resolves.toBe('With the team (1)');
      const row = team.locator('table.list > tbody > tr', { has: page.getByRole('link', { name: cancelled.runId, exact: true }) });
      expect(await row.getByRole('link', { name: '8309', exact: true }).getAttribute('href')).toBe('/sandbox/tickets/8309');
      const text = await row.innerText();
      expect(text).toContain('The customer wrote that they will call instead');
      expect(text).toContain('Request approval');
      expect(codeWords(await team.innerText())).toEqual([]);
      expect(await team.getByRole('link', { name: solved.runId }).count()).toBe(0);
      const approvals = await page.locator('#q-approvals').innerText();
      expect(approvals).toBe(`Approvals waiting (${ofStatus('awaiting_approval').length - 2})`);
    } finally {
      await close();
    }
  });
});

describe('searching the runs list by an item', () => {
  it('finds every run whose order has a line with the words, in any case and part of a word', async () => {
    const withTitle = (words: string) =>
      runs.filter((r) => (r.order?.lineItems ?? []).some((l: { title: string }) => l.title.toLowerCase().includes(words.toLowerCase()))).map((r) => r.runId);
    for (const [q, title] of [
      ['mug', 'mug'],
      ['Stoneware MUG', 'stoneware mug'],
      ['throw blank', 'throw blank'],
    ] as const) {
      const expected = withTitle(title);
      expect(expected.length, `the seed has runs with "${title}"`).toBeGreaterThan(0);
      const { page, close } = await open(`/?q=${encodeURIComponent(q)}`, 1280);
      const shown = await page.locator('table.list > tbody td.k-lead a').allInnerTexts();
      expect(shown.sort(), `search ${q}`).toEqual([...expected].sort());
      expect(await page.getByRole('alert').count()).toBe(0);
      await close();
    }
  });

  it('reads where each run stands in words, no step name on the list', async () => {
    const { page, close } = await open('/', 1280);
    const rows = await page.locator('table.list').innerText();
    expect(codeWords(rows)).toEqual([]);
    expect(rows).toContain('Request approval');
    await close();
  });
});

describe("the sandbox's pages", () => {
  it('print times as the console does, the ISO instant in each <time>', async () => {
    const refunded = byTicket('8301');
    const run = await open(`/runs/${refunded.runId}`, 1280);
    const consoleTime = await run.page.locator('dl.facts time').first().innerText();
    await run.close();
    // The console's shape: "Sun Dec 6, 4:03 AM UTC".
    const SHAPE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M \S+$/;
    expect(consoleTime).toMatch(SHAPE);
    for (const path of ['/sandbox/orders/1001', '/sandbox/tickets/8301', `/sandbox/executions/${refunded.runId}`]) {
      const { page, close } = await open(path, 390);
      const main = await page.locator('main').innerText();
      expect(main, path).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      expect(main, path).not.toContain('(UTC)');
      const times = await page.locator('main time').evaluateAll((ts) => ts.map((t) => ({ text: t.textContent!, at: t.getAttribute('datetime')! })));
      expect(times.length, path).toBeGreaterThan(0);
      for (const t of times) {
        expect(t.text, path).toMatch(SHAPE);
        expect(t.at, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      }
      expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
      await close();
    }
  });
});
