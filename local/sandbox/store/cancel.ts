// orderCancel in the sandbox store, asynchronous as Shopify's is: the mutation checks the order and
// answers a Job; the job finishes on a later poll of `job(id:)` (or once its delay has passed), and
// only then is the order cancelled: cancelledAt set, everything still refundable refunded to the
// original payments (the same refund rules as refundCreate, split across the payments as
// payments.ts does: lines, shipping, duties and tip, all the payments took in) and, when asked, the units restocked at the shop's default location. A stalled
// job (the cancelJobNeverFinishes fault) never finishes and never cancels.
import { randomUUID } from 'node:crypto';
import { minorToDecimal } from '#shared/money.js';
import { DEFAULT_LOCATION_ID } from './credit.js';
import type { StoreOrder, StoreRefund } from './model.js';
import { refundedSoFar } from './order-money.js';
import { splitAcrossPayments } from './payments.js';
import { paidCurrency, presentmentAmount, presentmentMaximumRefundableMinor } from './presentment.js';
import type { SandboxStoreState } from './state.js';

/** Shopify's OrderCancelUserError: the 2026-04 OrderCancelUserErrorCode has no code of its own for "already cancelled" (INVALID). */
export interface OrderCancelUserError {
  field: string[] | null;
  message: string;
  code: 'INVALID' | 'NOT_FOUND' | 'INTERNAL_ERROR';
}

export interface CancelRequest {
  orderId: string;
  restock: boolean;
  /** refund: true or refundMethod { originalPaymentMethodsRefund: true }. */
  refund: boolean;
  staffNote: string | null;
}

export interface CancelJob {
  id: string;
  orderId: string;
  request: CancelRequest;
  startedAtMs: number;
  polls: number;
  done: boolean;
  /** Never finishes (a fault). */
  stalled: boolean;
}

export interface CancelJobOptions {
  /** Polls of job(id:) after which a job is done (default 2: the first poll still reads it queued). */
  pollsToFinish?: number;
  /** Real time after which a job is done however often it was polled (default 1500 ms). */
  delayMs?: number;
  now?: () => number;
}

export const ALREADY_CANCELLED = 'Order has already been cancelled';
export const CANCEL_IN_PROGRESS = 'Order is already being cancelled';
export const FULFILLED_LINES = 'Cannot cancel an order with fulfilled line items';

export class CancelJobs {
  readonly jobs = new Map<string, CancelJob>();
  private readonly pollsToFinish: number;
  private readonly delayMs: number;
  private readonly now: () => number;

  constructor(
    private readonly state: SandboxStoreState,
    options: CancelJobOptions = {},
    /** Called when a job changed the store: the order cancelled, with the refund it made (null when nothing was paid back). */
    private readonly changed: (order: StoreOrder, refund: StoreRefund | null) => void = () => {},
  ) {
    this.pollsToFinish = options.pollsToFinish ?? 2;
    this.delayMs = options.delayMs ?? 1500;
    this.now = options.now ?? (() => performance.now());
  }

  /** orderCancel: a job, or Shopify's user errors (nothing changes then). */
  request(input: CancelRequest, stalled: boolean): { job: CancelJob; userErrors: [] } | { job: null; userErrors: OrderCancelUserError[] } {
    const order = this.state.orderById(input.orderId);
    const refuse = (message: string, code: OrderCancelUserError['code'] = 'INVALID') => ({ job: null, userErrors: [{ field: ['orderId'], message, code }] });
    if (!order) return refuse('Order does not exist', 'NOT_FOUND');
    if (order.cancelledAt) return refuse(ALREADY_CANCELLED);
    if ([...this.jobs.values()].some((j) => j.orderId === order.id && !j.done)) return refuse(CANCEL_IN_PROGRESS);
    if (order.lineItems.some((li) => this.state.fulfilledQuantity(order, li.id) > 0)) return refuse(FULFILLED_LINES);
    const job: CancelJob = {
      id: `gid://shopify/Job/${randomUUID()}`,
      orderId: order.id,
      request: input,
      startedAtMs: this.now(),
      polls: 0,
      done: false,
      stalled,
    };
    this.jobs.set(job.id, job);
    return { job, userErrors: [] };
  }

  /** job(id:): one poll; the job finishes on its Nth poll or once its delay has passed. */
  poll(id: string): CancelJob | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    job.polls += 1;
    this.settle(job);
    return job;
  }

  /** Finishes every job whose delay has passed (an order read sees what the background job did). */
  settleAll(): void {
    for (const job of this.jobs.values()) this.settle(job);
  }

  private settle(job: CancelJob): void {
    if (job.done || job.stalled) return;
    if (job.polls < this.pollsToFinish && this.now() - job.startedAtMs < this.delayMs) return;
    job.done = true;
    const order = this.state.orderById(job.orderId);
    if (!order || order.cancelledAt) return;
    this.changed(order, this.cancel(order, job.request));
  }

  /** The cancel itself: a refund of what remains (lines and money) to the original payments, then cancelledAt. */
  private cancel(order: StoreOrder, request: CancelRequest): StoreRefund | null {
    const currency = paidCurrency(order);
    const lines = order.lineItems
      .map((li) => ({ lineItemId: li.id, quantity: this.state.refundableQuantity(order, li) }))
      .filter((l) => l.quantity > 0)
      .map((l) => (request.restock ? { ...l, restockType: 'CANCEL', locationId: DEFAULT_LOCATION_ID } : l));
    const amountMinor = request.refund ? presentmentMaximumRefundableMinor(order) : 0;
    const duties = refundedSoFar(order, 'shop').duties;
    const shares = splitAcrossPayments(order, amountMinor, presentmentAmount).filter((s) => s.amountMinor > 0);
    let refund: StoreRefund | null = null;
    if (lines.length > 0 || shares.length > 0) {
      const result = this.state.createRefund({
        orderId: order.id,
        note: null,
        currency: order.presentmentCurrency ? currency : null,
        refundLineItems: lines,
        // A refunding cancel records the shipping and duties it pays back, so the order shows none left.
        ...(request.refund
          ? {
              shipping: { amount: null, fullRefund: true },
              refundDuties: order.lineItems.flatMap((li, i) => (li.duty && !duties[i] ? [{ dutyId: li.duty.id, refundType: 'FULL' as const }] : [])),
            }
          : {}),
        transactions: shares.map((s) => ({
          orderId: order.id,
          parentId: s.payment.id,
          gateway: s.payment.gateway,
          kind: 'REFUND',
          amount: minorToDecimal(s.amountMinor, currency),
        })),
      });
      if (result.refund === null) throw new Error(`sandbox orderCancel could not refund ${order.name}: ${result.userErrors.map((e) => e.message).join('; ')}`);
      refund = result.refund;
    }
    order.cancelledAt = this.state.isoDaysAgo(0);
    return refund;
  }
}
