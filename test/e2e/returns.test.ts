// Returns end to end through the local runtime (docs/policy.md "Returns and exchanges"), with returns
// enabled and a $5.00 return fee: a change of mind is a return opened in the store, the run waits for
// the parcel by the engine's timer (days pass by hand, not by sleeping), and the store's own webhook
// when the parcel is received starts the refund of what came back, less the fee, once. A lead's
// approval given on day 0 still authorises the refund on day 3; a parcel that never comes back is
// closed with nothing refunded; a redelivered returns/process webhook refunds nothing twice; a lead
// cancels a return from the console, and the store's return is cancelled with it.
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { parseFixture, type SandboxFixture } from '#local/sandbox/index.js';
import { returnsFixture } from '../support/returns-store.js';
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
import { consolePost } from '../support/console-forms.js';
import { DAY_MS, POLICY, RETURN_ADDRESS, SHOPIFY_SECRET, receive, storeReturnStatus, storeWebhook, waiting, world } from '../support/returns-e2e.js';

/** 5101: one linen shirt ($34.00) for Ben (9002); 5102: two linen shirts at $40.00 for Chloe (9003), who has refunds of her own; both shipped 5 days ago. */
function fixture(): SandboxFixture {
  const base = returnsFixture();
  const shirt = (quantity: number, unitPriceMinor: number) => ({
    title: 'Linen shirt',
    sku: 'SHIRT-M-BLUE',
    quantity,
    unitPriceMinor,
    productId: '8001',
    variantId: '8101',
  });
  const tickets = [
    { id: '6101', requesterId: '9002', subject: 'Return a shirt' },
    { id: '6102', requesterId: '9003', subject: 'Return two shirts' },
    { id: '6103', requesterId: '9002', subject: 'Return a shirt' },
  ];
  return parseFixture({
    ...base,
    helpdesk: { ...base.helpdesk, tickets: [...base.helpdesk.tickets, ...tickets] },
    orders: [
      ...base.orders,
      { number: 5101, customerId: '7002', createdDaysAgo: 8, lineItems: [shirt(1, 3400)], fulfilledDaysAgo: 5 },
      { number: 5102, customerId: '7003', createdDaysAgo: 8, lineItems: [shirt(2, 4000)], fulfilledDaysAgo: 5 },
    ],
  });
}

