// Refund: the only place refund_create is reached, and only through harness.refund(), which
// re-reads the order, re-checks the policy on the exact arguments, checks the approval binding and
// spends the approval once, persists the idempotency key before dispatch. No model runs in this step.
// enter and claim the run (one conditional write: open, not cancelled → state, refundIntent) → harness.refund →
// receipt on the run (conditional: not cancelled). After the claim a cancel is refused, so the refund
// and a cancel never overlap; a refund that still finds a cancellation (the claim bypassed) is
// recorded, the run is done, and Escalate leaves a note for a person. An outcome that cannot be
// settled leaves the run 'pending_review' and hands it to a person.
import { AmbiguousOutcomeError } from '#harness/errors.js';
import type { Run } from '#functions/shared/domain/run.js';
import type { RunPatch } from '#functions/shared/stores/ports.js';
import { MissingStepDataError, RunClosedError } from '../../shared/errors.js';
import { enterStep } from '../../shared/step/run-context.js';
import { continueWith, type StepResult } from '../../shared/step/result.js';
import { openedCase, withEvent } from '../../shared/returns/return-case.js';
import type { ReturnCase } from '#functions/shared/domain/run.js';
import type { StepContext } from '#harness/ports.js';
import type { StepDeps } from '../../shared/step/deps.js';

/**
 * A replacement that ships at once (a damaged item below the keep-it amount): the exchange processed
 * now, nothing coming back, the return closed. Any other case is returned as it is, to wait for the parcel.
 */
async function shipAtOnce(deps: Pick<StepDeps, 'harness' | 'clock'>, ctx: StepContext, run: Run, current: ReturnCase): Promise<ReturnCase> {
  if (!current.shipsAtOnce || current.status !== 'open' || !run.gate?.returnTerms?.exchange) return current;
  const decided = {
    returnId: current.returnId,
    amountMinor: 0,
    feeMinor: 0,
    lines: current.lines,
    exchange: run.gate.returnTerms.exchange.map((e) => ({ variantId: e.variantId, quantity: e.quantity })),
    shipNow: true,
  };
  const gated = run as Parameters<StepDeps['harness']['processReturn']>[1];
  await deps.harness.processReturn(ctx, gated, decided);
  await deps.harness.closeReturn(ctx, gated, current.returnId);
  const at = deps.clock.now().toISOString();
  const what = (current.exchange ?? []).map((e) => `${e.quantity} × ${e.title}`).join(', ');
  return withEvent({ ...current, status: 'exchanged' }, at, `replacement shipped at once (${what}); nothing comes back`, 'the agent');
}

export function createRefund(deps: Pick<StepDeps, 'runs' | 'approvals' | 'harness' | 'metrics' | 'clock'>) {
  /** The run's claim before any dispatch, written with the step's entry: only while it is open and nobody cancelled it. */
  function claimOf(run: Run): RunPatch {
    if (!run.proposal || !run.order) throw new MissingStepDataError(run.runId, 'proposal');
    const refundIntent = run.refundIntent ?? {
      at: deps.clock.now().toISOString(),
      amountMinor: run.gate?.amountMinor ?? 0,
      currency: run.gate?.currency ?? run.proposal.currency,
    };
    return { refundIntent };
  }

  return async ({ runId }: { runId: string }): Promise<StepResult> => {
    const { run, ctx } = await enterStep(deps.runs, runId, 'Refund', { with: claimOf });
    const approval = run.approval ? await deps.approvals.get(run.approval.approvalId) : null;
    // The harness spends the approval on this refund's idempotency key just before dispatch.
    const request = {
      run,
      approval,
      spendApproval: (key: string, at: string) => (approval ? deps.approvals.consume(approval.approvalId, key, at) : Promise.resolve(false)),
    };
    try {
      // A return the gate decided: opened now, refunded when the parcel comes back (ProcessReturn).
      if (run.gate?.remedy === 'return' || run.gate?.remedy === 'exchange') {
        const opened = await deps.harness.openReturn(ctx, request);
        const returnCase = await shipAtOnce(deps, ctx, run, run.returnCase ?? openedCase(opened, run.gate, approval));
        if (!(await deps.runs.updateIf(runId, { returnCase, status: 'running' }, { notCancelled: true }))) {
          await deps.runs.update(runId, { returnCase });
          throw new RunClosedError(runId, 'cancelled');
        }
        return continueWith();
      }
      const refund = await deps.harness.refund(ctx, request);
      const recorded = await deps.runs.updateIf(runId, { refund, status: 'running' }, { notCancelled: true });
      // Counted once: a resumed step answers with the receipt it already recorded.
      if (!run.refund) deps.metrics?.count(run.tenant, 'RefundsIssued');
      if (!recorded) {
        // The money moved on a cancelled run: the run says so (done, with the receipt), and the
        // Catch hands it to Escalate, which leaves the note for a person (and so does the sweeper).
        await deps.runs.update(runId, { refund, status: 'done' });
        throw new RunClosedError(runId, 'cancelled');
      }
      return continueWith();
    } catch (error) {
      // The money may have moved and nobody can tell yet: a person reconciles (the key stays).
      const unknown = error instanceof AmbiguousOutcomeError || (error instanceof Error && error.cause instanceof AmbiguousOutcomeError);
      if (unknown) await deps.runs.update(runId, { status: 'pending_review' });
      if (error instanceof AmbiguousOutcomeError && error.kind !== 'pending_review') {
        throw new AmbiguousOutcomeError('pending_review', error.message, { cause: error });
      }
      throw error;
    }
  };
}
