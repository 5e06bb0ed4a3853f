// cancel(): the only path to cancel_order, for a run whose gate proposed cancelling an unshipped
// order and a lead approved it. The order is re-read by the harness → an earlier attempt is settled
// from the order (cancel-settle.ts; orderCancel has no idempotency key, so nothing is sent twice) →
// the dispatch check on the exact arguments and the approval bound to them (policy/cancel-args.ts)
// → the approval spent once → the record written BEFORE dispatch → cancel_order (one attempt, pin
// checked) → the receipt of the refund the cancel made. A job that has not finished leaves the record
// unknown: the retried step reads the order again, and a run that still cannot tell goes to a person.
import { CancelOrderOutput, type CancelOrderInput, type Order } from '#shared/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import { RefundReceipt, type GatedRun, type OrderFacts } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError, ToolFailedError, ToolNotAllowedError, TemporarilyUnavailableError } from '../errors.js';
import { sha256Hex } from '../hash.js';
import type { StepContext } from '../ports.js';
import { buildCancelArguments, cancelArgumentsHash, checkCancelArguments } from '../policy/cancel-args.js';
import type { Policy } from '../policy/document.js';
import { moneyWords } from '../policy/reason-words.js';
import { RULES } from '../policy/rules.js';
import { receiptFromAnswer, receiptFromOrder } from './cancel-settle.js';
import { checked, checkRequest, policyOrRefuse, journalRefusal, store, type RefundDeps, type RefundRequest } from './refund-context.js';

const CANCEL_TOOL = 'cancel_order' as const;
export type CancelDeps = Omit<RefundDeps, 'customerLock'>;

/** sha256(tenant|runId|Cancel|orderId): the key of the run's one cancel record (the store never sees it). */
export function cancelKey(input: { tenant: string; runId: string; orderId: string }): string {
  return 'rc1_' + sha256Hex([input.tenant, input.runId, 'Cancel', input.orderId].join('|'));
}

const refuseCancel = (deps: CancelDeps, ctx: StepContext, error: ArgumentPolicyError | ToolNotAllowedError, argsHash?: string, key?: string) =>
  journalRefusal(deps, ctx, error, argsHash, key ?? null, CANCEL_TOOL);

async function journalReceipt(
  deps: CancelDeps,
  ctx: StepContext,
  receipt: RefundReceipt,
  argsHash: string,
  detail: string,
  approvalId: string | null,
): Promise<RefundReceipt> {
  await deps.caller.journalTool({
    ctx,
    name: CANCEL_TOOL,
    argsHash,
    outcome: 'ok',
    detail: `order ${receipt.orderNumber} cancelled, refund ${receipt.refundId}: ${moneyWords(receipt.amountMinor, receipt.currency)}${detail}`,
    latencyMs: 0,
    idempotencyKey: receipt.idempotencyKey,
    output: receipt,
    approvalId,
  });
  return receipt;
}

/** Nobody can tell what the cancel did: the record stays unknown and a person checks the order. */
async function unknown(deps: CancelDeps, ctx: StepContext, key: string, argsHash: string, detail: string): Promise<never> {
  await deps.idempotency.markUnknown(key, detail);
  await deps.caller.journalTool({ ctx, name: CANCEL_TOOL, argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key });
  throw new AmbiguousOutcomeError('pending_review', detail);
}

/** The answer of the one dispatch: a finished cancel's receipt, or an outcome the next attempt reads from the order. */
async function recordAnswer(
  deps: CancelDeps,
  ctx: StepContext,
  sent: { key: string; argsHash: string; approvalId: string | null },
  answer: unknown,
  order: { id: string; number: string },
): Promise<RefundReceipt> {
  const { key, argsHash } = sent;
  const output = CancelOrderOutput.safeParse(answer);
  const receipt = output.success ? receiptFromAnswer(output.data, order, key) : null;
  if (receipt) {
    await deps.idempotency.complete(key, receipt);
    return journalReceipt(deps, ctx, receipt, argsHash, '', sent.approvalId);
  }
  const detail =
    output.success && output.data.status === 'pending'
      ? "the store's cancel job had not finished"
      : 'cancel_order answered without a cancelled order and its refund';
  await deps.idempotency.markUnknown(key, detail);
  await deps.caller.journalTool({ ctx, name: CANCEL_TOOL, argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key, approvalId: sent.approvalId });
  // The retried step reads the order before anything else.
  throw new TemporarilyUnavailableError(`${detail}; the order is read again`, { cause: new AmbiguousOutcomeError('retry_same_key', detail) });
}

/** One attempt at the run's cancel: the order just re-read, the arguments built from it and the record's key. */
interface CancelAttempt {
  ctx: StepContext;
  run: GatedRun;
  order: Order;
  facts: OrderFacts;
  args: CancelOrderInput;
  key: string;
  keyHash: string;
}

