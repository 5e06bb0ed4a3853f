// A person's settlement of a pending review is refused when it would contradict what is already known:
// the run is not waiting for a review, its refund is already recorded (as another refund, or as
// made), the order shows the run's refund while the person says there is none, or another
// settlement landed first. A refusal changes neither the idempotency record nor the customer's lock,
// and is journaled as one 'review' row with the person as its actor; a store that fails refuses
// retryably (npm run mutate removed each of these and every other unit test still passed).
import { describe, expect, it } from 'vitest';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { ArgumentPolicyError, TemporarilyUnavailableError } from '#harness/errors.js';
import type { IdempotencyStore } from '#harness/ports.js';
import type { Order } from '#shared/contracts/tools.js';
import { NOW, fixedClock, makeOrder } from '../../support/fixtures.js';
import { setupHarness } from '../../support/harness.js';
import { gatedRun, refundCtx } from './refund-runs.js';

const MUG = 'gid://shopify/LineItem/10011';
const PERSON = 'ops@example.com';
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
/** A refund of the run's exact line and amount ($16, one mug), made `createdAt`. */
const mugRefund = (id: string, createdAt: string): Order['refunds'][number] => ({
  id: `gid://shopify/Refund/${id}`,
  createdAt,
  amount: { amountMinor: 1600, currency: 'USD' },
  lineItems: [{ lineItemId: MUG, quantity: 1 }],
});

/**
 * A $16 mug refund dispatched 10 minutes ago whose outcome nobody could tell: its idempotency record
 * begun then and marked unknown; the order as the store now shows it. `idempotency` wraps the store
 * the harness uses (the test still reads the real one).
 */
async function pendingReview(refunds: Order['refunds'], options: { idempotency?: (inner: IdempotencyStore) => IdempotencyStore } = {}) {
  const ordered = makeOrder({ unitPriceMinor: 1600 });
  const run = gatedRun(ordered, {
    status: 'pending_review',
    state: 'Escalate',
    refundIntent: { at: minutesAgo(10), amountMinor: 1600, currency: 'USD' },
  });
  const stores = createInMemoryStores({ clock: fixedClock() });
  const h = setupHarness({
    orders: [{ ...ordered, refunds }],
    journal: stores.journal,
    idempotency: options.idempotency?.(stores.idempotency) ?? stores.idempotency,
  });
  const key = (await h.harness.previewRefund(refundCtx(run), run)).idempotencyKey;
  await stores.idempotency.begin({ key, runId: run.runId, argsHash: 'sent', createdAt: minutesAgo(10) });
  await stores.idempotency.markUnknown(key, 'refund_create timed out');
  const reviewRows = async () => (await stores.journal.listByRun(run.runId)).filter((r) => r.name === 'review');
  return { h, stores, run, ctx: refundCtx(run), key, reviewRows };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => 'allowed' as const).catch((e: unknown) => e);
const refusedRow = (rule: string) => expect.objectContaining({ kind: 'decision', outcome: 'refused', decision: 'refuse', rule, actor: PERSON });

