// What the return paths share (return-open.ts, return-process.ts, returns.ts): their dependencies,
// what they answer, their records' keys and the reads they make first (the order, its returns).
import type { ReturnSummary } from '#shared/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import type { GatedRun, OrderFacts } from '../domain/types.js';
import { sha256Hex } from '../hash.js';
import type { StepContext } from '../ports.js';
import { returnNote, type ProcessReturnCheck } from '../policy/return-args.js';
import type { RefundDeps } from './refund-context.js';

export type ReturnDeps = Omit<RefundDeps, 'customerLock' | 'spec'> & { pins: { open_return: string; process_return: string } };

/** The return the run opened, as the store recorded it, with what the decision authorised. */
export interface ReturnOpened {
  summary: ReturnSummary;
  openedAt: string;
  feeMinor: number;
  decidedAmountMinor: number;
  decidedPresentmentMinor?: number;
  currency: string;
  policyVersion: string;
  approvalId: string | null;
}

/** What the decision authorised, as the run recorded it when the return was opened. */
/** What the decision authorised a processing of (return-args.ts ProcessReturnCheck['decided']). */
export type DecidedReturn = ProcessReturnCheck['decided'];

export interface ReturnRefund {
  refundId: string;
  amountMinor: number;
  currency: string;
  presentment?: { amountMinor: number; currency: string };
  createdAt: string;
}

export interface ReturnProcessed {
  summary: ReturnSummary;
  /** The refund this processing made, or one an earlier processing made whose answer was lost; null when none. */
  refund: ReturnRefund | null;
  /** The units processed now. */
  units: { lineItemId: string; quantity: number }[];
  idempotencyKey: string | null;
}

/** sha256(tenant|runId|Return|orderId): the key of the run's one return opening. */
export function openReturnKey(input: { tenant: string; runId: string; orderId: string }): string {
  return 'ro1_' + sha256Hex([input.tenant, input.runId, 'Return', input.orderId].join('|'));
}

/** sha256(tenant|runId|ReturnProcess|returnId|units processed before): one key per processing of the return. */
export function processReturnKey(input: { tenant: string; runId: string; returnId: string; processedBefore: number }): string {
  return 'rp1_' + sha256Hex([input.tenant, input.runId, 'ReturnProcess', input.returnId, String(input.processedBefore)].join('|'));
}

/** The order as the store has it now, read by the harness itself, and the step context bound to it. */
export async function readOrder(deps: ReturnDeps, ctx: StepContext, run: GatedRun): Promise<{ facts: OrderFacts; boundCtx: StepContext }> {
  const bound = run.order!;
  const boundCtx = { ...ctx, boundOrderId: bound.orderId };
  const { order } = await deps.caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
  return { facts: toOrderFacts(order, bound.refundsLast90Days), boundCtx };
}

export async function readReturns(deps: ReturnDeps, boundCtx: StepContext, orderId: string): Promise<ReturnSummary[]> {
  const { returns } = await deps.caller.callTool(boundCtx, 'get_returns', { orderId }, { internal: true });
  return returns;
}

/** The run's return on the order: the one whose lines carry its note, not cancelled or declined. */
export const runsReturn = (returns: readonly ReturnSummary[], runId: string): ReturnSummary | null =>
  returns.find((r) => r.status !== 'CANCELED' && r.status !== 'DECLINED' && r.lineItems.some((l) => l.note === returnNote(runId))) ?? null;

/** A refund of the return, in the harness's terms. */
export function refundOf(made: {
  refundId: string;
  amount: { amountMinor: number; currency: string; presentment?: { amountMinor: number; currency: string } };
  createdAt: string;
}): ReturnRefund {
  return {
    refundId: made.refundId,
    amountMinor: made.amount.amountMinor,
    currency: made.amount.currency,
    ...(made.amount.presentment ? { presentment: made.amount.presentment } : {}),
    createdAt: made.createdAt,
  };
}
