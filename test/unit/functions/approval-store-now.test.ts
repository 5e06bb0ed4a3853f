// "Still refundable" read from the store when an approval page is opened and when a lead decides
// (#22): a refund made in the store outside any run (by hand in Shopify admin) shows as nothing left
// and turns an approval into "Not refunded"; a store that cannot be read falls back to what the runs
// show, and the page says so. Through the approval page's handler and the console's decisions, over
// the real harness (allowlist, binding, journal) and the fake MCP transport's sandbox store.
import { describe, expect, it } from 'vitest';
import { createApprovalCallbackHandler } from '#functions/approvals/approval-callback/handler.js';
import { createApprovalDecisions } from '#functions/approvals/approval-callback/decisions.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import type { Run } from '#functions/shared/domain/run.js';
import { orderNowFromStore } from '#functions/shared/approvals/order-now-store.js';
import { STORE_UNREADABLE_WORDS } from '#functions/shared/approvals/order-now-words.js';
import type { Order } from '#shared/contracts/tools.js';
import { setupHarness } from '../../support/harness.js';
import { NOW, formPost, httpEvent, makeOrder, pendingApproval, proposedRun, receiptFor, recordingWorkflow } from '../../support/steps.js';

const LEAD = 'lead@example.com';
const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function summaryOf(record: ReturnType<typeof pendingApproval>) {
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  return summary;
}

/** One run waiting for its approval on the blanket, the real harness over the sandbox store, and the approval page. */
async function setup(options: { harness?: 'real' | 'none' | 'hangs'; storeTimeoutMs?: number } = {}) {
  const h = setupHarness({ orders: [blanket] });
  const workflow = recordingWorkflow();
  const run0 = proposedRun({ runId: 'run-b', status: 'awaiting_approval', state: 'RequestApproval', createdAt: NOW.toISOString() }, blanket);
  const record = pendingApproval(run0, { approvalId: 'apr_b' });
  const run: Run = { ...run0, approval: summaryOf(record) };
  await h.stores.runs.create(run);
  await h.stores.approvals.create(record);
  const links = createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: [LEAD] });
  const hangs = { callTool: () => new Promise<never>(() => {}) };
  const harness = options.harness === 'none' ? {} : { harness: options.harness === 'hangs' ? hangs : h.harness };
  const deps = {
    approvals: h.stores.approvals,
    runs: h.stores.runs,
    workflow: workflow.engine,
    clock: h.clock,
    links: () => links,
    findRunsByOrder: h.stores.findRunsByOrder,
    ...harness,
    ...(options.storeTimeoutMs ? { storeTimeoutMs: options.storeTimeoutMs } : {}),
  };
  const handler = createApprovalCallbackHandler(deps);
  const decisions = createApprovalDecisions(deps);
  const as = links.sign('apr_b', LEAD);
  const open = async () => {
    const page = await handler(httpEvent({ method: 'GET', path: '/approvals/apr_b', pathParameters: { approvalId: 'apr_b' }, query: { as } }));
    return { status: page.statusCode, body: String(page.body) };
  };
  const approve = async () => {
    const page = await handler(formPost('apr_b', { formToken: record.formToken, decision: 'approve', as }));
    return { status: page.statusCode, body: String(page.body) };
  };
  /** A refund made in the sandbox store directly, as a person would in Shopify admin: no run knows of it. */
  const refundByHand = async () => {
    const made = await h.transport.call(
      'refund_create',
      {
        orderId: blanket.id,
        lineItems: [{ lineItemId: blanket.lineItems[0]!.id, quantity: 1 }],
        amount: { amountMinor: 6200, currency: 'USD' },
        parentTransactionId: blanket.transactions[0]!.id,
        gateway: 'bogus',
        note: 'refunded by hand in Shopify admin',
        idempotencyKey: 'by-hand-0001',
      },
      'Refund',
    );
    expect(made.ok).toBe(true);
  };
  return { ...h, workflow, record, run, open, approve, refundByHand, decisions };
}

