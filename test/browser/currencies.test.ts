// A HUF and a JPY store end to end in Debian's Chromium (issue 22): for each, an automatic refund and
// an approval through the local runtime, then every page a person reads about them (the runs list, the
// run pages with the refund receipt and the gate's reasons, the queues' approval card, the console's
// confirm page, the approval page from the email link, the email itself and the pictures) prints the
// amounts as the store's locale does, never in minor units; times read in the store's zone; and every
// page fits 390 px with no console error and nothing serious for axe.
//
// The expected amounts come from the product's own formatter (shared/money.ts), so ICU's spacing is not
// written into the test; the spellings of minor units ("150 000", "620,000", "62.00") are written out,
// because they are what must never show. HUF has two decimals in ISO 4217 and Shopify ("1500.00"):
// 150000 minor units are 1500 Ft. JPY has none: 6200 minor units are ¥6,200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoFixture } from '#local/sandbox/index.js';
import type { LocalRuntime } from '#local/runtime.js';
import { formatMoneyInLocale } from '#shared/money.js';
import { startRuntime, capturedEmails, linksIn, postWebhook, settled, storeRefunds, ticketCreated, waitForRun } from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';

interface Store {
  currency: string;
  locale: string;
  timeZone: string;
  /** How the zone's short name prints in the console's English dates. */
  zoneName: RegExp;
  mugMinor: number;
  blanketMinor: number;
  /** What Shopify's refund says for the blanket. */
  blanketDecimal: string;
  /** Minor units printed as if they were the amount, or a decimal point the currency does not have. */
  wrong: string[];
}

const STORES: Store[] = [
  {
    currency: 'HUF',
    locale: 'hu-HU',
    timeZone: 'Europe/Budapest',
    zoneName: /\b(CET|CEST|GMT\+1|GMT\+2)\b/,
    mugMinor: 4500,
    blanketMinor: 150_000,
    blanketDecimal: '1500.00',
    wrong: ['150,000', '150 000', '150000', '4,500', '4 500'],
  },
  {
    currency: 'JPY',
    locale: 'ja-JP',
    timeZone: 'Asia/Tokyo',
    zoneName: /\b(JST|GMT\+9)\b/,
    mugMinor: 500,
    blanketMinor: 6200,
    blanketDecimal: '6200',
    wrong: ['620,000', '62.00', '¥62 ', '￥62 ', '¥5.00', '￥5.00'],
  },
];

/** Intl spaces amounts with no-break spaces: read them as plain spaces, on both sides of a comparison. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Refund state of a run page's timeline: the receipt's facts. */
const refundState = (page: Page) => page.locator('ol.timeline > li', { has: page.getByRole('heading', { name: /^Refund/ }) });

/** The demo store selling in the store's currency, locale and zone: the mug of order 1001 and the blanket of order 1002 at its prices. */
function fixtureIn(store: Store) {
  const demo = demoFixture();
  const priced = (number: number, unitPriceMinor: number) => (order: (typeof demo.orders)[number]) =>
    order.number === number ? { ...order, lineItems: order.lineItems.map((li) => ({ ...li, unitPriceMinor })) } : order;
  return {
    ...demo,
    shop: { ...demo.shop, currency: store.currency, locale: store.locale, timeZone: store.timeZone },
    orders: demo.orders.map(priced(1001, store.mugMinor)).map(priced(1002, store.blanketMinor)),
  };
}

