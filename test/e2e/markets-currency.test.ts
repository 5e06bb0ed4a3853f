// A USD store selling to a customer in euros through Shopify Markets, end to end through the local
// runtime: the policy's limits compare the shop's dollars, the refund is made in the euros the
// customer paid (refundCreate's `currency` and transaction amounts in EUR, the lines at their EUR
// prices, never a conversion), the reply draft states the euro amount and passes the reply check,
// and a lead asked to approve reads both figures.
//
// Order 1001's mug: $45.00 in the shop's books, €41.60 paid (under the $50 automatic limit).
// Order 1002's blanket: $62.00, €57.30 paid (over it: approval).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import {
  APPROVER,
  capturedEmails,
  decide,
  formTokenOf,
  linksIn,
  postWebhook,
  SECRET,
  settled,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The demo store with orders 1001 and 1002 paid in euros. */
function marketsFixture() {
  const demo = demoFixture();
  const inEuros = (number: number, usd: number, eur: number) => (order: (typeof demo.orders)[number]) =>
    order.number === number
      ? { ...order, presentmentCurrency: 'EUR', lineItems: order.lineItems.map((li) => ({ ...li, unitPriceMinor: usd, presentmentUnitPriceMinor: eur })) }
      : order;
  return { ...demo, orders: demo.orders.map(inEuros(1001, 4500, 4160)).map(inEuros(1002, 6200, 5730)) };
}

/** The order's refunds as the store holds them: both money sets. */
async function refundsInBothCurrencies(rt: LocalRuntime, orderNumber: string) {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query: `query($q: String!) { orders(first: 1, query: $q) { nodes { refunds { totalRefundedSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } } } } } }`,
      variables: { q: `name:${orderNumber}` },
    }),
  });
  const body = (await res.json()) as {
    data: { orders: { nodes: { refunds: { totalRefundedSet: Record<string, { amount: string; currencyCode: string }> }[] }[] } };
  };
  return body.data.orders.nodes[0]!.refunds.map((r) => ({ shop: r.totalRefundedSet.shopMoney, paid: r.totalRefundedSet.presentmentMoney }));
}

describe('a EUR customer of a USD store (Shopify Markets)', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ port: 0, fixture: marketsFixture(), tenant: 'demo', approverEmails: [APPROVER], zendeskSecret: SECRET, retryIntervalMs: 0 });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('refunds the mug automatically in euros, the limit compared in dollars, and drafts the euro amount', async () => {
    const text = 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 4500, currency: 'USD' });
    expect(run.refund).toMatchObject({ amountMinor: 4500, currency: 'USD', presentment: { amountMinor: 4160, currency: 'EUR' } });
    expect(await refundsInBothCurrencies(rt, '1001')).toEqual([
      { shop: { amount: '45.00', currencyCode: 'USD' }, paid: { amount: '41.60', currencyCode: 'EUR' } },
    ]);

    const notes = await ticketNotes(rt, '5001');
    expect(notes).toHaveLength(1);
    const draft = plain(notes[0]!.body);
    expect(draft).toContain('€41.60');
    expect(draft).not.toMatch(/\$|USD|45\.00/);
    expect(run.draft.check).toMatchObject({ passed: true, problems: [] });
  });

  it('sends the blanket to a lead with both currencies in the email and the holding note, and refunds it in euros once approved', async () => {
    const text = 'The wool throw blanket from order #1002 arrived damaged with a hole. Refund please.';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text }));
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.gate).toMatchObject({ decision: 'approval', amountMinor: 6200, currency: 'USD' });

    const both = "€57.30 ($62.00 in the store's currency)";
    const holding = plain((await ticketNotes(rt, '5002')).map((n) => n.body).join('\n'));
    expect(holding).toContain(`Proposed: refund ${both} on order #1002`);
    const email = (await capturedEmails(rt)).find((mail) => (mail.body.text ?? '').includes('1002'));
    expect(plain(email!.body.text ?? '')).toContain(both);

    const [link] = linksIn(email!);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: 6200, currency: 'USD', presentment: { amountMinor: 5730, currency: 'EUR' } });
    expect(await refundsInBothCurrencies(rt, '1002')).toEqual([
      { shop: { amount: '62.00', currencyCode: 'USD' }, paid: { amount: '57.30', currencyCode: 'EUR' } },
    ]);
    const notes = await ticketNotes(rt, '5002');
    expect(plain(notes[notes.length - 1]!.body)).toContain('€57.30');
    expect(done.draft.check).toMatchObject({ passed: true, problems: [] });
  });
});
