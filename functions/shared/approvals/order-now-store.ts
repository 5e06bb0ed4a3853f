// "Still refundable" from the store itself, read when an approval page is opened and when a decision
// is made: a refund the runs do not know of (made by hand in Shopify admin, or by anything else) is in
// the store's refundable quantities, so a lead is not shown a refund the store would refuse. The
// store's order is read through the harness (get_order, bound to the run's order);
// what other runs have approved but not yet refunded is still counted from the runs (order-now.ts).
// When the store cannot be read (tool error, timeout), the runs-only figure is used and marked so,
// and the page says so in a sentence.
import type { Order } from '#shared/contracts/tools.js';
import type { StepContext } from '#harness/ports.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { StepHarness } from '../step/deps.js';
import { within } from '../within.js';
import {
  assembleOrderNow,
  claimedLines,
  isBeingRefunded,
  orderNowOf,
  readOrderNow,
  unitsByLine,
  type OrderNow,
  type RefundSince,
  type RunsByOrder,
} from './order-now.js';

/** The run's bound order as the store shows it now. */
export type StoreOrderReader = (run: Run) => Promise<Order>;

export interface OrderNowSources {
  findRunsByOrder?: RunsByOrder;
  /** Absent: the runs alone are asked (and no "could not be read" is said). */
  readStoreOrder?: StoreOrderReader;
  /** How long a page waits for the store before it falls back to the runs; default 4 s. */
  storeTimeoutMs?: number;
}

const STORE_TIMEOUT_MS = 4_000;

/**
 * get_order through the harness, bound to the run's order (the tool's binding refuses an answer for
 * any other order). The context is CheckOrder's, the step whose allowlist reads orders: the journal
 * row sits with the run's other order reads, and locally its caller token is one the MCP server lets
 * read orders. Deployed, the server knows the caller by the function's role (approval-callback, console).
 */
export function createStoreOrderReader(harness: Pick<StepHarness, 'callTool'>): StoreOrderReader {
  return async (run) => {
    if (!run.order) throw new Error('the run is bound to no order');
    const ctx: StepContext = {
      tenant: run.tenant,
      runId: run.runId,
      step: 'CheckOrder',
      boundOrderId: run.order.orderId,
      boundCustomerId: run.order.customerId,
      requesterEmail: run.ticket.requesterEmail ?? null,
    };
    const { order } = await harness.callTool(ctx, 'get_order', { orderNumber: run.order.orderNumber });
    return order;
  };
}

type StoreRefund = Order['refunds'][number];

const sameLines = (a: ReadonlyArray<{ lineItemId: string; quantity: number }>, b: ReadonlyArray<{ lineItemId: string; quantity: number }>) => {
  const key = (lines: typeof a) => JSON.stringify([...unitsByLine([lines])].sort(([x], [y]) => x.localeCompare(y)));
  return key(a) === key(b);
};

/** An approved run's refund that reached the store before its receipt reached the run: same lines and amount, made after the decision. */
const landedFor = (run: Run, refund: StoreRefund) =>
  refund.amount.amountMinor === run.approval!.amountMinor &&
  sameLines(refund.lineItems, claimedLines(run)) &&
  (!run.approval!.decidedAt || refund.createdAt >= run.approval!.decidedAt);

/** Pure: the order as `run` must see it now, from the store's order and the other runs bound to it. */
export function orderNowFromStore(run: Run, runsOnOrder: readonly Run[], order: Order): OrderNow {
  const others = runsOnOrder.filter((r) => r.runId !== run.runId && r.tenant === run.tenant);
  const byRefund = new Map(others.flatMap((r) => (r.refund ? [[r.refund.refundId, r.runId] as const] : [])));
  const known = run.order?.refunds ? new Set(run.order.refunds.map((r) => r.refundId)) : null;
  // A refund the snapshot already counted is not "since"; without the snapshot's list, the run's creation is the line.
  const since = order.refunds.filter((r) => (known ? !known.has(r.id) : r.createdAt > run.createdAt));
  // The store's refundable quantities already count a refund that landed: its run is not spoken for twice.
  const approved: Run[] = [];
  for (const other of others.filter(isBeingRefunded)) {
    const landed = since.find((r) => !byRefund.has(r.id) && landedFor(other, r));
    if (landed) byRefund.set(landed.id, other.runId);
    else approved.push(other);
  }
  const spoken = unitsByLine(approved.map(claimedLines));
  const refundable: Record<string, number> = {};
  for (const line of order.lineItems) refundable[line.id] = Math.max(0, line.refundableQuantity - (spoken.get(line.id) ?? 0));
  const refundsSince: RefundSince[] = since.map((r) => ({
    runId: byRefund.get(r.id) ?? null,
    refundId: r.id,
    amountMinor: r.amount.amountMinor,
    currency: r.amount.currency,
    createdAt: r.createdAt,
    lines: r.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
  }));
  return assembleOrderNow({ run, others, approved, refundsSince, refundable, source: 'store', placedAt: order.createdAt });
}

/**
 * The order as `run` must see it now: from the store when it can be read, else from the runs alone
 * (marked `storeUnreadable`); null when the run is bound to no order or nothing can be asked.
 */
export async function readOrderNowAtStore(sources: OrderNowSources, run: Run | null): Promise<OrderNow | null> {
  if (!sources.readStoreOrder) return readOrderNow(sources.findRunsByOrder, run);
  if (!run?.order) return null;
  const [runs, order] = await Promise.all([
    sources.findRunsByOrder ? sources.findRunsByOrder(run.tenant, run.order.orderNumber) : Promise.resolve([run]),
    within(sources.readStoreOrder(run), sources.storeTimeoutMs ?? STORE_TIMEOUT_MS),
  ]);
  return order ? orderNowFromStore(run, runs, order) : { ...orderNowOf(run, runs), storeUnreadable: true };
}
