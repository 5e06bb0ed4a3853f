// Issue #25, shadow agreement counted per independent human decision: one person's refund in the
// store resolves one shadow run of its order (the earliest still open), not every run on it; runs on
// one order or from one customer in a window are one sample toward the minimum; and promotion names
// the distinct customers and orders behind its figure and refuses below their minimums. Over the
// real resolver, shadow API and in-memory stores.
import { describe, expect, it } from 'vitest';
import { createShadowResolver } from '#functions/shadow/step/resolve.js';
import { createShadowApiHandler } from '#functions/shadow/api/handler.js';
import { AgentModeConfig, DEFAULT_MIN_TICKETS } from '#functions/shared/domain/shadow.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { ProductMetricName, ProductMetrics } from '#harness/metrics.js';
import { makeFacts } from '../../support/fixtures.js';
import { httpEvent, NOW, proposedRun, setupSteps } from '../../support/steps.js';

const CLASS = 'damaged|0-50|en';
const DAY = 86_400_000;

/** A buyer of one $18 mug: the customer, the order number (its mug's line item is `<order>1`). */
type Buyer = { customer: string; order: number };
const ANA: Buyer = { customer: '1', order: 1001 };

function setup(mode: Parameters<typeof AgentModeConfig.parse>[0] = { default: 'shadow' }) {
  const s = setupSteps();
  const points: Array<{ name: ProductMetricName; value: number }> = [];
  const metrics: ProductMetrics = { count: (_t, name, value = 1) => void points.push({ name, value }), value: () => undefined };
  const resolver = createShadowResolver({ runs: s.stores.runs, shadow: s.stores.shadow, metrics, clock: s.clock });
  const handler = createShadowApiHandler({ tenant: 'demo', shadow: s.stores.shadow, agentMode: AgentModeConfig.parse(mode), clock: s.clock });
  let runs = 0;

  /** A ticket of the buyer's that stopped at its shadow proposal: refund the mug, $18. `daysLater` after NOW. */
  async function ticket(buyer: Buyer, daysLater = 0): Promise<Run> {
    runs += 1;
    const createdAt = new Date(NOW.getTime() + daysLater * DAY + runs * 1000).toISOString();
    const run = proposedRun({
      runId: `run-${runs}`,
      status: 'shadow',
      createdAt,
      order: makeFacts({
        orderId: `gid://shopify/Order/${buyer.order}`,
        orderNumber: String(buyer.order),
        customerId: `gid://shopify/Customer/${buyer.customer}`,
        customerEmail: `buyer${buyer.customer}@example.com`,
      }),
      shadow: {
        classKey: CLASS,
        decision: 'auto',
        amountMinor: 1800,
        currency: 'USD',
        lines: [{ lineItemId: `gid://shopify/LineItem/${buyer.order}1`, quantity: 1 }],
        proposedAt: createdAt,
      },
    });
    await s.stores.runs.create(run);
    return run;
  }

  let refunds = 0;
  /** A person refunds the mug in the store: Shopify's refunds/create comes back. */
  function staffRefund(buyer: Buyer, id = 900_000 + ++refunds) {
    const body = {
      id,
      order_id: buyer.order,
      note: 'refunded by Sam',
      refund_line_items: [{ id: 1, line_item_id: Number(`${buyer.order}1`), quantity: 1 }],
      transactions: [{ id: 2, kind: 'refund', status: 'success', amount: '18.00', currency: 'USD' }],
    };
    return resolver.refundsCreate('demo', Buffer.from(JSON.stringify(body)));
  }

  const resolution = async (run: Run) => (await s.stores.runs.get(run.runId))?.shadow?.resolution;
  const figures = async () => s.stores.shadow.getClass('demo', CLASS);
  const promote = async () => {
    const res = await handler(
      httpEvent({
        method: 'POST',
        path: `/api/shadow/${CLASS}/promote`,
        pathParameters: { classKey: CLASS },
        body: JSON.stringify({ by: 'lead@store.example' }),
      }),
    );
    return { status: res.statusCode, json: JSON.parse(res.body as string) as Record<string, unknown> };
  };
  const list = async () => JSON.parse((await handler(httpEvent({ method: 'GET', path: '/api/shadow' }))).body as string);
  return { ...s, resolver, points, ticket, staffRefund, resolution, figures, promote, list };
}