describe('a settlement that contradicts what is already recorded', () => {
  it('refuses a second settlement naming another refund once the run’s refund is recorded, keeping the first', async () => {
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([mugRefund('16', minutesAgo(8)), mugRefund('17', minutesAgo(7))]);
    await h.harness.settleReview(ctx, run, { refundId: '16' }, PERSON);

    const error = await refusal(h.harness.settleReview(ctx, run, { refundId: '17' }, PERSON));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_already_settled');
    expect((error as Error).message).toBe('This run already has another refund recorded as its own, so nothing was changed. Open the run to see it.');
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'succeeded', result: { refundId: 'gid://shopify/Refund/16' } });
    expect((await reviewRows()).map((r) => r.rule)).toEqual(['review_refund_found', 'review_already_settled']);
    expect((await reviewRows()).at(-1)).toEqual(refusedRow('review_already_settled'));
  });

  it('refuses “no refund was made” once the run’s refund is recorded as made, and keeps the record', async () => {
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([mugRefund('16', minutesAgo(8))]);
    await h.harness.settleReview(ctx, run, { refundId: '16' }, PERSON);

    const error = await refusal(h.harness.settleReview(ctx, run, { notFound: true }, PERSON));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_already_settled');
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'succeeded', result: { refundId: 'gid://shopify/Refund/16' } });
    expect((await reviewRows()).at(-1)).toEqual(refusedRow('review_already_settled'));
  });

  it('refuses “no refund was made” when the order shows the run’s refund since the dispatch, and keeps the record', async () => {
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([mugRefund('16', minutesAgo(8))]);

    const error = await refusal(h.harness.settleReview(ctx, run, { notFound: true }, PERSON));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_refund_on_order');
    expect((error as Error).message).toMatch(/^Order #1001 shows refund 16, made since this run tried to refund, with exactly its items and amount/);
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'unknown' });
    expect(await reviewRows()).toEqual([refusedRow('review_refund_on_order')]);
  });

  it('refuses “no refund was made” when another settlement recorded the refund while this one was checking the order', async () => {
    const other = { refundId: 'gid://shopify/Refund/16', orderId: 'gid://shopify/Order/1001', orderNumber: '1001', amountMinor: 1600, currency: 'USD' };
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([], {
      // The other person's settlement lands between this one's read of the record and its release.
      idempotency: (inner) => ({
        ...inner,
        release: async (k) => {
          await inner.complete(k, { ...other, createdAt: minutesAgo(8), idempotencyKey: k });
          return inner.release!(k);
        },
      }),
    });

    const error = await refusal(h.harness.settleReview(ctx, run, { notFound: true }, PERSON));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_already_settled');
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'succeeded', result: { refundId: 'gid://shopify/Refund/16' } });
    expect(await reviewRows()).toEqual([refusedRow('review_already_settled')]);
  });
});

describe('a run that is not waiting for a review', () => {
  it('refuses to settle it without reading the order, and journals the refusal with the person', async () => {
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([]);
    const done = { ...run, status: 'done' as const };

    const error = await refusal(h.harness.settleReview(ctx, done, { notFound: true }, PERSON));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_not_pending');
    expect((error as Error).message).toBe('Run run-1 is not waiting for a review (it is done).');
    expect(h.transport.calls).toEqual([]);
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'unknown' });
    expect(await reviewRows()).toEqual([refusedRow('review_not_pending')]);
  });

  it('lists no candidates for it, reading nothing', async () => {
    const { h, run, ctx } = await pendingReview([mugRefund('16', minutesAgo(8))]);

    const error = await refusal(h.harness.reviewCandidates(ctx, { ...run, status: 'running' }));

    expect(error).toBeInstanceOf(ArgumentPolicyError);
    expect((error as ArgumentPolicyError).rule).toBe('review_not_pending');
    expect(h.transport.calls).toEqual([]);
  });
});

describe('a store that fails while settling', () => {
  it('refuses retryably, as store_unavailable, reading and changing nothing', async () => {
    const down = new Error('ProvisionedThroughputExceededException');
    const { h, stores, run, ctx, key, reviewRows } = await pendingReview([mugRefund('16', minutesAgo(8))], {
      idempotency: (inner) => ({ ...inner, get: () => Promise.reject(down) }),
    });

    for (const settlement of [{ refundId: '16' }, { notFound: true as const }]) {
      const error = await refusal(h.harness.settleReview(ctx, run, settlement, PERSON));
      expect(error).toBeInstanceOf(TemporarilyUnavailableError);
      expect((error as TemporarilyUnavailableError).context.rule).toBe('store_unavailable');
      expect((error as TemporarilyUnavailableError).cause).toBe(down);
    }
    const listing = await refusal(h.harness.reviewCandidates(ctx, run));
    expect((listing as TemporarilyUnavailableError).context.rule).toBe('store_unavailable');
    expect(h.transport.calls).toEqual([]);
    expect(await stores.idempotency.get(key)).toMatchObject({ status: 'unknown' });
    expect(await reviewRows()).toEqual([]);
  });
});
