// Pending reviews and the end of a run, in Debian's Chromium against the local runtime. A $16 refund
// whose outcome was unknown, on an order that already carries an $8 refund from five days before the
// run: the review form offers only the refund made since the run's dispatch (with its time, amount
// and item), an older refund named by its id is refused in a sentence saying why, and the right
// candidate settles the run. A run cancelled while it waits for approval leaves the ticket a note
// that supersedes "Waiting for a lead's approval" and says it was cancelled and nothing was refunded.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startRuntime, getRun, postWebhook, storeRefunds, ticketCreated, ticketNotes, waitForRun } from '../support/local-runtime.js';
import { launchChromium, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

/** The demo store, plus order 1101 (a $8 apron refunded five days ago, a $16 mug) and the tickets the tests write on. */
function fixture() {
  const demo = demoFixture();
  const order = {
    number: 1101,
    customerId: '7004',
    createdDaysAgo: 9,
    fulfilledDaysAgo: 6,
    lineItems: [
      { id: '21101', title: 'Linen apron', sku: 'APRON-LIN-R', quantity: 1, unitPriceMinor: 800 },
      { id: '21102', title: 'Speckled mug', sku: 'MUG-SPECK-R', quantity: 1, unitPriceMinor: 1600 },
    ],
    refunds: [{ daysAgo: 5, lineItems: [{ sku: 'APRON-LIN-R', quantity: 1 }] }],
  };
  const tickets = [
    ['8201', '9004'],
    ['8202', '9002'],
  ].map(([id, requesterId]) => ({ id: id!, requesterId: requesterId!, subject: `Reviews test ${id}` }));
  return { ...demo, orders: [...demo.orders, order], helpdesk: { ...demo.helpdesk, tickets: [...demo.helpdesk.tickets, ...tickets] } };
}

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
  consoleErrors.length = 0;
  page.on('console', (message) => {
    // A refused settlement answers 409 on purpose (its page says why); any other console error counts.
    if (message.type() === 'error' && !/status of 409 \(Conflict\)/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
afterEach(async () => {
  await context.close();
  expect(consoleErrors).toEqual([]);
});

async function ticket(ticketId: string, requesterId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

const shortId = (id: string) => id.split('/').at(-1)!;

describe('a pending review settles only on a refund the run can have made', () => {
  it('refuses the older refund by id, offers only the refund since the dispatch, and settles on it', async () => {
    rt.store.faults.ambiguousRefundNext(1, { commit: true });
    const runId = await ticket('8201', '9004', 'The speckled mug from order 1101 arrived cracked. Please refund it.');
    await waitForRun(rt, runId, (r) => r.status === 'pending_review' && r.state === 'Escalate');
    const refunds = await storeRefunds(rt, '1101');
    const older = refunds.find((r) => r.amount === '8.00')!;
    const ours = refunds.find((r) => r.amount === '16.00')!;
    expect(older && ours).toBeTruthy();

    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    const form = page.getByRole('form', { name: `Settle review of ${runId}` });
    // The candidate: the refund made since the dispatch, with its amount and item; the older one is not offered.
    const candidate = form.getByLabel(new RegExp(`^\\s*Refund ${shortId(ours.id)}, made .+: \\$16\\.00 for 1 × Speckled mug`));
    await expect(candidate.count()).resolves.toBe(1);
    await expect(form.getByLabel(new RegExp(`Refund ${shortId(older.id)}\\b`)).count()).resolves.toBe(0);
    await expect(form.getByText('1 earlier refund(s) on the order').count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Named by its id, the older refund is refused in a sentence; the run stays pending review.
    await form.getByLabel('A refund not listed, by its id').check();
    await form.getByLabel('Refund id').fill(shortId(older.id));
    await form.getByRole('button', { name: 'Settle' }).click();
    const refusal = page.getByText(
      new RegExp(`Refund ${shortId(older.id)} was made on .+, before this run tried to refund \\(.+\\), so it cannot be this run's refund\\.`),
    );
    await refusal.waitFor();
    await expect(page.getByText(/review_refund|ArgumentPolicyError/).count()).resolves.toBe(0);
    expect((await getRun(rt, runId))!.status).toBe('pending_review');

    // The right candidate settles the run with its receipt.
    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    await page
      .getByRole('form', { name: `Settle review of ${runId}` })
      .getByLabel(new RegExp(`Refund ${shortId(ours.id)},`))
      .check();
    await page
      .getByRole('form', { name: `Settle review of ${runId}` })
      .getByRole('button', { name: 'Settle' })
      .click();
    await page.getByRole('status').filter({ hasText: 'refund was found' }).waitFor();
    const done = (await getRun(rt, runId))!;
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ refundId: ours.id, amountMinor: 1600 });
    expect(await storeRefunds(rt, '1101')).toHaveLength(2);
  });
});

describe('a run that ends without its reply draft tells the ticket', () => {
  it('a cancelled run’s ticket ends with a note saying it was cancelled and nothing was refunded', async () => {
    const runId = await ticket('8202', '9002', 'My wool throw blanket from order 1002 arrived with a big hole. Refund please.');
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');
    await expect
      .poll(async () => (await ticketNotes(rt, '8202')).some((n) => n.body.includes("Waiting for a lead's approval")), { timeout: 10_000 })
      .toBe(true);

    const res = await fetch(`${rt.urls.runs}/${runId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'customer withdrew' }),
    });
    expect(res.status).toBe(202);

    await expect.poll(async () => (await ticketNotes(rt, '8202')).at(-1)?.body ?? '', { timeout: 10_000 }).toContain('Cancelled by');
    const last = (await ticketNotes(rt, '8202')).at(-1)!;
    expect(last.public).toBe(false);
    expect(last.body).toContain(`This note replaces the earlier one that said "Waiting for a lead's approval"`);
    expect(last.body).toMatch(/Cancelled by a request to the runs API at .+: nothing was refunded; the approval request is withdrawn\./);
    expect(await storeRefunds(rt, '1002')).toHaveLength(0);

    // The run page says so too, with no error in the browser.
    await page.goto(`${rt.baseUrl}/runs/${runId}`);
    await expect(page.getByText('customer withdrew').count()).resolves.toBeGreaterThan(0);
  });
});
