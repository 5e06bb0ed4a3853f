// The refund limit at dispatch: an automatic refund re-counts the customer's refunds (get_refund_history,
// the gate's calendar-day rule) under the customer's refund lock, so concurrent runs cannot pass
// "fewer than 2 in 90 days". The lock is a lease: a Lambda that dies holding it blocks the customer
// only until it expires (injected clock); while it lasts the refund fails closed and is retried.
import { describe, expect, it } from 'vitest';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { Run } from '#functions/shared/domain/run.js';
import { ArgumentPolicyError, TemporarilyUnavailableError } from '#harness/errors.js';
import { customerLockName } from '#harness/gateway/customer-lock.js';
import { createOfflineModelProvider } from '#harness/adapters/models/index.js';
import { DEFAULT_POLICY, createPolicy, decideGate } from '#harness/policy/index.js';
import type { Policy } from '#harness/policy/document.js';
import { createHarness } from '#harness/harness.js';
import type { ApprovalRecord } from '#harness/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, countingIds, createFakeTransport, daysAgo, fixedClock, makeOrder, makeProposal, makeRun, makeTriage } from '../../support/fixtures.js';

const CUSTOMER = 'gid://shopify/Customer/1';

function setup(options: { orders?: Order[]; policy?: Policy } = {}) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock, ids: countingIds() });
  const transport = createFakeTransport(options.orders ?? [makeOrder()]);
  const waits: number[] = [];
  const harness = createHarness({
    tools: transport,
    journal: stores.journal,
    idempotency: stores.idempotency,
    models: createOfflineModelProvider(),
    clock,
    ids: countingIds('h'),
    budget: stores.budget,
    locks: stores.locks,
    customerLock: { attempts: 3, waitMs: 200 },
    timeoutsMs: { get_order: 30, get_refund_history: 30, preview_refund: 30, refund_create: 30 },
    policy: options.policy,
    sleep: async (ms) => void waits.push(ms),
  });
  return { clock, stores, transport, harness, waits };
}

function gatedRun(order: Order = makeOrder(), overrides: Partial<Run> = {}, policy: Policy = DEFAULT_POLICY): Run {
  const facts = toOrderFacts(order, 0);
  const proposal = makeProposal(facts);
  const triage = makeTriage({ orderNumber: order.number });
  const text = `The mug in order #${order.number} arrived cracked.`;
  const ticket = { ...makeRun().ticket, body: text, requesterEmail: 'ana@example.com' };
  const gate = decideGate({
    ticketEmail: 'ana@example.com',
    customerText: [ticket.subject, text],
    ticketReceivedAt: ticket.receivedAt,
    triage,
    order: facts,
    proposal,
    policy,
    now: NOW,
  });
  return makeRun({ runId: `run-${order.number}`, ticket, triage, order: facts, proposal, gate, state: 'Refund', ...overrides });
}

const ctx = (run: Run) => ({
  tenant: run.tenant,
  runId: run.runId,
  step: 'Refund' as const,
  boundOrderId: run.order!.orderId,
  boundCustomerId: run.order!.customerId,
});

/** get_refund_history as the store answers it: these refunds of the customer, `ageDays` old each. */
function history(...ageDays: number[]) {
  return {
    ok: true as const,
    output: {
      customerId: CUSTOMER,
      refunds: ageDays.map((age, i) => ({
        id: `gid://shopify/Refund/${900 + i}`,
        orderId: 'gid://shopify/Order/900',
        orderNumber: '900',
        createdAt: daysAgo(age),
        amount: { amountMinor: 1000, currency: 'USD' },
        lineItems: [],
      })),
      ordersSeen: 3,
      truncated: false,
    },
  };
}

