// settleReview(): a person settles a refund whose outcome nobody could tell (run 'pending_review').
// They checked the order in Shopify and say either "refund <id> is there" or "there is no refund".
// run pending review? → the key the refund was dispatched with → re-read the order (the harness's own
// read, never the person's word alone) → found: the refund id must be on the bound order; the
// idempotency record is completed with its receipt → not found: no refund of exactly these lines and
// amount may be on the order since the dispatch; the record is released → one 'decision' row named
// 'review' with the person as `actor` → the customer's refund lock, kept since the unknown outcome,
// released (the outcome is known now). Called by the console (functions/console) through the harness.
import type { Order } from '#mcp/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import { RefundReceipt, type Run } from '../domain/types.js';
import { ArgumentPolicyError, HarnessConfigError, HarnessError, TemporarilyUnavailableError } from '../errors.js';
import type { Clock, IdempotencyStore, JournalStore, LockStore, StepContext } from '../ports.js';
import { customerLockName } from './customer-lock.js';
import { RULES } from '../policy/rules.js';
import { findRecordedRefund } from './reconcile.js';
import { buildRefundArguments } from './refund-arguments.js';
import type { ToolCaller } from './tool-calls.js';

/** What the person found in the store. */
export type ReviewSettlement = { refundId: string } | { notFound: true };

export type ReviewOutcome = { kind: 'refund_found'; receipt: RefundReceipt } | { kind: 'no_refund'; idempotencyKey: string };

export interface ReviewSettlerDeps {
  caller: ToolCaller;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  clock: Clock;
  /** The customer refund locks: an unknown outcome kept the run's lock to its expiry; a settled one frees it. */
  locks: LockStore;
}

/** A refund id as Shopify shows it (`gid://shopify/Refund/123`) or as a person copies it from admin (`123`). */
function sameRefundId(onOrder: string, given: string): boolean {
  const wanted = given.trim();
  if (!wanted) return false;
  return onOrder === wanted || onOrder.split('/').at(-1) === wanted.split('/').at(-1);
}

