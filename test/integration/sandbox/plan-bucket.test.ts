// A store fixture that names its Shopify plan's cost bucket (`shop.apiLimits`) is throttled from the
// first request, as that store would be: every answer reports the plan's bucket, a request the bucket
// lacks room for is refused THROTTLED, and clearing the faults keeps the plan's bucket. Without it,
// no throttling.
import { afterEach, describe, expect, it } from 'vitest';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const ORDER = 'query ($id: ID!) { order(id: $id) { id lineItems(first: 5) { nodes { id } } } }';
const ID = { id: 'gid://shopify/Order/1001' };
type Costed = { extensions?: { cost?: { throttleStatus?: { maximumAvailable: number; restoreRate: number; currentlyAvailable: number } } } };

let stores: SandboxStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});
async function start(apiLimits?: { maximumAvailable: number; restoreRate: number }) {
  const demo = demoFixture();
  const store = await startSandboxStore({ fixture: { ...demo, shop: { ...demo.shop, ...(apiLimits ? { apiLimits } : {}) } }, clock, accessToken: STORE_TOKEN });
  stores.push(store);
  return store;
}

describe('a store fixture with its plan’s cost bucket', () => {
  it('reports the plan’s bucket on every answer from the start, and after the faults are cleared', async () => {
    const store = await start({ maximumAvailable: 2000, restoreRate: 100 });
    const first = (await storeGraphql(store, ORDER, ID)).body as Costed;
    expect(first.extensions?.cost?.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
    store.faults.reset();
    const after = (await storeGraphql(store, ORDER, ID)).body as Costed;
    expect(after.extensions?.cost?.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it('refuses a request its small bucket has no room for', async () => {
    const store = await start({ maximumAvailable: 12, restoreRate: 1 });
    await storeGraphql(store, ORDER, ID);
    await storeGraphql(store, ORDER, ID);
    expect(store.throttledCount()).toBeGreaterThan(0);
  });

  it('is not throttled when the fixture names no bucket', async () => {
    const store = await start();
    for (let i = 0; i < 5; i++) await storeGraphql(store, ORDER, ID);
    expect(store.throttledCount()).toBe(0);
  });
});
