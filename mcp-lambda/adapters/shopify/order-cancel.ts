// cancel_order against Shopify: orderCancel (no customer email, reason CUSTOMER, what was paid back to
// the original payments) answers a job, which this polls a bounded number of times within the tool's
// budget; once it is done the order is read again for its cancelledAt and the refund the cancel made
// (the one refund the order did not have before). A job still running when the budget is spent is
// answered `pending`: orderCancel takes no idempotency key, so the caller reads the order before it
// would ever send the cancel again. An order already cancelled is a conflict, read before anything is
// sent (and recognised in Shopify's user errors too, for a cancel that raced another).
import type { CancelOrderInput, CancelOrderOutput } from '#shared/contracts/tools.js';
import { setTimeout as timerSleep } from 'node:timers/promises';
import { ConflictError, InvalidError, NotFoundError } from '#shared/contracts/errors.js';
import type { GraphqlClient } from './client.js';
import { toRefundSummary, type RefundNode } from './mappers.js';
import { JOB_STATUS, ORDER_CANCEL, ORDER_CANCEL_STATE } from './queries.js';

export interface CancelPollOptions {
  /** The wait between two polls of the job (default 400 ms). */
  intervalMs?: number;
  /** The most time spent polling (default 4000 ms, half the harness's 8 s deadline for cancel_order). */
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

type CancelState = { id: string; cancelledAt: string | null; refunds: RefundNode[] };
type OrderCancelUserError = { field: string[] | null; message: string; code: string | null };
type OrderCancelData = {
  orderCancel: { job: { id: string; done: boolean } | null; orderCancelUserErrors: OrderCancelUserError[] } | null;
};

const ALREADY_CANCELLED = /already\b.*\bcancel/i;

/** orderCancel's user errors as a typed error: not found, already cancelled (conflict), or anything else (invalid). */
export function cancelRefusal(orderId: string, errors: readonly OrderCancelUserError[]): Error {
  const message = `Shopify refused to cancel order ${orderId}: ${errors.map((e) => `${(e.field ?? []).join('.') || 'input'}: ${e.message}`).join('; ')}`;
  if (errors.some((e) => e.code === 'NOT_FOUND')) return new NotFoundError(message);
  if (errors.some((e) => ALREADY_CANCELLED.test(e.message))) return new ConflictError(message);
  return new InvalidError(message);
}

export function createOrderCanceller(graphql: GraphqlClient, options: CancelPollOptions = {}) {
  const intervalMs = options.intervalMs ?? 400;
  const budgetMs = options.budgetMs ?? 4000;
  const sleep = options.sleep ?? ((ms: number) => timerSleep(ms));
  const now = options.now ?? (() => performance.now());

  async function readState(orderId: string): Promise<CancelState> {
    const data = await graphql.request<{ order: CancelState | null }>(ORDER_CANCEL_STATE, { id: orderId });
    if (!data.order) throw new NotFoundError(`no order ${orderId} in this store`);
    return data.order;
  }

  /** Polls the job until it is done or the budget is spent; true when done. */
  async function waitForJob(jobId: string): Promise<boolean> {
    const started = now();
    while (now() - started + intervalMs <= budgetMs) {
      await sleep(intervalMs);
      const data = await graphql.request<{ job: { id: string; done: boolean } | null }>(JOB_STATUS, { id: jobId });
      if (data.job?.done) return true;
    }
    return false;
  }

  return async function cancelOrder(input: CancelOrderInput): Promise<CancelOrderOutput> {
    const before = await readState(input.orderId);
    if (before.cancelledAt) throw new ConflictError(`order ${input.orderId} was already cancelled at ${before.cancelledAt}`);
    const data = await graphql.request<OrderCancelData>(ORDER_CANCEL, { orderId: input.orderId, restock: input.restock, staffNote: input.staffNote });
    const payload = data.orderCancel;
    if (!payload) throw new InvalidError('Shopify returned no orderCancel payload');
    if (payload.orderCancelUserErrors.length > 0) throw cancelRefusal(input.orderId, payload.orderCancelUserErrors);
    if (!payload.job) throw new InvalidError('Shopify returned neither a cancel job nor an error');
    const jobId = payload.job.id;
    const pending: CancelOrderOutput = { orderId: input.orderId, jobId, status: 'pending', cancelledAt: null, refund: null };
    if (!payload.job.done && !(await waitForJob(jobId))) return pending;
    const after = await readState(input.orderId);
    if (!after.cancelledAt) return pending;
    const earlier = new Set(before.refunds.map((r) => r.id));
    const made = after.refunds.filter((r) => !earlier.has(r.id)).at(-1);
    return { orderId: input.orderId, jobId, status: 'cancelled', cancelledAt: after.cancelledAt, refund: made ? toRefundSummary(made) : null };
  };
}
