// The ShadowStore contract (functions/shared/stores/ports.ts): a person's resolution is written once on its shadow
// run (a redelivery or a lost race counts nothing), a store refund supersedes "solved with no
// refund" (keeping what it replaced) and moves only the agreed figure, figures are kept per tenant
// and class, resolutions of one customer in one window or of one order are one independent sample
// (agreeing only when all of its resolutions agree) with the distinct customers and orders behind the
// samples, also under concurrent resolutions, redoing the counting of a resolution the run holds
// (the repair after a crash half-way) counts nothing twice, and a class is promoted once, only on the
// figures it was checked on and only if no resolution was counted since, with the switch kept oldest first.
import { describe, expect, it } from 'vitest';
import type { Run, ShadowResolution } from '#functions/shared/domain/run.js';
import type { ClassFigures, ShadowSample } from '#functions/shared/domain/shadow.js';
import type { ShadowPromotion } from '#functions/shared/stores/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { MUG, SHADOW_CLASS as CLASS, at, freshStores, shadowRun } from './fixtures.js';

const OTHER_CLASS = 'wrong_item|50-200|es';
const refund = (agrees: boolean, sourceId = 'refund:900'): ShadowResolution => ({
  by: 'store_refund',
  amountMinor: agrees ? 1800 : 1000,
  lines: [MUG],
  at: at(60),
  agrees,
  sourceId,
});
const solved: ShadowResolution = { by: 'helpdesk_solved', amountMinor: 0, lines: [], at: at(30), agrees: false, sourceId: 'helpdesk:e1' };
const WEEK = '2026-11-26';
/** By default each run is its own customer and order: one sample per resolution. */
const resolve = (
  runId: string,
  resolution: ShadowResolution,
  replacing: ShadowResolution | null = null,
  classKey = CLASS,
  sample: Partial<ShadowSample> = {},
) => ({
  tenant: 'demo',
  runId,
  classKey,
  resolution,
  replacing,
  sample: { customer: `customer-${runId}`, order: `order-${runId}`, window: WEEK, ...sample },
});
/** The figures of a class whose resolutions were each its own sample. */
const figures = (resolved: number, agreed: number) => ({ resolved, agreed, samples: resolved, agreeingSamples: agreed, customers: resolved, orders: resolved });
const figuresOf = ({ resolved, agreed, samples, agreeingSamples, customers, orders }: ClassFigures) => ({
  resolved,
  agreed,
  samples,
  agreeingSamples,
  customers,
  orders,
});
const promotion = (overrides: Partial<ShadowPromotion> = {}): ShadowPromotion => ({
  classKey: CLASS,
  at: at(600),
  by: 'lead@store.example',
  ...figures(1, 1),
  minTickets: 1,
  minCustomers: 1,
  minOrders: 1,
  threshold: 0.98,
  ...overrides,
});

async function withRuns(makeStores: MakeStores, ...runs: Run[]) {
  const stores = await freshStores(makeStores);
  for (const run of runs) await stores.runs.create(run);
  return stores;
}

export function describeShadowStoreContract(name: string, makeStores: MakeStores) {
  describe(`ShadowStore contract: ${name}`, () => {
    describeResolutions(makeStores);
    describeSamples(makeStores);
    describeRepairs(makeStores);
    describePromotions(makeStores);
  });
}

