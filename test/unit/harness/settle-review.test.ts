// Settling a pending review accepts only a refund the run can have made: on the order, made since the
// run dispatched its refund, of exactly the run's lines and the gate's amount. An older refund on the
// order (the issue's $8 refund from five days before a $16 run) is refused in a sentence a person can
// act on, never offered as a candidate, and leaves the idempotency record as it was.
import { describe, expect, it } from 'vitest';
import { ArgumentPolicyError } from '#harness/errors.js';
import { refundMismatch, findRecordedRefund } from '#harness/gateway/reconcile.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, makeOrder } from '../../support/fixtures.js';
import { setupHarness } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const MUG = 'gid://shopify/LineItem/10011';
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const refund = (id: string, createdAt: string, amountMinor: number, quantity = 1): Order['refunds'][number] => ({
  id: `gid://shopify/Refund/${id}`,
  createdAt,
  amount: { amountMinor, currency: 'USD' },
  lineItems: [{ lineItemId: MUG, quantity }],
});

/** A $16 mug refunded by the run 10 minutes ago with an unknown outcome; the order as the store now shows it. */
function pendingReview(refunds: Order['refunds']) {
  const ordered = makeOrder({ unitPriceMinor: 1600 });
  const run = gatedRun(ordered, {
    status: 'pending_review',
    state: 'Escalate',
    refundIntent: { at: new Date(NOW.getTime() - 10 * 60_000).toISOString(), amountMinor: 1600, currency: 'USD' },
  });
  const h = setupHarness({ orders: [{ ...ordered, refunds }] });
  return { h, run, ctx: refundCtx(run) };
}

describe('settling a pending review', () => {
  it('refuses a refund made before the run tried to refund, in a sentence, and changes nothing', async () => {
    const { h, run, ctx } = pendingReview([refund('8', hoursAgo(5 * 24), 800)]);

    const settling = h.harness.settleReview(ctx, run, { refundId: '8' }, 'ops@example.com');

    await expect(settling).rejects.toBeInstanceOf(ArgumentPolicyError);
    const error = (await settling.catch((e: unknown) => e)) as ArgumentPolicyError;
    expect(error.rule).toBe('review_refund_not_this_runs');
    expect(error.message).toMatch(
      /^Refund 8 was made on 2026-09-18 12:00 UTC, before this run tried to refund \(2026-09-23 11:50 UTC\), so it cannot be this run's refund\./,
    );
    expect(error.context).toMatchObject({ mismatch: 'before_dispatch', refundCreatedAt: hoursAgo(5 * 24) });
    const rows = await h.stores.journal.listByRun(run.runId);
    expect(rows.find((r) => r.name === 'review')).toMatchObject({ outcome: 'refused', rule: 'review_refund_not_this_runs', actor: 'ops@example.com' });
    const key = (await h.harness.previewRefund(ctx, run)).idempotencyKey;
    expect(await h.stores.idempotency.get(key)).toBeNull();
  });

  it('refuses a refund made since the dispatch for another amount or other lines', async () => {
    const { h, run, ctx } = pendingReview([refund('20', hoursAgo(0.1), 800), refund('21', hoursAgo(0.1), 1600, 2)]);

    await expect(h.harness.settleReview(ctx, run, { refundId: '20' }, 'ops@example.com')).rejects.toThrow(
      /Refund 20 is for \$8\.00, but this run's refund was for \$16\.00, so it cannot be this run's refund/,
    );
    await expect(h.harness.settleReview(ctx, run, { refundId: 'gid://shopify/Refund/21' }, 'ops@example.com')).rejects.toThrow(
      /Refund 21 is for 2 × Stoneware mug, but this run refunded 1 × Stoneware mug/,
    );
  });

  it('settles the refund made since the dispatch with exactly the run’s lines and amount', async () => {
    const { h, run, ctx } = pendingReview([refund('8', hoursAgo(5 * 24), 800), refund('16', hoursAgo(0.1), 1600)]);

    const outcome = await h.harness.settleReview(ctx, run, { refundId: '16' }, 'ops@example.com');

    expect(outcome).toMatchObject({ kind: 'refund_found', receipt: { refundId: 'gid://shopify/Refund/16', amountMinor: 1600 } });
    const key = (await h.harness.previewRefund(ctx, run)).idempotencyKey;
    expect(await h.stores.idempotency.get(key)).toMatchObject({ status: 'succeeded', result: { refundId: 'gid://shopify/Refund/16' } });
  });

  it('refuses an id that is not on the order, saying what to do instead', async () => {
    const { h, run, ctx } = pendingReview([]);
    await expect(h.harness.settleReview(ctx, run, { refundId: '999' }, 'ops@example.com')).rejects.toThrow(
      'Refund 999 is not on order #1001. Choose one of the refunds listed, or say that no refund was made.',
    );
  });

  it('lists as candidates only refunds since the dispatch, with titles, and counts the older ones', async () => {
    const { h, run, ctx } = pendingReview([refund('8', hoursAgo(5 * 24), 800), refund('16', hoursAgo(0.1), 1600), refund('20', hoursAgo(0.1), 800)]);

    const listed = await h.harness.reviewCandidates(ctx, run);

    expect(listed.olderCount).toBe(1);
    expect(listed.refunds.map((r) => [r.refundId, r.mismatch])).toEqual([
      ['gid://shopify/Refund/16', null],
      ['gid://shopify/Refund/20', 'other_amount'],
    ]);
    expect(listed.refunds[0]!.lineItems).toEqual([{ lineItemId: MUG, quantity: 1, title: 'Stoneware mug' }]);
    expect(listed.expected).toMatchObject({ amountMinor: 1600, currency: 'USD' });
    // Listing is a read: no review row.
    expect((await h.stores.journal.listByRun(run.runId)).some((r) => r.name === 'review')).toBe(false);
  });
});

describe('which refund can be the run’s (reconciliation keeps its rule)', () => {
  const args = {
    orderId: 'gid://shopify/Order/1001',
    lineItems: [{ lineItemId: MUG, quantity: 1 }],
    amount: { amountMinor: 1600, currency: 'USD' },
    parentTransactionId: 't',
    gateway: 'bogus',
    note: '',
    idempotencyKey: 'ra1_0123456789',
  };
  const since = hoursAgo(1);

  it('tells a refund before the dispatch, another amount and other lines apart; allows five minutes of clock skew', () => {
    expect(refundMismatch(refund('1', hoursAgo(2), 1600), args, since)).toBe('before_dispatch');
    expect(refundMismatch(refund('2', hoursAgo(1.05), 1600), args, since)).toBeNull();
    expect(refundMismatch(refund('3', hoursAgo(0.5), 1500), args, since)).toBe('other_amount');
    expect(refundMismatch(refund('4', hoursAgo(0.5), 1600, 2), args, since)).toBe('other_lines');
  });

  it('reconciles only when exactly one refund matches', () => {
    const one = makeOrder({ refunds: [refund('1', hoursAgo(2), 1600), refund('2', hoursAgo(0.5), 1600)] });
    expect(findRecordedRefund(one, args, since)?.id).toBe('gid://shopify/Refund/2');
    const two = makeOrder({ refunds: [refund('2', hoursAgo(0.5), 1600), refund('3', hoursAgo(0.4), 1600)] });
    expect(findRecordedRefund(two, args, since)).toBeNull();
  });
});