describe('one person, one decision', () => {
  it('counts three tickets from one customer about one order and one staff refund as one resolution, on the earliest run', async () => {
    const s = setup();
    const [first, second, third] = [await s.ticket(ANA), await s.ticket(ANA), await s.ticket(ANA)];

    const outcome = await s.staffRefund(ANA);

    expect(outcome).toEqual({ kind: 'recorded', runIds: [first!.runId] });
    expect(await s.resolution(first!)).toMatchObject({ by: 'store_refund', agrees: true });
    expect(await s.resolution(second!)).toBeUndefined();
    expect(await s.resolution(third!)).toBeUndefined();
    expect(await s.figures()).toMatchObject({ resolved: 1, agreed: 1, samples: 1, agreeingSamples: 1, customers: 1, orders: 1 });
    expect(s.points).toEqual([
      { name: 'ShadowResolved', value: 1 },
      { name: 'ShadowAgreed', value: 1 },
    ]);
  });

  it('answers a redelivered refund as a duplicate of its run, resolving no other; a later refund resolves the next open run', async () => {
    const s = setup();
    const [first, second] = [await s.ticket(ANA), await s.ticket(ANA)];
    await s.staffRefund(ANA, 900_001);

    expect(await s.staffRefund(ANA, 900_001)).toEqual({ kind: 'duplicate', runIds: [first!.runId] });
    expect(await s.resolution(second!)).toBeUndefined();

    expect(await s.staffRefund(ANA, 900_002)).toEqual({ kind: 'recorded', runIds: [second!.runId] });
    // Two decisions by people, on one order: one sample.
    expect(await s.figures()).toMatchObject({ resolved: 2, samples: 1, customers: 1, orders: 1 });
  });

  it('resolves exactly one run when two copies of one refund arrive at once', async () => {
    const s = setup();
    const runs = [await s.ticket(ANA), await s.ticket(ANA), await s.ticket(ANA)];

    const outcomes = await Promise.all([s.staffRefund(ANA, 900_007), s.staffRefund(ANA, 900_007)]);

    expect(outcomes.map((o) => o.kind).sort()).toEqual(['duplicate', 'recorded']);
    const resolved = (await Promise.all(runs.map(s.resolution))).filter((r) => r !== undefined);
    expect(resolved).toHaveLength(1);
    expect(await s.figures()).toMatchObject({ resolved: 1, samples: 1 });
  });

  it('gives a refund to the earliest run with no answer yet, before superseding a ticket solved with no refund', async () => {
    const s = setup();
    const [solved, open] = [await s.ticket(ANA), await s.ticket(ANA)];
    await s.resolver.helpdeskSolved((await s.stores.runs.get(solved!.runId))!, 'evt-solved');

    expect(await s.staffRefund(ANA)).toEqual({ kind: 'recorded', runIds: [open!.runId] });
    expect(await s.resolution(solved!)).toMatchObject({ by: 'helpdesk_solved' });

    // With no run left open, the next refund supersedes the solved answer.
    expect(await s.staffRefund(ANA)).toEqual({ kind: 'recorded', runIds: [solved!.runId] });
    expect(await s.staffRefund(ANA)).toEqual({ kind: 'ignored', reason: 'the shadow runs of this order are already resolved' });
    expect(await s.figures()).toMatchObject({ resolved: 2, agreed: 2, samples: 1, agreeingSamples: 1 });
  });
});

