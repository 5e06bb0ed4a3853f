// The store says a returned parcel arrived (returns/process, reverse_fulfillment_orders/dispose): the
// run awaiting that return is answered with `received`, once; a delivery for a return no run awaits
// changes nothing; a token already answered is no error, any other failure is (Shopify delivers again).
import { describe, expect, it } from 'vitest';
import { createInMemoryRunStore } from '#functions/shared/stores/memory/runs.js';
import { createReturnSignals } from '#functions/intake/store-webhook/return-signals.js';
import type { ReturnCase, Run } from '#functions/shared/domain/run.js';
import { NOW, fixedClock, makeRun } from '../../support/fixtures.js';

const CASE: ReturnCase = {
  returnId: 'gid://shopify/Return/7',
  name: '#1001-R1',
  orderId: 'gid://shopify/Order/1001',
  reverseFulfillmentOrderIds: ['gid://shopify/ReverseFulfillmentOrder/70'],
  openedAt: NOW.toISOString(),
  status: 'open',
  lines: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/1', lineItemId: 'gid://shopify/LineItem/10011', quantity: 1 }],
  feeMinor: 500,
  decidedAmountMinor: 2900,
  currency: 'USD',
  policyVersion: 'v',
  decidedBy: { kind: 'auto' },
  receiveBy: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
  events: [],
};

function world(runs: Run[]) {
  const store = createInMemoryRunStore({ runs: new Map(runs.map((r) => [r.runId, r])), clock: fixedClock() });
  const sent: Array<{ token: string; output: Record<string, unknown> }> = [];
  let fail: Error | null = null;
  const workflow = {
    async sendTaskSuccess(token: string, output: Record<string, unknown>) {
      if (fail) throw fail;
      sent.push({ token, output });
    },
  };
  const signals = createReturnSignals({ tenant: 'demo', runs: store, workflow });
  return { signals, sent, failWith: (e: Error) => (fail = e) };
}

const awaiting = (over: Partial<Run> = {}) =>
  makeRun({ status: 'awaiting_return', returnCase: CASE, returnWait: { taskToken: 'token-1', since: NOW.toISOString() }, ...over });
const body = (json: object) => Buffer.from(JSON.stringify(json));

describe('a returned parcel’s arrival, from the store', () => {
  it('answers the wait of the run awaiting that return (returns/process)', async () => {
    const { signals, sent } = world([awaiting()]);
    const outcome = await signals['returns/process']({ body: body({ id: 7, admin_graphql_api_id: 'gid://shopify/Return/7' }) });
    expect(outcome).toEqual({ kind: 'recorded', runIds: ['run-1'] });
    expect(sent).toEqual([{ token: 'token-1', output: { action: 'received', by: 'the store (returns/process)' } }]);
  });

  it('answers it for a disposition on the return’s reverse fulfillment order', async () => {
    const { signals, sent } = world([awaiting()]);
    const outcome = await signals['reverse_fulfillment_orders/dispose']({
      body: body({ id: 70, admin_graphql_api_id: 'gid://shopify/ReverseFulfillmentOrder/70', dispositions: [] }),
    });
    expect(outcome.kind).toBe('recorded');
    expect(sent).toHaveLength(1);
  });

  it('changes nothing for a return no run awaits: another return, or a run no longer waiting (a redelivery after the refund)', async () => {
    const { signals, sent } = world([awaiting({ status: 'done', returnCase: { ...CASE, status: 'refunded' } })]);
    expect(await signals['returns/process']({ body: body({ id: 7, admin_graphql_api_id: 'gid://shopify/Return/7' }) })).toEqual({
      kind: 'ignored',
      reason: 'no run awaits this return',
    });
    expect(await signals['returns/process']({ body: body({ id: 8, admin_graphql_api_id: 'gid://shopify/Return/8' }) })).toMatchObject({ kind: 'ignored' });
    expect(sent).toEqual([]);
  });

  it('takes a token already answered as a duplicate, and any other failure as one Shopify must deliver again', async () => {
    const gone = world([awaiting()]);
    gone.failWith(Object.assign(new Error('gone'), { name: 'TaskDoesNotExist' }));
    expect(await gone.signals['returns/process']({ body: body({ id: 7, admin_graphql_api_id: 'gid://shopify/Return/7' }) })).toEqual({
      kind: 'duplicate',
      runIds: ['run-1'],
    });
    const down = world([awaiting()]);
    down.failWith(new Error('throttled'));
    await expect(down.signals['returns/process']({ body: body({ id: 7, admin_graphql_api_id: 'gid://shopify/Return/7' }) })).rejects.toThrow('throttled');
  });

  it('refuses a body that is not the topic’s', async () => {
    const { signals } = world([awaiting()]);
    expect(await signals['returns/process']({ body: body({ id: 7, admin_graphql_api_id: 'gid://shopify/Order/7' }) })).toMatchObject({ kind: 'invalid' });
  });
});
