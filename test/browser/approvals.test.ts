// Two approvals on one order, in a real browser (Debian's Chromium) against the local runtime: a lead
// sees both together (each approval page and the console's queue name the other), approves the first
// from the console through its confirm page, then the second's page says nothing is left to refund
// (computed when it is opened) and offers no approve button, and approving it from a page opened
// before says truthfully that nothing was refunded; the approval page, the console's run page and list
// and the ticket's note all call it "closed, nothing left to refund". The queue shows the email's
// evidence and decides nothing itself. A refund made directly in the store (by hand, not by a run)
// while an approval waits is read from the store when the pages are opened: nothing left, no approve
// button, and approving from a page opened before says nothing was refunded.
// axe-core finds no serious or critical violation on any of these pages.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalRuntime } from '#local/runtime.js';
import { demoFixture } from '#local/sandbox/index.js';
import {
  APPROVER,
  startRuntime,
  approvalLinks,
  getRun,
  postWebhook,
  settled,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';
import { launchChromium, screenshot, seriousViolations } from './support.js';

let rt: LocalRuntime;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/**
 * The demo store with two helpdesk tickets from Ben Carter (9002), both about order 1002's $62 blanket,
 * and a third (8203) about a second blanket order of his (1012) that a person refunds in the store by hand.
 */
function fixture() {
  const demo = demoFixture();
  const tickets = ['8201', '8202', '8203'].map((id) => ({ id, requesterId: '9002', subject: `Approvals test ${id}` }));
  const second = {
    number: 1012,
    customerId: '7002',
    createdDaysAgo: 8,
    fulfilledDaysAgo: 5,
    lineItems: [{ id: '11012', title: 'Wool throw blanket', sku: 'THROW-WOOL-2', quantity: 1, unitPriceMinor: 6200 }],
  };
  return { ...demo, orders: [...demo.orders, second], helpdesk: { ...demo.helpdesk, tickets: [...demo.helpdesk.tickets, ...tickets] } };
}

/** A person refunds order 1012's blanket in the store (Shopify Admin GraphQL refundCreate), as from the admin: no run knows of it. */
async function refundByHand(): Promise<void> {
  const orderId = 'gid://shopify/Order/1012';
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query:
        'mutation($input: RefundInput!, $key: String!) { refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } } }',
      variables: {
        key: `by-hand-${process.pid}`,
        input: {
          orderId,
          currency: 'USD',
          note: 'refunded from the admin',
          refundLineItems: [{ lineItemId: 'gid://shopify/LineItem/11012', quantity: 1 }],
          transactions: [{ orderId, amount: '62.00', gateway: 'shopify_payments', kind: 'REFUND', parentId: 'gid://shopify/OrderTransaction/10121' }],
        },
      },
    }),
  });
  const body = (await res.json()) as { errors?: unknown; data: { refundCreate: { userErrors: unknown[] } } };
  expect(body.errors).toBeUndefined();
  expect(body.data.refundCreate.userErrors).toEqual([]);
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
});
afterEach(async () => {
  await context.close();
});

async function ticket(ticketId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId: '9002', text }));
  expect(status).toBe(202);
  return json.runId as string;
}

