// Exchanges end to end through the local runtime (docs/policy.md "Returns and exchanges"), returns
// enabled: a shirt swapped for a large is opened as an exchange at once (the same price: nothing to
// refund), and the large ships when the parcel arrives three simulated days later; two shirts swapped
// are over the automatic limit, so a lead approves first; a damaged $18 mug is replaced at once and
// nothing comes back. What the store did is read from the store.
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { parseFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { CATALOGUE, returnsFixture } from '../support/returns-store.js';
import {
  decide,
  formTokenOf,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForEmails,
  waitForRun,
} from '../support/local-runtime.js';
import { POLICY, RETURN_ADDRESS, SHOPIFY_SECRET, receive, waiting, world } from '../support/returns-e2e.js';

const MUG = {
  productId: '8002',
  productTitle: 'Stoneware mug',
  variants: [{ id: '8201', title: 'Default Title', sku: 'MUG-STONE', priceMinor: 1800, available: 4 }],
};

/** Ben (customer 7002, requester 9002): 5201 one Medium / Blue shirt, 5202 two of them, 5203 a stoneware mug; all shipped 5 days ago. */
function fixture(): SandboxFixture {
  const base = returnsFixture();
  const shirt = (quantity: number) => ({ title: 'Linen shirt', sku: 'SHIRT-M-BLUE', quantity, unitPriceMinor: 3400, productId: '8001', variantId: '8101' });
  const mug = { title: 'Stoneware mug', sku: 'MUG-STONE', quantity: 1, unitPriceMinor: 1800, productId: '8002', variantId: '8201' };
  const tickets = [
    { id: '6201', requesterId: '9002', subject: 'Swap a shirt' },
    { id: '6202', requesterId: '9002', subject: 'Swap two shirts' },
    { id: '6203', requesterId: '9002', subject: 'Broken mug' },
  ];
  const order = (number: number, lineItems: object[]) => ({ number, customerId: '7002', createdDaysAgo: 8, lineItems, fulfilledDaysAgo: 5 });
  return parseFixture({
    ...base,
    catalogue: [...CATALOGUE, MUG],
    helpdesk: { ...base.helpdesk, tickets: [...base.helpdesk.tickets, ...tickets] },
    orders: [...base.orders, order(5201, [shirt(1)]), order(5202, [shirt(2)]), order(5203, [mug])],
  });
}

type ExchangeNode = { variantId: string; quantity: number; processedQuantity: number };
type ReturnNode = { name: string; status: string; exchangeLineItems: { nodes: ExchangeNode[] } };
type ReturnsAnswer = { errors?: unknown; data: { orders: { nodes: Array<{ returns: { nodes: ReturnNode[] } }> } } };

/** The exchange lines of the order's returns as the store has them now: each return, its status, the variant, units and units shipped. */
async function storeLines(rt: LocalRuntime, orderNumber: string): Promise<string[]> {
  const res = await fetch(rt.urls.storeGraphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_local_sandbox' },
    body: JSON.stringify({
      query: `query($q: String!) { orders(first: 1, query: $q) { nodes { returns(first: 5) { nodes { name status exchangeLineItems(first: 5) { nodes { variantId quantity processedQuantity } } } } } } }`,
      variables: { q: `name:${orderNumber}` },
    }),
  });
  const body = (await res.json()) as ReturnsAnswer;
  expect(body.errors).toBeUndefined();
  return body.data.orders.nodes[0]!.returns.nodes.flatMap((r) =>
    r.exchangeLineItems.nodes.map((e) => `${r.name} ${r.status} ${e.variantId.split('/').at(-1)} ×${e.quantity} shipped ${e.processedQuantity}`),
  );
}