describe.each(STORES)('a store selling in $currency ($locale, $timeZone)', (store) => {
  const amount = (minor: number) => plain(formatMoneyInLocale(minor, store.currency, store.locale));
  const mug = amount(store.mugMinor);
  const blanket = amount(store.blanketMinor);
  // The policy's automatic limit (autoRefundLimitMinor 5000) in the store's minor units: 50 Ft, ¥5,000.
  const limit = amount(5000);
  let rt: LocalRuntime;
  let browser: Browser;
  const runs = { refunded: '', waiting: '', approvalId: '', waitingCreatedAt: '' };

  beforeAll(async () => {
    [rt, browser] = await Promise.all([startRuntime({ fixture: fixtureIn(store) }), launchChromium()]);
    const ticket = async (ticketId: string, requesterId: string, text: string) => {
      const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
      expect(status).toBe(202);
      return json.runId as string;
    };
    runs.refunded = await ticket('5001', '9001', 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?');
    runs.waiting = await ticket('5002', '9002', 'The wool throw blanket from order #1002 arrived damaged with a hole. Refund please.');
    const [done, waiting] = await Promise.all([
      waitForRun(rt, runs.refunded, settled),
      waitForRun(rt, runs.waiting, (r) => r.status === 'awaiting_approval' || settled(r)),
    ]);
    expect(done).toMatchObject({ status: 'done', refund: { amountMinor: store.mugMinor, currency: store.currency } });
    expect(waiting).toMatchObject({ status: 'awaiting_approval', gate: { decision: 'approval', amountMinor: store.blanketMinor } });
    runs.approvalId = waiting.approval.approvalId as string;
    runs.waitingCreatedAt = waiting.createdAt as string;
  });
  afterAll(async () => {
    await browser?.close();
    await rt?.close();
  });

  /** A page at a phone's width, with every console error, page error, failed request and error answer it caused. */
  async function open(path: string) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? problems.push(`console: ${m.text()}`) : undefined));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
    page.on('response', (r) => (r.status() >= 400 ? problems.push(`${r.status()}: ${r.url()}`) : undefined));
    const response = await page.goto(path.startsWith('http') ? path : `${rt.baseUrl}${path}`, { waitUntil: 'load' });
    expect(response?.status(), `${path} answers`).toBe(200);
    return { page, problems, close: () => context.close() };
  }

  /** What every page a person reads must hold: it fits 390 px, axe finds nothing serious, no money in minor units. */
  async function expectReadable(page: Page, what: string, problems: string[] = []): Promise<string> {
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${what} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
    expect(problems, `${what}: console errors and failed requests`).toEqual([]);
    const text = plain(await page.locator('body').innerText());
    for (const wrong of store.wrong) expect(text, `${what} prints "${wrong}"`).not.toContain(wrong);
    return text;
  }

  async function approvalLink(): Promise<string> {
    const link = (await capturedEmails(rt)).flatMap(linksIn).find((l) => l.includes(`/approvals/${runs.approvalId}?`));
    expect(link, 'the approval email links its page').toBeDefined();
    return link!;
  }

  it(`prints ${store.currency} amounts as ${store.locale} does on the runs list, the run pages, the queues, the confirm page and the approval page`, async () => {
    const pages: Array<{ path: string; what: string; reads: string[] }> = [
      { path: '/', what: 'the runs list', reads: [mug] },
      { path: `/runs/${runs.refunded}`, what: 'the refunded run', reads: [mug] },
      // The gate's reasons in the store's locale (views/timeline.ts), as the email words them.
      { path: `/runs/${runs.waiting}`, what: 'the waiting run', reads: [blanket, `${blanket} is over the ${limit} automatic limit`] },
      { path: '/queues', what: 'the queues', reads: [`${blanket} on order #1002`] },
      {
        path: `/queues/approvals/${runs.approvalId}`,
        what: 'the confirm page',
        reads: [`Approve ${blanket} on order #1002?`, `${blanket} is over the ${limit}`],
      },
      { path: await approvalLink(), what: 'the approval page', reads: [blanket, `${blanket} is over the ${limit}`] },
    ];
    for (const { path, what, reads } of pages) {
      const opened = await open(path);
      try {
        const text = await expectReadable(opened.page, what, opened.problems);
        for (const read of reads) expect(text, `${what} reads "${read}"`).toContain(read);
        if (what === 'the waiting run') await screenshot(opened.page, `currencies-${store.currency}-waiting-run-390`);
      } finally {
        await opened.close();
      }
    }
  });

  it("shows the refund receipt's amount on the run page, the same on the list", async () => {
    const run = await open(`/runs/${runs.refunded}`);
    expect(plain(await refundState(run.page).innerText())).toMatch(new RegExp(`Amount\\s+${literally(mug)}`));
    await run.close();

    const list = await open('/');
    const row = list.page.locator('tr', { has: list.page.getByRole('link', { name: runs.refunded }) });
    expect(plain(await row.innerText())).toContain(mug);
    await list.close();
  });

  it('the approval email reads the amount in the store locale and fits a phone', async () => {
    const email = (await capturedEmails(rt)).find((mail) => (mail.body.text ?? '').includes(`/approvals/${runs.approvalId}?`));
    expect(email?.body.html, 'the approval email has an HTML part').toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    await page.setContent(email!.body.html!, { waitUntil: 'load' });
    const text = await expectReadable(page, 'the approval email', problems);
    expect(text).toContain(blanket);
    expect(text).toContain(`${blanket} is over the ${limit}`);
    const plainPart = plain(email!.body.text ?? '');
    expect(plainPart).toContain(blanket);
    for (const wrong of store.wrong) expect(plainPart, `the email's text part prints "${wrong}"`).not.toContain(wrong);
    await context.close();
  });

  it(`shows times in ${store.timeZone}, on the run page and in the pictures' days`, async () => {
    const run = await open(`/runs/${runs.waiting}`);
    const created = await run.page.locator('dl.facts').first().locator('time').first().innerText();
    expect(created).toMatch(store.zoneName);
    expect(created).not.toContain('UTC');
    for (const summary of await run.page.locator('main details > summary').all()) await summary.click();
    for (const t of await run.page.locator('main time').allInnerTexts()) expect(t, 'every time on the run page').toMatch(store.zoneName);
    expect(await run.page.locator('main').innerText()).toContain(`Times in ${store.timeZone}`);
    await run.close();

    const pictures = await open('/pictures');
    const text = await expectReadable(pictures.page, 'the pictures', pictures.problems);
    expect(text).toContain(`Per day (calendar days in ${store.timeZone})`);
    // The run's calendar day in the store's zone, as the pictures count it.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: store.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(runs.waitingCreatedAt),
    );
    expect(text).toContain(day);
    await pictures.close();
  });

  it('approved from the console, refunds the line price once and the run page shows the receipt in the store locale', async () => {
    const confirm = await open(`/queues/approvals/${runs.approvalId}`);
    await confirm.page.getByRole('button', { name: `Approve ${formatMoneyInLocale(store.blanketMinor, store.currency, store.locale)}` }).click();
    await confirm.page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    await confirm.close();

    const done = await waitForRun(rt, runs.waiting, settled);
    expect(done).toMatchObject({ status: 'done', refund: { amountMinor: store.blanketMinor, currency: store.currency } });
    expect(await storeRefunds(rt, '1002')).toEqual([expect.objectContaining({ amount: store.blanketDecimal, currency: store.currency })]);

    const run = await open(`/runs/${runs.waiting}`);
    const text = await expectReadable(run.page, 'the approved run', run.problems);
    expect(plain(await refundState(run.page).innerText())).toMatch(new RegExp(`Amount\\s+${literally(blanket)}`));
    expect(text).toContain(blanket);
    await run.close();
  });
});