function describeResolutions(makeStores: MakeStores) {
  it('records a resolution on the run once and counts it once; a redelivery counts nothing', async () => {
    const { runs, shadow, clock } = await withRuns(makeStores, shadowRun('run-a'));
    clock.advance(90_000);

    expect(await shadow.recordResolution(resolve('run-a', refund(true)))).toBe(true);
    expect(await shadow.recordResolution(resolve('run-a', refund(true)))).toBe(false);

    expect(await runs.get('run-a')).toEqual(shadowRun('run-a', { shadow: { ...shadowRun('run-a').shadow!, resolution: refund(true) }, updatedAt: at(90) }));
    expect(await shadow.getClass('demo', CLASS)).toEqual({ classKey: CLASS, ...figures(1, 1), promotedAt: null, promotedBy: null });
  });

  it('lets one of two racing resolutions win', async () => {
    const { runs, shadow } = await withRuns(makeStores, shadowRun('run-r'));

    const results = await Promise.all([
      shadow.recordResolution(resolve('run-r', refund(true, 'refund:1'))),
      shadow.recordResolution(resolve('run-r', refund(false, 'refund:2'))),
    ]);

    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await runs.get('run-r'))?.shadow?.resolution?.sourceId).toBe(results[0] ? 'refund:1' : 'refund:2');
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 1, agreed: results[0] ? 1 : 0 });
  });

  it('writes nothing on a run without a shadow proposal, of another tenant, or unknown', async () => {
    const { runs, shadow } = await withRuns(makeStores, shadowRun('run-n', { shadow: undefined, status: 'done' }), shadowRun('run-o', { tenant: 'other' }));

    expect(await shadow.recordResolution(resolve('run-n', refund(true)))).toBe(false);
    expect(await shadow.recordResolution(resolve('run-o', refund(true)))).toBe(false);
    expect(await shadow.recordResolution(resolve('run-unknown', refund(true)))).toBe(false);

    expect(await runs.get('run-o')).toEqual(shadowRun('run-o', { tenant: 'other' }));
    expect(await runs.get('run-unknown')).toBeNull();
    expect(await shadow.getClass('demo', CLASS)).toBeNull();
    expect(await shadow.listClasses('demo')).toEqual([]);
    expect(await shadow.listClasses('other')).toEqual([]);
  });

  it('supersedes "solved with no refund" by a store refund: resolved stays, agreed moves by the difference', async () => {
    const { runs, shadow } = await withRuns(makeStores, shadowRun('run-s'));
    await shadow.recordResolution(resolve('run-s', solved));
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 1, agreed: 0 });

    expect(await shadow.recordResolution(resolve('run-s', refund(true), solved))).toBe(true);
    expect(await shadow.recordResolution(resolve('run-s', refund(false, 'refund:901'), solved))).toBe(false);

    expect((await runs.get('run-s'))?.shadow?.resolution).toEqual({
      ...refund(true),
      supersedes: { by: 'helpdesk_solved', sourceId: 'helpdesk:e1', agrees: false },
    });
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 1, agreed: 1 });
  });

  it('supersedes only the resolution that is there: none, or another, refuses', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-x'), shadowRun('run-y'));
    await shadow.recordResolution(resolve('run-y', refund(false, 'refund:7')));

    expect(await shadow.recordResolution(resolve('run-x', refund(true), solved))).toBe(false);
    expect(await shadow.recordResolution(resolve('run-y', refund(true), solved))).toBe(false);

    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 1, agreed: 0 });
  });

  it('keeps counters per class and per tenant, listed by class key', async () => {
    const { shadow } = await withRuns(
      makeStores,
      shadowRun('run-1'),
      shadowRun('run-2'),
      shadowRun('run-3', { shadow: { ...shadowRun('x').shadow!, classKey: OTHER_CLASS } }),
      shadowRun('run-4', { tenant: 'other' }),
    );

    await shadow.recordResolution(resolve('run-3', refund(true), null, OTHER_CLASS));
    await shadow.recordResolution(resolve('run-1', refund(true)));
    await shadow.recordResolution(resolve('run-2', refund(false)));
    await shadow.recordResolution({ ...resolve('run-4', refund(true)), tenant: 'other' });

    expect(await shadow.listClasses('demo')).toEqual([
      { classKey: CLASS, ...figures(2, 1), promotedAt: null, promotedBy: null },
      { classKey: OTHER_CLASS, ...figures(1, 1), promotedAt: null, promotedBy: null },
    ]);
    expect(await shadow.listClasses('other')).toEqual([{ classKey: CLASS, ...figures(1, 1), promotedAt: null, promotedBy: null }]);
    expect(await shadow.getClass('other', OTHER_CLASS)).toBeNull();
  });
}

