// A resolution whose counting was lost is counted by its redelivery: the process dies after the
// resolution reached the run row and before its sample and class were written (a Lambda timeout),
// and the store's (or the helpdesk's) redelivery finds the run already resolved by that very source.
// It still answers as a duplicate, emits no metric again, and leaves the class's figures exactly as
// if nothing had failed: a lost disagreement must not make a class look better than it is.
import { describe, expect, it } from 'vitest';
import { refundsCreateBody } from '../../support/shadow.js';
import { createShadowResolver } from '#functions/shadow/step/resolve.js';
import type { ProductMetricName, ProductMetrics } from '#harness/metrics.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { createInMemoryShadowStore } from '#functions/shared/stores/memory/shadow.js';
import type { ShadowStore } from '#functions/shared/stores/ports.js';
import { fixedClock } from '../../support/fixtures.js';
import { NOW, proposedRun } from '../../support/steps.js';

const CLASS = 'damaged|0-50|en';
const MUG = 'gid://shopify/LineItem/10011';

const refundBody = (amount = '18.00') => refundsCreateBody({ amount, subtotal: amount });

/**
 * The in-memory stores with a shadow run, and a shadow store whose `dieOn`-th resolution reaches the
 * run row and is then lost with its process: its counts go to a store nobody reads.
 */
async function world(dieOn: number | null) {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const shadow = { classKey: CLASS, decision: 'auto' as const, amountMinor: 1800, currency: 'USD', lines: [{ lineItemId: MUG, quantity: 1 }] };
  await stores.runs.create(proposedRun({ runId: 'run-s1', status: 'shadow', state: 'Shadow', shadow: { ...shadow, proposedAt: NOW.toISOString() } }));
  const lost = createInMemoryShadowStore({ runs: stores.state.runs, now: () => clock.now().toISOString() });
  let calls = 0;
  const dying: ShadowStore = {
    ...stores.shadow,
    async recordResolution(input) {
      if (++calls !== dieOn) return stores.shadow.recordResolution(input);
      if (await lost.recordResolution(input)) throw new Error('Task timed out after 30.00 seconds');
      return false;
    },
  };
  const points: ProductMetricName[] = [];
  const metrics: ProductMetrics = { count: (_tenant, name) => void points.push(name), value: () => {} };
  const resolver = createShadowResolver({ runs: stores.runs, shadow: dying, metrics, clock });
  const run = async () => (await stores.runs.get('run-s1'))!;
  return {
    /** The store's refunds/create for refund 900001 of order 1001. */
    refund: (amount = '18.00') => resolver.refundsCreate('demo', refundBody(amount)),
    /** The helpdesk's ticket solved event `evt-solved` for the run. */
    solved: async () => resolver.helpdeskSolved(await run(), 'evt-solved'),
    run,
    figures: () => stores.shadow.getClass('demo', CLASS),
    points,
  };
}

const DIED = 'Task timed out';

describe('a resolution whose counting was lost with its process', () => {
  it('is counted by the store refund redelivered: a disagreement stays counted, once', async () => {
    const unfailing = await world(null);
    await unfailing.refund('9.00');
    const w = await world(1);

    await expect(w.refund('9.00')).rejects.toThrow(DIED);
    expect((await w.run()).shadow?.resolution).toMatchObject({ sourceId: 'refund:900001', agrees: false });
    expect(await w.refund('9.00')).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });
    expect(await w.refund('9.00')).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });

    expect(await w.figures()).toEqual(await unfailing.figures());
    expect(await w.figures()).toMatchObject({ resolved: 1, agreed: 0, samples: 1, agreeingSamples: 0, customers: 1, orders: 1 });
    expect(w.points).toEqual([]);
  });

  it('is counted by the helpdesk solved event redelivered, once', async () => {
    const unfailing = await world(null);
    await unfailing.solved();
    const w = await world(1);

    await expect(w.solved()).rejects.toThrow(DIED);
    expect(await w.solved()).toBe('unchanged');
    expect(await w.solved()).toBe('unchanged');

    expect(await w.figures()).toEqual(await unfailing.figures());
    expect(await w.figures()).toMatchObject({ resolved: 1, agreed: 0, samples: 1, agreeingSamples: 0 });
    expect(w.points).toEqual([]);
  });

  it('is counted for a store refund that superseded "solved with no refund": agreed moves once, resolved stays', async () => {
    const unfailing = await world(null);
    await unfailing.solved();
    await unfailing.refund();
    const w = await world(2);
    await w.solved();

    await expect(w.refund()).rejects.toThrow(DIED);
    expect(await w.refund()).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });
    expect(await w.refund()).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });
    expect(await w.solved()).toBe('unchanged');

    expect(await w.figures()).toEqual(await unfailing.figures());
    expect(await w.figures()).toMatchObject({ resolved: 1, agreed: 1, samples: 1, agreeingSamples: 1 });
    expect(w.points).toEqual(['ShadowResolved', 'ShadowAgreed']);
  });

  it('is counted when a store refund supersedes it before the helpdesk redelivers', async () => {
    const unfailing = await world(null);
    await unfailing.solved();
    await unfailing.refund();
    const w = await world(1);

    await expect(w.solved()).rejects.toThrow(DIED);
    expect(await w.refund()).toEqual({ kind: 'recorded', runIds: ['run-s1'] });
    expect(await w.solved()).toBe('unchanged');
    expect(await w.refund()).toEqual({ kind: 'duplicate', runIds: ['run-s1'] });

    expect(await w.figures()).toEqual(await unfailing.figures());
    expect(await w.figures()).toMatchObject({ resolved: 1, agreed: 1, samples: 1, agreeingSamples: 1 });
  });
});
