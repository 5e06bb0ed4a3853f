// A run page reads as sentences: in Debian's Chromium against the local runtime, an automatic refund,
// a run waiting for approval, a run escalated for naming two orders and a run cancelled in the console
// show no step name, snake_case value, Shopify gid or hash outside the engineer's closed details
// disclosure, and that disclosure still holds the raw values (rule ids, keys, hashes, gids, steps).
// Run ids ("run-" and hex) are the page's own name and are allowed. axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import {
  approvalLinks,
  capturedEmails,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  ticketCreated,
  waitForRun,
  type RunView,
} from '../support/local-runtime.js';
import { browserSuite, codeWordsIn, screenshot, seriousViolations } from './support.js';
import { withHana } from './fixtures.js';

/** The demo store, a ticket per run below, and Hana with two recent orders (a ticket naming both goes to a person). */
const fixture = () =>
  withHana(
    demoFixture(),
    [
      ['8901', '9001'],
      ['8902', '9002'],
      ['8903', '9008'],
      ['8904', '9007'],
    ],
    'Code words test',
  );

const suite = browserSuite(() => startRuntime({ fixture: fixture() }));

async function ticket(ticketId: string, requesterId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(suite.rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

/** What the page's main shows outside every details element (the details removed from the page first). */
async function visibleWords(): Promise<string> {
  return suite.page.evaluate(() => {
    const main = document.querySelector('main')!;
    for (const d of main.querySelectorAll('details')) d.remove();
    return main.innerText;
  });
}

const codeWords = codeWordsIn;

/** Opens the run page, checks axe, reads the engineer's details, then the words outside them. */
async function runPage(runId: string, name: string): Promise<{ details: string; visible: string }> {
  await suite.page.goto(`${suite.rt.baseUrl}/runs/${runId}`);
  expect(await seriousViolations(suite.page), `axe on ${name}`).toEqual([]);
  await screenshot(suite.page, `code-words-${name}`);
  const details = (await suite.page.locator('main details').allTextContents()).join('\n');
  return { details, visible: await visibleWords() };
}

/** The run left waiting for approval (ticket 8902): the approval surfaces are read on it. */
let awaitingRunId = '';

const gidsOf = (run: RunView): string[] => (run.order?.lineItems ?? []).map((l: { id: string }) => l.id).filter((id: string) => id.startsWith('gid://'));

describe('a run page reads as sentences, the raw values behind a details disclosure', () => {
  it('an automatic refund: reason and receipt in words; key, gids and call journal in the details', async () => {
    const run = await waitForRun(suite.rt, await ticket('8901', '9001', 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please?'), settled);
    expect(run.status).toBe('done');
    const { details, visible } = await runPage(run.runId, 'auto-refund');
    expect(codeWords(visible)).toEqual([]);
    expect(visible).toContain('the item arrived damaged');
    expect(details).toContain(run.refund.idempotencyKey);
    expect(details).toContain('Triage: calls and decisions');
    expect(details).toContain('damaged');
    for (const gid of gidsOf(run)) expect(details).toContain(gid);
  });

  it('a run waiting for approval: the reasons in words; rule id, approval id and bound hash in the details', async () => {
    const runId = await ticket(
      '8902',
      '9002',
      'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.',
    );
    const run = await waitForRun(suite.rt, runId, (r) => r.status === 'awaiting_approval');
    awaitingRunId = runId;
    const { details, visible } = await runPage(runId, 'awaiting-approval');
    expect(codeWords(visible)).toEqual([]);
    expect(visible).toContain('a lead must approve');
    expect(details).toContain('amount_over_auto_limit');
    expect(details).toContain(run.approval.argsHash);
    expect(details).toContain(run.approval.approvalId);
    expect(details).toContain(run.gate.policyVersion);
  });

  it('an escalated run: the hand-over in words; the risk flag and the step in the details', async () => {
    const runId = await ticket('8903', '9008', 'Hi, I have two orders, 2101 and 2102. The glazed serving plate arrived cracked, please refund it.');
    const run = await waitForRun(suite.rt, runId, settled);
    expect(run.status).toBe('escalated');
    const { details, visible } = await runPage(runId, 'escalated');
    expect(codeWords(visible)).toEqual([]);
    expect(visible).toContain('names more than one order');
    expect(details).toContain('multiple_order_numbers');
    expect(details).toContain(run.escalation.step);
  });

  it('a run cancelled in the console: who and when in words; the notes by their text, their ids in the details', async () => {
    const runId = await ticket('8904', '9007', 'The linen tablecloth from order 1007 arrived torn down the middle. Please refund it.');
    await waitForRun(suite.rt, runId, (r) => r.status === 'awaiting_approval');
    await suite.page.goto(`${suite.rt.baseUrl}/runs/${runId}`);
    await suite.page.getByRole('button', { name: 'Cancel this run…' }).click();
    await suite.page.getByRole('button', { name: 'Yes, cancel the run' }).click();
    await suite.page.getByRole('status').filter({ hasText: 'Cancelled' }).waitFor();
    const run = await waitForRun(suite.rt, runId, (r) => r.status === 'cancelled');
    const { details, visible } = await runPage(runId, 'cancelled');
    expect(codeWords(visible)).toEqual([]);
    expect(visible).toContain('The holding note: the refund waits for a lead’s approval.');
    expect(details).toContain('RequestApproval');
    const noteIds = run.journal.filter((r) => r.name === 'post_draft').map((r) => /note\S*\s+(\S+)/i.exec(r.detail)?.[1]);
    expect(noteIds.length).toBeGreaterThan(0);
    for (const id of noteIds) expect(details).toContain(id);
  });

  it('the lists and every approval surface read as words too: the runs list, the queues, the confirm page, the approval page and the email', async () => {
    const waiting = await waitForRun(suite.rt, awaitingRunId, (r) => r.status === 'awaiting_approval');
    const approvalId = waiting.approval.approvalId as string;
    const pages: Array<[string, string]> = [
      ['the runs list', '/'],
      ['a search', '/?q=hana'],
      ['the queues', '/queues'],
      ['the confirm page', `/queues/approvals/${encodeURIComponent(approvalId)}`],
      ['the pictures', '/pictures'],
    ];
    for (const [name, path] of pages) {
      await suite.page.goto(`${suite.rt.baseUrl}${path}`);
      expect(await seriousViolations(suite.page), `axe on ${name}`).toEqual([]);
      expect(codeWords(await visibleWords()), name).toEqual([]);
    }
    const link = (await approvalLinks(suite.rt)).find((l) => l.includes(`/approvals/${approvalId}?`))!;
    await suite.page.goto(link);
    expect(codeWords(await suite.page.evaluate(() => document.body.innerText)), 'the approval page').toEqual([]);
    const email = (await capturedEmails(suite.rt)).find((e) => linksIn(e).some((l) => l.includes(approvalId)))!;
    expect(codeWords(email.body.text ?? ''), 'the approval email').toEqual([]);
  });

  it('the check itself bites: it finds a step name, a snake_case value, a gid and a hash', () => {
    expect(codeWords('State\tGate')).toEqual(['State\tGate']);
    expect(codeWords('from Escalate: stop end_turn, RequestApproval gid://shopify/LineItem/1 ee7117b0d031cccda51998')).toEqual([
      'RequestApproval',
      'from Escalate',
      'end_turn',
      'gid://shopify/LineItem/1',
      'ee7117b0d031cccda51998',
    ]);
    expect(codeWords('Run run-214ea9ad599a6d10db441fed, mail gus_l@example.com')).toEqual([]);
  });
});
