// ProcessReturn: what ends (or extends) the wait for the parcel. `received` (the store's webhook, or a
// lead in the console): the units that came back are refunded through harness.processReturn,
// recomputed for them and never above the decided amount, once; units not back when it is processed
// are not waited for (the return is closed; later units go to a person). `expired`: the wait's own
// timeout, the return closed with nothing refunded. `extend`: the lead gives the parcel more days.
// `cancel`: the lead cancels the return; the run ends. The draft steps follow a refund or a close.
// No model runs in this step.
import * as z from 'zod';
import type { RefundReceipt } from '#harness/domain/types.js';
import type { ReturnProcessed } from '#harness/harness.js';
import type { ReturnCase, Run } from '#functions/shared/domain/run.js';
import { MissingStepDataError, RunClosedError } from '../../shared/errors.js';
import { enterStep, closedStatus, STILL_OPEN } from '../../shared/step/run-context.js';
import { secondsLeft, withEvent } from '../../shared/returns/return-case.js';
import type { StepDeps } from '../../shared/step/deps.js';

export const ReturnSignal = z.object({
  action: z.enum(['received', 'expired', 'extend', 'cancel']),
  /** Who or what sent it: "store webhook returns/process", a lead's id, "the wait". */
  by: z.string().min(1).max(200),
  /** extend: how many more days the parcel gets. */
  days: z.number().int().positive().max(90).optional(),
});
export type ReturnSignal = z.infer<typeof ReturnSignal>;

export const ProcessReturnEvent = z.object({ runId: z.string().min(1), signal: ReturnSignal });
export type ProcessReturnEvent = z.infer<typeof ProcessReturnEvent>;

export type ProcessReturnResult = { outcome: 'continue' } | { outcome: 'wait'; waitSeconds: number } | { outcome: 'ended'; reason: string };

function receiptOf(run: Run, processed: ReturnProcessed): RefundReceipt | null {
  const made = processed.refund;
  if (!made || !run.order) return null;
  return {
    refundId: made.refundId,
    orderId: run.order.orderId,
    orderNumber: run.order.orderNumber,
    amountMinor: made.amountMinor,
    currency: made.currency,
    ...(made.presentment ? { presentment: made.presentment } : {}),
    createdAt: made.createdAt,
    idempotencyKey: processed.idempotencyKey ?? `return:${processed.summary.returnId}`,
  };
}

type Deps = Pick<StepDeps, 'runs' | 'harness' | 'clock' | 'metrics'>;
type Entered = Awaited<ReturnType<typeof enterStep>> & { current: ReturnCase; now: Date; at: string; save: (patch: Partial<Run>) => Promise<void> };

/** extend: the parcel gets more days; the run waits again until then. */
async function extend(e: Entered, signal: ReturnSignal): Promise<ProcessReturnResult> {
  const days = signal.days ?? 7;
  const receiveBy = new Date(Date.parse(e.current.receiveBy) + days * 86_400_000).toISOString();
  const returnCase = withEvent({ ...e.current, receiveBy }, e.at, `the parcel given ${days} more days (until ${receiveBy.slice(0, 10)})`, signal.by);
  await e.save({ returnCase, status: 'running' });
  return { outcome: 'wait', waitSeconds: secondsLeft(returnCase, e.now) };
}

/** cancel: the lead cancels the return in the store; the run ends, nothing refunded. */
async function cancel(deps: Deps, e: Entered, signal: ReturnSignal): Promise<ProcessReturnResult> {
  await deps.harness.cancelReturn(e.ctx, e.run, e.current.returnId);
  const returnCase = withEvent({ ...e.current, status: 'cancelled' }, e.at, `return ${e.current.name} cancelled`, signal.by);
  const cancellation = { at: e.at, by: 'console' as const, reason: `return cancelled by ${signal.by}`, state: 'AwaitReturn' };
  await e.save({ returnCase, status: 'cancelled', state: 'Cancelled', cancellation });
  return { outcome: 'ended', reason: 'the return was cancelled' };
}

