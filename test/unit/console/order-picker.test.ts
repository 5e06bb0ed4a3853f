// The order picker of an escalated ticket: the candidates read from the store (each order's date,
// items and what was paid), offered only where a re-run bound to them can succeed (the requester's
// own orders), the requester's orders when the ticket names none, and the same rule when the pick is
// posted and again in CheckOrder.
import { describe, expect, it } from 'vitest';
import { createOrderCandidates, orderPickSource, type OrderCandidates } from '#functions/console/app/order-candidates.js';
import { orderPickerForm, noPickNote } from '#functions/console/app/views/order-picker.js';
import { createRunActions } from '#functions/console/app/actions.js';
import { createCancelRun } from '#functions/run/cancel-run/use-case.js';
import { createStartRerun } from '#functions/intake/run-starter/rerun.js';
import { createCheckOrder } from '#functions/steps/check-order/use-case.js';
import { rerunIdFor } from '#functions/shared/domain/rerun.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { fixedClock, makeOrder, makeRun, makeTriage, recordingWorkflow, setupSteps } from '../../support/steps.js';

const BENS = { id: 'gid://shopify/Customer/2', email: 'ben@example.com' };
const lead = { id: 'lead@shop.example', roles: ['lead'] as const };

function escalated(body: string, numbers: string[], overrides: Partial<Run> = {}): Run {
  const run = makeRun({
    runId: 'run-pick',
    status: 'escalated',
    state: 'Escalate',
    triage: makeTriage({ orderNumber: null, orderNumbersMentioned: numbers, riskFlags: numbers.length > 1 ? ['multiple_order_numbers'] : [] }),
    escalation: { reason: 'a person picks the order', step: 'CheckOrder' },
    ...overrides,
  });
  return { ...run, ticket: { ...run.ticket, body } };
}

const twoOrders = () => escalated('Orders 992 and 1003: the plate arrived cracked.', ['992', '1003']);
const noOrder = () => escalated('The plate arrived cracked, please refund it.', []);

const ORDERS = [
  makeOrder({ number: '992', title: 'Glazed plate', unitPriceMinor: 2400, quantity: 2, createdAt: '2026-11-16T10:00:00.000Z' }),
  makeOrder({ number: '1003', title: 'Linen napkin', unitPriceMinor: 900, customer: BENS }),
  makeOrder({ number: '1005', title: 'Stoneware mug', createdAt: '2026-11-20T10:00:00.000Z' }),
];

const readerOver = () => {
  const steps = setupSteps({ orders: ORDERS });
  return { steps, read: createOrderCandidates(steps.deps.harness) };
};

const pickOf = (candidates: OrderCandidates) => ({
  candidates,
  orderLink: (o: { number: string }) => ({ label: `Order #${o.number} in the sandbox store`, url: `http://store.test/${o.number}` }),
});

describe('which escalations offer an order picker, and from which orders', () => {
  it('the orders the customer wrote when the ticket names several; the requester’s orders when it names none', () => {
    expect(orderPickSource(twoOrders())).toBe('written');
    expect(orderPickSource(noOrder())).toBe('requester');
  });

  it('none for a run bound to its order, one not escalated, or a ticket whose requester has no email', () => {
    expect(orderPickSource(makeRun({ status: 'escalated', triage: makeTriage(), escalation: { reason: 'not a refund', step: 'Triage' } }))).toBeNull();
    expect(orderPickSource({ ...noOrder(), status: 'done' })).toBeNull();
    const anonymous = noOrder();
    expect(orderPickSource({ ...anonymous, ticket: { ...anonymous.ticket, requesterEmail: null } })).toBeNull();
  });
});

describe('the candidates read from the store', () => {
  it("each written order with its date, items and what was paid; another customer's order is shown but not offered", async () => {
    const { read } = readerOver();
    const candidates = await read(twoOrders());
    expect(candidates.kind).toBe('read');
    if (candidates.kind !== 'read') return;
    const [plate, napkin] = candidates.orders;
    expect(plate).toMatchObject({ number: '992', createdAt: '2026-11-16T10:00:00.000Z', items: [{ title: 'Glazed plate', quantity: 2 }], refusal: null });
    expect(plate!.paid).toEqual({ amountMinor: 4800, currency: 'USD' });
    expect(napkin).toMatchObject({ number: '1003', refusal: expect.stringContaining('another customer') });
  });

  it('the requester’s own orders, newest first, when the ticket names none; an unknown number says so', async () => {
    const { read } = readerOver();
    const candidates = await read(noOrder());
    expect(candidates.kind === 'read' && candidates.orders.map((o) => o.number)).toEqual(['1005', '992']);
    const unknown = await read(escalated('Orders 992 and 4242 …', ['992', '4242']));
    expect(unknown.kind === 'read' && unknown.orders[1]).toMatchObject({ number: '4242', refusal: 'no order with this number in the store' });
  });

  it('says the store could not be read when it does not answer in time, and keeps the written numbers', async () => {
    const steps = setupSteps({ orders: ORDERS });
    steps.transport.script('get_order', 'hang', 'hang');
    const candidates = await createOrderCandidates(steps.deps.harness, 20)(twoOrders());
    expect(candidates).toEqual({ kind: 'unreadable', source: 'written', numbers: ['992', '1003'] });
  });
});

