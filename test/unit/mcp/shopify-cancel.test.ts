// cancel_order's rules in the Shopify adapter, without a network: orderCancel's user errors as typed
// errors, and the job polled within a bounded budget (a fake clock whose sleep advances time).
import { describe, expect, it } from 'vitest';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import type { GraphqlClient } from '#mcp/adapters/shopify/client.js';
import { cancelRefusal, createOrderCanceller } from '#mcp/adapters/shopify/order-cancel.js';
import { JOB_STATUS, ORDER_CANCEL, ORDER_CANCEL_STATE } from '#mcp/adapters/shopify/queries.js';

const ORDER = 'gid://shopify/Order/6301';
const JOB = 'gid://shopify/Job/1';
const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' }, presentmentMoney: { amount, currencyCode: 'USD' } });

/** A store whose cancel job finishes after `pollsToFinish` polls (never when null), with the calls it received. */
function fakeStore(pollsToFinish: number | null, doneAtOnce = false) {
  const sent: string[] = [];
  let polls = 0;
  let cancelled = false;
  const graphql: GraphqlClient = {
    request<T>(query: string): Promise<T> {
      const answer = (data: unknown) => Promise.resolve(data as T);
      if (query === ORDER_CANCEL_STATE) {
        sent.push('state');
        const refunds = cancelled
          ? [{ id: 'gid://shopify/Refund/9', createdAt: '2026-11-30T12:00:00Z', totalRefundedSet: money('48.00'), refundLineItems: { nodes: [] } }]
          : [];
        return answer({ order: { id: ORDER, cancelledAt: cancelled ? '2026-11-30T12:00:00Z' : null, refunds } });
      }
      if (query === ORDER_CANCEL) {
        sent.push('cancel');
        if (doneAtOnce) cancelled = true;
        return answer({ orderCancel: { job: { id: JOB, done: doneAtOnce }, orderCancelUserErrors: [] } });
      }
      if (query === JOB_STATUS) {
        sent.push('poll');
        polls += 1;
        const done = pollsToFinish !== null && polls >= pollsToFinish;
        if (done) cancelled = true;
        return answer({ job: { id: JOB, done } });
      }
      throw new Error('unexpected document');
    },
  };
  let time = 0;
  const clock = { now: () => time, sleep: (ms: number) => Promise.resolve(void (time += ms)) };
  return { graphql, sent, clock, elapsed: () => time };
}

const input = { orderId: ORDER, restock: false, staffNote: 'refund-agent run-1' };

describe('cancel_order in the Shopify adapter', () => {
  it('polls every 400 ms for at most 4 s, then answers pending with no refund', async () => {
    const store = fakeStore(null);
    const cancelOrder = createOrderCanceller(store.graphql, { sleep: store.clock.sleep, now: store.clock.now });
    expect(await cancelOrder(input)).toEqual({ orderId: ORDER, jobId: JOB, status: 'pending', cancelledAt: null, refund: null });
    expect(store.sent.filter((s) => s === 'poll')).toHaveLength(10);
    expect(store.elapsed()).toBeLessThanOrEqual(4000);
  });

  it('stops polling when the job is done and answers the refund the cancel made', async () => {
    const store = fakeStore(3);
    const cancelOrder = createOrderCanceller(store.graphql, { sleep: store.clock.sleep, now: store.clock.now });
    const result = await cancelOrder(input);
    expect(result).toMatchObject({
      status: 'cancelled',
      cancelledAt: '2026-11-30T12:00:00Z',
      refund: { id: 'gid://shopify/Refund/9', amount: { amountMinor: 4800 } },
    });
    expect(store.sent).toEqual(['state', 'cancel', 'poll', 'poll', 'poll', 'state']);
  });

  it('does not poll a job Shopify answers done', async () => {
    const store = fakeStore(null, true);
    const cancelOrder = createOrderCanceller(store.graphql, { sleep: store.clock.sleep, now: store.clock.now });
    expect((await cancelOrder(input)).status).toBe('cancelled');
    expect(store.sent).toEqual(['state', 'cancel', 'state']);
  });

  it('reads orderCancel’s user errors as not found, conflict (already cancelled or being cancelled) or invalid', () => {
    const refusal = (message: string, code: string | null = 'INVALID') => cancelRefusal(ORDER, [{ field: ['orderId'], message, code }]);
    expect(refusal('Order does not exist', 'NOT_FOUND')).toBeInstanceOf(NotFoundError);
    expect(refusal('Order has already been cancelled')).toBeInstanceOf(ConflictError);
    expect(refusal('Order is already being cancelled')).toBeInstanceOf(ConflictError);
    expect(refusal('Cannot cancel an order with fulfilled line items')).toBeInstanceOf(InvalidError);
    expect(refusal('Cannot cancel an order with fulfilled line items').message).toMatch(/orderId: Cannot cancel/);
  });
});