function describeSamples(makeStores: MakeStores) {
  const ANA = { customer: 'customer-ana' };
  const runsNamed = (...ids: string[]) => ids.map((id) => shadowRun(id));

  it("counts one customer's resolutions in one window as one sample, with the distinct orders behind it", async () => {
    const { shadow } = await withRuns(makeStores, ...runsNamed('run-1', 'run-2', 'run-3', 'run-4'));

    await shadow.recordResolution(resolve('run-1', refund(true, 'refund:1'), null, CLASS, { ...ANA, order: 'order-1' }));
    await shadow.recordResolution(resolve('run-2', refund(true, 'refund:2'), null, CLASS, { ...ANA, order: 'order-2' }));
    await shadow.recordResolution(resolve('run-3', refund(true, 'refund:3'), null, CLASS, { ...ANA, order: 'order-2' }));
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 3, agreed: 3, samples: 1, agreeingSamples: 1, customers: 1, orders: 2 });

    // The same customer in the next window, on a new order: a second sample, still one customer.
    await shadow.recordResolution(resolve('run-4', refund(true, 'refund:4'), null, CLASS, { ...ANA, order: 'order-4', window: '2026-12-03' }));
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 4, samples: 2, agreeingSamples: 2, customers: 1, orders: 3 });
  });

  it("keeps every run of one order in the window of the order's first resolution: one sample, whenever they arrived", async () => {
    const { shadow } = await withRuns(makeStores, ...runsNamed('run-1', 'run-2', 'run-3'));

    await shadow.recordResolution(resolve('run-1', refund(true, 'refund:1'), null, CLASS, { ...ANA, order: 'order-1' }));
    await shadow.recordResolution(resolve('run-2', refund(true, 'refund:2'), null, CLASS, { ...ANA, order: 'order-1', window: '2026-12-03' }));
    await shadow.recordResolution(resolve('run-3', refund(true, 'refund:3'), null, CLASS, { ...ANA, order: 'order-1', window: '2027-01-07' }));

    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 3, samples: 1, customers: 1, orders: 1 });
  });

  it('lets a sample agree only while every resolution in it agrees; a superseding refund moves it back', async () => {
    const { shadow } = await withRuns(makeStores, ...runsNamed('run-1', 'run-2', 'run-3'));
    await shadow.recordResolution(resolve('run-1', refund(true, 'refund:1'), null, CLASS, { ...ANA, order: 'order-1' }));
    await shadow.recordResolution(resolve('run-3', refund(true, 'refund:3')));

    await shadow.recordResolution(resolve('run-2', solved, null, CLASS, { ...ANA, order: 'order-2' }));
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 3, agreed: 2, samples: 2, agreeingSamples: 1 });

    await shadow.recordResolution(resolve('run-2', refund(true, 'refund:2'), solved, CLASS, { ...ANA, order: 'order-2' }));
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 3, agreed: 3, samples: 2, agreeingSamples: 2, customers: 2, orders: 3 });
  });

  it('counts samples, customers and orders exactly under concurrent resolutions', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `run-c${i}`);
    const { shadow } = await withRuns(makeStores, ...runsNamed(...ids));

    // Four runs of one customer (two orders), four of four other customers; one person disagrees.
    const written = await Promise.all(
      ids.map((id, i) =>
        shadow.recordResolution(
          resolve(
            id,
            refund(i !== 5, `refund:${id}`),
            null,
            CLASS,
            i < 4 ? { ...ANA, order: `order-ana-${i % 2}` } : { customer: `customer-${i}`, order: `order-${i}` },
          ),
        ),
      ),
    );

    expect(written.every(Boolean)).toBe(true);
    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 8, agreed: 7, samples: 5, agreeingSamples: 4, customers: 5, orders: 6 });
    expect(await shadow.listClasses('demo')).toEqual([await shadow.getClass('demo', CLASS)]);
  });

  it('counts a resolution without an order in its customer and window, adding no order', async () => {
    const { shadow } = await withRuns(makeStores, ...runsNamed('run-1', 'run-2'));
    await shadow.recordResolution(resolve('run-1', solved, null, CLASS, { ...ANA, order: null }));
    await shadow.recordResolution(resolve('run-2', refund(true, 'refund:2'), null, CLASS, { customer: 'customer-bo', order: null }));

    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ resolved: 2, samples: 2, agreeingSamples: 1, customers: 2, orders: 0 });
  });

  it('keeps samples per class and per tenant', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-1'), shadowRun('run-2', { shadow: { ...shadowRun('x').shadow!, classKey: OTHER_CLASS } }));
    await shadow.recordResolution(resolve('run-1', refund(true), null, CLASS, { ...ANA, order: 'order-1' }));
    await shadow.recordResolution(resolve('run-2', refund(true), null, OTHER_CLASS, { ...ANA, order: 'order-1' }));

    expect(await shadow.getClass('demo', CLASS)).toMatchObject({ samples: 1, customers: 1, orders: 1 });
    expect(await shadow.getClass('demo', OTHER_CLASS)).toMatchObject({ samples: 1, customers: 1, orders: 1 });
  });
}