export function createReviewSettler(deps: ReviewSettlerDeps) {
  const { caller, journal, idempotency, clock } = deps;

  /** The run's hold on its customer's refund lock, if it still has one (never another run's). */
  const releaseLock = (run: Run) =>
    run.order?.customerId ? deps.locks.release({ name: customerLockName(run.tenant, run.order.customerId), owner: run.runId }).catch(() => undefined) : Promise.resolve();

  async function record(ctx: StepContext, input: { outcome: 'ok' | 'refused'; decision: 'allow' | 'refuse'; rule: string; detail: string; key: string | null; by: string }) {
    await journal.append({
      runId: ctx.runId,
      at: clock.now().toISOString(),
      step: ctx.step,
      kind: 'decision',
      name: 'review',
      provider: 'harness',
      argsHash: 'none',
      outcome: input.outcome,
      detail: input.detail.slice(0, 300),
      latencyMs: 0,
      costMicros: 0,
      model: null,
      inputTokens: null,
      outputTokens: null,
      idempotencyKey: input.key,
      decision: input.decision,
      rule: input.rule,
      actor: input.by,
    });
  }

  async function refuse(ctx: StepContext, by: string, key: string | null, rule: string, message: string): Promise<never> {
    await record(ctx, { outcome: 'refused', decision: 'refuse', rule, detail: `${by}: ${message}`, key, by });
    throw new ArgumentPolicyError(rule, message);
  }

  /** The key the Refund step dispatched with: from its journal rows, else derived as the step derives it. */
  async function keyOf(run: Run): Promise<string> {
    const rows = await journal.listByRun(run.runId);
    const dispatched = rows.filter((r) => r.name === 'refund_create' && r.idempotencyKey).at(-1)?.idempotencyKey;
    if (dispatched) return dispatched;
    return buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts: run.order! }).idempotencyKey;
  }

  async function settleReview(ctx: StepContext, run: Run, settlement: ReviewSettlement, by: string): Promise<ReviewOutcome> {
    if (ctx.runId !== run.runId || ctx.tenant !== run.tenant) throw new HarnessConfigError('the step context is for another run or tenant');
    if (run.status !== 'pending_review' || !run.order || !run.proposal) {
      return refuse(ctx, by, null, RULES.reviewNotPending, `run ${run.runId} is not waiting for a review (status ${run.status})`);
    }
    const bound = run.order;
    const key = await keyOf(run);
    const existing = await idempotency.get(key);
    // The harness reads the order itself: a person's word is checked against the store.
    const boundCtx = { ...ctx, boundOrderId: bound.orderId };
    const { order } = (await caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true })) as { order: Order };

    if ('refundId' in settlement) {
      const found = order.refunds.find((r) => sameRefundId(r.id, settlement.refundId));
      if (!found) return refuse(ctx, by, key, RULES.reviewRefundNotOnOrder, `refund ${settlement.refundId} is not on order #${bound.orderNumber}`);
      const receipt = RefundReceipt.parse({
        refundId: found.id,
        orderId: order.id,
        orderNumber: bound.orderNumber,
        amountMinor: found.amount.amountMinor,
        currency: found.amount.currency,
        createdAt: found.createdAt,
        idempotencyKey: key,
      });
      if (existing?.status === 'succeeded') {
        const held = RefundReceipt.safeParse(existing.result);
        if (!held.success || held.data.refundId !== found.id) return refuse(ctx, by, key, RULES.reviewAlreadySettled, 'the idempotency record already holds another refund');
      } else {
        if (!existing) await idempotency.begin({ key, runId: run.runId, argsHash: 'settled-by-review', createdAt: clock.now().toISOString() });
        await idempotency.complete(key, receipt);
      }
      await releaseLock(run);
      await record(ctx, { outcome: 'ok', decision: 'allow', rule: RULES.reviewRefundFound, detail: `${by} found refund ${found.id} (${found.amount.amountMinor} ${found.amount.currency}) on order #${bound.orderNumber}`, key, by });
      return { kind: 'refund_found', receipt };
    }

    // "Not found" is checked too: a refund of exactly these lines and amount since the dispatch is ours.
    if (existing?.status === 'succeeded') return refuse(ctx, by, key, RULES.reviewAlreadySettled, 'the idempotency record holds a receipt: the refund was made');
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal, facts: toOrderFacts(order, bound.refundsLast90Days) });
    const since = existing?.createdAt ?? run.refundIntent?.at ?? run.createdAt;
    const ours = findRecordedRefund(order, args, since);
    if (ours) return refuse(ctx, by, key, RULES.reviewRefundOnOrder, `order #${bound.orderNumber} shows refund ${ours.id} of exactly these lines and amount; settle it as found`);
    if (!idempotency.release) throw new HarnessConfigError('this idempotency store cannot release a key');
    if (!(await idempotency.release(key))) return refuse(ctx, by, key, RULES.reviewAlreadySettled, 'the idempotency record holds a receipt: the refund was made');
    await releaseLock(run);
    await record(ctx, { outcome: 'ok', decision: 'refuse', rule: RULES.reviewRefundNotFound, detail: `${by} found no refund on order #${bound.orderNumber}; key released`, key, by });
    return { kind: 'no_refund', idempotencyKey: key };
  }

  return {
    async settleReview(ctx: StepContext, run: Run, settlement: ReviewSettlement, by: string): Promise<ReviewOutcome> {
      try {
        return await settleReview(ctx, run, settlement, by);
      } catch (error) {
        if (error instanceof HarnessError) throw error;
        throw new TemporarilyUnavailableError('a store needed to settle the review is unavailable', { cause: error, context: { rule: RULES.storeUnavailable } });
      }
    },
  };
}
