// The ShadowStore contract, run against the in-memory adapter and the DynamoDB adapter on dynalite:
// a resolution is written once on its run (a redelivery or a lost race counts nothing), a store
// refund supersedes a "solved with no refund" and moves only the agreed counter, and a promotion
// holds only on the figures it was checked on, recorded with who and when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoStores } from '#harness/adapters/dynamo/index.js';
import { createInMemoryStores } from '#harness/adapters/memory/index.js';
import type { Run, ShadowResolution } from '#harness/domain/types.js';
import type { RunStore, ShadowStore } from '#harness/ports.js';
import { NOW, countingIds, fixedClock, makeRun } from '../../unit/harness/support/fixtures.js';
import { startDynalite } from './dynalite.js';

type Stores = { runs: RunStore; shadow: ShadowStore };

let db: Awaited<ReturnType<typeof startDynalite>>;
beforeAll(async () => {
  db = await startDynalite('shadow-contract');
});
afterAll(async () => {
  await db?.close();
});

const CLASS = 'damaged|0-50|en';
const mug = { lineItemId: 'gid://shopify/LineItem/11001', quantity: 1 };

function shadowRun(runId: string, overrides: Partial<Run> = {}): Run {
  return makeRun({
    runId,
    status: 'shadow',
    state: 'Shadow',
    shadow: { classKey: CLASS, decision: 'auto', amountMinor: 1800, currency: 'USD', lines: [mug], proposedAt: NOW.toISOString(), noteId: 'n1' },
    ...overrides,
  });
}

const refund = (agrees: boolean, sourceId = 'refund:900'): ShadowResolution => ({
  by: 'store_refund',
  amountMinor: agrees ? 1800 : 1000,
  lines: [mug],
  at: NOW.toISOString(),
  agrees,
  sourceId,
});
const solved: ShadowResolution = { by: 'helpdesk_solved', amountMinor: 0, lines: [], at: NOW.toISOString(), agrees: false, sourceId: 'helpdesk:e1' };

let tenantCounter = 0;
const factories: Array<[string, () => Stores]> = [
  ['in memory', () => createInMemoryStores({ clock: fixedClock() })],
  ['DynamoDB (dynalite)', () => createDynamoStores({ client: db.doc, tableName: db.tableName, clock: fixedClock(), ids: countingIds('s') })],
];

