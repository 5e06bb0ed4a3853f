// settleReview(): a person settles a refund whose outcome nobody could tell (run 'pending_review').
// They checked the order in Shopify and say either "refund <id> is there" or "there is no refund".
// run pending review? → the key the refund was dispatched with → re-read the order (the harness's own
// read, never the person's word alone) → found: the refund must be on the bound order, made since the
// run's dispatch, of exactly the run's lines and amount (an older refund on the order is never the
// run's, whatever a person types); the idempotency record is completed with its receipt → not found: no
// refund of exactly these lines and amount may be on the order since the dispatch; the record is
// released → one 'decision' row named 'review' with the person as `actor` → the customer's refund lock,
// kept since the unknown outcome, released (the outcome is known now). The same read lists the
// candidates a person chooses from (listCandidates).
import { decisionRow } from './decision-row.js';
import type { Order, RefundCreateInput } from '#shared/contracts/tools.js';
import { formatMoney } from '#shared/money.js';
import { toOrderFacts } from '../domain/order-facts.js';
import { RefundReceipt, type GatedRun, type OrderFacts } from '../domain/types.js';
import { ArgumentPolicyError, HarnessConfigError, type ErrorContext, HarnessError, TemporarilyUnavailableError } from '../errors.js';
import type { Clock, IdempotencyRecord, IdempotencyStore, JournalStore, LockStore, StepContext } from '../ports.js';
import { customerLockName } from './customer-lock.js';
import { RULES } from '../policy/rules.js';
import { findRecordedRefund, refundMismatch } from './reconcile.js';
import { buildRefundArguments, gateTerms } from './refund-arguments.js';
import { cancelKey } from './cancel.js';
import { notThisRunsRefund, reviewCandidates, shortRefundId, type ReviewCandidates } from './review-candidates.js';
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

type ReviewRow = { outcome: 'ok' | 'refused'; decision: 'allow' | 'refuse'; rule: string; detail: string; key: string | null; by: string };

/** The run's hold on its customer's refund lock, if it still has one (never another run's). */
function releaseLock(deps: ReviewSettlerDeps, run: GatedRun): Promise<unknown> {
  if (!run.order?.customerId) return Promise.resolve();
  return deps.locks.release({ name: customerLockName(run.tenant, run.order.customerId), owner: run.runId }).catch(() => undefined);
}

/** The one 'review' decision row, with the person as its actor. */
async function record(deps: ReviewSettlerDeps, ctx: StepContext, input: ReviewRow): Promise<void> {
  await deps.journal.append(
    decisionRow({
      runId: ctx.runId,
      at: deps.clock.now().toISOString(),
      step: ctx.step,
      name: 'review',
      provider: 'harness',
      outcome: input.outcome,
      detail: input.detail.slice(0, 300),
      idempotencyKey: input.key,
      decision: input.decision,
      rule: input.rule,
      actor: input.by,
    }),
  );
}

async function refuseSettlement(
  deps: ReviewSettlerDeps,
  ctx: StepContext,
  by: string,
  key: string | null,
  rule: string,
  message: string,
  context: ErrorContext = {},
): Promise<never> {
  await record(deps, ctx, { outcome: 'refused', decision: 'refuse', rule, detail: `${by}: ${message}`, key, by });
  throw new ArgumentPolicyError(rule, message, { context });
}

const isCancel = (run: GatedRun) => run.gate?.remedy === 'cancel';

/** The key the Refund step dispatched with: from its journal rows, else derived as the step derives it. */
async function keyOf(deps: ReviewSettlerDeps, run: GatedRun): Promise<string> {
  const rows = await deps.journal.listByRun(run.runId);
  const tool = isCancel(run) ? 'cancel_order' : 'refund_create';
  const dispatched = rows.filter((r) => r.name === tool && r.idempotencyKey).at(-1)?.idempotencyKey;
  if (dispatched) return dispatched;
  if (isCancel(run)) return cancelKey({ tenant: run.tenant, runId: run.runId, orderId: run.order!.orderId });
  return buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts: run.order!, ...gateTerms(run.gate) }).idempotencyKey;
}

/**
 * What the run's money call refunded, as refund arguments a review compares with: the refund's own,
 * or for a cancel, every line still refundable when the order was bound (orderCancel refunds them
 * all) for the gate's amount, in the currency the customer paid.
 */
