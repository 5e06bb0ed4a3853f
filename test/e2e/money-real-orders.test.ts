// Money as real orders carry it, end to end through the local runtime (issue #35): each order has a
// second line and a $6.95 shipping charge, so no cap hides the amount (the lost parcel excepted, a
// one-line order). The sandbox store works discounts, tax, shipping and duties out as Shopify does
// (docs/sandbox-money.md); the agent computes what the customer paid for the claimed units, the gate
// reads the store's suggestion beside it, and the refund is made at the store's figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture, parseFixture, type SandboxFixture } from '#local/sandbox/index.js';
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
import type { RunView } from '../support/local-runtime.js';

const SHIPPING = [{ title: 'Standard', priceMinor: 695 }];
const NAPKINS = { title: 'Linen napkins', sku: 'NAPKIN-LINEN', quantity: 1, unitPriceMinor: 2400 };
const NY_TAX = [{ title: 'NY State Tax', ratePercentage: 8.875 }];

type Order = SandboxFixture['orders'][number];
const order = (number: number, customer: number, extra: Partial<Order> & Pick<Order, 'lineItems'>): Order => ({
  number,
  customerId: String(7100 + customer),
  createdDaysAgo: 8,
  fulfilledDaysAgo: 5,
  shippingLines: SHIPPING,
  ...extra,
});

/** The demo store, with customers 7101… (helpdesk users 9101…) each owning one order that carries real money. */
function moneyFixture(): SandboxFixture {
  const demo = demoFixture();
  const people = Array.from({ length: 10 }, (_, i) => ({ id: String(7101 + i), email: `money${i + 1}@example.com`, name: `Money Customer ${i + 1}` }));
  return parseFixture({
    ...demo,
    customers: [...demo.customers, ...people.map((p, i) => ({ ...p, helpdeskUserId: String(9101 + i) }))],
    helpdesk: {
      users: [...demo.helpdesk.users, ...people.map((p, i) => ({ id: String(9101 + i), email: p.email, name: p.name }))],
      tickets: [...demo.helpdesk.tickets, ...people.map((_, i) => ({ id: String(8001 + i), requesterId: String(9101 + i), subject: 'About my order' }))],
    },
    orders: [
      ...demo.orders,
      order(3001, 1, {
        lineItems: [{ title: 'Stoneware mug', sku: 'MUG-STONE', quantity: 1, unitPriceMinor: 2000 }, NAPKINS],
        discounts: [{ type: 'percentage', code: 'WELCOME25', percentage: 25, appliesTo: { lines: [{ index: 0 }] } }],
        taxLines: NY_TAX,
      }),
      order(3002, 2, {
        lineItems: [{ title: 'Stoneware mug', sku: 'MUG-STONE', quantity: 1, unitPriceMinor: 2000 }, NAPKINS],
        discounts: [{ type: 'percentage', code: 'WELCOME25', percentage: 25, appliesTo: { lines: [{ index: 0 }] } }],
        taxLines: NY_TAX,
        taxesIncluded: true,
      }),
      order(3003, 3, {
        lineItems: [
          { title: 'Oak serving board', sku: 'BOARD-OAK', quantity: 1, unitPriceMinor: 4000 },
          { title: 'Walnut cheese board', sku: 'BOARD-WALNUT', quantity: 1, unitPriceMinor: 3000 },
          { title: 'Cherry bread board', sku: 'BOARD-CHERRY', quantity: 1, unitPriceMinor: 3000 },
        ],
        discounts: [{ type: 'fixed_amount', code: 'TENOFF', amountMinor: 1000 }],
      }),
      order(3004, 4, {
        lineItems: [{ title: 'Tumbler glass', sku: 'GLASS-TUMBLER', quantity: 4, unitPriceMinor: 1000 }, NAPKINS],
        discounts: [{ type: 'percentage', code: 'GLASS20', percentage: 20, appliesTo: { lines: [{ index: 0 }] } }],
        refunds: [{ daysAgo: 3, lineItems: [{ index: 0, quantity: 1 }] }],
      }),
      order(3005, 5, { lineItems: [{ title: 'Brass desk lamp', sku: 'LAMP-BRASS', quantity: 1, unitPriceMinor: 2100 }] }),
      order(3006, 6, {
        lineItems: [{ title: 'Wool throw blanket', sku: 'THROW-WOOL', quantity: 1, unitPriceMinor: 4800 }, NAPKINS],
        taxLines: [{ title: 'State Tax', ratePercentage: 8 }],
      }),
      order(3007, 7, {
        presentmentCurrency: 'EUR',
        lineItems: [
          {
            title: 'Stoneware mug',
            sku: 'MUG-STONE',
            quantity: 1,
            unitPriceMinor: 1800,
            presentmentUnitPriceMinor: 1660,
            dutyMinor: 300,
            presentmentDutyMinor: 280,
          },
          {
            title: 'Olive wood spoon',
            sku: 'SPOON-OLIVE',
            quantity: 1,
            unitPriceMinor: 1200,
            presentmentUnitPriceMinor: 1110,
            dutyMinor: 200,
            presentmentDutyMinor: 185,
          },
        ],
        shippingLines: [{ title: 'International', priceMinor: 695, presentmentPriceMinor: 640 }],
        fulfilledDaysAgo: 9,
        createdDaysAgo: 12,
      }),
      order(3008, 8, { lineItems: [{ title: 'Stoneware mug', sku: 'MUG-STONE', quantity: 1, unitPriceMinor: 1800 }, NAPKINS] }),
      order(3009, 9, { lineItems: [{ title: 'Wool throw blanket', sku: 'THROW-WOOL', quantity: 1, unitPriceMinor: 6200 }, NAPKINS] }),
      order(3010, 10, { lineItems: [{ title: 'Wool throw blanket', sku: 'THROW-WOOL', quantity: 1, unitPriceMinor: 6200 }, NAPKINS] }),
    ],
  });
}

