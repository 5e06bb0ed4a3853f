// What a person can do about a run from the console, in a real browser (Debian's Chromium) against
// the local runtime: cancel a run waiting for approval (a confirm step first), re-run an escalated
// run (the new run exists and the two link both ways), pick the order of a ticket that names two
// (the re-run binds to it and refunds it, once), and hand a ticket back to the team with a note (the
// note is on the sandbox helpdesk's ticket). Every page passes axe-core without serious violations.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startRuntime, getRun, postWebhook, settled, storeRefunds, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';
import { withHana } from './fixtures.js';

let rt: LocalRuntime;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const cspReports: string[] = [];

/** The demo store, a helpdesk ticket for each test's ticket (notes go on real tickets), and Hana with two recent orders. */
const fixture = () =>
  withHana(
    demoFixture(),
    [
      ['8201', '9002'],
      ['8202', '9001'],
      ['8203', '9008'],
      ['8204', '9004'],
      ['8205', '9008'],
      ['8206', '9008'],
    ],
    'Run actions test',
  );

beforeAll(async () => {
  [rt, browser] = await Promise.all([startRuntime({ fixture: fixture() }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await rt?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspReports.push(message.text());
  });
});
afterEach(async () => {
  await context.close();
  expect(cspReports).toEqual([]);
});

async function ticket(ticketId: string, requesterId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

async function expectAccessible(what: string) {
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

const relations = () => page.locator('section[aria-labelledby="run-actions"] ul.relations');

describe('acting on a run from the console', () => {
  it('cancels a run waiting for approval after a confirm step', async () => {
    const runId = await ticket(
      '8201',
      '9002',
      'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
    );
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    await expectAccessible('a run waiting for approval, with its actions');
    await page.getByRole('button', { name: 'Cancel this run…' }).click();
    await page.getByRole('heading', { name: `Cancel run ${runId}?` }).waitFor();
    expect((await getRun(rt, runId))!.status, 'nothing is cancelled before the confirm').toBe('awaiting_approval');
    await expectAccessible('the cancel confirm step');
    await screenshot(page, 'run-cancel-confirm');
    await page.getByLabel('Reason (optional)').fill('customer withdrew');
    await page.getByRole('button', { name: 'Yes, cancel the run' }).click();
    await page.getByRole('status').filter({ hasText: 'Cancelled' }).waitFor();

    const run = (await getRun(rt, runId))!;
    expect(run.status).toBe('cancelled');
    expect(run.cancellation).toMatchObject({ by: 'console', reason: 'cancelled in the console by local-operator: customer withdrew' });
    expect(run.approval.status).toBe('cancelled');
    expect(run.journal.find((r) => r.name === 'cancel')).toMatchObject({ actor: 'local-operator' });
    expect(await page.getByRole('button', { name: 'Cancel this run…' }).count(), 'no cancel on a cancelled run').toBe(0);
    expect(await storeRefunds(rt, '1002')).toEqual([]);
  });

  it('re-runs an escalated run: a new run for the same ticket, linked both ways', async () => {
    const runId = await ticket('8202', '9001', 'Hi, could you change the shipping address on order 1001 to 5 Rua Nova, Lisboa? Thanks.');
    const first = await waitForRun(rt, runId, settled);
    expect(first.status).toBe('escalated');

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    await page.getByRole('button', { name: 'Re-run for the same ticket' }).click();
    await page.getByRole('status').filter({ hasText: 'Re-run started' }).waitFor();
    const rerunId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    expect(rerunId).not.toBe(runId);
    expect(rerunId.startsWith(`${runId}-r1-`)).toBe(true);
    await expect(relations().innerText()).resolves.toContain(`Re-run of ${runId}`);
    await expectAccessible('a re-run');

    const rerun = await waitForRun(rt, rerunId, settled);
    expect(rerun.ticket.ticketId).toBe('8202');
    expect(rerun.rerunOf).toMatchObject({ runId, by: 'local-operator', attempt: 1 });
    expect(rerun.journal.find((r) => r.name === 'rerun')).toMatchObject({ actor: 'local-operator' });

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    await expect(relations().innerText()).resolves.toContain(`Re-run as ${rerunId}`);
    expect(await page.getByRole('button', { name: 'Re-run for the same ticket' }).count(), 'the old run offers no second re-run').toBe(0);
    await page.getByRole('link', { name: rerunId }).click();
    await page.getByRole('heading', { name: `Run ${rerunId}` }).waitFor();
    const old = (await getRun(rt, runId))!;
    expect(old.rerunAs).toMatchObject({ runId: rerunId, by: 'local-operator' });
    expect(old.journal.find((r) => r.name === 'rerun')).toMatchObject({ actor: 'local-operator' });
  });

  it('picks the order of a two-order ticket from the escalations queue: the re-run is bound to it and refunds it once', async () => {
    const runId = await ticket('8203', '9008', 'Hi, I have two orders, 2101 and 2102. The glazed serving plate arrived cracked, please refund it.');
    const first = await waitForRun(rt, runId, settled);
    expect(first.status).toBe('escalated');
    expect(first.escalation.reason).toContain('several orders');

    await page.goto(`${rt.baseUrl}/queues`);
    const row = page.locator('section[aria-labelledby="q-escalations"] tr', { has: page.getByRole('link', { name: runId, exact: true }) });
    const pick = row.getByRole('form', { name: `Pick the order of ${runId}` });
    await expect(pick.getByRole('radio').count()).resolves.toBe(2);
    // Each order with its date, items, what was paid and a link to it in the store.
    const picker = (await pick.innerText()).replace(/\s+/g, ' ');
    expect(picker).toMatch(/Order #2101 placed \w{3} \d{1,2}, \d{4} · Linen napkins \(set of 4\) · paid \$22\.00/);
    expect(picker).toMatch(/Order #2102 placed \w{3} \d{1,2}, \d{4} · Glazed serving plate · paid \$24\.00/);
    await expect(pick.getByRole('link', { name: 'Order #2102 in the sandbox store' }).getAttribute('href')).resolves.toMatch(/2102$/);
    await expectAccessible('the escalations queue with its actions');
    await screenshot(page, 'escalations-pick-order');
    await pick.getByLabel('Order #2102').check();
    await pick.getByRole('button', { name: 'Re-run bound to this order' }).click();
    await page.getByRole('status').filter({ hasText: 'bound to the order you picked' }).waitFor();
    const rerunId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    const rerun = await waitForRun(rt, rerunId, settled);
    expect(rerun.status).toBe('done');
    expect(rerun.order).toMatchObject({ orderNumber: '2102', binding: 'picked' });
    expect(rerun.orderChoice).toMatchObject({ orderNumber: '2102', by: 'local-operator' });
    expect(rerun.refund).toMatchObject({ orderNumber: '2102', amountMinor: 2400 });
    expect(await storeRefunds(rt, '2102')).toHaveLength(1);
    expect(await storeRefunds(rt, '2101')).toEqual([]);

    // Handled: the escalated run leaves the queue once re-run.
    await page.goto(`${rt.baseUrl}/queues`);
    await expect(page.locator('section[aria-labelledby="q-escalations"]').getByRole('link', { name: runId, exact: true }).count()).resolves.toBe(0);

    await page.goto(`${rt.baseUrl}/runs/${rerunId}`);
    await expect(relations().innerText()).resolves.toContain('Order #2102 picked by local-operator');
    expect(await page.getByRole('button', { name: /^Re-run/ }).count(), 'a run that refunded offers no re-run').toBe(0);
    await expectAccessible('a re-run bound to a picked order');
  });

  it("lists another customer's order the ticket names without a way to pick it", async () => {
    const runId = await ticket('8205', '9008', 'Hi, I have two orders, 2101 and 1001. The linen napkins arrived torn, please refund them.');
    expect((await waitForRun(rt, runId, settled)).status).toBe('escalated');
    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    const pick = page.getByRole('form', { name: `Pick the order of ${runId}` });
    await expect(pick.getByRole('radio').count()).resolves.toBe(1);
    await expect(pick.getByRole('radio').getAttribute('value')).resolves.toBe('2101');
    expect((await pick.innerText()).replace(/\s+/g, ' ')).toMatch(/Order #1001 .*Cannot be picked: placed by another customer/);
    await expectAccessible('a picker with an order that cannot be picked');
  });

  it("offers the customer's own orders when the ticket names none, and the re-run refunds the one picked", async () => {
    const runId = await ticket('8206', '9008', 'Hello, the linen napkins I ordered arrived torn. Could I get a refund for them?');
    const first = await waitForRun(rt, runId, settled);
    expect(first.status).toBe('escalated');
    expect(first.escalation.reason).toContain('names no order');

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    const pick = page.getByRole('form', { name: `Pick the order of ${runId}` });
    expect(await pick.innerText()).toContain("The ticket names no order. Which of the customer's orders is it about?");
    await expect(pick.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).resolves.toEqual(['2102', '2101']);
    await expectAccessible('a picker of the customer’s orders');
    await screenshot(page, 'run-pick-customer-orders');
    await pick.getByLabel('Order #2101').check();
    await pick.getByRole('button', { name: 'Re-run bound to this order' }).click();
    await page.getByRole('status').filter({ hasText: 'bound to the order you picked' }).waitFor();
    const rerunId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const rerun = await waitForRun(rt, rerunId, settled);
    expect(rerun.order).toMatchObject({ orderNumber: '2101', binding: 'picked' });
    expect(rerun.refund).toMatchObject({ orderNumber: '2101', amountMinor: 2200 });
  });

  it('hands an escalated ticket back to the team with a note that lands on the ticket', async () => {
    const runId = await ticket('8204', '9004', 'Can you tell me when order 1004 ships? I need it by Friday.');
    expect((await waitForRun(rt, runId, settled)).status).toBe('escalated');

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    const form = page.getByRole('form', { name: `Hand ${runId} back to the team` });
    await form.getByLabel(/Note for the team/).fill('Shipping question, not a refund: Dev will answer it.');
    await form.getByRole('button', { name: 'Hand back to the team' }).click();
    await page.getByRole('status').filter({ hasText: 'Handed back to the team' }).waitFor();
    await expect(relations().innerText()).resolves.toContain('Handed back to the team by local-operator');
    await expectAccessible('a run handed back');

    const notes = await ticketNotes(rt, '8204');
    const note = notes.find((n) => n.body.includes('Shipping question, not a refund: Dev will answer it.'));
    expect(note).toMatchObject({ public: false });
    expect(note!.body).toContain('Handed back to the team by local-operator');
    const run = (await getRun(rt, runId))!;
    expect(run.handBack).toMatchObject({ by: 'local-operator', note: 'Shipping question, not a refund: Dev will answer it.' });
    expect(run.journal.find((r) => r.name === 'hand_back')).toMatchObject({ actor: 'local-operator' });
    expect(await page.getByRole('form', { name: `Hand ${runId} back to the team` }).count()).toBe(0);

    // Handled: it leaves the escalations queue.
    await page.goto(`${rt.baseUrl}/queues`);
    const queue = page.locator('section[aria-labelledby="q-escalations"]');
    await expect(queue.getByRole('link', { name: runId, exact: true }).count()).resolves.toBe(0);
  });
});