describe('the picker as a lead reads it', () => {
  it('shows each order’s date, items, total and link; a radio only for the orders that can be picked', async () => {
    const { read } = readerOver();
    const html = orderPickerForm(twoOrders(), pickOf(await read(twoOrders())), 'csrf', 'queues');
    expect(html).toContain('Order #992</strong><span class="facts">placed Nov 16, 2026 · Glazed plate × 2 · paid <span class="nw">$48.00</span></span>');
    expect(html).toContain('href="http://store.test/992"');
    expect(html).toMatch(/value="992"/);
    expect(html).not.toMatch(/value="1003"/);
    expect(html).toContain('Cannot be picked: placed by another customer');
  });

  it('names no order: the legend says so and lists the customer’s orders', async () => {
    const { read } = readerOver();
    const html = orderPickerForm(noOrder(), pickOf(await read(noOrder())), 'csrf', 'run');
    expect(html).toContain('The ticket names no order.');
    expect(html).toMatch(/value="1005"[\s\S]*value="992"/);
  });

  it('offers no form when no order can be picked, and says why', () => {
    const none = pickOf({ kind: 'read', source: 'requester', orders: [], more: false });
    expect(orderPickerForm(noOrder(), none, 'csrf', 'run')).toBe('');
    expect(noPickNote(none)).toContain('no orders');
  });
});

describe('a pick posted is checked against the store again, and CheckOrder checks it once more', () => {
  async function setup(run: Run) {
    const stores = createInMemoryStores({ clock: fixedClock() });
    const workflow = recordingWorkflow();
    const { read, steps } = readerOver();
    const actions = createRunActions({
      runs: stores.runs,
      journal: stores.journal,
      cancelRun: createCancelRun({ runs: stores.runs, approvals: stores.approvals, workflow: workflow.engine, clock: fixedClock() }),
      startRerun: createStartRerun({ runs: stores.runs, workflow: workflow.engine, clock: fixedClock() }),
      harness: steps.deps.harness,
      clock: fixedClock(),
      workflow: workflow.engine,
      orderCandidates: read,
    });
    await stores.runs.create(run);
    return { stores, workflow, actions };
  }

  it("refuses another customer's order the customer wrote, and starts nothing", async () => {
    const s = await setup(twoOrders());
    const outcome = await s.actions.rerun(lead, 'run-pick', '1003');
    expect(outcome).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('placed by another customer') });
    expect(s.workflow.starts).toEqual([]);
  });

  it('re-runs a ticket that names no order bound to one of the requester’s orders, and CheckOrder binds it', async () => {
    const s = await setup(noOrder());
    expect(await s.actions.rerun(lead, 'run-pick', '1005')).toMatchObject({ ok: true, notice: 'rerun-picked' });
    const fresh = (await s.stores.runs.get(rerunIdFor('run-pick', 1)))!;
    expect(fresh.orderChoice).toMatchObject({ orderNumber: '1005' });

    const steps = setupSteps({ orders: ORDERS });
    await steps.stores.runs.create({ ...fresh, triage: noOrder().triage, status: 'running', state: 'CheckOrder' });
    expect(await createCheckOrder(steps.deps)({ runId: fresh.runId })).toEqual({ outcome: 'continue' });
    expect((await steps.stores.runs.get(fresh.runId))?.order).toMatchObject({ orderNumber: '1005', binding: 'picked' });
  });

  it("CheckOrder escalates a stored pick on a ticket naming none that is not one of the requester's orders", async () => {
    const steps = setupSteps({ orders: ORDERS });
    const run = {
      ...noOrder(),
      runId: 'run-y',
      status: 'running' as const,
      state: 'CheckOrder',
      escalation: null,
      orderChoice: { orderNumber: '1003', by: lead.id, at: 'x' },
    };
    await steps.stores.runs.create(run);
    expect(await createCheckOrder(steps.deps)({ runId: 'run-y' })).toEqual({ outcome: 'escalate', reason: "order 1003 is not one of the requester's orders" });
  });
});
