// A store whose Shopify bucket is small and nearly empty, through the local runtime end to end: the
// sandbox store charges every read and the refund their query cost and answers THROTTLED (nothing
// run) when the bucket lacks room; the adapter waits for the bucket to refill and retries. The
// customer still gets exactly one refund, and the run ends done, not with a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { postWebhook, settled, startRuntime, storeRefunds, ticketCreated, waitForRun } from '../support/local-runtime.js';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('a throttled Shopify store', () => {
  it('still gets exactly one refund, and the run is done', async () => {
    // A small bucket, empty, 100 points restored a second (Shopify's Standard rate): an order read
    // waits for it (its line items page, with each line's variants, asks for 363 points, so the bucket
    // holds 500). And the store's first two answers are THROTTLED whatever the bucket holds, so the run
    // meets Shopify's refusal for certain.
    rt.store.faults.throttle({ maximumAvailable: 500, currentlyAvailable: 0, restoreRate: 100 });
    rt.store.faults.throttleNext(2, { requestedQueryCost: 50, currentlyAvailable: 0, restoreRate: 100 });
    const text = 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text }));
    const run = await waitForRun(rt, json.runId as string, settled, 30_000);

    expect(rt.store.throttledCount()).toBeGreaterThanOrEqual(2);
    expect(run.status, JSON.stringify(run.escalation)).toBe('done');
    expect(run.refund).toMatchObject({ amountMinor: expect.any(Number) });
    rt.store.faults.throttle(null); // the check below reads the store without a throttle-aware client
    expect(await storeRefunds(rt, '1001')).toHaveLength(1);
  });
});
