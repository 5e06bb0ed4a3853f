// The returns tools that open the way to money or move it, each reached only through the harness
// (docs/policy.md "Returns and exchanges"): open (return-open.ts), process what came back
// (return-process.ts), and close (the parcel never came) or cancel (a lead) a return: one call each, no money.
import { ReturnStatusOutput, type ReturnSummary } from '#shared/contracts/tools.js';
import type { GatedRun } from '../domain/types.js';
import { ArgumentPolicyError, ToolFailedError } from '../errors.js';
import { canonicalHash } from '../hash.js';
import type { StepContext } from '../ports.js';
import type { Policy } from '../policy/document.js';
import { buildOpenReturnArguments, openReturnArgumentsHash } from '../policy/return-args.js';
import { RULES } from '../policy/rules.js';
import { checkRequest, journalRefusal, type RefundRequest } from './refund-context.js';
import { openReturn } from './return-open.js';
import { processReturn } from './return-process.js';
import { openReturnKey, readOrder, readReturns, type DecidedReturn, type ReturnDeps } from './return-context.js';

export type { DecidedReturn, ReturnDeps, ReturnOpened, ReturnProcessed } from './return-context.js';

/** Close (the parcel never came) or cancel (a lead) the run's return: one call, no money. */
async function end(
  deps: ReturnDeps,
  ctx: StepContext,
  run: GatedRun,
  returnId: string,
  tool: 'close_return' | 'cancel_return',
): Promise<ReturnSummary['status']> {
  await checkRequest(deps, ctx, run, tool);
  const { facts, boundCtx } = await readOrder(deps, ctx, run);
  const ret = (await readReturns(deps, boundCtx, facts.orderId)).find((r) => r.returnId === returnId);
  if (!ret) return journalRefusal(deps, ctx, new ArgumentPolicyError(RULES.orderNotBound, `return ${returnId} is not on the run's order`), 'none', null, tool);
  const done = tool === 'close_return' ? 'CLOSED' : 'CANCELED';
  if (ret.status === done) return done;
  const argsHash = canonicalHash({ tool, args: { returnId } });
  const result = await deps.caller.dispatch(tool, { returnId }, ctx.step);
  const output = result.kind === 'ok' ? ReturnStatusOutput.safeParse(result.output) : null;
  if (!output?.success) {
    const detail = result.kind === 'ok' ? `${tool} answered without a status` : deps.caller.describeFailure(result);
    await deps.caller.journalTool({ ctx, name: tool, argsHash, outcome: 'error', detail, latencyMs: 0 });
    throw new ToolFailedError(result.kind === 'failed' ? result.error.category : 'temporarily_unavailable', `${tool}: ${detail}`, { context: { tool } });
  }
  await deps.caller.journalTool({ ctx, name: tool, argsHash, outcome: 'ok', detail: `return ${ret.name} ${output.data.status.toLowerCase()}`, latencyMs: 0 });
  return output.data.status;
}

export function createReturnExecutor(deps: ReturnDeps) {
  return {
    open: (ctx: StepContext, request: RefundRequest) => openReturn(deps, ctx, request),
    process: (ctx: StepContext, run: GatedRun, decided: DecidedReturn) => processReturn(deps, ctx, run, decided),
    close: (ctx: StepContext, run: GatedRun, returnId: string) => end(deps, ctx, run, returnId, 'close_return'),
    cancel: (ctx: StepContext, run: GatedRun, returnId: string) => end(deps, ctx, run, returnId, 'cancel_return'),
    /** The arguments an approval of the run's return binds (RequestApproval), no tool call. */
    preview: (run: GatedRun, policy: Policy) => {
      if (!run.order || !run.gate || !run.proposal) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no gate decision yet');
      const args = buildOpenReturnArguments({ runId: run.runId, facts: run.order, gate: run.gate, reason: run.proposal.reason, policy });
      return {
        argsHash: openReturnArgumentsHash(args, deps.pins.open_return),
        idempotencyKey: openReturnKey({ tenant: run.tenant, runId: run.runId, orderId: run.order.orderId }),
      };
    },
  };
}