describe('exchanges, where the tenant enables returns', () => {
  let rt: LocalRuntime | null = null;
  afterEach(async () => {
    await rt?.close();
    rt = null;
  });
  const start = async (w: ReturnType<typeof world>) =>
    (rt = await startRuntime({
      fixture: fixture(),
      policy: POLICY,
      timer: w.timer,
      clock: w.clock,
      shopifyWebhookSecret: SHOPIFY_SECRET,
      returnAddress: RETURN_ADDRESS,
    }));

  it('opens an exchange of a medium shirt for a large at once, and ships the large when the parcel arrives three days later; nothing refunded', async () => {
    const w = world();
    const runtime = await start(w);
    const text = 'Hi, the linen shirt from order 5201 is too tight. Could I swap it for a large?';
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6201', requesterId: '9002', text }));
    const runId = json.runId as string;

    const opened = await waitForRun(runtime, runId, waiting);
    expect(opened.status).toBe('awaiting_return');
    expect(opened.gate).toMatchObject({ decision: 'auto', remedy: 'exchange', amountMinor: 0 });
    expect(opened.gate.returnTerms.exchange).toEqual([expect.objectContaining({ title: 'Large / Blue', quantity: 1, unitPriceMinor: 3400 })]);
    expect(await storeLines(runtime, '5201')).toEqual(['#5201-R1 OPEN 8102 ×1 shipped 0']);
    const draft = (await ticketNotes(runtime, '6201')).at(-1)!.body;
    expect(draft).toContain('Large / Blue');
    expect(draft).toContain(RETURN_ADDRESS);
    expect(draft).not.toMatch(/\$\d/);

    w.passDays(3);
    await receive(runtime, '#5201-R1', [{ sku: 'SHIRT-M-BLUE', quantity: 1 }]);
    const done = await waitForRun(runtime, runId, (r) => settled(r) || r.status === 'pending_review');
    expect(done.status).toBe('done');
    expect(done.returnCase).toMatchObject({ status: 'exchanged' });
    expect(await storeLines(runtime, '5201')).toEqual(['#5201-R1 CLOSED 8102 ×1 shipped 1']);
    expect(await storeRefunds(runtime, '5201')).toEqual([]);
    expect(done.draft.check).toMatchObject({ passed: true });
  });

  it('asks a lead first for an exchange of two shirts, the value shipped again ($68) over the limit', async () => {
    const w = world();
    const runtime = await start(w);
    const text = 'Hi, I ordered two linen shirts in order 5202 and both are too tight. Can I swap the two shirts for a large?';
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6202', requesterId: '9002', text }));
    const runId = json.runId as string;
    const asked = await waitForRun(runtime, runId, waiting);
    expect(asked.status).toBe('awaiting_approval');
    expect(asked.gate).toMatchObject({ decision: 'approval', remedy: 'exchange', rules: ['amount_over_auto_limit'] });
    expect(await storeLines(runtime, '5202')).toEqual([]);

    const email = (await waitForEmails(runtime, 1)).at(-1)!;
    expect(email.body.html).toContain('an exchange on order #5202');
    const [link] = linksIn(email);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const opened = await waitForRun(runtime, runId, (r) => r.status === 'awaiting_return' || settled(r));
    expect(opened.returnCase).toMatchObject({ status: 'open', decidedBy: { kind: 'lead' } });
    expect(await storeLines(runtime, '5202')).toEqual(['#5202-R1 OPEN 8102 ×2 shipped 0']);
  });

  it('replaces a damaged $18 mug at once: the same mug ships, nothing comes back, nothing is refunded', async () => {
    const w = world();
    const runtime = await start(w);
    const text = 'My stoneware mug from order 5203 arrived cracked. Could you send me a replacement?';
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6203', requesterId: '9002', text }));
    const runId = json.runId as string;
    const done = await waitForRun(runtime, runId, (r) => settled(r) || r.status === 'pending_review' || r.status === 'awaiting_return');
    expect(done.status).toBe('done');
    expect(done.gate).toMatchObject({ decision: 'auto', remedy: 'exchange', amountMinor: 0, returnTerms: { shipsAtOnce: true } });
    expect(done.returnCase).toMatchObject({ status: 'exchanged', shipsAtOnce: true });
    expect(await storeLines(runtime, '5203')).toEqual(['#5203-R1 CLOSED 8201 ×1 shipped 1']);
    expect(await storeRefunds(runtime, '5203')).toEqual([]);
    expect(w.pending.filter((p) => p.live)).toEqual([]);
    const draft = (await ticketNotes(runtime, '6203')).at(-1)!.body;
    expect(draft).toContain('no need to send anything back');
    expect(done.draft.check).toMatchObject({ passed: true });
  });
});