/** The link in the approval email about this order (one email per approver and approval). */
async function approvalLinkFor(rt: LocalRuntime, orderNumber: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const email = (await capturedEmails(rt)).find((e) => (e.body.text ?? '').includes(`#${orderNumber}`));
    const link = email ? linksIn(email)[0] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no approval email about order ${orderNumber}`);
}

const ticket = async (rt: LocalRuntime, customer: number, text: string): Promise<RunView> => {
  const { json } = await postWebhook(rt, ticketCreated({ ticketId: String(8000 + customer), requesterId: String(9100 + customer), text }));
  return waitForRun(rt, json.runId as string, (run) => settled(run) || run.status === 'awaiting_approval');
};

describe('money as real orders carry it (discounts, tax, shipping, duties)', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ port: 0, fixture: moneyFixture(), tenant: 'demo', approverEmails: [APPROVER], zendeskSecret: SECRET, retryIntervalMs: 0 });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('refunds a $20 mug bought with 25% off and 8.875% tax on top automatically: $16.33, tax included', async () => {
    const run = await ticket(rt, 1, 'Hello, the stoneware mug from order 3001 arrived cracked. Could I get a refund for it please?');
    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1633 });
    expect(await storeRefunds(rt, '3001')).toEqual([expect.objectContaining({ amount: '16.33', currency: 'USD' })]);
    // The draft the team reads says what the customer paid for it, with the figures the check accepts.
    const [note] = await ticketNotes(rt, '8001');
    expect(note?.body).toContain('$16.33');
    expect(note?.body).toContain('$20.00');
    expect(note?.body).toContain('$1.33');
  });

  it('refunds the same mug in a store whose prices include tax: $15.00', async () => {
    const run = await ticket(rt, 2, 'Hi, the stoneware mug in order 3002 came broken. Please refund it.');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1500 });
    expect(await storeRefunds(rt, '3002')).toEqual([expect.objectContaining({ amount: '15.00' })]);
  });

  it("refunds the walnut board's share of a fixed $10 code across $40, $30 and $30 lines: $27.00", async () => {
    const run = await ticket(rt, 3, 'The walnut cheese board in order 3003 arrived with a big crack down the middle. Refund please.');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 2700 });
    expect(await storeRefunds(rt, '3003')).toEqual([expect.objectContaining({ amount: '27.00' })]);
  });

  it('refunds two more of four $10 glasses at 20% off, one refunded earlier: $16.00, once a lead approves (the line was partly refunded)', async () => {
    const run = await ticket(rt, 4, 'Two more of the tumbler glasses from order 3004 arrived broken. Could you refund those two?');
    expect(run.gate).toMatchObject({ decision: 'approval', rules: ['line_partly_refunded'], amountMinor: 1600 });
    const link = await approvalLinkFor(rt, '3004');
    await decide(link, 'approve', await formTokenOf(link));
    expect(await waitForRun(rt, run.runId, settled)).toMatchObject({ status: 'done', refund: { amountMinor: 1600 } });
    expect((await storeRefunds(rt, '3004')).map((r) => r.amount)).toEqual(['8.00', '16.00']);
  });

  it('refunds a $21 lamp whose parcel never arrived with its $6.95 shipping: $27.95', async () => {
    const run = await ticket(rt, 5, 'My order 3005, the brass desk lamp, never arrived. Tracking has not moved in a week. I would like a refund.');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 2795, shipping: { amountMinor: 695 } });
    expect((await ticketNotes(rt, '8005'))[0]?.body).toContain('$6.95');
    expect(await storeRefunds(rt, '3005')).toEqual([expect.objectContaining({ amount: '27.95' })]);
  });

  it('sends a $48 blanket with 8% tax on top to a lead at $51.84', async () => {
    const run = await ticket(rt, 6, 'The wool throw blanket in order 3006 has a large hole in it. I want a refund.');
    expect(run.status).toBe('awaiting_approval');
    expect(run.gate).toMatchObject({ decision: 'approval', rules: ['amount_over_auto_limit'], amountMinor: 5184 });
    expect(await storeRefunds(rt, '3006')).toEqual([]);
    // The lead reads what the customer paid, not the list price.
    const email = (await capturedEmails(rt)).find((e) => (e.body.text ?? '').includes('#3006'));
    expect(email?.body.text).toContain('paid $51.84 ($48.00 plus $3.84 tax)');
  });

  it('refunds a cross-border order that never arrived with its duties and shipping, in the euros the customer paid', async () => {
    const run = await ticket(rt, 7, 'Hello, my order 3007 never arrived: the stoneware mug and the olive wood spoon. Please refund me.');
    // $18 + $12 + $6.95 shipping + $3 + $2 duties; €16.60 + €11.10 + €6.40 + €2.80 + €1.85.
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 4195, presentment: { amountMinor: 3875, currency: 'EUR' }, duties: { amountMinor: 500 } });
    expect(run.refund).toMatchObject({ amountMinor: 4195, presentment: { amountMinor: 3875, currency: 'EUR' } });
  });

  it('sends the run to a person with both figures when the store computes more than a cent per line apart', async () => {
    await fetch(`${new URL(rt.urls.storeGraphql).origin}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skewSuggestedRefund: { minor: 5, orderNumber: '3008' } }),
    });
    const run = await ticket(rt, 8, 'The stoneware mug in order 3008 arrived cracked, please refund it.');
    expect(run.status).toBe('escalated');
    expect(run.gate).toMatchObject({ decision: 'refuse', rules: expect.arrayContaining(['store_amount_differs']) });
    expect(run.gate.reasons.join(' ')).toContain('the store computes $18.05 for these items and the policy $18.00');
    expect(await storeRefunds(rt, '3008')).toEqual([]);
  });

  describe('a run row edited after the gate is refused at dispatch, with nothing sent', () => {
    /** Edits the run's gate as someone with write access to the table could, then approves the request as it was emailed. */
    async function editThenApprove(run: RunView, gate: Record<string, unknown>): Promise<RunView> {
      expect(run.status).toBe('awaiting_approval');
      await rt.stores.runs.update(run.runId, { gate: { ...run.gate, ...gate } });
      const link = await approvalLinkFor(rt, run.order.orderNumber as string);
      await decide(link, 'approve', await formTokenOf(link));
      return waitForRun(rt, run.runId, settled);
    }

    it('an amount edited to $50.00 on a $62.00 line', async () => {
      const run = await ticket(rt, 9, 'The wool throw blanket in order 3009 arrived with a tear. Refund please.');
      const ended = await editThenApprove(run, { amountMinor: 5000 });
      expect(ended.status).toBe('escalated');
      expect(ended.journal).toContainEqual(expect.objectContaining({ name: 'refund_create', outcome: 'refused', rule: 'amount_not_recomputed' }));
      expect(await storeRefunds(rt, '3009')).toEqual([]);
    });

    it('a decision edited to "automatic" over the limit', async () => {
      const run = await ticket(rt, 10, 'The wool throw blanket in order 3010 arrived with a tear. Refund please.');
      const ended = await editThenApprove(run, { decision: 'auto', rules: ['auto_within_policy'] });
      expect(ended.status).toBe('escalated');
      expect(ended.journal).toContainEqual(expect.objectContaining({ name: 'refund_create', outcome: 'refused', rule: 'auto_over_limit_at_dispatch' }));
      expect(await storeRefunds(rt, '3010')).toEqual([]);
    });
  });
});
