// refund(): the only path to refund_create.
// run → re-read order → build args → dispatch check (+ approval binding) → one-per-run check →
// idempotency record BEFORE dispatch → refund_create with the key → complete/markUnknown → receipt.
import { RefundCreateOutput, type RefundCreateInput } from '#mcp/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import { RefundReceipt, type Run } from '../domain/types.js';
import {
  AmbiguousOutcomeError,
  ArgumentPolicyError,
  HarnessError,
  TemporarilyUnavailableError,
  ToolFailedError,
  ToolNotAllowedError,
} from '../errors.js';
import type { ApprovalRecord, Clock, IdempotencyStore, JournalStore, StepContext } from '../ports.js';
import { checkRefundArguments, refundArgumentsHash } from '../policy/refund-args.js';
import type { Policy } from '../policy/document.js';
import { RULES } from '../policy/rules.js';
import { isToolAllowed } from '../tools/allowlist.js';
import { boundDetail } from './journal-detail.js';
import { buildRefundArguments } from './refund-arguments.js';
import type { ToolCaller } from './tool-calls.js';

export interface RefundDeps {
  caller: ToolCaller;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  policy: Policy;
  clock: Clock;
}

export interface RefundRequest {
  run: Run;
  approval: ApprovalRecord | null;
}

export function createRefundExecutor(deps: RefundDeps) {
  const { caller, journal, idempotency, policy, clock } = deps;
  const NAME = 'refund_create' as const;

  async function refuse(ctx: StepContext, error: HarnessError, argsHash = 'none', idempotencyKey: string | null = null): Promise<never> {
    await caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'refused', detail: error.message, latencyMs: 0, idempotencyKey });
    throw error;
  }

  /** The arguments previewRefund hashes for an approval: from the run's stored order facts. */
  function preview(run: Run): { args: RefundCreateInput; argsHash: string } {
    if (!run.proposal || !run.order) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no proposal or order yet');
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal, facts: run.order });
    return { args, argsHash: refundArgumentsHash(args) };
  }

  function toReceipt(output: RefundCreateOutput, args: RefundCreateInput, orderNumber: string): RefundReceipt {
    return RefundReceipt.parse({
      refundId: output.refundId,
      orderId: output.orderId,
      orderNumber,
      amountMinor: output.amount.amountMinor,
      currency: output.amount.currency,
      createdAt: output.createdAt,
      idempotencyKey: args.idempotencyKey,
    });
  }

  async function refund(ctx: StepContext, { run, approval }: RefundRequest): Promise<RefundReceipt> {
    if (!isToolAllowed(ctx.step, NAME)) {
      await refuse(ctx, new ToolNotAllowedError(`step ${ctx.step} may not refund`, { context: { step: ctx.step } }));
    }
    if (ctx.runId !== run.runId || ctx.tenant !== run.tenant) {
      await refuse(ctx, new ArgumentPolicyError(RULES.orderNotBound, 'the step context is for another run'));
    }
    if (!run.order || !run.proposal) await refuse(ctx, new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no bound order or proposal'));
    const bound = run.order!;
    if (ctx.boundOrderId !== null && ctx.boundOrderId !== bound.orderId) {
      await refuse(ctx, new ArgumentPolicyError(RULES.orderNotBound, 'the step context is bound to another order'));
    }
    if (run.refund) return run.refund; // at most one refund per run: a finished one is the answer

    // Facts for the check come from the store, read now by the harness itself.
    const { order } = await caller.callTool({ ...ctx, boundOrderId: bound.orderId }, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
    const facts = toOrderFacts(order, bound.refundsLast90Days);
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts });
    const key = args.idempotencyKey;
    let argsHash: string;
    try {
      ({ argsHash } = checkRefundArguments({ args, runId: run.runId, boundOrderId: bound.orderId, facts, gate: run.gate, approval, policy, now: clock.now() }));
    } catch (error) {
      if (error instanceof HarnessError) await refuse(ctx, error, refundArgumentsHash(args), key);
      throw error;
    }

    const earlier = (await journal.listByRun(run.runId)).filter((r) => r.name === NAME && r.outcome === 'ok' && r.idempotencyKey !== key);
    if (earlier.length >= policy.document.maxRefundsPerRun) {
      await refuse(ctx, new ArgumentPolicyError(RULES.maxRefundsPerRun, 'this run already issued a refund'), argsHash, key);
    }

    const started = performance.now();
    const { created, record } = await idempotency.begin({ key, runId: run.runId, argsHash, createdAt: clock.now().toISOString() });
    if (!created && record.argsHash !== argsHash) {
      await refuse(ctx, new ArgumentPolicyError(RULES.idempotencyKeyReused, 'the idempotency key was first used for other arguments'), argsHash, key);
    }
    if (!created && record.status === 'succeeded') {
      const receipt = RefundReceipt.parse(record.result);
      await caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'ok', detail: `refund ${receipt.refundId} already done; not sent again`, latencyMs: performance.now() - started, idempotencyKey: key });
      return receipt;
    }

    const result = await caller.dispatch(NAME, args as unknown as Record<string, unknown>);
    const latencyMs = performance.now() - started;
    const journalError = (detail: string) => caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'error', detail, latencyMs, idempotencyKey: key });

    if (result.kind === 'ok') {
      const output = RefundCreateOutput.safeParse(result.output);
      if (!output.success) {
        await idempotency.markUnknown(key, 'refund_create output did not match its contract');
        await journalError('output does not match the contract; outcome unknown');
        throw new TemporarilyUnavailableError('refund outcome unknown; retry with the same key', {
          cause: new AmbiguousOutcomeError('refund_create returned an unreadable result'),
        });
      }
      if (output.data.orderId !== args.orderId || output.data.amount.amountMinor !== args.amount.amountMinor || output.data.amount.currency !== args.amount.currency) {
        await idempotency.markUnknown(key, 'refund_create answered for other arguments');
        await journalError('the store answered with another order or amount');
        throw new AmbiguousOutcomeError('refund_create answered for another order or amount; a person must reconcile');
      }
      const receipt = toReceipt(output.data, args, bound.orderNumber);
      await idempotency.complete(key, receipt);
      await caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'ok', detail: `refund ${receipt.refundId}: ${receipt.amountMinor} ${receipt.currency}`, latencyMs, idempotencyKey: key });
      return receipt;
    }

    const detail = caller.describeFailure(result);
    await idempotency.markUnknown(key, boundDetail(detail));
    await journalError(detail);
    if (result.kind === 'failed' && result.error.category === 'conflict') {
      throw new AmbiguousOutcomeError('the store refused the idempotency key for these arguments; a person must reconcile');
    }
    if (result.kind === 'failed' && result.error.category !== 'temporarily_unavailable') {
      throw new ToolFailedError(result.error.category, `refund_create: ${result.error.category}`, { context: { tool: NAME } });
    }
    // Timeout, 5xx or a lost connection after dispatch: it may have happened. The record stays and
    // the retry sends the same key, so the store answers with the original refund if there was one.
    throw new TemporarilyUnavailableError('refund outcome unknown; retry with the same key', {
      cause: new AmbiguousOutcomeError(detail),
      retryAfterMs: result.kind === 'failed' ? result.error.retryAfterMs : undefined,
    });
  }

  return { refund, preview };
}