describe('returns, where the tenant enables them (a $5.00 fee)', () => {
  let rt: LocalRuntime | null = null;
  afterEach(async () => {
    await rt?.close();
    rt = null;
  });

  async function start(w: ReturnType<typeof world>): Promise<LocalRuntime> {
    rt = await startRuntime({
      fixture: fixture(),
      policy: POLICY,
      timer: w.timer,
      clock: w.clock,
      shopifyWebhookSecret: SHOPIFY_SECRET,
      returnAddress: RETURN_ADDRESS,
    });
    return rt;
  }

  it('opens a change-of-mind return of a $34 shirt at once, refunds $29 when the parcel arrives three days later, and nothing twice', async () => {
    const w = world();
    const runtime = await start(w);
    const text = "Hi, the linen shirt from order 5101 doesn't fit me. Can I send it back for a refund?";
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6101', requesterId: '9002', text }));
    const runId = json.runId as string;

    const opened = await waitForRun(runtime, runId, waiting);
    expect(opened.status).toBe('awaiting_return');
    expect(opened.gate).toMatchObject({ decision: 'auto', remedy: 'return', amountMinor: 2900, returnTerms: { feeMinor: 500, worthMinor: 3400 } });
    expect(opened.returnCase).toMatchObject({ name: '#5101-R1', status: 'open', decidedAmountMinor: 2900, feeMinor: 500, decidedBy: { kind: 'auto' } });
    expect(opened.returnWait).toBeUndefined(); // the wait's token never leaves the server
    expect(await storeRefunds(runtime, '5101')).toEqual([]);
    const instructions = (await ticketNotes(runtime, '6101')).at(-1)!.body;
    expect(instructions).toContain(RETURN_ADDRESS);
    expect(instructions).toContain('$29.00');
    // Thirty days from the return's opening, by the engine's timer (a second or so has passed since).
    const waits = w.pending.filter((p) => p.live).map((p) => p.ms);
    expect(waits).toHaveLength(1);
    expect(Math.abs(waits[0]! - 30 * DAY_MS)).toBeLessThan(60_000);

    w.passDays(3);
    await receive(runtime, '#5101-R1', [{ sku: 'SHIRT-M-BLUE', quantity: 1 }]);
    const done = await waitForRun(runtime, runId, (r) => settled(r) || r.status === 'pending_review');
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: 2900, currency: 'USD' });
    expect(done.returnCase).toMatchObject({ status: 'refunded' });
    expect(await storeRefunds(runtime, '5101')).toEqual([expect.objectContaining({ amount: '29.00' })]);
    expect(done.draft.check).toMatchObject({ passed: true });
    expect((await ticketNotes(runtime, '6101')).at(-1)!.body).toContain('$29.00');

    // Shopify delivers returns/process again: no run awaits the return any more, nothing moves.
    const again = await storeWebhook(runtime, 'returns/process', {
      id: Number(done.returnCase.returnId.split('/').at(-1)),
      admin_graphql_api_id: done.returnCase.returnId,
    });
    expect(again.status).toBeLessThan(300);
    expect(await storeRefunds(runtime, '5101')).toHaveLength(1);
    const processes = done.journal.filter((row) => row.name === 'process_return' && row.kind === 'tool');
    expect(processes.map((row) => row.outcome)).toEqual(['ok']);
  });

  it('honours on day 3 a lead’s approval given on day 0 for a return over the limit ($80 less the fee)', async () => {
    const w = world();
    const runtime = await start(w);
    const text = "Hello, I'd like to return the 2 linen shirts from order 5102, I changed my mind about them. Please refund me.";
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6102', requesterId: '9003', text }));
    const runId = json.runId as string;
    const asked = await waitForRun(runtime, runId, waiting);
    expect(asked.status).toBe('awaiting_approval');
    // Chloe also had two refunds in the last 90 days (the demo store's 981 and 992).
    expect(asked.gate).toMatchObject({ decision: 'approval', remedy: 'return', amountMinor: 7500 });
    expect(asked.gate.rules).toContain('amount_over_auto_limit');

    const email = (await waitForEmails(runtime, 1)).at(-1)!;
    expect(email.body.html).toContain('refunding $75.00 when the parcel arrives');
    const [link] = linksIn(email);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const opened = await waitForRun(runtime, runId, (r) => r.status === 'awaiting_return' || settled(r));
    expect(opened.returnCase).toMatchObject({ status: 'open', decidedAmountMinor: 7500, decidedBy: { kind: 'lead' } });

    w.passDays(3); // the approval's 24 hours are long past: the decision given still stands
    await receive(runtime, '#5102-R1', [{ sku: 'SHIRT-M-BLUE', quantity: 2 }]);
    const done = await waitForRun(runtime, runId, (r) => settled(r) || r.status === 'pending_review');
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: 7500 });
    expect(await storeRefunds(runtime, '5102')).toEqual([expect.objectContaining({ amount: '75.00' })]);
  });

  it('closes the same return when the parcel never comes back in the window, refunding nothing, with a draft for the team', async () => {
    const w = world();
    const runtime = await start(w);
    const text = "Hi, the linen shirt from order 5101 doesn't fit me. Can I send it back for a refund?";
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6103', requesterId: '9002', text }));
    const runId = json.runId as string;
    const opened = await waitForRun(runtime, runId, waiting);
    expect(opened.status).toBe('awaiting_return');

    w.passDays(30);
    const overdue = w.pending.filter((entry) => entry.live && entry.ms > 29 * DAY_MS);
    expect(overdue).toHaveLength(1);
    overdue[0]!.fire();
    const done = await waitForRun(runtime, runId, (r) => settled(r) || r.status === 'pending_review');
    expect(done.status).toBe('done');
    expect(done.refund).toBeNull();
    expect(done.returnCase).toMatchObject({ status: 'closed' });
    expect(await storeRefunds(runtime, '5101')).toEqual([]);
    const note = (await ticketNotes(runtime, '6103')).at(-1)!.body;
    expect(note).toContain('#5101-R1');
    expect(note).not.toMatch(/\$\d/);
  });

  it('cancels a return from the console: the store cancels it, nothing is refunded, and the run ends cancelled', async () => {
    const w = world();
    const runtime = await start(w);
    const text = "Hi, the linen shirt from order 5101 doesn't fit me. Can I send it back for a refund?";
    const { json } = await postWebhook(runtime, ticketCreated({ ticketId: '6103', requesterId: '9002', text }));
    const runId = json.runId as string;
    const opened = await waitForRun(runtime, runId, waiting);
    expect(opened.status).toBe('awaiting_return');
    expect(await storeReturnStatus(runtime, opened.returnCase.returnId)).toBe('OPEN');

    const queue = await (await fetch(`${runtime.baseUrl}/queues`)).text();
    expect(queue).toContain('Returns in flight (1)');
    expect(queue).toContain('#5101-R1');

    w.passDays(2);
    const page = `/runs/${encodeURIComponent(runId)}`;
    expect(await (await fetch(`${runtime.baseUrl}${page}`)).text()).toContain('Mark the parcel received');
    const location = await consolePost(runtime, `${page}/return`, { action: 'cancel', confirm: 'yes' }, page);
    expect(location).toBe(`${page}?notice=return-cancelled`);

    const ended = await waitForRun(runtime, runId, (r) => r.status === 'cancelled' || settled(r));
    expect(ended.status).toBe('cancelled');
    expect(ended.returnCase).toMatchObject({ status: 'cancelled' });
    expect(await storeReturnStatus(runtime, opened.returnCase.returnId)).toBe('CANCELED');
    expect(await storeRefunds(runtime, '5101')).toEqual([]);
    expect(ended.journal.filter((row) => row.name === 'cancel_return' && row.kind === 'tool').map((row) => row.outcome)).toEqual(['ok']);
    expect(ended.journal.some((row) => row.name === 'return_cancel' && row.actor === 'local-operator')).toBe(true);
    // The wait's timer is dropped with it: nothing fires on day 30.
    expect(w.pending.filter((p) => p.live && p.ms > 20 * DAY_MS)).toEqual([]);
  });
});
