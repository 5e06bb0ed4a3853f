// The operator console in a real browser (Debian's Chromium, playwright-core) against the local
// runtime: a run's timeline after an automatic refund, an approval found in its queue and decided, a
// refund of unknown outcome settled from what the store shows (found, and not found), a dead letter
// retried; every page passes axe-core without serious or critical violations, works from the
// keyboard, and sends its security headers. Screenshots go to test/browser/artifacts/.
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSqsDeadLetterQueue } from '#functions/shared/aws/sqs-dead-letters.js';
import { runIdFor } from '#functions/shared/ids.js';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startRuntime, getRun, postWebhook, settled, storeRefunds, ticketCreated, waitForRun } from '../support/local-runtime.js';
import { DOCS_IMAGES_DIR, launchChromium, screenshot, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const cspReports: string[] = [];

/** The demo store, with a helpdesk ticket for each test's ticket (notes go on real tickets). */
function fixture() {
  const demo = demoFixture();
  const tickets = [
    ['8101', '9001'],
    ['8102', '9002'],
    ['8103', '9005'],
    ['8104', '9005'],
    ['8105', '9003'],
  ].map(([id, requesterId]) => ({ id: id!, requesterId: requesterId!, subject: `Console test ${id}` }));
  return { ...demo, helpdesk: { ...demo.helpdesk, tickets: [...demo.helpdesk.tickets, ...tickets] } };
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

describe('the operator console in a browser', () => {
  it('shows an automatic refund as a timeline: states, journal rows, grounding quotes, receipt, cost', async () => {
    const runId = await ticket('8101', '9001', 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please?');
    const run = await waitForRun(rt, runId, settled);
    expect(run.status).toBe('done');

    const response = await page.goto(`${rt.baseUrl}/`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).not.toContain('script-src');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expectAccessible('the runs list');

    await page.getByRole('link', { name: runId }).click();
    await page.getByRole('heading', { name: `Run ${runId}` }).waitFor();
    const timeline = page.locator('ol.timeline');
    for (const state of ['Triage', 'Check order', 'Propose refund', 'Gate', 'Refund', 'Draft reply', 'Check reply', 'Done']) {
      await expect(timeline.getByRole('heading', { name: new RegExp(`^${state}`) }).count()).resolves.toBe(1);
    }
    // The engineer's details (rules, ids, the calls tables) open for this look.
    for (const summary of await page.locator('main details > summary').all()) await summary.click();
    const body = await page.locator('main').innerText();
    expect(body).toContain('auto_within_policy');
    expect(body).toContain('claim_grounded');
    expect(body).toContain('arrived cracked');
    expect(body).toContain(run.refund.refundId);
    expect(body).toContain(run.refund.idempotencyKey);
    expect(body).toContain('refund_create');
    expect(body).toMatch(/\d+ ms/);
    expect(body).toContain('Total cost');
    await expectAccessible('a run timeline');

    await screenshot(page, 'timeline-auto-refund');
    // The picture in the README (the gate with its grounding quotes, then the refund with its
    // receipt) is refreshed only when asked: UPDATE_DOCS_IMAGES=1 npm run test:browser.
    if (process.env['UPDATE_DOCS_IMAGES'] === '1') {
      mkdirSync(DOCS_IMAGES_DIR, { recursive: true });
      await page.evaluate(() => document.getElementById('state-Gate')?.scrollIntoView());
      await page.screenshot({ path: `${DOCS_IMAGES_DIR}console-timeline.png`, fullPage: false });
    }
  });

  it('finds an approval in the queue and decides it as the signed-in lead', async () => {
    const runId = await ticket(
      '8102',
      '9002',
      'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
    );
    await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');

    await page.goto(`${rt.baseUrl}/queues`);
    // Each approval is a card with its evidence; its link opens the confirm page, whose form decides.
    const row = page.locator('section[aria-labelledby="q-approvals"] article', { has: page.getByRole('link', { name: runId }) });
    await expect(row.innerText()).resolves.toContain('h');
    await expectAccessible('the queues');
    await screenshot(page, 'queues-approval-waiting');
    await row.getByRole('link', { name: /Review and decide/ }).click();
    await page.getByLabel(/Reason \(optional/).fill('photo shows the hole');
    await page.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();

    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(done.approval).toMatchObject({ status: 'approved', decidedBy: 'local-operator', reason: 'photo shows the hole' });
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);
    expect(done.journal.find((r) => r.name === 'approval')).toMatchObject({ actor: 'local-operator', decision: 'allow' });
  });

  it('settles a refund whose outcome was unknown: not found frees the key, found records the receipt', async () => {
    // The store answers refundCreate without saying what became of it; no refund is made.
    rt.store.faults.ambiguousRefundNext(1, { commit: false });
    const lost = await ticket('8103', '9005', 'The cotton apron from order 1005 arrived torn. Refund please.');
    const waiting = await waitForRun(rt, lost, (r) => r.status === 'pending_review' && r.state === 'Escalate');
    const key = waiting.journal.find((r) => r.name === 'refund_create' && r.idempotencyKey)!.idempotencyKey as string;
    expect((await rt.stores.idempotency.get(key))?.status).toBe('unknown');

    await page.goto(`${rt.baseUrl}/queues`);
    const row = page.locator('section[aria-labelledby="q-reviews"] tr', { has: page.getByRole('link', { name: lost }) });
    await row.getByLabel('No refund was made').check();
    await screenshot(page, 'queues-pending-review');
    await row.getByRole('button', { name: 'Settle' }).click();
    await page.getByRole('status').filter({ hasText: 'no refund was made' }).waitFor();
    const released = (await getRun(rt, lost))!;
    expect(released.status).toBe('escalated');
    expect(await rt.stores.idempotency.get(key)).toBeNull();
    expect(released.journal.find((r) => r.name === 'review')).toMatchObject({ actor: 'local-operator', rule: 'review_refund_not_found' });

    // Now the refund is made but the answer is ambiguous: the person finds it in the store.
    rt.store.faults.ambiguousRefundNext(1, { commit: true });
    const made = await ticket('8104', '9005', 'Order 1005: the cotton apron arrived torn, please refund it.');
    await waitForRun(rt, made, (r) => r.status === 'pending_review' && r.state === 'Escalate');
    const [refund] = await storeRefunds(rt, '1005');
    expect(refund).toBeDefined();

    await page.goto(`${rt.baseUrl}/runs/${made}`);
    const form = page.getByRole('form', { name: `Settle review of ${made}` });
    // The refund made since the run's dispatch is offered as a candidate (views/review.ts).
    await form.getByLabel(new RegExp(`Refund ${refund!.id.split('/').at(-1)},`)).check();
    await form.getByRole('button', { name: 'Settle' }).click();
    await page.getByRole('status').filter({ hasText: 'refund was found' }).waitFor();
    await expectAccessible('a settled run');
    const settledRun = (await getRun(rt, made))!;
    expect(settledRun.status).toBe('done');
    expect(settledRun.refund).toMatchObject({ refundId: refund!.id, amountMinor: 2800 });
    const record = await rt.stores.idempotency.get(settledRun.refund.idempotencyKey);
    expect(record).toMatchObject({ status: 'succeeded', result: { refundId: refund!.id } });
    expect(await storeRefunds(rt, '1005')).toHaveLength(1);
  });

  it('retries a dead letter: back on the ticket queue, out of the dead-letter queue, a run starts', async () => {
    const now = new Date().toISOString();
    const event = {
      tenant: 'demo',
      helpdesk: 'zendesk' as const,
      eventId: 'browser-dlq-1',
      eventType: 'zen:event-type:ticket.created',
      ticketId: '8105',
      requesterId: '9003',
      requesterEmail: null,
      subject: 'Plate',
      body: 'The glazed serving plate from order 1003 arrived chipped, refund please.',
      receivedAt: now,
    };
    const runId = runIdFor(event);
    const dlq = createSqsDeadLetterQueue({ client: rt.sqs.client, queueUrl: rt.sqs.dlqUrl });
    await dlq.send({
      body: JSON.stringify({ runId, event }),
      reason: 'failed 5 time(s); last error TemporarilyUnavailableError: helpdesk down',
      sourceMessageId: 'src-1',
      groupId: runId,
      receiveCount: 5,
      failedAt: now,
    });

    await page.goto(`${rt.baseUrl}/queues`);
    const row = page.locator('section[aria-labelledby="q-dead"] tr', { hasText: runId });
    await expect(row.innerText()).resolves.toContain('helpdesk down');
    await expect(page.locator('main').innerText()).resolves.not.toContain('glazed serving plate');
    await row.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('status').filter({ hasText: 'Sent back to the ticket queue' }).waitFor();

    // Chloe has had refunds lately: the run goes as far as asking a lead.
    const run = await waitForRun(rt, runId, (r) => r.status !== 'running');
    expect(['done', 'escalated', 'awaiting_approval']).toContain(run.status);
    expect(await dlq.list(10)).toEqual([]);
    expect(run.journal.find((r) => r.name === 'dead_letter_retry')).toMatchObject({ actor: 'local-operator' });
  });

  it('works from the keyboard: skip link first, then the navigation; every page labelled', async () => {
    await page.goto(`${rt.baseUrl}/`);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('status');

    // Filters by keyboard: status, then submit with Enter in a text field.
    await page.getByLabel('Status').selectOption('done');
    await page.getByLabel('Search', { exact: true }).fill('1001');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL(/status=done/);
    expect(page.url()).toContain('q=1001');
    const rows = await page.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(1);
    await expect(page.locator('tbody').innerText()).resolves.toContain('1001');

    // Markup is not a search: refused, and the page says why.
    await page.goto(`${rt.baseUrl}/?q=%3Cb%3E`);
    await expect(page.getByRole('alert').innerText()).resolves.toContain('Search ignored');

    for (const path of ['/pictures', '/queues']) {
      await page.goto(`${rt.baseUrl}${path}`);
      await expectAccessible(path);
    }
    await screenshot(page, 'queues');
    await page.goto(`${rt.baseUrl}/pictures`);
    await screenshot(page, 'pictures');
  });

  it('refuses an action without the CSRF token, or from another site', async () => {
    const res = await fetch(`${rt.baseUrl}/queues/dead-letters/abc/retry`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=nope',
    });
    expect(res.status).toBe(403);
    const cross = await fetch(`${rt.baseUrl}/queues/dead-letters/abc/retry`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'csrf=nope',
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('x-frame-options')).toBe('DENY');
  });
});