function reviewArguments(run: Reviewable, facts: OrderFacts, key: string): RefundCreateInput {
  if (!isCancel(run)) return buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal, facts, ...gateTerms(run.gate) });
  const lineItems = run.order.lineItems.filter((l) => l.refundableQuantity > 0).map((l) => ({ lineItemId: l.id, quantity: l.refundableQuantity }));
  const paid = run.order.presentment;
  const presentment = paid ? { presentment: { amountMinor: paid.maximumRefundableMinor, currency: paid.currency } } : {};
  const amount = { amountMinor: run.gate!.amountMinor, currency: run.gate!.currency, ...presentment };
  return { orderId: run.order.orderId, lineItems, amount, parentTransactionId: '', gateway: '', note: '', idempotencyKey: key };
}

/** What a review settles: the run, its key and record, and the order the harness just re-read. */
interface Review {
  ctx: StepContext;
  run: Reviewable;
  by: string;
  key: string;
  existing: IdempotencyRecord | null;
  order: Order;
  /** The refund_create arguments the run dispatched (the gate's amount), and when it dispatched them. */
  args: RefundCreateInput;
  dispatchedAt: string;
}

/** "Refund <id> is there": it must be on the bound order and can be the run's; the record is completed with its receipt. */
async function settleFound(deps: ReviewSettlerDeps, review: Review, refundId: string): Promise<ReviewOutcome> {
  const { ctx, run, by, key, existing, order } = review;
  const bound = run.order;
  const found = order.refunds.find((r) => sameRefundId(r.id, refundId));
  if (!found) {
    const message = `Refund ${shortRefundId(refundId)} is not on order #${bound.orderNumber}. Choose one of the refunds listed, or say that no refund was made.`;
    return refuseSettlement(deps, ctx, by, key, RULES.reviewRefundNotOnOrder, message, { refundId });
  }
  const mismatch = refundMismatch(found, review.args, review.dispatchedAt);
  if (mismatch) {
    const message = notThisRunsRefund(order, found, mismatch, review.args, review.dispatchedAt);
    const context = { refundId: found.id, refundCreatedAt: found.createdAt, dispatchedAt: review.dispatchedAt, mismatch };
    return refuseSettlement(deps, ctx, by, key, RULES.reviewRefundNotThisRuns, message, context);
  }
  if (isCancel(run) && !order.cancelledAt) {
    const message = `Order #${bound.orderNumber} is not cancelled in the store, so refund ${shortRefundId(found.id)} cannot be this run's cancel. Say that no refund was made, or check the order again.`;
    return refuseSettlement(deps, ctx, by, key, RULES.reviewRefundNotThisRuns, message, { refundId: found.id });
  }
  const receipt = RefundReceipt.parse({
    refundId: found.id,
    orderId: order.id,
    orderNumber: bound.orderNumber,
    amountMinor: found.amount.amountMinor,
    currency: found.amount.currency,
    ...(found.amount.presentment ? { presentment: found.amount.presentment } : {}),
    createdAt: found.createdAt,
    idempotencyKey: key,
    ...(review.args.method === 'store_credit' ? { method: 'store_credit' } : {}),
    ...(isCancel(run) && order.cancelledAt ? { cancelledAt: order.cancelledAt } : {}),
  });
  if (existing?.status === 'succeeded') {
    const held = RefundReceipt.safeParse(existing.result);
    if (!held.success || held.data.refundId !== found.id) {
      return refuseSettlement(
        deps,
        ctx,
        by,
        key,
        RULES.reviewAlreadySettled,
        'This run already has another refund recorded as its own, so nothing was changed. Open the run to see it.',
      );
    }
  } else {
    if (!existing) await deps.idempotency.begin({ key, runId: run.runId, argsHash: 'settled-by-review', createdAt: deps.clock.now().toISOString() });
    await deps.idempotency.complete(key, receipt);
  }
  await releaseLock(deps, run);
  const detail = `${by} found refund ${found.id} (${formatMoney(found.amount.amountMinor, found.amount.currency)}) on order #${bound.orderNumber}`;
  await record(deps, ctx, { outcome: 'ok', decision: 'allow', rule: RULES.reviewRefundFound, detail, key, by });
  return { kind: 'refund_found', receipt };
}

