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
import type { Run } from '#functions/shared/domain/run.js';
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

export function createProcessReturn(deps: Pick<StepDeps, 'runs' | 'harness' | 'clock' | 'metrics'>) {
  return async ({ runId, signal }: ProcessReturnEvent): Promise<ProcessReturnResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'ProcessReturn');
    const current = run.returnCase;
    if (!current) throw new MissingStepDataError(runId, 'return');
    const now = deps.clock.now();
    const at = now.toISOString();
    const save = async (patch: Partial<Run>) => {
      if (!(await deps.runs.updateIf(runId, patch, STILL_OPEN))) {
        throw new RunClosedError(runId, closedStatus((await deps.runs.get(runId)) ?? run) ?? 'closed');
      }
    };
    if (current.status !== 'open') return { outcome: 'continue' }; // a retried step: already settled
    if (signal.action === 'extend') {
      const receiveBy = new Date(Date.parse(current.receiveBy) + (signal.days ?? 7) * 86_400_000).toISOString();
      const returnCase = withEvent(
        { ...current, receiveBy },
        at,
        `the parcel given ${signal.days ?? 7} more days (until ${receiveBy.slice(0, 10)})`,
        signal.by,
      );
      await save({ returnCase, status: 'running' });
      return { outcome: 'wait', waitSeconds: secondsLeft(returnCase, now) };
    }
    if (signal.action === 'cancel') {
      await deps.harness.cancelReturn(ctx, run, current.returnId);
      const returnCase = withEvent({ ...current, status: 'cancelled' }, at, `return ${current.name} cancelled`, signal.by);
      await save({
        returnCase,
        status: 'cancelled',
        state: 'Cancelled',
        cancellation: { at, by: 'console', reason: `return cancelled by ${signal.by}`, state: 'AwaitReturn' },
      });
      return { outcome: 'ended', reason: 'the return was cancelled' };
    }
    if (signal.action === 'expired') {
      await deps.harness.closeReturn(ctx, run, current.returnId);
      const returnCase = withEvent(
        { ...current, status: 'closed' },
        at,
        `return ${current.name} closed: the parcel did not come back by ${current.receiveBy.slice(0, 10)}; nothing refunded`,
        signal.by,
      );
      await save({ returnCase, status: 'running' });
      return { outcome: 'continue' };
    }
    const decided = { returnId: current.returnId, amountMinor: current.decidedAmountMinor, feeMinor: current.feeMinor, lines: current.lines };
    const processed = await deps.harness.processReturn(ctx, run, decided);
    const receipt = receiptOf(run, processed);
    if (!receipt) {
      // Nothing came back yet (a signal ahead of the parcel): keep waiting until the day it is due.
      const returnCase = withEvent(current, at, 'told the parcel arrived; the store shows nothing received yet', signal.by);
      await save({ returnCase, status: 'running' });
      return { outcome: 'wait', waitSeconds: secondsLeft(current, now) };
    }
    const expected = current.lines.reduce((n, l) => n + l.quantity, 0);
    const back = processed.summary.lineItems.reduce((n, l) => n + l.processedQuantity, 0);
    // A partial return: what came back is refunded; the return is closed and later units go to a person.
    if (back < expected && processed.summary.status === 'OPEN') await deps.harness.closeReturn(ctx, run, current.returnId);
    const said = back < expected ? `${back} of ${expected} units came back` : 'the parcel came back';
    const returnCase = withEvent(
      {
        ...current,
        status: 'refunded',
        received: processed.summary.lineItems.map((l) => ({ returnLineItemId: l.returnLineItemId, quantity: l.processedQuantity })),
      },
      at,
      `${said}; refund ${receipt.refundId} made`,
      signal.by,
    );
    await save({ returnCase, refund: receipt, status: 'running' });
    if (!run.refund) deps.metrics?.count(run.tenant, 'RefundsIssued');
    return { outcome: 'continue' };
  };
}
