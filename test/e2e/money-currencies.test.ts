// Money in a store that does not sell in dollars, through the local runtime end to end: a HUF store
// (ISO 4217 and Shopify: two decimals, "1500.00"; Intl prints no decimals, "HUF 1,500") and a JPY
// store (no decimals, "500"). The sandbox store's amounts, the Shopify adapter, the gate, the refund,
// the reply draft, the holding note and the approval email all read the one table in shared/money.ts,
// so a 1500 Ft line is refunded as 1500 Ft (never a hundred times it) and printed "HUF 1,500".
//
// The automatic limit (autoRefundLimitMinor 5000) is in the shop's minor units: 50 Ft in the HUF
// store, ¥5,000 in the JPY store. The prices are picked around it: a 45 Ft and a ¥500 mug are
// refunded automatically; a 1500 Ft and a ¥6,200 blanket wait for a lead's approval.
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
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';

/** Intl spaces amounts with no-break spaces ("HUF\u00a01,500"): read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

type Store = { currency: string; mugMinor: number; blanketMinor: number; mug: string; blanket: string; blanketDecimal: string; wrong: string[] };

const STORES: Store[] = [
  // 4500 minor units = 45 Ft (under the 50 Ft limit); 150000 = 1500 Ft, as Shopify's "1500.00".
  { currency: 'HUF', mugMinor: 4500, blanketMinor: 150_000, mug: 'HUF 45', blanket: 'HUF 1,500', blanketDecimal: '1500.00', wrong: ['150,000', '4,500'] },
  // ¥500 (under the ¥5,000 limit); ¥6,200 (over it).
  { currency: 'JPY', mugMinor: 500, blanketMinor: 6200, mug: '¥500', blanket: '¥6,200', blanketDecimal: '6200', wrong: ['¥5.00', '¥62', '¥50,000'] },
];

/** The demo store selling in `currency`: the mug of order 1001 and the blanket of order 1002 at the store's prices. */
function fixtureIn(store: Store) {
  const demo = demoFixture();
  const priced = (number: number, unitPriceMinor: number) => (order: (typeof demo.orders)[number]) =>
    order.number === number ? { ...order, lineItems: order.lineItems.map((li) => ({ ...li, unitPriceMinor })) } : order;
  return {
    ...demo,
    shop: { ...demo.shop, currency: store.currency },
    orders: demo.orders.map(priced(1001, store.mugMinor)).map(priced(1002, store.blanketMinor)),
  };
}

describe.each(STORES)('a store selling in $currency', (store) => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ port: 0, fixture: fixtureIn(store), tenant: 'demo', approverEmails: [APPROVER], zendeskSecret: SECRET, retryIntervalMs: 0 });
  });
  afterAll(async () => {
    await rt.close();
  });

  it(`refunds the mug's line price (${store.mug}) automatically and drafts a reply stating it`, async () => {
    const text = 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: store.mugMinor, currency: store.currency });
    expect(run.refund).toMatchObject({ amountMinor: store.mugMinor, currency: store.currency });
    const refunds = await storeRefunds(rt, '1001');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.currency).toBe(store.currency);
    expect(refunds[0]!.amount).toBe(store.currency === 'HUF' ? '45.00' : '500');

    const notes = await ticketNotes(rt, '5001');
    expect(notes).toHaveLength(1);
    const draft = plain(notes[0]!.body);
    expect(draft).toContain(store.mug);
    for (const wrong of store.wrong) expect(draft).not.toContain(wrong);
    expect(run.draft.check).toMatchObject({ passed: true, problems: [] });
  });

  it(`sends the blanket (${store.blanket}) to a lead, prints it right on the note and the email, and refunds the line price once approved`, async () => {
    const text = 'The wool throw blanket from order #1002 arrived damaged with a hole. Refund please.';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text }));
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.gate).toMatchObject({ decision: 'approval', amountMinor: store.blanketMinor, currency: store.currency });

    const holding = plain((await ticketNotes(rt, '5002')).map((n) => n.body).join('\n'));
    expect(holding).toContain(`Proposed: refund ${store.blanket} on order #1002`);
    const email = (await capturedEmails(rt)).find((mail) => (mail.body.text ?? '').includes('1002'));
    expect(email).toBeDefined();
    const emailText = plain(email!.body.text ?? '');
    expect(emailText).toContain(store.blanket);
    for (const wrong of store.wrong) {
      expect(holding).not.toContain(wrong);
      expect(emailText).not.toContain(wrong);
    }

    const [link] = linksIn(email!);
    const page = plain(await (await fetch(link!)).text());
    expect(page).toContain(store.blanket);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);

    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: store.blanketMinor, currency: store.currency });
    expect(done.draft.check).toMatchObject({ passed: true, problems: [] });
    const refunds = await storeRefunds(rt, '1002');
    expect(refunds).toEqual([expect.objectContaining({ amount: store.blanketDecimal, currency: store.currency })]);

    const notes = await ticketNotes(rt, '5002');
    const draft = plain(notes[notes.length - 1]!.body);
    expect(draft).toContain(store.blanket);
    for (const wrong of store.wrong) expect(draft).not.toContain(wrong);
  });
});
