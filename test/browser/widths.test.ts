// The lists a lead scans all day, at a 1280 px screen and a 390 px phone, in Debian's Chromium
// against the local runtime with twenty runs of every kind (refunded, waiting for approval,
// escalated with actions, pending review, waiting for a returned parcel, paid in euros): the runs
// list, the queues and a run's call table keep every amount, order number, id and state word whole
// on one line and free text wraps between words only; at 1280 px each table fits its box, at 390 px
// each row is a card with every action in view, the page never scrolls sideways and is not endless;
// a call that cost a fraction of a cent never reads "$0.0000"; axe finds nothing serious.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import type { RunView } from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';
import { seedWidths, startWidthsRuntime } from './widths-seed.js';

let rt: LocalRuntime;
let browser: Browser;

const runs: { refunded: string; review: string; all: RunView[] } = { refunded: '', review: '', all: [] };

/** A priced model call on the refunded run, as a real model's journal row has it: 412 micro-dollars, and one of 37. */
async function pricedCalls(runId: string): Promise<void> {
  const row = { runId, step: 'DraftReply', kind: 'model', name: 'draft_reply', provider: 'anthropic', argsHash: 'widths', outcome: 'ok' } as const;
  const at = new Date().toISOString();
  const priced = { ...row, at, latencyMs: 1840, model: 'claude-sonnet-4-5', inputTokens: 2210, outputTokens: 164, idempotencyKey: null };
  await rt.stores.journal.append({ ...priced, detail: 'the reply drafted for the customer', costMicros: 412 });
  await rt.stores.journal.append({ ...priced, detail: 'a short answer from the prompt cache', costMicros: 37 });
  await rt.stores.runs.addCost(runId, 449);
}

beforeAll(async () => {
  [rt, browser] = await Promise.all([startWidthsRuntime(), launchChromium()]);
  Object.assign(runs, await seedWidths(rt));
  await pricedCalls(runs.refunded);
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
  // The engineer's details (the calls tables among them) open, so their tables are measured too.
  for (const summary of await page.locator('main details > summary').all()) await summary.click();
  return { page, close: () => context.close() };
}

/**
 * Every text that must stay whole (ids, order numbers, amounts, costs, state words and badges) that
 * the browser laid out on more than one line, as "text: n lines". A text node broken over lines
 * has one client rect per line.
 */
function splitWholes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'table.list td.k-id, table.list td.k-amount, table.list td.k-word, table.list .nw, table.list .badge';
    const split: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size !== 1) split.push(`${node.textContent.trim()}: ${lines.size} lines`);
      }
    }
    return split;
  });
}

/**
 * Every word of the lists' free text, headers, times and row names broken inside itself, as
 * "word: n lines"; a word wider than its whole cell (an idempotency key on a phone) may break.
 */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('table.list th, table.list td.k-text, table.list td.k-time, table.list td.k-lead')) {
      if (cell.getClientRects().length === 0 || cell.getBoundingClientRect().height <= 1) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          const lines = new Set(rects.map((r) => Math.round(r.top))).size;
          if (lines > 1 && width <= cell.clientWidth) split.push(`${match[0]}: ${lines} lines`);
        }
      }
    }
    return split;
  });
}