function describeRepairs(makeStores: MakeStores) {
  it('counts a resolution once however often its counting is redone', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-a'), shadowRun('run-b'));
    await shadow.recordResolution(resolve('run-a', refund(true)));
    await shadow.recordResolution(resolve('run-b', refund(false, 'refund:901')));

    expect(await shadow.countResolution(resolve('run-a', refund(true)))).toBe(true);
    expect(await shadow.countResolution(resolve('run-a', refund(true)))).toBe(true);
    expect(await shadow.countResolution(resolve('run-b', refund(false, 'refund:901')))).toBe(true);

    expect(await shadow.getClass('demo', CLASS)).toEqual({ classKey: CLASS, ...figures(2, 1), promotedAt: null, promotedBy: null });
  });

  it('keeps what a superseding resolution replaced, so that redoing its counting moves agreed once', async () => {
    const { runs, shadow } = await withRuns(makeStores, shadowRun('run-s'));
    await shadow.recordResolution(resolve('run-s', solved));
    await shadow.recordResolution(resolve('run-s', refund(true), solved));

    expect(await shadow.countResolution(resolve('run-s', refund(true)))).toBe(true);
    expect(await shadow.countResolution(resolve('run-s', refund(true)))).toBe(true);

    const supersedes = { by: 'helpdesk_solved', sourceId: 'helpdesk:e1', agrees: false };
    expect((await runs.get('run-s'))?.shadow?.resolution).toEqual({ ...refund(true), supersedes });
    expect(await shadow.getClass('demo', CLASS)).toEqual({ classKey: CLASS, ...figures(1, 1), promotedAt: null, promotedBy: null });
  });

  it('counts only the resolution the run holds: not one it replaced, another, or none', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-s'), shadowRun('run-n'), shadowRun('run-o', { tenant: 'other' }));
    await shadow.recordResolution(resolve('run-s', solved));
    await shadow.recordResolution(resolve('run-s', refund(false), solved));
    await shadow.recordResolution({ ...resolve('run-o', refund(true)), tenant: 'other' });

    expect(await shadow.countResolution(resolve('run-s', solved))).toBe(false);
    expect(await shadow.countResolution(resolve('run-s', refund(false, 'refund:999')))).toBe(false);
    expect(await shadow.countResolution(resolve('run-n', refund(true)))).toBe(false);
    expect(await shadow.countResolution(resolve('run-o', refund(true)))).toBe(false);
    expect(await shadow.countResolution(resolve('run-unknown', refund(true)))).toBe(false);

    expect(await shadow.listClasses('demo')).toEqual([{ classKey: CLASS, ...figures(1, 0), promotedAt: null, promotedBy: null }]);
  });
}

function describePromotions(makeStores: MakeStores) {
  it('promotes a class only on the figures it was checked on, once, and keeps who and when', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-p'));
    await shadow.recordResolution(resolve('run-p', refund(true)));

    expect(await shadow.promote('demo', promotion({ agreed: 0 }))).toBe(false);
    expect(await shadow.promote('demo', promotion({ resolved: 2 }))).toBe(false);
    expect(await shadow.promote('demo', promotion({ classKey: OTHER_CLASS }))).toBe(false);
    expect(await shadow.promote('other', promotion())).toBe(false);
    expect(await shadow.promote('demo', promotion())).toBe(true);
    expect(await shadow.promote('demo', promotion({ at: at(700), by: 'owner@store.example' }))).toBe(false);

    expect(await shadow.getClass('demo', CLASS)).toEqual({ classKey: CLASS, ...figures(1, 1), promotedAt: at(600), promotedBy: 'lead@store.example' });
    expect(await shadow.listPromotions('demo')).toEqual([promotion()]);
    expect(await shadow.listPromotions('other')).toEqual([]);
  });

  it('refuses a promotion when a resolution was counted after the figures were read; a repair that changes nothing does not', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-1'), shadowRun('run-2'));
    await shadow.recordResolution(resolve('run-1', refund(true)));
    const read = (await shadow.getClass('demo', CLASS))!;

    await shadow.recordResolution(resolve('run-2', refund(false, 'refund:2')));
    expect(await shadow.promote('demo', promotion({ ...figuresOf(read) }))).toBe(false);

    const again = (await shadow.getClass('demo', CLASS))!;
    await shadow.countResolution(resolve('run-2', refund(false, 'refund:2')));
    expect(await shadow.promote('demo', promotion({ ...figuresOf(again) }))).toBe(true);
    expect(await shadow.getClass('demo', CLASS)).toEqual({ ...again, promotedAt: at(600), promotedBy: 'lead@store.example' });
  });

  it('lists every switch of the tenant oldest first, with its figures', async () => {
    const { shadow } = await withRuns(makeStores, shadowRun('run-1'), shadowRun('run-2', { shadow: { ...shadowRun('x').shadow!, classKey: OTHER_CLASS } }));
    await shadow.recordResolution(resolve('run-1', refund(true)));
    await shadow.recordResolution(resolve('run-2', refund(true), null, OTHER_CLASS));
    const late = promotion({ at: at(900) });
    const early = promotion({ classKey: OTHER_CLASS, at: at(300), threshold: 0.95, minTickets: 50, minCustomers: 25, minOrders: 50 });

    await shadow.promote('demo', late);
    await shadow.promote('demo', early);

    expect(await shadow.listPromotions('demo')).toEqual([early, late]);
  });
}