async function readAttempt(deps: CancelDeps, ctx: StepContext, run: GatedRun): Promise<CancelAttempt> {
  const bound = run.order!;
  const { order } = await deps.caller.callTool({ ...ctx, boundOrderId: bound.orderId }, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
  const facts = toOrderFacts(order, bound.refundsLast90Days);
  const args = buildCancelArguments(run.runId, facts);
  const key = cancelKey({ tenant: run.tenant, runId: run.runId, orderId: bound.orderId });
  return { ctx, run, order, facts, args, key, keyHash: cancelArgumentsHash(args, deps.spec.pin) };
}

/** An earlier attempt's record: its receipt, the receipt the order shows, or a person checks. Null when there is none. */
async function settleEarlier(deps: CancelDeps, attempt: CancelAttempt): Promise<RefundReceipt | null> {
  const { ctx, order, key, keyHash } = attempt;
  const earlier = await store('the idempotency store', () => deps.idempotency.get(key));
  if (!earlier) return null;
  if (earlier.status === 'succeeded') return journalReceipt(deps, ctx, RefundReceipt.parse(earlier.result), keyHash, '; already done, not sent again', null);
  const found = receiptFromOrder(order, earlier.createdAt, key);
  if (!found) return unknown(deps, ctx, key, keyHash, 'a cancel was sent and the order does not show it done: a person checks the order');
  await store('the idempotency store', () => deps.idempotency.complete(key, found));
  return journalReceipt(deps, ctx, found, keyHash, '; found on the order, not sent again', null);
}

/** The dispatch check on the exact arguments, then the approval spent once on the record's key. Returns the arguments' hash. */
async function authorise(deps: CancelDeps, attempt: CancelAttempt, request: RefundRequest, policy: Policy): Promise<string> {
  const { ctx, run, facts, args, key, keyHash } = attempt;
  const now = deps.clock.now();
  const check = { args, runId: run.runId, boundOrderId: run.order!.orderId, facts, gate: run.gate, approval: request.approval, policy, now };
  const argsHash = await checked(
    deps,
    attempt,
    keyHash,
    () => checkCancelArguments({ ...check, requesterEmail: run.ticket.requesterEmail, toolPin: deps.spec.pin }),
    CANCEL_TOOL,
  );
  const spent = request.spendApproval ? await store('the approval store', () => request.spendApproval!(key, now.toISOString())) : false;
  if (!spent)
    await refuseCancel(deps, ctx, new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'the approval was already used, or cannot be spent'), argsHash, key);
  return argsHash;
}

/** The record before the one dispatch, then cancel_order; its answer or failure recorded. */
async function dispatch(deps: CancelDeps, attempt: CancelAttempt, argsHash: string, approvalId: string | null): Promise<RefundReceipt> {
  const { ctx, run, args, key, order } = attempt;
  await deps.caller.assertPinned(ctx, CANCEL_TOOL, argsHash, key);
  await store('the idempotency store', () => deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: deps.clock.now().toISOString() }));
  const allowed = { kind: 'decision' as const, ctx, name: CANCEL_TOOL, argsHash, outcome: 'ok' as const, latencyMs: 0, idempotencyKey: key, approvalId };
  await deps.caller.journalTool({ ...allowed, detail: 'cancel allowed (approved)', decision: 'allow', rule: RULES.dispatchAllowed });
  const result = await deps.caller.dispatch(CANCEL_TOOL, args as unknown as Record<string, unknown>, ctx.step);
  if (result.kind === 'ok') return recordAnswer(deps, ctx, { key, argsHash, approvalId }, result.output, order);
  const detail = deps.caller.describeFailure(result);
  const category = result.kind === 'failed' ? result.error.category : null;
  // The store says "already cancelled" though the order read open a moment ago: not ours to claim.
  if (category === 'conflict') return unknown(deps, ctx, key, argsHash, `the store refused the cancel: ${detail}`);
  await deps.idempotency.markUnknown(key, detail);
  await deps.caller.journalTool({ ctx, name: CANCEL_TOOL, argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key, approvalId });
  if (category === 'invalid' || category === 'not_found' || category === 'not_authorized') {
    throw new ToolFailedError(category, `cancel_order: ${detail}`, { context: { tool: CANCEL_TOOL } });
  }
  // A timeout or a lost answer: the job may run. The retried step reads the order before anything else.
  throw new TemporarilyUnavailableError('cancel outcome unknown; the order is read again', { cause: new AmbiguousOutcomeError('retry_same_key', detail) });
}

async function cancel(deps: CancelDeps, ctx: StepContext, request: RefundRequest): Promise<RefundReceipt> {
  await checkRequest(deps, ctx, request.run, CANCEL_TOOL);
  const policy = await policyOrRefuse(deps, ctx, CANCEL_TOOL);
  if (request.run.refund) return request.run.refund;
  const attempt = await readAttempt(deps, ctx, request.run);
  const settled = await settleEarlier(deps, attempt);
  if (settled) return settled;
  const argsHash = await authorise(deps, attempt, request, policy);
  return dispatch(deps, attempt, argsHash, request.approval?.approvalId ?? null);
}

/** The arguments an approval of the run's cancel binds (RequestApproval), no tool call. */
function preview(deps: CancelDeps, run: GatedRun): { argsHash: string; idempotencyKey: string } {
  if (!run.order) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no order yet');
  const args = buildCancelArguments(run.runId, run.order);
  return {
    argsHash: cancelArgumentsHash(args, deps.spec.pin),
    idempotencyKey: cancelKey({ tenant: run.tenant, runId: run.runId, orderId: run.order.orderId }),
  };
}

export function createCancelExecutor(deps: CancelDeps) {
  return {
    cancel: (ctx: StepContext, request: RefundRequest) => cancel(deps, ctx, request),
    preview: (run: GatedRun) => preview(deps, run),
  };
}
