// One order, one live approval in view: the order as an approval must see it now (what other runs on
// the same order refunded or were approved to refund since), the sentences a lead reads, the decision
// that cannot be carried out (closed, nothing refunded, the run escalated with the sentence), and the
// escalation sentence when the Refund step refused an approved refund. In-memory stores, fixed clock.
import { approvalStateWords } from '#functions/shared/approvals/approval-state.js';
import { describe, expect, it } from 'vitest';
import { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import { approvedRefundNotMade } from '#functions/shared/approvals/not-carried-out.js';
import { orderNowOf } from '#functions/shared/approvals/order-now.js';
import { notCarriedOutInWords } from '#functions/shared/approvals/order-now-words.js';
import { NOW, fixedClock, makeOrder, pendingApproval, proposedRun, receiptFor, recordingWorkflow } from '../../support/steps.js';

const LEAD = 'lead@example.com';
const fmt = createFormats({ timeZone: 'UTC', now: NOW });
const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function summaryOf(record: ReturnType<typeof pendingApproval>) {
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  return summary;
}

/** Run A refunded the blanket after run B read the order; B still waits for its approval. */
function twoRuns(a: { refunded: boolean; approved?: boolean } = { refunded: true }) {
  const runB = proposedRun({ runId: 'run-b', status: 'awaiting_approval', state: 'RequestApproval', createdAt: NOW.toISOString() }, blanket);
  const recordB = pendingApproval(runB, { approvalId: 'apr_b' });
  const runA0 = proposedRun({ runId: 'run-a', status: a.refunded ? 'done' : 'running', state: a.refunded ? 'Done' : 'Refund' }, blanket);
  const recordA = pendingApproval(runA0, {
    approvalId: 'apr_a',
    status: a.refunded || a.approved ? 'approved' : 'pending',
    decidedBy: LEAD,
    decidedAt: later(1),
  });
  const runA: Run = {
    ...runA0,
    status: a.refunded || a.approved ? runA0.status : 'awaiting_approval',
    approval: summaryOf(recordA),
    refund: a.refunded ? receiptFor(runA0, { refundId: 'gid://shopify/Refund/90', amountMinor: 6200, createdAt: later(2) }) : null,
  };
  return { runA, runB: { ...runB, approval: summaryOf(recordB) }, recordA, recordB };
}

describe('the order as an approval sees it now', () => {
  it('counts a refund another run made since the approval was raised: nothing left, and says so in a sentence', () => {
    const { runA, runB } = twoRuns();

    const now = orderNowOf(runB, [runA, runB]);

    const line = runB.order!.lineItems[0]!;
    expect(now.refundable[line.id]).toBe(0);
    expect(now.shortfall).toEqual([{ lineItemId: line.id, title: 'Wool throw blanket', claimed: 1, left: 0 }]);
    expect(notCarriedOutInWords(now, '1002', fmt)).toBe(
      `Not refunded: order #1002 has nothing left to refund — refund of $62.00 made on ${fmt.date(later(2))} by run run-a.`,
    );
  });

  it('names another pending approval on the order and leaves what is refundable as it was', () => {
    const { runA, runB } = twoRuns({ refunded: false });

    const now = orderNowOf(runB, [runA, runB]);

    expect(now.pending.map((o) => o.runId)).toEqual(['run-a']);
    expect(now.shortfall).toEqual([]);
    const email = approvalEmail({
      run: runB,
      link: 'https://x/approvals/apr_b?as=t',
      approver: LEAD,
      amountMinor: 6200,
      currency: 'USD',
      expiresAt: later(600),
      now: NOW,
      orderNow: now,
      linkToApproval: (id) => `https://x/approvals/${id}?as=t`,
    });
    expect(email.text).toContain('Another approval is pending on this order: run run-a');
    expect(email.text).toContain('Open it: https://x/approvals/apr_a?as=t');
    expect(email.text).toContain('Still refundable: 1 of 1 left');
  });

  it('counts an approved refund still being issued as spoken for', () => {
    const { runA, runB } = twoRuns({ refunded: false, approved: true });

    const now = orderNowOf(runB, [runA, runB]);

    expect(now.approved.map((o) => o.runId)).toEqual(['run-a']);
    expect(notCarriedOutInWords(now, '1002', fmt)).toContain('a refund of $62.00 approved for run run-a is being issued');
  });

  it('does not count a refund the run already knew of when it read the order', () => {
    const { runA, runB } = twoRuns();
    const known = { ...runB, order: { ...runB.order!, refunds: [{ refundId: runA.refund!.refundId, createdAt: later(2), amountMinor: 6200, lineItems: [] }] } };

    expect(orderNowOf(known, [runA, known]).refundsSince).toEqual([]);
  });
});

describe('deciding an approval that can no longer be carried out', () => {
  async function setup() {
    const clock = fixedClock(new Date(later(5)));
    const stores = createInMemoryStores({ clock });
    const workflow = recordingWorkflow();
    const { runA, runB, recordB } = twoRuns();
    await stores.runs.create(runA);
    await stores.runs.create(runB);
    await stores.approvals.create(recordB);
    const links = createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: [LEAD] });
    const decisions = createApprovalDecisions({
      approvals: stores.approvals,
      runs: stores.runs,
      workflow: workflow.engine,
      clock,
      links: () => links,
      findRunsByOrder: stores.findRunsByOrder,
    });
    return { stores, workflow, decisions, recordB, links };
  }

  it('refunds nothing, closes the approval with the reason, and ends the wait with the sentence for the team', async () => {
    const { stores, workflow, decisions, recordB, links } = await setup();

    const outcome = await decisions.decide({
      approvalId: 'apr_b',
      formToken: recordB.formToken,
      approverToken: links.sign('apr_b', LEAD),
      decision: 'approve',
      reason: null,
    });

    expect(outcome.kind).toBe('not_carried_out');
    const message = outcome.kind === 'not_carried_out' ? outcome.message : '';
    expect(message).toMatch(/^Not refunded: order #1002 has nothing left to refund — refund of \$62\.00 made on .* by run run-a\.$/);
    expect(await stores.approvals.get('apr_b')).toMatchObject({ status: 'cancelled', decidedBy: LEAD, reason: message });
    expect((await stores.runs.get('run-b'))?.approval).toMatchObject({ status: 'cancelled' });
    expect(workflow.successes).toEqual([
      { taskToken: recordB.taskToken, output: { outcome: 'escalate', detail: { decision: 'cancelled', approvalId: 'apr_b', reason: message } } },
    ]);
  });

  it('closes it the same way when the lead closes it instead: one state, "nothing left to refund", whichever button', async () => {
    const { stores, decisions, recordB, links } = await setup();

    const outcome = await decisions.decide({
      approvalId: 'apr_b',
      formToken: recordB.formToken,
      approverToken: links.sign('apr_b', LEAD),
      decision: 'reject',
      reason: 'no',
    });

    expect(outcome.kind).toBe('not_carried_out');
    const approval = await stores.approvals.get('apr_b');
    expect(approval).toMatchObject({ status: 'cancelled', decidedBy: LEAD });
    expect(approvalStateWords(approval!)).toBe('closed, nothing left to refund');
  });

  it('the console decision is checked the same way', async () => {
    const { decisions } = await setup();

    expect((await decisions.decideAs({ approvalId: 'apr_b', approver: 'local-operator', decision: 'approve', reason: null })).kind).toBe('not_carried_out');
  });
});