describe('the approval page reads the store when it is opened', () => {
  it('shows a refund made in the store outside any run: nothing left, and approving would refund nothing', async () => {
    const s = await setup();
    await s.refundByHand();

    const page = await s.open();

    expect(page.status).toBe(200);
    expect(page.body).toContain('nothing left: 0 of 1 (1 when the approval was requested; refunded since)');
    expect(page.body).toMatch(/Not refunded: order #1002 has nothing left to refund — refund of \$62\.00 made in the store on [^.]+\./);
    expect(page.body).toContain('Refund of $62.00 made in the store on');
    expect(page.body).not.toContain(STORE_UNREADABLE_WORDS);
    // The read went through the harness: one journal row on the run, bound to its order.
    const reads = (await s.stores.journal.listByRun('run-b')).filter((r) => r.kind === 'tool' && r.name === 'get_order');
    expect(reads).toMatchObject([{ step: 'CheckOrder', outcome: 'ok' }]);
  });

  it('shows what the store allows when nothing changed, without a word about the store', async () => {
    const s = await setup();

    const page = await s.open();

    expect(page.body).toContain('1 of 1 left at $62.00 each');
    expect(page.body).not.toContain('Not refunded');
    expect(page.body).not.toContain(STORE_UNREADABLE_WORDS);
  });

  it('falls back to what the runs show when the store answers with an error, and says so', async () => {
    const s = await setup();
    await s.refundByHand();
    s.transport.script('get_order', { ok: false, error: { category: 'not_authorized', message: 'approval-callback may not call get_order' } });

    const page = await s.open();

    expect(page.status).toBe(200);
    expect(page.body).toContain('The store could not be read just now; this is what the agent&#39;s own runs show.');
    // The runs know nothing of the refund made by hand: their figure is the snapshot's.
    expect(page.body).toContain('1 of 1 left at $62.00 each');
  });

  it('falls back when the store does not answer in time, and says so', async () => {
    const s = await setup({ harness: 'hangs', storeTimeoutMs: 20 });

    const page = await s.open();

    expect(page.status).toBe(200);
    expect(page.body).toContain('The store could not be read just now; this is what the agent&#39;s own runs show.');
  });

  it('says nothing about the store where no store is wired (the runs alone were asked)', async () => {
    const s = await setup({ harness: 'none' });

    expect((await s.open()).body).not.toContain('The store could not be read');
  });
});

describe('a decision checks the store when it is made', () => {
  it('turns an approval into "Nothing left to refund" when the store shows nothing left, and ends the wait with the sentence', async () => {
    const s = await setup();
    await s.refundByHand();

    const page = await s.approve();

    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Nothing left to refund</title>');
    expect(page.body).toContain('Nothing was refunded by this approval');
    const approval = await s.stores.approvals.get('apr_b');
    expect(approval).toMatchObject({ status: 'cancelled', decidedBy: LEAD });
    expect(approval?.reason).toMatch(/^Not refunded: order #1002 has nothing left to refund — refund of \$62\.00 made in the store on .+\.$/);
    expect(s.workflow.successes).toMatchObject([{ taskToken: s.record.taskToken, output: { outcome: 'escalate', detail: { decision: 'cancelled' } } }]);
  });

  it('approves as asked when the store still allows the refund', async () => {
    const s = await setup();

    const page = await s.approve();

    expect(page.status).toBe(200);
    expect(page.body).toContain('Refund approved');
    expect(s.workflow.successes).toMatchObject([{ output: { outcome: 'continue' } }]);
  });

  it('checks the console the same way: its evidence and its decision read the store', async () => {
    const s = await setup();
    await s.refundByHand();

    const evidence = await s.decisions.evidenceForRun(s.run, () => null);
    const outcome = await s.decisions.decideAs({ approvalId: 'apr_b', approver: 'local-operator', decision: 'approve', reason: null });

    expect(evidence?.lines[0]).toMatchObject({ refundableUnits: 0 });
    expect(evidence?.cannotRefund).toMatch(/^Not refunded: order #1002 has nothing left to refund/);
    expect(outcome.kind).toBe('not_carried_out');
  });
});

describe('the order now, from the store and the other runs', () => {
  const pair = makeOrder({ number: '1003', unitPriceMinor: 2400, quantity: 2, title: 'Linen napkin' });
  const line = pair.lineItems[0]!;
  const storeWith = (refunded: number, refunds: Order['refunds'] = []): Order => ({
    ...pair,
    lineItems: [{ ...line, refundableQuantity: 2 - refunded }],
    refunds,
  });
  const waiting = (runId: string, quantity = 1): Run => {
    const run = proposedRun({ runId, status: 'awaiting_approval', state: 'RequestApproval', createdAt: NOW.toISOString() }, pair);
    const proposal = { ...run.proposal!, lineItems: run.proposal!.lineItems.map((l) => ({ ...l, quantity })), amountMinor: 2400 * quantity };
    return { ...run, proposal, approval: summaryOf(pendingApproval({ ...run, proposal }, { approvalId: `apr_${runId}`, amountMinor: 2400 * quantity })) };
  };
  const approvedRun = (runId: string): Run => {
    const run = waiting(runId);
    return { ...run, status: 'running', state: 'Refund', approval: { ...run.approval!, status: 'approved', decidedBy: LEAD, decidedAt: later(1) } };
  };

  it('counts what another run was approved to refund and has not refunded yet, on top of the store', () => {
    const mine = waiting('run-mine');

    const now = orderNowFromStore(mine, [mine, approvedRun('run-other')], storeWith(0));

    expect(now.source).toBe('store');
    expect(now.refundable[line.id]).toBe(1);
    expect(now.approved.map((o) => o.runId)).toEqual(['run-other']);
  });

  it('does not count twice an approved refund that reached the store before its receipt reached the run', () => {
    const mine = waiting('run-mine');
    const landed = {
      id: 'gid://shopify/Refund/500',
      createdAt: later(2),
      amount: { amountMinor: 2400, currency: 'USD' },
      lineItems: [{ lineItemId: line.id, quantity: 1 }],
    };

    const now = orderNowFromStore(mine, [mine, approvedRun('run-other')], storeWith(1, [landed]));

    expect(now.refundable[line.id]).toBe(1);
    expect(now.approved).toEqual([]);
    expect(now.refundsSince).toMatchObject([{ refundId: landed.id, runId: 'run-other' }]);
  });

  it('names the run behind a refund it recorded, and no run behind one made by hand', () => {
    const mine = waiting('run-mine', 2);
    const other = approvedRun('run-other');
    const byRun = {
      id: 'gid://shopify/Refund/501',
      createdAt: later(2),
      amount: { amountMinor: 2400, currency: 'USD' },
      lineItems: [{ lineItemId: line.id, quantity: 1 }],
    };
    const byHand = { ...byRun, id: 'gid://shopify/Refund/502', createdAt: later(3) };
    const done: Run = { ...other, status: 'done', state: 'Done', refund: receiptFor(other, { refundId: byRun.id, createdAt: byRun.createdAt }) };

    const now = orderNowFromStore(mine, [mine, done], storeWith(2, [byRun, byHand]));

    expect(now.refundsSince.map((r) => [r.refundId, r.runId])).toEqual([
      [byRun.id, 'run-other'],
      [byHand.id, null],
    ]);
    expect(now.shortfall).toEqual([{ lineItemId: line.id, title: 'Linen napkin', claimed: 2, left: 0 }]);
  });

  it('does not count a refund the run already knew of when it read the order', () => {
    const earlier = {
      id: 'gid://shopify/Refund/400',
      createdAt: later(-60),
      amount: { amountMinor: 2400, currency: 'USD' },
      lineItems: [{ lineItemId: line.id, quantity: 1 }],
    };
    const known = proposedRun({ runId: 'run-known', createdAt: NOW.toISOString() }, storeWith(1, [earlier]));

    const now = orderNowFromStore(known, [known], storeWith(1, [earlier]));

    expect(now.refundsSince).toEqual([]);
    expect(now.refundable[line.id]).toBe(1);
    expect(now.shortfall).toEqual([]);
  });
});
