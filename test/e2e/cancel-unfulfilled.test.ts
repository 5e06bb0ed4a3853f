// Cancelling an order of which nothing has shipped, end to end through the local runtime (docs/policy.md
// "Other remedies"): where the tenant enables it, the agent proposes the cancel, a lead always
// approves it, and orderCancel refunds what was paid; its job is followed to the end and the refund
// it made becomes the run's receipt. orderCancel takes no idempotency key, so a job that never
// answers is not sent again: the run goes to pending review for a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import {
  waitForEmails,
  decide,
  formTokenOf,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
  type RunView,
} from '../support/local-runtime.js';

/** Order 1004 (two beeswax candles, $24.00) has not shipped. */
const CANCEL_ASK = "Hi, please cancel my order 1004, I ordered the candles by mistake. It hasn't shipped yet.";

async function orderCancelledAt(rt: LocalRuntime, orderNumber: string): Promise<string | null> {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({ query: `query($q: String!) { orders(first: 1, query: $q) { nodes { cancelledAt } } }`, variables: { q: `name:${orderNumber}` } }),
  });
  const body = (await res.json()) as { data: { orders: { nodes: { cancelledAt: string | null }[] } } };
  return body.data.orders.nodes[0]!.cancelledAt;
}

async function approveFor(rt: LocalRuntime, orderNumber: string): Promise<void> {
  const email = (await waitForEmails(rt, 1)).filter((mail) => (mail.body.text ?? '').includes(`#${orderNumber}`)).at(-1)!;
  expect(email.body.html).toContain(`Approve cancelling order #${orderNumber} with a $24.00 refund?`);
  const [link] = linksIn(email);
  expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
}

const awaiting = (r: RunView) => r.status === 'awaiting_approval' || settled(r) || r.status === 'pending_review';

describe('cancelling an unshipped order, where the tenant enables it', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ policy: { cancelUnfulfilled: true } });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('asks a lead, then cancels the order in the store and records the refund the cancel made', async () => {
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5004', requesterId: '9004', text: CANCEL_ASK }));
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, awaiting);
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.gate).toMatchObject({ decision: 'approval', remedy: 'cancel', amountMinor: 2400, rules: ['cancel_needs_approval'] });
    const holding = (await ticketNotes(rt, '5004')).map((n) => n.body).join('\n');
    expect(holding).toContain("Proposed: cancel order #1004 (nothing has shipped) and refund $24.00 to the customer's payments.");
    expect(await orderCancelledAt(rt, '1004')).toBeNull();

    await approveFor(rt, '1004');
    const done = await waitForRun(rt, runId, (r) => settled(r) || r.status === 'pending_review');
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: 2400, currency: 'USD' });
    expect(done.refund.cancelledAt).toEqual(expect.any(String));
    expect(await orderCancelledAt(rt, '1004')).toEqual(expect.any(String));
    expect(await storeRefunds(rt, '1004')).toHaveLength(1);
    const cancels = done.journal.filter((row: Record<string, unknown>) => row.name === 'cancel_order' && row.kind === 'tool');
    expect(cancels.map((row: Record<string, unknown>) => row.outcome)).toEqual(['ok']);
    const notes = await ticketNotes(rt, '5004');
    expect(notes.at(-1)!.body).toMatch(/cancelled order #1004 and refunded \$24\.00/);
    expect(done.draft.check).toMatchObject({ passed: true, problems: [] });
  });
});

describe('a cancel job that never answers', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ policy: { cancelUnfulfilled: true } });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('is never sent twice: the run goes to pending review for a person to check the order', async () => {
    rt.store.faults.cancelJobNeverFinishes();
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5004', requesterId: '9004', text: CANCEL_ASK }));
    const runId = json.runId as string;
    expect((await waitForRun(rt, runId, awaiting)).status).toBe('awaiting_approval');

    await approveFor(rt, '1004');
    const review = await waitForRun(rt, runId, (r) => settled(r) || r.status === 'pending_review', 30_000);
    expect(review.status).toBe('pending_review');
    expect(review.refund ?? null).toBeNull();
    const sent = review.journal.filter((row: Record<string, unknown>) => row.name === 'cancel_order' && row.kind === 'tool' && row.outcome !== 'refused');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const dispatched = review.journal.filter((row: Record<string, unknown>) => row.name === 'cancel_order' && row.decision === 'allow');
    expect(dispatched).toHaveLength(1);
    expect(await orderCancelledAt(rt, '1004')).toBeNull();
  });
});
