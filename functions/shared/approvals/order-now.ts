// What an approval's order looks like now, not when the approval was raised: the order's facts on the
// run are a snapshot from CheckOrder, and other tickets on the same order may have refunded it since
// or be waiting for a decision of their own. Read from the runs bound to the order (the run store's
// byOrder index: findRunsByOrder), each of which records the refund it made or was approved to make.
// Used wherever a lead reads or decides an approval (the email, the approval page, the console) so
// "still refundable" is computed when the page is opened and a decision is checked when it is made.
// The pages and decisions start from the store's own order instead (order-now-store.ts), and come
// back to this runs-only figure when the store cannot be read.
import type { Run } from '#functions/shared/domain/run.js';

/** The runs bound to an order, oldest first (AppStores.findRunsByOrder). */
export type RunsByOrder = (tenant: string, orderNumber: string) => Promise<Run[]>;

/** Another run's approval on the same order. */
export interface OtherApproval {
  runId: string;
  approvalId: string;
  ticketId: string;
  amountMinor: number;
  currency: string;
  requestedAt: string;
  decidedAt: string | null;
}

/** A refund made on the order after this run read it: by another run, or (`runId` null) one no run recorded, e.g. by hand in the store. */
export interface RefundSince {
  runId: string | null;
  refundId: string;
  amountMinor: number;
  currency: string;
  createdAt: string;
  lines: Array<{ lineItemId: string; quantity: number }>;
}

/** A claimed line the refund cannot cover any more. */
export interface Shortfall {
  lineItemId: string;
  title: string;
  claimed: number;
  left: number;
}

export interface OrderNow {
  /** Refundable units per line id now: the store's (else the snapshot's less what other runs refunded since) less what other runs are refunding. */
  refundable: Record<string, number>;
  /** Other runs on this order waiting for a lead's decision. */
  pending: OtherApproval[];
  /** Other runs on this order whose approved refund is being issued (approved, no receipt yet). */
  approved: OtherApproval[];
  refundsSince: RefundSince[];
  /** This run's claimed lines that can no longer be refunded as claimed; empty when all can. */
  shortfall: Shortfall[];
  /** Where `refundable` starts from: the store's order read now, or the run's snapshot and the other runs alone. */
  source: 'store' | 'runs';
  /** The store was asked and could not answer (error, timeout): the figures are the runs' alone. */
  storeUnreadable: boolean;
  /** When the order was placed, as the store says; absent when the store was not read (the run's facts do not carry it). */
  placedAt?: string;
}

export const claimedLines = (run: Run) => (run.proposal?.lineItems ?? []).map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity }));

export function otherApproval(run: Run): OtherApproval {
  const a = run.approval!;
  return {
    runId: run.runId,
    approvalId: a.approvalId,
    ticketId: run.ticket.ticketId,
    amountMinor: a.amountMinor,
    currency: a.currency,
    requestedAt: a.requestedAt,
    decidedAt: a.decidedAt,
  };
}

export const isPending = (r: Run) => r.approval?.status === 'pending' && r.status === 'awaiting_approval' && !r.cancellation;
/** Approved and not yet refunded, on a run still going (its Refund step has not refused). */
export const isBeingRefunded = (r: Run) => r.approval?.status === 'approved' && !r.refund && (r.status === 'running' || r.status === 'awaiting_approval');

/** Pure: the order as `run` must see it now, given every run bound to the same order. */
export function orderNowOf(run: Run, runsOnOrder: readonly Run[]): OrderNow {
  const others = runsOnOrder.filter((r) => r.runId !== run.runId && r.tenant === run.tenant);
  const known = run.order?.refunds ? new Set(run.order.refunds.map((r) => r.refundId)) : null;
  // A refund the snapshot already counted is not "since"; without the snapshot's list, the run's creation is the line.
  const since = (r: Run) => !!r.refund && (known ? !known.has(r.refund.refundId) : r.refund.createdAt > run.createdAt);
  const refundsSince: RefundSince[] = others.filter(since).map((r) => ({
    runId: r.runId,
    refundId: r.refund!.refundId,
    amountMinor: r.refund!.amountMinor,
    currency: r.refund!.currency,
    createdAt: r.refund!.createdAt,
    lines: claimedLines(r),
  }));
  const approved = others.filter(isBeingRefunded);
  const spoken = unitsByLine([...refundsSince.map((r) => r.lines), ...approved.map(claimedLines)]);
  const refundable: Record<string, number> = {};
  for (const line of run.order?.lineItems ?? []) refundable[line.id] = Math.max(0, line.refundableQuantity - (spoken.get(line.id) ?? 0));
  return assembleOrderNow({ run, others, approved, refundsSince, refundable, source: 'runs' });
}

/** The OrderNow both readers give, from what each worked out: the other runs, those being refunded, the refunds since, and the refundable units. */
export function assembleOrderNow(input: {
  run: Run;
  others: readonly Run[];
  approved: readonly Run[];
  refundsSince: RefundSince[];
  refundable: Record<string, number>;
  source: OrderNow['source'];
  placedAt?: string;
}): OrderNow {
  const { run, others, approved, refundsSince, refundable, source, placedAt } = input;
  return {
    refundable,
    pending: others.filter(isPending).map(otherApproval),
    approved: approved.map(otherApproval),
    refundsSince: refundsSince.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    shortfall: shortfallOf(run, refundable),
    source,
    storeUnreadable: false,
    ...(placedAt ? { placedAt } : {}),
  };
}

/** Units per line id, summed over lists of lines. */
export function unitsByLine(lists: ReadonlyArray<ReadonlyArray<{ lineItemId: string; quantity: number }>>): Map<string, number> {
  const units = new Map<string, number>();
  for (const lines of lists) for (const l of lines) units.set(l.lineItemId, (units.get(l.lineItemId) ?? 0) + l.quantity);
  return units;
}

/** The run's claimed lines that `refundable` cannot cover. */
export function shortfallOf(run: Run, refundable: Record<string, number>): Shortfall[] {
  return claimedLines(run)
    .filter((c) => (refundable[c.lineItemId] ?? 0) < c.quantity)
    .map((c) => ({
      lineItemId: c.lineItemId,
      title: run.order?.lineItems.find((l) => l.id === c.lineItemId)?.title ?? c.lineItemId,
      claimed: c.quantity,
      left: refundable[c.lineItemId] ?? 0,
    }));
}

/** The order as `run` must see it now; null when the run is bound to no order or the runs cannot be listed. */
export async function readOrderNow(findRunsByOrder: RunsByOrder | undefined, run: Run | null): Promise<OrderNow | null> {
  if (!findRunsByOrder || !run?.order) return null;
  return orderNowOf(run, await findRunsByOrder(run.tenant, run.order.orderNumber));
}