/** expired: the parcel did not come back in time; the return is closed, nothing refunded, and the team gets a draft. */
async function expire(deps: Deps, e: Entered, signal: ReturnSignal): Promise<ProcessReturnResult> {
  await deps.harness.closeReturn(e.ctx, e.run, e.current.returnId);
  const what = `return ${e.current.name} closed: the parcel did not come back by ${e.current.receiveBy.slice(0, 10)}; nothing refunded`;
  await e.save({ returnCase: withEvent({ ...e.current, status: 'closed' }, e.at, what, signal.by), status: 'running' });
  return { outcome: 'continue' };
}

/** received: what came back is refunded once (or the exchange shipped); a return that came back short is closed (later units go to a person). */
async function receive(deps: Deps, e: Entered, signal: ReturnSignal): Promise<ProcessReturnResult> {
  const { current, run } = e;
  const exchange = run.gate?.returnTerms?.exchange?.map((x) => ({ variantId: x.variantId, quantity: x.quantity }));
  const decided = {
    returnId: current.returnId,
    amountMinor: current.decidedAmountMinor,
    feeMinor: current.feeMinor,
    lines: current.lines,
    ...(exchange?.length ? { exchange } : {}),
  };
  const processed = await deps.harness.processReturn(e.ctx, run, decided);
  const receipt = receiptOf(run, processed);
  if (processed.units.length === 0 && !receipt) {
    // Nothing came back yet (a signal ahead of the parcel): keep waiting until the day it is due.
    await e.save({ returnCase: withEvent(current, e.at, 'told the parcel arrived; the store shows nothing received yet', signal.by), status: 'running' });
    return { outcome: 'wait', waitSeconds: secondsLeft(current, e.now) };
  }
  const expected = current.lines.reduce((n, l) => n + l.quantity, 0);
  const back = processed.summary.lineItems.reduce((n, l) => n + l.processedQuantity, 0);
  if (back < expected && processed.summary.status === 'OPEN') await deps.harness.closeReturn(e.ctx, run, current.returnId);
  const said = back < expected ? `${back} of ${expected} units came back` : 'the parcel came back';
  const shipped = exchange?.length ? `; ${(current.exchange ?? []).map((x) => `${x.quantity} × ${x.title}`).join(', ')} shipped` : '';
  const refunded = receipt ? `; refund ${receipt.refundId} made` : '';
  const received = processed.summary.lineItems.map((l) => ({ returnLineItemId: l.returnLineItemId, quantity: l.processedQuantity }));
  const status = receipt ? 'refunded' : 'exchanged';
  const returnCase = withEvent({ ...current, status, received }, e.at, `${said}${shipped}${refunded}`, signal.by);
  await e.save({ returnCase, ...(receipt ? { refund: receipt } : {}), status: 'running' });
  if (receipt && !run.refund) deps.metrics?.count(run.tenant, 'RefundsIssued');
  return { outcome: 'continue' };
}

export function createProcessReturn(deps: Deps) {
  return async ({ runId, signal }: ProcessReturnEvent): Promise<ProcessReturnResult> => {
    const entered = await enterStep(deps.runs, runId, 'ProcessReturn');
    const current = entered.run.returnCase;
    if (!current) throw new MissingStepDataError(runId, 'return');
    if (current.status !== 'open') return { outcome: 'continue' }; // a retried step: already settled
    const now = deps.clock.now();
    const save = async (patch: Partial<Run>) => {
      if (await deps.runs.updateIf(runId, patch, STILL_OPEN)) return;
      throw new RunClosedError(runId, closedStatus((await deps.runs.get(runId)) ?? entered.run) ?? 'closed');
    };
    const e: Entered = { ...entered, current, now, at: now.toISOString(), save };
    if (signal.action === 'extend') return extend(e, signal);
    if (signal.action === 'cancel') return cancel(deps, e, signal);
    if (signal.action === 'expired') return expire(deps, e, signal);
    return receive(deps, e, signal);
  };
}