describe(`promotion at the defaults (${DEFAULT_MIN_TICKETS} samples, 98%)`, () => {
  it(`cannot be reached by one customer sending ${DEFAULT_MIN_TICKETS} tickets about one order, every one refunded as proposed`, async () => {
    const s = setup();
    for (let i = 0; i < DEFAULT_MIN_TICKETS; i++) await s.ticket(ANA);
    for (let i = 0; i < DEFAULT_MIN_TICKETS; i++) expect(await s.staffRefund(ANA)).toMatchObject({ kind: 'recorded' });

    const res = await s.promote();

    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      resolved: DEFAULT_MIN_TICKETS,
      agreed: DEFAULT_MIN_TICKETS,
      samples: 1,
      customers: 1,
      orders: 1,
      eligible: false,
      mode: 'shadow',
      minTickets: DEFAULT_MIN_TICKETS,
      minCustomers: 25,
      minOrders: DEFAULT_MIN_TICKETS,
    });
    expect(res.json.error).toContain('1 distinct customer(s), at least 25 needed');
    expect(res.json.error).toContain('1 distinct order(s), at least 50 needed');
  });

  it(`cannot be reached by one customer with ${DEFAULT_MIN_TICKETS} orders writing over one week`, async () => {
    const s = setup();
    const orders = Array.from({ length: DEFAULT_MIN_TICKETS }, (_, i): Buyer => ({ customer: '1', order: 3001 + i }));
    for (const [i, buyer] of orders.entries()) await s.ticket(buyer, i % 7);
    for (const buyer of orders) await s.staffRefund(buyer);

    // Seven days span at most two fixed windows: at most two samples, whatever the number of tickets.
    const figures = await s.figures();
    expect(figures).toMatchObject({ resolved: DEFAULT_MIN_TICKETS, customers: 1, orders: DEFAULT_MIN_TICKETS });
    expect(figures!.samples).toBeGreaterThanOrEqual(1);
    expect(figures!.samples).toBeLessThanOrEqual(2);
    expect((await s.promote()).status).toBe(409);
  });

  it('promotes on 50 samples from 25 customers, each writing in two weeks, and keeps the customers and orders with the switch', async () => {
    const s = setup();
    for (let c = 0; c < 25; c++) {
      for (const week of [0, 1]) {
        const buyer = { customer: String(100 + c), order: 4000 + c * 2 + week };
        await s.ticket(buyer, week * 7);
        await s.staffRefund(buyer);
      }
    }

    const res = await s.promote();

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ promoted: true, samples: 50, agreeingSamples: 50, customers: 25, orders: 50 });
    expect((await s.list()).promotions).toEqual([
      expect.objectContaining({ samples: 50, customers: 25, orders: 50, minTickets: 50, minCustomers: 25, minOrders: 50, threshold: 0.98 }),
    ]);
  });
});

describe('promotion under a tenant that asks for more customers or orders', () => {
  it('refuses samples from too few customers, then promotes once another customer is behind the figure', async () => {
    const s = setup({ default: 'shadow', minTickets: 4 });
    // One customer's four orders, a week apart: four samples, one person.
    for (let week = 0; week < 4; week++) {
      await s.ticket({ customer: '1', order: 5001 + week }, week * 7);
      await s.staffRefund({ customer: '1', order: 5001 + week });
    }

    const refused = await s.promote();
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ samples: 4, customers: 1, orders: 4, minCustomers: 2, minOrders: 4 });
    expect(refused.json.error).toContain('1 distinct customer(s), at least 2 needed');

    await s.ticket({ customer: '2', order: 6001 });
    await s.staffRefund({ customer: '2', order: 6001 });
    expect(await s.promote()).toMatchObject({ status: 200, json: { samples: 5, customers: 2, orders: 5 } });
  });

  it('refuses fewer distinct orders than the tenant asks for, with the samples met', async () => {
    const s = setup({ default: 'shadow', minTickets: 2, minOrders: 3 });
    for (const buyer of [ANA, { customer: '2', order: 1002 }]) {
      await s.ticket(buyer);
      await s.staffRefund(buyer);
    }

    const res = await s.promote();

    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ samples: 2, orders: 2, minOrders: 3 });
    expect(res.json.error).toBe(`class ${CLASS} may not be switched to auto yet: 2 distinct order(s), at least 3 needed`);
  });
});
