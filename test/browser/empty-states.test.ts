// A new store's console, before its first ticket: every page a lead opens answers 200 with a sentence
// saying what is not there yet (no error, no developer command), fits a phone, and passes axe; a
// search or a filter that finds nothing says so on a 200 too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { startRuntime } from '../support/local-runtime.js';
import { launchChromium, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;

beforeAll(async () => {
  [rt, browser] = await Promise.all([startRuntime(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await rt?.close();
});

const EMPTY_PAGES: Array<[string, RegExp]> = [
  ['/', /No runs match. A run starts when a customer writes/],
  ['/?q=nobody-at-all', /No run/i],
  ['/?status=done&from=2020-01-01&to=2020-01-02', /No run/i],
  ['/queues', /Nothing waits for approval/],
  ['/pictures', /No runs yet/],
  // A checkout that ran `npm run eval` has a report (eval/out/): the page shows it; a new store's says there is none.
  ['/reports/eval', /No evaluation report|pass@1/],
];

describe('the console before its first ticket', () => {
  it('answers 200 on every page with a sentence for what is not there, at a phone and a screen, axe clean', async () => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      try {
        for (const [path, said] of EMPTY_PAGES) {
          const response = await page.goto(`${rt.baseUrl}${path}`);
          expect(response?.status(), `${path} answers`).toBe(200);
          const text = await page.evaluate(() => (document.querySelector('main') ?? document.body).innerText);
          expect(text, path).toMatch(said);
          expect(text, `${path} shows no developer command`).not.toMatch(/npm run|npx |\.ts\b/);
          expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
          if (width === 390) expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
