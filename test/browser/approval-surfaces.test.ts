// A second approval on an order after the first was approved and refunded, in a real browser (Debian's
// Chromium) against the local runtime: the two approval emails' subjects tell them apart; the queue card
// says when each line shipped and was delivered, as the email does; and once the first is refunded, the
// second's console confirm page and its approval page list that refund in the customer's refund history
// (made after this run checked the order, by which run, with its items) and the "nothing left" box links
// the run that used the order up, whose page opens from it. No code words outside a details disclosure;
// axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoFixture } from '#local/sandbox/index.js';
import { approvalLinks, postWebhook, settled, startRuntime, storeRefunds, ticketCreated, waitForEmails, waitForRun } from '../support/local-runtime.js';
import { browserSuite, codeWordsIn, screenshot, seriousViolations, textOutsideDetails } from './support.js';

/** The demo store with two helpdesk tickets from Ben Carter (9002), both about order 1002's $62 blanket. */
function fixture() {
  const demo = demoFixture();
  const tickets = ['8401', '8402'].map((id) => ({ id, requesterId: '9002', subject: `Approval surfaces test ${id}` }));
  return { ...demo, helpdesk: { ...demo.helpdesk, tickets: [...demo.helpdesk.tickets, ...tickets] } };
}

const suite = browserSuite(() => startRuntime({ fixture: fixture() }));

async function ticket(ticketId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(suite.rt, ticketCreated({ ticketId, requesterId: '9002', text }));
  expect(status).toBe(202);
  return json.runId as string;
}

/** The approval link emailed to the approver for this approval id. */
async function linkFor(approvalId: string): Promise<string> {
  const link = (await approvalLinks(suite.rt)).find((l) => l.includes(`/approvals/${approvalId}?`));
  expect(link, `an emailed link for ${approvalId}`).toBeDefined();
  return link!;
}

/** The subject of the email that carries this approval's link (the local SES capture keeps it). */
async function subjectFor(approvalId: string): Promise<string> {
  await waitForEmails(suite.rt, 2);
  const { emails } = (await (await fetch(suite.rt.urls.mail)).json()) as { emails: Array<{ subject: string; body: { text?: string } }> };
  const email = emails.find((e) => e.body.text?.includes(`/approvals/${approvalId}?`));
  expect(email, `the email of ${approvalId}`).toBeDefined();
  return email!.subject;
}

/** The code words in what the page shows outside its details disclosures. */
const codeWords = async (p: Page, root: string): Promise<string[]> => codeWordsIn(await textOutsideDetails(p, root));

async function expectAccessible(what: string) {
  expect(await seriousViolations(suite.page), `axe on ${what}`).toEqual([]);
}

describe('a second approval on an order after the first was refunded', () => {
  it('reads apart in the inbox, and its pages list the first refund and link the run that used the order up', async () => {
    const { rt, page } = suite;
    const first = await ticket('8401', 'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.');
    const runA = await waitForRun(rt, first, (r) => r.status === 'awaiting_approval');
    const second = await ticket('8402', 'Order 1002: the wool throw blanket came with a large hole. Please refund me.');
    const runB = await waitForRun(rt, second, (r) => r.status === 'awaiting_approval');
    const [aId, bId] = [runA.approval.approvalId as string, runB.approval.approvalId as string];

    // The two emails: same amount, same order, told apart by their tickets.
    const [subjectA, subjectB] = [await subjectFor(aId), await subjectFor(bId)];
    expect(subjectA).not.toBe(subjectB);
    expect(subjectA).toMatch(/Approve \$62\.00 refund on order #1002 \(ticket 8401\)/);
    expect(subjectB).toMatch(/Approve \$62\.00 refund on order #1002 \(ticket 8402\)/);

    // The queue card says when each line shipped (and was delivered, when the store said), as the email does.
    await page.goto(`${rt.baseUrl}/queues`);
    const card = page.locator('article.approval').filter({ has: page.locator('h3', { hasText: `run ${second}` }) });
    await expect(card.locator('th', { hasText: 'Shipped and delivered' }).count()).resolves.toBe(1);
    expect(await card.innerText()).toMatch(/Shipped: \S.*\(\d+ days? ago\)|Shipped: not shipped yet/);

    // The first is approved from the console's confirm page and refunded.
    await page.goto(`${rt.baseUrl}/queues/approvals/${encodeURIComponent(aId)}`);
    await page.getByRole('button', { name: 'Approve $62.00' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    expect((await waitForRun(rt, first, settled)).status).toBe('done');
    expect(await storeRefunds(rt, '1002')).toHaveLength(1);

    // The second's console confirm page: the refund in the history, made since, by the first run; the box links that run.
    await page.goto(`${rt.baseUrl}/queues/approvals/${encodeURIComponent(bId)}`);
    await page.getByRole('heading', { name: 'Nothing left to refund on order #1002' }).waitFor();
    let main = await page.locator('main').innerText();
    expect(main).toMatch(/Customer's refunds in the last 90 days \(\d+\)/i);
    expect(main).toContain('1 × Wool throw blanket');
    expect(main).toContain(`made after this run checked the order, by run ${first}`);
    expect(main).not.toMatch(/Customer's refunds in the last 90 days \(0\)/i);
    expect(await codeWords(page, 'main')).toEqual([]);
    await expectAccessible('the second approval’s confirm page');
    await screenshot(page, 'approval-surfaces-confirm-second');
    await page.getByRole('link', { name: `Open run ${first}` }).click();
    await page.waitForURL(`${rt.baseUrl}/runs/${first}`);
    expect(await page.locator('#outcome').innerText()).toMatch(/^Refunded \$62\.00 on order #1002/);

    // The second's approval page (the emailed link): the same history and the same pointer, to the console's run page.
    await page.goto(await linkFor(bId));
    await page.getByRole('heading', { name: 'Nothing left to refund on order #1002' }).waitFor();
    main = await page.locator('body').innerText();
    expect(main).toContain('1 × Wool throw blanket');
    expect(main).toContain(`made after this run checked the order, by run ${first}`);
    expect(main).toContain(`The run that used it up: Open run ${first}.`);
    const history = page.getByRole('link', { name: `run ${first}`, exact: true });
    expect(await history.getAttribute('href')).toBe(`${rt.baseUrl}/runs/${first}`);
    expect(await codeWords(page, 'body')).toEqual([]);
    await expectAccessible('the second approval page');
    await screenshot(page, 'approval-surfaces-approval-page-second');
    await page.getByRole('link', { name: `Open run ${first}` }).click();
    await page.waitForURL(`${rt.baseUrl}/runs/${first}`);
    expect(await page.locator('#outcome').innerText()).toMatch(/^Refunded \$62\.00 on order #1002/);
  });
});
