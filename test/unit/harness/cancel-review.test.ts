// A cancel whose outcome nobody could tell (its job never answered) is settled by a person like a
// refund's pending review, against the order the harness re-reads: the refund the cancel made is the
// run's only when the order reads cancelled and the refund came since the dispatch, for every line
// still refundable and the gate's amount; "no refund was made" frees the cancel's record.
import { describe, expect, it } from 'vitest';
import { cancelKey } from '#harness/gateway/cancel.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder } from '../../support/fixtures.js';
import { setupHarness } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const CANDLE = 'gid://shopify/LineItem/10041';
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const cancelRefund = (id: string, createdAt: string): Order['refunds'][number] => ({
  id: `gid://shopify/Refund/${id}`,
  createdAt,
  amount: { amountMinor: 2400, currency: 'USD' },
  lineItems: [{ lineItemId: CANDLE, quantity: 2 }],
});

/** Order 1004, two $12 candles, nothing shipped; the run's cancel was sent 10 minutes ago and its outcome is unknown. */
async function pendingCancel(now: Partial<Order>) {
  const ordered = makeOrder({ number: '1004', unitPriceMinor: 1200, quantity: 2, title: 'Beeswax candle', fulfillments: [] });
  const base = gatedRun(ordered, { status: 'pending_review', state: 'Escalate' });
  const run = {
    ...base,
    gate: { ...base.gate!, decision: 'approval' as const, remedy: 'cancel' as const, rules: ['cancel_needs_approval'], amountMinor: 2400 },
    refundIntent: { at: minutesAgo(10), amountMinor: 2400, currency: 'USD' },
  };
  const h = setupHarness({ orders: [{ ...ordered, ...now }] });
  const key = cancelKey({ tenant: run.tenant, runId: run.runId, orderId: ordered.id });
  await h.stores.idempotency.begin({ key, runId: run.runId, argsHash: 'sent', createdAt: minutesAgo(10) });
  await h.stores.idempotency.markUnknown(key, "the store's cancel job had not finished");
  return { h, run, ctx: refundCtx(run), key };
}

describe('settling a cancel whose outcome was unknown', () => {
  it('takes the refund the cancel made once the order reads cancelled, and records when it was cancelled', async () => {
    const { h, run, ctx, key } = await pendingCancel({ cancelledAt: minutesAgo(8), refunds: [cancelRefund('40', minutesAgo(8))] });

    const listed = await h.harness.reviewCandidates(ctx, run);
    expect(listed.refunds.map((r) => [r.refundId, r.mismatch])).toEqual([['gid://shopify/Refund/40', null]]);
    const outcome = await h.harness.settleReview(ctx, run, { refundId: '40' }, 'ops@example.com');

    expect(outcome).toMatchObject({ kind: 'refund_found', receipt: { refundId: 'gid://shopify/Refund/40', amountMinor: 2400, cancelledAt: minutesAgo(8) } });
    expect(await h.stores.idempotency.get(key)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a refund on an order that does not read cancelled', async () => {
    const { h, run, ctx, key } = await pendingCancel({ refunds: [cancelRefund('41', minutesAgo(5))] });

    await expect(h.harness.settleReview(ctx, run, { refundId: '41' }, 'ops@example.com')).rejects.toThrow(/Order #1004 is not cancelled in the store/);
    expect(await h.stores.idempotency.get(key)).toMatchObject({ status: 'unknown' });
  });

  it('frees the cancel’s record when a person finds no refund and the order is not cancelled', async () => {
    const { h, run, ctx, key } = await pendingCancel({});

    expect(await h.harness.settleReview(ctx, run, { notFound: true }, 'ops@example.com')).toEqual({ kind: 'no_refund', idempotencyKey: key });
    expect(await h.stores.idempotency.get(key)).toBeNull();
  });
});