describe('the refund limit, counted again at dispatch', () => {
  it('refuses an automatic refund when the customer reached the limit since the gate (a concurrent run refunded)', async () => {
    const { harness, transport, stores } = setup();
    const run = gatedRun();
    expect(run.gate?.decision).toBe('auto'); // the gate read 0 refunds
    transport.script('get_refund_history', history(0, 12)); // two refunds now, one of them made today

    const error = await harness.refund(ctx(run), { run, approval: null }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('too_many_recent_refunds_at_dispatch');
    expect(transport.calls.map((c) => c.name)).toEqual(['get_order', 'get_refund_history']);
    const rows = await stores.journal.listByRun(run.runId);
    expect(rows.at(-1)).toMatchObject({
      kind: 'decision',
      name: 'refund_create',
      outcome: 'refused',
      decision: 'refuse',
      rule: 'too_many_recent_refunds_at_dispatch',
    });
    // The lock was released: the next refund of this customer is not kept waiting.
    expect(await stores.locks.acquire({ name: customerLockName('demo', CUSTOMER), owner: 'run-next', ttlMs: 1 })).toBe(true);
  });

  it("counts with the gate's calendar-day rule: a refund 90 days ago counts, 91 days ago does not", async () => {
    const counted = setup();
    counted.transport.script('get_refund_history', history(90, 3));
    const notCounted = setup();
    notCounted.transport.script('get_refund_history', history(91, 3));
    const run = gatedRun();

    await expect(counted.harness.refund(ctx(run), { run, approval: null })).rejects.toMatchObject({ rule: 'too_many_recent_refunds_at_dispatch' });
    await expect(notCounted.harness.refund(ctx(run), { run, approval: null })).resolves.toMatchObject({ amountMinor: 1800 });
  });

  it("counts calendar days in the policy's time zone", async () => {
    // The ticket arrived 2026-09-23T12:00Z: that is 09-23 in UTC and 09-24 in Pacific/Kiritimati (UTC+14).
    // A refund at 2026-06-25T05:00Z is 90 days back in UTC (counted) and 91 there (not counted).
    const refunds = [
      {
        id: 'gid://shopify/Refund/901',
        orderId: 'gid://shopify/Order/900',
        orderNumber: '900',
        createdAt: '2026-06-25T05:00:00Z',
        amount: { amountMinor: 1000, currency: 'USD' },
        lineItems: [],
      },
      history(2).output.refunds[0]!,
    ];
    const answer = { ok: true as const, output: { customerId: CUSTOMER, refunds, ordersSeen: 2, truncated: false } };
    const kiritimati = createPolicy({ timeZone: 'Pacific/Kiritimati' });
    const utc = setup();
    utc.transport.script('get_refund_history', answer);
    const zoned = setup({ policy: kiritimati });
    zoned.transport.script('get_refund_history', answer);

    const inUtc = gatedRun();
    const inZone = gatedRun(makeOrder(), {}, kiritimati);
    await expect(utc.harness.refund(ctx(inUtc), { run: inUtc, approval: null })).rejects.toMatchObject({ rule: 'too_many_recent_refunds_at_dispatch' });
    await expect(zoned.harness.refund(ctx(inZone), { run: inZone, approval: null })).resolves.toMatchObject({ amountMinor: 1800 });
  });

  it('refuses an automatic refund when the history was cut short and cannot be counted', async () => {
    const { harness, transport } = setup();
    const run = gatedRun();
    transport.script('get_refund_history', { ok: true, output: { ...history(40).output, truncated: true } });

    await expect(harness.refund(ctx(run), { run, approval: null })).rejects.toMatchObject({
      name: 'ArgumentPolicyError',
      rule: 'too_many_recent_refunds_at_dispatch',
    });
    expect(transport.calls.some((c) => c.name === 'refund_create')).toBe(false);
  });

  it('does not re-count an approved refund (a person decided on the evidence), but still serialises it', async () => {
    const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
    const { harness, transport, stores } = setup({ orders: [blanket] });
    const run = gatedRun(blanket);
    expect(run.gate?.decision).toBe('approval');
    const { argsHash, amountMinor, currency } = await harness.previewRefund(ctx(run), run);
    const approval: ApprovalRecord = {
      approvalId: 'apr-1',
      status: 'approved',
      argsHash,
      amountMinor,
      currency,
      requestedAt: NOW.toISOString(),
      expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
      decidedBy: 'lead@example.com',
      decidedAt: NOW.toISOString(),
      reason: null,
      runId: run.runId,
      tenant: run.tenant,
      taskToken: 't',
      formToken: 'f',
      tool: 'refund_create',
      policyVersion: DEFAULT_POLICY.version,
    };
    // Another run of the customer holds the lock: the approved refund waits for it too.
    await stores.locks.acquire({ name: customerLockName('demo', CUSTOMER), owner: 'run-other', ttlMs: 120_000 });

    await expect(harness.refund(ctx(run), { run, approval, spendApproval: async () => true })).rejects.toMatchObject({ name: 'TemporarilyUnavailableError' });
    await stores.locks.release({ name: customerLockName('demo', CUSTOMER), owner: 'run-other' });
    await expect(harness.refund(ctx(run), { run, approval, spendApproval: async () => true })).resolves.toMatchObject({ amountMinor: 6200 });
    expect(transport.calls.filter((c) => c.name === 'get_refund_history')).toEqual([]);
  });
});

describe('the customer refund lock', () => {
  it('a lock a dead Lambda left: the refund waits a bounded number of times, fails closed, and goes through once the lease expired', async () => {
    const { harness, transport, stores, clock, waits } = setup();
    const run = gatedRun();
    const name = customerLockName('demo', CUSTOMER);
    expect(name).toBe('CUSTOMER#demo#gid://shopify/Customer/1');
    await stores.locks.acquire({ name, owner: 'run-that-died', ttlMs: 120_000 });

    const busy = await harness.refund(ctx(run), { run, approval: null }).catch((e: unknown) => e);

    expect(busy).toBeInstanceOf(TemporarilyUnavailableError);
    expect((busy as TemporarilyUnavailableError).context.rule).toBe('customer_refund_lock_busy');
    expect(waits).toEqual([200, 200]); // three tries, two waits
    expect(transport.calls.some((c) => c.name === 'refund_create' || c.name === 'get_refund_history')).toBe(false);
    expect((await stores.journal.listByRun(run.runId)).at(-1)).toMatchObject({ outcome: 'refused', rule: 'customer_refund_lock_busy' });

    clock.advance(120_001);
    await expect(harness.refund(ctx(run), { run, approval: null })).resolves.toMatchObject({ amountMinor: 1800 });
    // Released after the dispatch: free for the next run of the customer.
    expect(await stores.locks.acquire({ name, owner: 'run-next', ttlMs: 1 })).toBe(true);
  });

  it('keeps the lock to its expiry when the outcome is unknown, so no count runs before the store can show the refund', async () => {
    const { harness, transport, stores, clock } = setup();
    const run = gatedRun();
    transport.script('refund_create', 'hang', 'hang');

    await expect(harness.refund(ctx(run), { run, approval: null })).rejects.toMatchObject({ name: 'TemporarilyUnavailableError' });

    const name = customerLockName('demo', CUSTOMER);
    expect(await stores.locks.acquire({ name, owner: 'run-other', ttlMs: 1 })).toBe(false);
    // The same run's retry is not kept out by its own lease.
    await expect(harness.refund(ctx(run), { run, approval: null })).resolves.toMatchObject({ amountMinor: 1800 });
    clock.advance(120_001);
    expect(await stores.locks.acquire({ name, owner: 'run-other', ttlMs: 1 })).toBe(true);
  });
});
