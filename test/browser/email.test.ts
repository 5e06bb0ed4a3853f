// The approval email as the lead's mail client shows it: the HTML part SES was given, rendered in
// Debian's Chromium (the email carries no scripts; axe is injected to check it), checked with axe and at a phone's width.
// The email is the one the local runtime captured for a real run waiting for approval; it links the
// order and the ticket where they live (locally, the sandbox's pages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { capturedEmails, postWebhook, startRuntime, ticketCreated, waitForRun } from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;

beforeAll(async () => {
  [rt, browser] = await Promise.all([startRuntime(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await rt?.close();
});

describe('the approval email in a browser', () => {
  it('reads without serious accessibility faults and fits a 390 px screen with no sideways scroll', async () => {
    const body = ticketCreated({
      ticketId: '5002',
      requesterId: '9002',
      text: 'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
    });
    const { json } = await postWebhook(rt, body);
    await waitForRun(rt, json.runId as string, (r) => r.status === 'awaiting_approval');
    const email = (await capturedEmails(rt)).at(-1);
    const html = email?.body.html;
    expect(html, 'the approval email has an HTML part').toBeTruthy();

    for (const width of [390, 1024]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const errors: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      await page.setContent(html!, { waitUntil: 'load' });
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `email width at ${width} px`).toBeLessThanOrEqual(width);
      await expect(page.locator('body').innerText()).resolves.toMatch(/\$\d+\.\d{2}/);
      expect(await seriousViolations(page), `axe on the email at ${width} px`).toEqual([]);
      // The email links the order and the ticket (locally, the sandbox's own pages), and both open.
      for (const name of ['Order #1002 in the sandbox store', 'Ticket 5002 in the sandbox helpdesk']) {
        const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
        expect((await fetch(href!)).status, name).toBe(200);
      }
      expect(errors).toEqual([]);
      if (width === 390) await screenshot(page, 'approval-email-390');
      await context.close();
    }
  });
});