/** "There is no refund", checked too: a refund of exactly these lines and amount since the dispatch is ours. */
async function settleNotFound(deps: ReviewSettlerDeps, review: Review): Promise<ReviewOutcome> {
  const { ctx, run, by, key, existing, order } = review;
  const bound = run.order;
  const made = 'This run’s refund is already recorded as made, so it cannot be settled as “no refund”. Nothing was changed.';
  if (existing?.status === 'succeeded') return refuseSettlement(deps, ctx, by, key, RULES.reviewAlreadySettled, made);
  const ours = findRecordedRefund(order, review.args, review.dispatchedAt);
  if (ours) {
    const shown = `Order #${bound.orderNumber} shows refund ${shortRefundId(ours.id)}, made since this run tried to refund, with exactly its items and amount: choose that refund instead of “no refund was made”.`;
    return refuseSettlement(deps, ctx, by, key, RULES.reviewRefundOnOrder, shown);
  }
  if (!deps.idempotency.release) throw new HarnessConfigError('this idempotency store cannot release a key');
  if (!(await deps.idempotency.release(key))) return refuseSettlement(deps, ctx, by, key, RULES.reviewAlreadySettled, made);
  await releaseLock(deps, run);
  const detail = `${by} found no refund on order #${bound.orderNumber}; key released`;
  await record(deps, ctx, { outcome: 'ok', decision: 'refuse', rule: RULES.reviewRefundNotFound, detail, key, by });
  return { kind: 'no_refund', idempotencyKey: key };
}

type Reviewable = GatedRun & { order: NonNullable<GatedRun['order']>; proposal: NonNullable<GatedRun['proposal']> };

const reviewable = (run: GatedRun): run is Reviewable => run.status === 'pending_review' && !!run.order && !!run.proposal;

/** Its key and record, the order re-read by the harness (never a person's word alone), what it dispatched when. */
async function prepareRead(deps: ReviewSettlerDeps, ctx: StepContext, run: Reviewable, by = ''): Promise<Review> {
  if (ctx.runId !== run.runId || ctx.tenant !== run.tenant) throw new HarnessConfigError('the step context is for another run or tenant');
  const bound = run.order;
  const key = await keyOf(deps, run);
  const existing = await deps.idempotency.get(key);
  const boundCtx = { ...ctx, boundOrderId: bound.orderId };
  const { order } = (await deps.caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true })) as { order: Order };
  const facts = toOrderFacts(order, bound.refundsLast90Days);
  const args = reviewArguments(run, facts, key);
  // When the run dispatched: its idempotency record, else its refund claim; a refund before it is not the run's.
  const dispatchedAt = existing?.createdAt ?? run.refundIntent?.at ?? run.createdAt;
  return { ctx, run, by, key, existing, order, args, dispatchedAt };
}

async function settleReview(deps: ReviewSettlerDeps, ctx: StepContext, run: GatedRun, settlement: ReviewSettlement, by: string): Promise<ReviewOutcome> {
  if (ctx.runId !== run.runId || ctx.tenant !== run.tenant) throw new HarnessConfigError('the step context is for another run or tenant');
  if (!reviewable(run)) {
    return refuseSettlement(
      deps,
      ctx,
      by,
      null,
      RULES.reviewNotPending,
      `Run ${run.runId} is not waiting for a review (it is ${run.status.replace(/_/g, ' ')}).`,
    );
  }
  const review = await prepareRead(deps, ctx, run, by);
  return 'refundId' in settlement ? settleFound(deps, review, settlement.refundId) : settleNotFound(deps, review);
}

/** Normalizes a store or adapter failure (not a harness refusal) into one a caller can retry. */
async function guarded<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new TemporarilyUnavailableError(`a store needed to ${what} is unavailable`, { cause: error, context: { rule: RULES.storeUnavailable } });
  }
}

export function createReviewSettler(deps: ReviewSettlerDeps) {
  return {
    settleReview(ctx: StepContext, run: GatedRun, settlement: ReviewSettlement, by: string): Promise<ReviewOutcome> {
      return guarded(() => settleReview(deps, ctx, run, settlement, by), 'settle the review');
    },
    /** The order's refunds since the run's dispatch, for the person to choose from; journals nothing but the read. */
    listCandidates(ctx: StepContext, run: GatedRun): Promise<ReviewCandidates> {
      return guarded(async () => {
        if (!reviewable(run)) throw new ArgumentPolicyError(RULES.reviewNotPending, `Run ${run.runId} is not waiting for a review.`);
        const review = await prepareRead(deps, ctx, run);
        return reviewCandidates(review.order, review.args, review.dispatchedAt);
      }, 'list the refunds on the order');
    },
  };
}
