// The console's approval surfaces show the email's evidence: the queue card says when each line
// shipped and was delivered in the email's words, and the confirm page of a second approval on an
// order, after the first was refunded, lists that refund in the history (made since the run checked
// the order, by which run, linked to its page in the console) and points the "nothing left" box to it.
import { describe, expect, it } from 'vitest';
import { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import { approvalView } from '#functions/shared/approvals/approval-view.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { approvalConfirmContent, approvalsSection } from '#functions/console/app/views/approvals.js';
import { NOW, fixedClock, makeOrder, pendingApproval, proposedRun, receiptFor, recordingWorkflow } from '../../support/steps.js';

const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const squash = (s: string) => s.replace(/\s+/g, ' ');
const visible = (html: string) =>
  squash(
    html
      .replace(/<br>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  ).replace(/ ([,.])/g, '$1');

function summaryOf(record: ReturnType<typeof pendingApproval>) {
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  return summary;
}

function waitingRun(runId: string, approvalId: string): { run: Run; record: ReturnType<typeof pendingApproval> } {
  const run = proposedRun({ runId, status: 'awaiting_approval', state: 'RequestApproval', createdAt: NOW.toISOString() }, blanket);
  const delivered = { ...run, order: { ...run.order!, lineItems: run.order!.lineItems.map((l) => ({ ...l, deliveredAt: later(-60 * 24) })) } };
  const record = pendingApproval(delivered, { approvalId });
  return { run: { ...delivered, approval: summaryOf(record) }, record };
}

describe("the approval queue card's lines", () => {
  it('say when each line shipped and was delivered, in the words the email uses', () => {
    const { run } = waitingRun('run-b', 'apr_b');
    const input = { run, amountMinor: 6200, currency: 'USD', expiresAt: later(600), now: NOW };
    const evidence = approvalView(input);

    const card = approvalsSection({ approvals: [run], evidence: { apr_b: evidence }, canDecide: true });
    const { text } = approvalEmail({ ...input, link: 'https://demo.example/approvals/apr_b?as=t', approver: 'lead@demo.example' });

    const line = evidence.lines[0]!;
    expect(line.delivered).not.toBeNull();
    expect(card).toContain('>Shipped and delivered</th>');
    expect(visible(card)).toContain(`Shipped: ${line.shipped} Delivered: ${line.delivered}`);
    expect(text).toContain(`   Shipped: ${line.shipped}\n   Delivered: ${line.delivered}\n`);
  });
});

describe('the confirm page of a second approval after the first was refunded', () => {
  async function setup() {
    const clock = fixedClock(new Date(later(5)));
    const stores = createInMemoryStores({ clock });
    const { run: runB, record: recordB } = waitingRun('run-b', 'apr_b');
    const runA0 = proposedRun({ runId: 'run-a', status: 'done', state: 'Done' }, blanket);
    const runA: Run = { ...runA0, refund: receiptFor(runA0, { refundId: 'gid://shopify/Refund/90', amountMinor: 6200, createdAt: later(2) }) };
    await stores.runs.create(runA);
    await stores.runs.create(runB);
    await stores.approvals.create(recordB);
    const decisions = createApprovalDecisions({
      approvals: stores.approvals,
      runs: stores.runs,
      workflow: recordingWorkflow().engine,
      clock,
      links: () => createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: ['lead@demo.example'] }),
      findRunsByOrder: stores.findRunsByOrder,
      tenant: { consoleBaseUrl: 'https://console.demo.example' },
    });
    const found = (await decisions.evidenceOf('apr_b', (id) => `/queues/approvals/${id}`))!;
    const { approvalId, status, decidedBy, amountMinor, currency } = found.approval;
    return approvalConfirmContent({
      approvalId,
      status,
      decidedBy,
      amountMinor,
      currency,
      run: found.run,
      evidence: found.evidence,
      canDecide: true,
      csrf: 'c',
    });
  }

  it('lists the first refund in the history, made since the run checked the order, linking the run that made it', async () => {
    const page = await setup();

    expect(visible(page)).toContain("Customer's refunds in the last 90 days (1)");
    expect(visible(page)).toMatch(
      /#1002 \(this order, placed \w{3} \d{1,2}, \d{4}\) 1 × Wool throw blanket made after this run checked the order, by run run-a/,
    );
    expect(visible(page)).not.toContain('None.');
  });

  it("points the nothing-left box to the run that used the order up, on the console's own page of it", async () => {
    const page = await setup();

    expect(visible(page)).toContain('Not refunded: order #1002 has nothing left to refund');
    expect(page).toContain('<a href="/runs/run-a" style="color:#1d4ed8;">Open run run-a</a>');
    expect(page).not.toContain('https://console.demo.example/runs/run-a');
    expect(page).not.toContain('name="decision" value="approve"');
  });
});