async function expectAccessible(what: string) {
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

/** The approval link emailed to the approver for this approval id. */
async function linkFor(approvalId: string): Promise<string> {
  const link = (await approvalLinks(rt)).find((l) => l.includes(`/approvals/${approvalId}?`));
  expect(link, `an emailed link for ${approvalId}`).toBeDefined();
  return link!;
}

describe('two approvals on one order', () => {
  it('are shown together, re-checked on opening and on deciding, and the one that cannot be carried out says so', async () => {
    const first = await ticket('8201', 'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.');
    const runA = await waitForRun(rt, first, (r) => r.status === 'awaiting_approval');
    const second = await ticket('8202', 'Order 1002: the wool throw blanket came with a large hole. Please refund me.');
    const runB = await waitForRun(rt, second, (r) => r.status === 'awaiting_approval');
    const [aId, bId] = [runA.approval.approvalId as string, runB.approval.approvalId as string];

    // Each approval page names the other approval on the order, with a link to it.
    await page.goto(await linkFor(bId));
    let main = await page.locator('body').innerText();
    expect(main).toContain(`Another approval is pending on this order: run ${first}`);
    expect(main).toContain('$62.00');
    await expectAccessible('the second approval page');
    await page.getByRole('link', { name: `Open the approval of run ${first}` }).click();
    await page.getByRole('heading', { name: /Approve a \$62\.00 refund on order #1002/ }).waitFor();
    expect(await page.locator('body').innerText()).toContain(`Another approval is pending on this order: run ${second}`);
    await expectAccessible('the first approval page');

    // The console's queue: the email's evidence for each, the other approval named, no one-click decision.
    await page.goto(`${rt.baseUrl}/queues`);
    const queue = page.locator('section[aria-labelledby="q-approvals"]');
    const text = await queue.innerText();
    expect(text).toContain('ben@example.com');
    expect(text).toContain('Wool throw blanket');
    expect(text).toContain('big hole in it');
    expect(text).toContain('1 of 1 left');
    expect(text).toContain(`Another approval is pending on this order: run ${second}`);
    expect(text).toMatch(/\$62\.00 is over the .*\$50\.00/i);
    expect(text).not.toMatch(/\b6200\b/);
    await expect(queue.getByRole('button').count()).resolves.toBe(0);
    await expectAccessible('the queues with two approvals');
    await screenshot(page, 'approvals-queue-two-on-one-order');

    // The second's approval page, opened now (before the first is approved), stays open in a tab.
    const stale = await context.newPage();
    await stale.goto(await linkFor(bId));
    await stale.getByRole('button', { name: 'Approve $62.00' }).waitFor();
    // It links the order and the ticket (locally, the sandbox's own pages), as the queue card does.
    for (const name of ['Order #1002 in the sandbox store', 'Ticket 8202 in the sandbox helpdesk']) {
      const href = await stale.getByRole('link', { name, exact: true }).getAttribute('href');
      expect((await fetch(href!)).status, name).toBe(200);
    }

    // The confirm step: the queue's link opens the evidence and the one form that decides.
    await queue
      .getByRole('article')
      .filter({ hasText: `run ${first}` })
      .first()
      .getByRole('link', { name: /Review and decide/ })
      .click();
    await page.getByRole('heading', { name: /Approve \$62\.00 on order #1002\?/ }).waitFor();
    await expectAccessible('the console confirm page');
    await page.getByLabel(/Reason \(optional/).fill('photo shows the hole');
    await page.getByRole('button', { name: 'Approve $62.00' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    expect((await waitForRun(rt, first, settled)).status).toBe('done');
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);

    // The second's page, opened now: nothing left, said in a sentence, naming the refund; no approve button.
    await page.goto(await linkFor(bId));
    await page.getByRole('heading', { name: 'Nothing left to refund on order #1002' }).waitFor();
    main = await page.locator('body').innerText();
    expect(main).toContain('Not refunded: order #1002 has nothing left to refund — refund of $62.00 made on');
    expect(main).toContain(`by run ${first}`);
    expect(main).toContain('nothing left: 0 of 1');
    expect(main).not.toContain('1 of 1 left');
    await expect(page.getByRole('button', { name: /Approve/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Close the request and hand the ticket to the team' }).waitFor();
    await expectAccessible('the second approval page after the first refund');
    await screenshot(page, 'approvals-nothing-left');

    // Approving it from the tab opened before: a truthful result page, no second refund, a note on the ticket in sentences.
    await stale.getByRole('button', { name: 'Approve $62.00' }).click();
    await stale.getByRole('heading', { name: 'Nothing left to refund' }).waitFor();
    main = await stale.locator('body').innerText();
    expect(main).toContain('Not refunded: order #1002 has nothing left to refund');
    expect(main).not.toContain('The refund will be issued');
    expect(await seriousViolations(stale), 'axe on the nothing-left result page').toEqual([]);
    await screenshot(stale, 'approvals-not-carried-out');

    const escalated = await waitForRun(rt, second, settled);
    expect(escalated.status).toBe('escalated');
    expect(escalated.approval).toMatchObject({ status: 'cancelled', decidedBy: APPROVER });
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);
    const notes = (await ticketNotes(rt, '8202')).map((n) => n.body).join('\n');
    expect(notes).toContain('Not refunded: order #1002 has nothing left to refund — refund of $62.00 made on');
    // One state word on every surface: the ticket's note, the run page, the runs list, the approval page.
    expect(notes).toContain(`Closed by ${APPROVER}`);
    expect(notes).toContain('nothing left to refund');
    expect(notes).not.toContain('withdrawn');
    await page.goto(`${rt.baseUrl}/runs/${encodeURIComponent(second)}`);
    expect(await page.locator('main').innerText()).toContain('closed, nothing left to refund');
    // Each run page opens with its outcome: the amount and who decided, or that nothing was left.
    expect(await page.locator('#outcome').innerText()).toMatch(
      new RegExp(`^With the team: .*Closed by ${APPROVER.replace(/[.]/g, '\\.')} .*nothing left to refund\\. Nothing was refunded\\.$`),
    );
    await page.goto(`${rt.baseUrl}/runs/${encodeURIComponent(first)}`);
    expect(await page.locator('#outcome').innerText()).toMatch(/^Refunded \$62\.00 on order #1002, approved by \S+ .+; the refund was made .+\.$/);
    await page.goto(`${rt.baseUrl}/?q=${encodeURIComponent(second)}`);
    expect(await page.locator('main').innerText()).toContain('closed, nothing left to refund');
    await page.goto(await linkFor(bId));
    expect(await page.locator('body').innerText()).toContain('This approval is closed, nothing left to refund');
    expect(notes).not.toMatch(/ArgumentPolicyError|[A-Z][a-z]+Error\b/);
    expect(notes).not.toMatch(/\b6200\b/);
    expect((await getRun(rt, first))!.approval).toMatchObject({ approvalId: aId, status: 'approved' });
  });
});

describe('a refund made in the store by hand while an approval waits', () => {
  it('is read from the store when the pages are opened: nothing left, and approving refunds nothing', async () => {
    const runId = await ticket('8203', 'Order #1012: the wool throw blanket arrived with a big hole in it. I would like a refund please.');
    const run = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval');
    const approvalId = run.approval.approvalId as string;
    const link = await linkFor(approvalId);

    // Before: the store still allows it (this tab stays open).
    const stale = await context.newPage();
    await stale.goto(link);
    expect(await stale.locator('body').innerText()).toContain('1 of 1 left');

    await refundByHand();
    expect(await storeRefunds(rt, '1012')).toHaveLength(1);

    // The approval page, opened now, reads the store: nothing left, said in a sentence, no word of a fallback.
    await page.goto(link);
    let main = await page.locator('body').innerText();
    expect(main).toContain('nothing left: 0 of 1');
    expect(main).toMatch(/Not refunded: order #1012 has nothing left to refund — refund of \$62\.00 made in the store on /);
    expect(main).not.toContain('1 of 1 left');
    expect(main).not.toContain('The store could not be read');
    await expectAccessible('the approval page after a refund made by hand');
    await screenshot(page, 'approvals-refunded-by-hand');

    // The console's confirm page says the same.
    await page.goto(`${rt.baseUrl}/queues/approvals/${encodeURIComponent(approvalId)}`);
    main = await page.locator('body').innerText();
    expect(main).toContain('Not refunded: order #1012 has nothing left to refund');
    expect(main).not.toContain('1 of 1 left');

    // The page opened now offers no approve button; approving from the tab opened before: a truthful result, no second refund.
    await page.goto(link);
    await expect(page.getByRole('button', { name: /Approve/ }).count()).resolves.toBe(0);
    await stale.getByRole('button', { name: 'Approve $62.00' }).click();
    await stale.getByRole('heading', { name: 'Nothing left to refund' }).waitFor();
    expect(await stale.locator('body').innerText()).not.toContain('The refund will be issued');
    const ended = await waitForRun(rt, runId, settled);
    expect(ended.status).toBe('escalated');
    expect(ended.approval).toMatchObject({ status: 'cancelled', decidedBy: APPROVER });
    expect(await storeRefunds(rt, '1012')).toHaveLength(1);
  });
});