describe.each(factories)('ShadowStore %s', (_name, make) => {
  // Each test works in its own tenant, so the shared dynalite table needs no cleanup.
  async function setup(...runs: Array<(tenant: string) => Run>) {
    const stores = make();
    const tenant = `t${++tenantCounter}`;
    for (const run of runs) await stores.runs.create(run(tenant));
    return { ...stores, tenant };
  }
  const runOf = (runId: string, overrides: Partial<Run> = {}) => (tenant: string) => shadowRun(`${runId}-${tenant}`, { tenant, ...overrides });

  it('records a resolution on the run once and counts it once; a redelivery counts nothing', async () => {
    const { runs, shadow, tenant } = await setup(runOf('run-a'));
    const runId = `run-a-${tenant}`;

    const first = await shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(true), replacing: null });
    const again = await shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(true), replacing: null });

    expect([first, again]).toEqual([true, false]);
    expect((await runs.get(runId))?.shadow?.resolution).toEqual(refund(true));
    expect(await shadow.getClass(tenant, CLASS)).toEqual({ classKey: CLASS, resolved: 1, agreed: 1, promotedAt: null, promotedBy: null });
  });

  it('lets one of two racing resolutions win', async () => {
    const { runs, shadow, tenant } = await setup(runOf('run-r'));
    const runId = `run-r-${tenant}`;

    const results = await Promise.all([
      shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(true, 'refund:1'), replacing: null }),
      shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(false, 'refund:2'), replacing: null }),
    ]);

    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = (await runs.get(runId))?.shadow?.resolution;
    expect(stored?.sourceId).toBe(results[0] ? 'refund:1' : 'refund:2');
    expect((await shadow.getClass(tenant, CLASS))?.resolved).toBe(1);
  });

  it('writes nothing on a run without a shadow proposal or of another tenant', async () => {
    const { shadow, tenant } = await setup(runOf('run-n', { shadow: undefined, status: 'done' }), runOf('run-o'));

    expect(await shadow.recordResolution({ tenant, runId: `run-n-${tenant}`, classKey: CLASS, resolution: refund(true), replacing: null })).toBe(false);
    expect(await shadow.recordResolution({ tenant: 'someone-else', runId: `run-o-${tenant}`, classKey: CLASS, resolution: refund(true), replacing: null })).toBe(false);
    expect(await shadow.getClass(tenant, CLASS)).toBeNull();
    expect(await shadow.listClasses('someone-else')).toEqual([]);
  });

  it('supersedes "solved with no refund" by a store refund: resolved stays, agreed moves by the difference', async () => {
    const { runs, shadow, tenant } = await setup(runOf('run-s'));
    const runId = `run-s-${tenant}`;
    await shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: solved, replacing: null });
    expect(await shadow.getClass(tenant, CLASS)).toMatchObject({ resolved: 1, agreed: 0 });

    const superseded = await shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(true), replacing: solved });
    const stale = await shadow.recordResolution({ tenant, runId, classKey: CLASS, resolution: refund(false, 'refund:901'), replacing: solved });

    expect([superseded, stale]).toEqual([true, false]);
    expect((await runs.get(runId))?.shadow?.resolution?.by).toBe('store_refund');
    expect(await shadow.getClass(tenant, CLASS)).toMatchObject({ resolved: 1, agreed: 1 });
  });

  it('keeps counters per class and per tenant, listed by class key', async () => {
    const other = 'wrong_item|50-200|es';
    const { shadow, tenant } = await setup(runOf('run-1'), runOf('run-2'), runOf('run-3', { shadow: { ...shadowRun('x').shadow!, classKey: other } }));

    await shadow.recordResolution({ tenant, runId: `run-1-${tenant}`, classKey: CLASS, resolution: refund(true), replacing: null });
    await shadow.recordResolution({ tenant, runId: `run-2-${tenant}`, classKey: CLASS, resolution: refund(false), replacing: null });
    await shadow.recordResolution({ tenant, runId: `run-3-${tenant}`, classKey: other, resolution: refund(true), replacing: null });

    expect(await shadow.listClasses(tenant)).toEqual([
      { classKey: CLASS, resolved: 2, agreed: 1, promotedAt: null, promotedBy: null },
      { classKey: other, resolved: 1, agreed: 1, promotedAt: null, promotedBy: null },
    ]);
  });

  it('promotes a class only on the figures it was checked on, once, and keeps the switch with who and the figures', async () => {
    const { shadow, tenant } = await setup(runOf('run-p'));
    await shadow.recordResolution({ tenant, runId: `run-p-${tenant}`, classKey: CLASS, resolution: refund(true), replacing: null });
    const promotion = { classKey: CLASS, at: NOW.toISOString(), by: 'lead@store.example', resolved: 1, agreed: 1, minTickets: 1, threshold: 0.98 };

    expect(await shadow.promote(tenant, { ...promotion, agreed: 0 })).toBe(false);
    expect(await shadow.promote(tenant, { ...promotion, classKey: 'other|0-50|en' })).toBe(false);
    expect(await shadow.promote(tenant, promotion)).toBe(true);
    expect(await shadow.promote(tenant, { ...promotion, at: new Date(NOW.getTime() + 1000).toISOString() })).toBe(false);

    expect(await shadow.getClass(tenant, CLASS)).toMatchObject({ promotedAt: promotion.at, promotedBy: 'lead@store.example' });
    expect(await shadow.listPromotions(tenant)).toEqual([promotion]);
  });
});