describe('an approved refund the Refund step refused', () => {
  const error = { Error: 'ArgumentPolicyError', Cause: JSON.stringify({ errorMessage: '"Wool throw blanket" has nothing left to refund' }) };

  it('tells the team in a sentence that it was not made and why: no error class, no minor units', async () => {
    const { runA, runB } = twoRuns();
    const approved: Run = { ...runB, status: 'running', state: 'Refund', approval: { ...runB.approval!, status: 'approved', decidedBy: LEAD } };

    const sentence = await approvedRefundNotMade({ clock: fixedClock(new Date(later(9))), findRunsByOrder: async () => [runA, approved] }, approved, error);

    expect(sentence).toMatch(
      /^The approved refund of \$62\.00 on order #1002 \(approved by lead@example\.com\) was not made: order #1002 has nothing left to refund — refund of \$62\.00 made on .* by run run-a\. Nothing was refunded by this run\.$/,
    );
    expect(sentence).not.toMatch(/Error|6200/);
  });

  it('says why from the refusal when the runs on the order do not tell', async () => {
    const { runB } = twoRuns();
    const approved: Run = { ...runB, status: 'running', approval: { ...runB.approval!, status: 'approved', decidedBy: LEAD } };

    const sentence = await approvedRefundNotMade({ clock: fixedClock() }, approved, error);

    expect(sentence).toContain('was not made: when the refund was attempted, the order no longer had these items left to refund');
  });

  it('is not this case for an outcome nobody can tell yet, a timeout, or a run with no approved refund', async () => {
    const { runA, runB } = twoRuns();
    const approved: Run = { ...runB, approval: { ...runB.approval!, status: 'approved' } };
    const deps = { clock: fixedClock() };

    expect(await approvedRefundNotMade(deps, { ...approved, status: 'pending_review' }, error)).toBeNull();
    expect(await approvedRefundNotMade(deps, approved, { Error: 'States.Timeout' })).toBeNull();
    expect(await approvedRefundNotMade(deps, runB, error)).toBeNull();
    expect(await approvedRefundNotMade(deps, runA, error)).toBeNull();
  });
});