/** The lists' boxes that scroll sideways (their content wider than the box), by caption or heading. */
function scrollingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.scroll')]
      .filter((box) => box.querySelector('table.list') && box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.closest('section')?.querySelector('h2')?.textContent ?? box.getAttribute('aria-label')}: ${box.scrollWidth} > ${box.clientWidth}`),
  );
}

/** On a phone: how each list row is displayed, and the controls of the lists that are out of view sideways or hidden. */
function cards(page: Page): Promise<{ displays: string[]; heads: number[]; outOfView: string[]; tallest: number }> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('table.list > tbody > tr')];
    const controls = [...document.querySelectorAll<HTMLElement>('table.list a, table.list button, table.list textarea, table.list input:not([type=hidden])')];
    const outOfView = controls
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width === 0 || r.height === 0 || r.left < 0 || r.right > window.innerWidth;
      })
      .map((c) => `${c.tagName.toLowerCase()} ${c.textContent?.trim() || c.getAttribute('name')}`);
    return {
      displays: [...new Set(rows.map((r) => getComputedStyle(r).display))],
      heads: [...document.querySelectorAll<HTMLElement>('table.list > thead')].map((h) => h.getBoundingClientRect().height),
      outOfView,
      tallest: Math.max(...rows.map((r) => r.getBoundingClientRect().height)),
    };
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** The pages of the lists: the runs list, the queues, and run pages with their call tables (a refund, an escalation with its rules). */
const PAGES = () => [
  { name: 'runs', path: '/' },
  { name: 'queues', path: '/queues' },
  { name: 'run', path: `/runs/${runs.refunded}` },
  { name: 'run-escalated', path: `/runs/${runs.all.find((r) => r.ticket.ticketId === '8308')!.runId}` },
];

describe('the lists a lead scans, at a screen and a phone', () => {
  it('seeds a list of every kind of run', () => {
    const statuses = new Set(runs.all.map((r) => r.status));
    for (const status of ['done', 'awaiting_approval', 'escalated', 'pending_review', 'awaiting_return']) expect(statuses, status).toContain(status);
    expect(runs.all.length).toBeGreaterThanOrEqual(20);
  });

  it('at 1280 px keeps every amount, order number, id and state word whole on one line, and each table fits its box', async () => {
    for (const { name, path } of PAGES()) {
      const { page, close } = await open(path, 1280);
      try {
        expect(await page.locator('table.list').count(), `${name} has lists`).toBeGreaterThan(0);
        expect(await splitWholes(page), `${name}: split ids, amounts, state words`).toEqual([]);
        expect(await splitWords(page), `${name}: words broken inside`).toEqual([]);
        expect(await scrollingBoxes(page), `${name}: tables wider than their box`).toEqual([]);
        expect(await pageWidth(page), `${name} scrolls sideways`).toBeLessThanOrEqual(1280);
        const rows = await page.locator('table.list > tbody > tr').evaluateAll((trs) => [...new Set(trs.map((tr) => getComputedStyle(tr).display))]);
        expect(rows, `${name}: rows are table rows on a screen`).toEqual(['table-row']);
        expect(await seriousViolations(page), `axe on ${name} at 1280 px`).toEqual([]);
        await screenshot(page, `widths-${name}-1280`);
      } finally {
        await close();
      }
    }
  });

  it('at 390 px reads each list as cards with every action in view, whole amounts and ids, no sideways scroll', async () => {
    for (const { name, path } of PAGES()) {
      const { page, close } = await open(path, 390);
      try {
        expect(await pageWidth(page), `${name} scrolls sideways`).toBeLessThanOrEqual(390);
        const seen = await cards(page);
        expect(seen.displays, `${name}: rows are cards, not table rows`).toEqual(['flex']);
        for (const height of seen.heads) expect(height, `${name}: the header row is for screen readers only`).toBeLessThanOrEqual(1);
        expect(seen.outOfView, `${name}: controls out of view`).toEqual([]);
        expect(await splitWholes(page), `${name}: split ids, amounts, state words`).toEqual([]);
        expect(await splitWords(page), `${name}: words broken inside`).toEqual([]);
        expect(await scrollingBoxes(page), `${name}: lists wider than the phone`).toEqual([]);
        expect(await seriousViolations(page), `axe on ${name} at 390 px`).toEqual([]);
        if (name === 'runs') expect(seen.tallest, 'a run is a compact card').toBeLessThanOrEqual(240);
        await screenshot(page, `widths-${name}-390`);
      } finally {
        await close();
      }
    }
  });

  it('names each cell on a card after its column, and keeps a page of twenty runs short on a phone', async () => {
    const { page, close } = await open('/', 390);
    const row = page.locator('table.list > tbody > tr', { has: page.getByRole('link', { name: runs.refunded, exact: true }) });
    const refund = row.locator('td[data-label="Refund"]');
    await expect(refund.innerText()).resolves.toBe('$18.00');
    const label = await refund.evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toContain('Refund');
    expect(await page.locator('table.list > tbody > tr').count()).toBeGreaterThanOrEqual(20);
    expect(await pageHeight(page), 'twenty runs on a phone').toBeLessThan(5500);
    await close();
  });

  it("prints a call's sub-cent cost with enough figures, the exact one in its title, and never $0.0000 for a cost", async () => {
    const { page, close } = await open(`/runs/${runs.refunded}`, 1280);
    const costOf = (detail: string) => page.locator('table.list > tbody > tr', { hasText: detail }).locator('td[data-label="Cost"]');
    await expect(costOf('the reply drafted for the customer').innerText()).resolves.toBe('$0.0004');
    await expect(costOf('a short answer from the prompt cache').innerText()).resolves.toBe('< $0.0001');
    await expect(costOf('a short answer from the prompt cache').locator('span').getAttribute('title')).resolves.toBe('exactly $0.000037');
    const costs = await page.locator('table.list td[data-label="Cost"]').allInnerTexts();
    expect(costs.length).toBeGreaterThan(2);
    expect(costs.filter((c) => c === '$0.0000')).toEqual([]);
    await expect(page.locator('dl.facts').first().innerText()).resolves.toMatch(/Total cost\s+\$0\.0004/);
    await close();
  });
});
