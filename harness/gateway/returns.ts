// The only paths to the returns tools that open the way to money or move it (docs/policy.md "Returns
// and exchanges"). open(): the order re-read → an earlier attempt settled from the order's returns (a
// return whose lines carry the run's note; returnCreate takes no idempotency key, so nothing is sent
// twice blind) → the dispatch check on the exact arguments and, for an approved return, the approval
// bound to them and spent once → the record written BEFORE dispatch → open_return. process(): the
// return re-read → what came back and was not processed → the refund recomputed for those units (the
// fee once), never above what the decision authorised less what the return refunded → the record
// before dispatch → process_return (a unit is processed once in the store: a retry refunds nothing
// twice). close() and cancel() end a return the parcel of which never came or that a lead cancelled.
import { OpenReturnOutput, ProcessReturnOutput, ReturnStatusOutput, type ReturnSummary } from '#shared/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import type { GatedRun, OrderFacts } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError, TemporarilyUnavailableError, ToolFailedError } from '../errors.js';
import { sha256Hex } from '../hash.js';
import type { StepContext } from '../ports.js';
import { moneyWords } from '../policy/reason-words.js';
import {
  buildOpenReturnArguments,
  checkOpenReturnArguments,
  checkProcessReturnArguments,
  openReturnArgumentsHash,
  receiptRefund,
  returnNote,
  unitsToProcess,
} from '../policy/return-args.js';
import { canonicalHash } from '../hash.js';
import { RULES } from '../policy/rules.js';
import { checked, checkRequest, policyOrRefuse, journalRefusal, store, type RefundDeps, type RefundRequest, type MoneyTool } from './refund-context.js';

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
export interface DecidedReturn {
  returnId: string;
  amountMinor: number;
  feeMinor: number;
  lines: readonly { returnLineItemId: string; lineItemId: string; quantity: number }[];
}

export interface ReturnProcessed {
  summary: ReturnSummary;
  /** The refund this processing made; null when nothing came back to process. */
  refund: { refundId: string; amountMinor: number; currency: string; presentment?: { amountMinor: number; currency: string }; createdAt: string } | null;
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

const refuse = (deps: ReturnDeps, ctx: StepContext, error: ArgumentPolicyError, tool: MoneyTool, argsHash?: string, key?: string) =>
  journalRefusal(deps, ctx, error, argsHash, key ?? null, tool);

async function readOrder(deps: ReturnDeps, ctx: StepContext, run: GatedRun): Promise<{ facts: OrderFacts; boundCtx: StepContext }> {
  const bound = run.order!;
  const boundCtx = { ...ctx, boundOrderId: bound.orderId };
  const { order } = await deps.caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
  return { facts: toOrderFacts(order, bound.refundsLast90Days), boundCtx };
}

async function readReturns(deps: ReturnDeps, boundCtx: StepContext, orderId: string): Promise<ReturnSummary[]> {
  const { returns } = await deps.caller.callTool(boundCtx, 'get_returns', { orderId }, { internal: true });
  return returns;
}

function opened(run: GatedRun, summary: ReturnSummary, at: string, approvalId: string | null): ReturnOpened {
  const gate = run.gate!;
  return {
    summary,
    openedAt: at,
    feeMinor: gate.returnTerms?.feeMinor ?? 0,
    decidedAmountMinor: gate.amountMinor,
    ...(gate.presentment ? { decidedPresentmentMinor: gate.presentment.amountMinor } : {}),
    currency: gate.currency,
    policyVersion: gate.policyVersion,
    approvalId,
  };
}

/** The run's return on the order: the one whose lines carry its note, not cancelled or declined. */
const runsReturn = (returns: readonly ReturnSummary[], runId: string) =>
  returns.find((r) => r.status !== 'CANCELED' && r.status !== 'DECLINED' && r.lineItems.some((l) => l.note === returnNote(runId))) ?? null;

async function open(deps: ReturnDeps, ctx: StepContext, request: RefundRequest): Promise<ReturnOpened> {
  const { run } = request;
  await checkRequest(deps, ctx, run, 'open_return');
  const policy = await policyOrRefuse(deps, ctx, 'open_return');
  const { facts, boundCtx } = await readOrder(deps, ctx, run);
  const args = buildOpenReturnArguments({ runId: run.runId, facts, gate: run.gate!, reason: run.proposal!.reason, policy });
  const key = openReturnKey({ tenant: run.tenant, runId: run.runId, orderId: facts.orderId });
  const keyHash = openReturnArgumentsHash(args, deps.pins.open_return);
  const journalOpened = async (ret: ReturnOpened, detail: string) => {
    await deps.caller.journalTool({
      ctx,
      name: 'open_return',
      argsHash: keyHash,
      outcome: 'ok',
      detail,
      latencyMs: 0,
      idempotencyKey: key,
      approvalId: ret.approvalId,
    });
    return ret;
  };
  // An earlier attempt of this run got as far as dispatch: its return, if the order shows it, is the answer.
  const earlier = await store('the idempotency store', () => deps.idempotency.get(key));
  if (earlier) {
    if (earlier.status === 'succeeded') return earlier.result as ReturnOpened;
    const found = runsReturn(await readReturns(deps, boundCtx, facts.orderId), run.runId);
    if (!found) {
      const detail = 'a return was sent and the order shows none of this run: a person checks the order';
      await deps.idempotency.markUnknown(key, detail);
      throw new AmbiguousOutcomeError('pending_review', detail);
    }
    const ret = opened(run, found, found.createdAt, request.approval?.approvalId ?? null);
    await store('the idempotency store', () => deps.idempotency.complete(key, ret));
    return journalOpened(ret, `return ${found.name} found on the order, not sent again`);
  }
  const now = deps.clock.now();
  const attempt = { ctx, key };
  const check = {
    args,
    runId: run.runId,
    boundOrderId: run.order!.orderId,
    requesterEmail: run.ticket.requesterEmail ?? '',
    facts,
    gate: run.gate,
    approval: request.approval,
    policy,
    now,
  };
  const argsHash = await checked(deps, attempt, keyHash, () => checkOpenReturnArguments({ ...check, toolPin: deps.pins.open_return }), 'open_return');
  if (run.gate!.decision === 'approval') {
    const spent = request.spendApproval ? await store('the approval store', () => request.spendApproval!(key, now.toISOString())) : false;
    if (!spent)
      await refuse(
        deps,
        ctx,
        new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'the approval was already used, or cannot be spent'),
        'open_return',
        argsHash,
        key,
      );
  }
  await deps.caller.assertPinned(ctx, 'open_return', argsHash, key);
  await store('the idempotency store', () => deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: now.toISOString() }));
  const approvalId = request.approval?.approvalId ?? null;
  const how = run.gate!.decision === 'auto' ? 'automatic' : 'approved';
  const allowed = {
    kind: 'decision' as const,
    ctx,
    name: 'open_return' as const,
    argsHash,
    outcome: 'ok' as const,
    latencyMs: 0,
    idempotencyKey: key,
    approvalId,
  };
  await deps.caller.journalTool({
    ...allowed,
    detail: `return allowed (${how}): ${moneyWords(run.gate!.amountMinor, run.gate!.currency)} on receipt`,
    decision: 'allow',
    rule: RULES.dispatchAllowed,
  });
  const result = await deps.caller.dispatch('open_return', args as unknown as Record<string, unknown>, ctx.step);
  const output = result.kind === 'ok' ? OpenReturnOutput.safeParse(result.output) : null;
  if (output?.success) {
    const ret = opened(run, output.data.return, output.data.return.createdAt, approvalId);
    await store('the idempotency store', () => deps.idempotency.complete(key, ret));
    return journalOpened(ret, `return ${ret.summary.name} opened: ${moneyWords(ret.decidedAmountMinor, ret.currency)} on receipt`);
  }
  const detail = result.kind === 'ok' ? 'open_return answered without a return' : deps.caller.describeFailure(result);
  await deps.idempotency.markUnknown(key, detail);
  await deps.caller.journalTool({ ctx, name: 'open_return', argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key, approvalId });
  const category = result.kind === 'failed' ? result.error.category : null;
  if (category === 'invalid' || category === 'not_found' || category === 'not_authorized' || category === 'conflict') {
    throw new ToolFailedError(category, `open_return: ${detail}`, { context: { tool: 'open_return' } });
  }
  // A timeout or a lost answer: the retried step reads the order's returns before anything else.
  throw new TemporarilyUnavailableError('return outcome unknown; the order is read again', { cause: new AmbiguousOutcomeError('retry_same_key', detail) });
}

/** The store's split of the refund: the amount in both currencies, scaled from the worth when the customer paid in another. */
function refundMoney(
  facts: OrderFacts,
  amountMinor: number,
): { amountMinor: number; currency: string; presentment?: { amountMinor: number; currency: string } } {
  if (!facts.presentment) return { amountMinor, currency: facts.currency };
  const shop = Math.max(1, facts.maximumRefundableMinor);
  const paid = Math.round((amountMinor * facts.presentment.maximumRefundableMinor) / shop);
  return { amountMinor, currency: facts.currency, presentment: { amountMinor: paid, currency: facts.presentment.currency } };
}

async function process(deps: ReturnDeps, ctx: StepContext, run: GatedRun, decided: DecidedReturn): Promise<ReturnProcessed> {
  await checkRequest(deps, ctx, run, 'process_return');
  await policyOrRefuse(deps, ctx, 'process_return');
  const { facts, boundCtx } = await readOrder(deps, ctx, run);
  const ret = (await readReturns(deps, boundCtx, facts.orderId)).find((r) => r.returnId === decided.returnId);
  if (!ret) return refuse(deps, ctx, new ArgumentPolicyError(RULES.orderNotBound, `return ${decided.returnId} is not on the run's order`), 'process_return');
  const processedBefore = ret.lineItems.reduce((n, l) => n + l.processedQuantity, 0);
  const key = processReturnKey({ tenant: run.tenant, runId: run.runId, returnId: ret.returnId, processedBefore });
  const units = unitsToProcess(ret).filter((u) => decided.lines.some((d) => d.returnLineItemId === u.returnLineItemId));
  if (units.length === 0) {
    // Nothing left to process: an earlier processing whose answer was lost shows as the return's last refund.
    const last = ret.refunds.at(-1);
    const found = last
      ? {
          refundId: last.refundId,
          amountMinor: last.amount.amountMinor,
          currency: last.amount.currency,
          ...(last.amount.presentment ? { presentment: last.amount.presentment } : {}),
          createdAt: last.createdAt,
        }
      : null;
    return { summary: ret, refund: found, units: [], idempotencyKey: null };
  }
  const amountMinor = receiptRefund({ ret, facts, decided }, units);
  const args = {
    returnId: ret.returnId,
    lineItems: units.map((u) => ({ returnLineItemId: u.returnLineItemId, quantity: u.quantity })),
    ...(amountMinor > 0 ? { refund: { amount: refundMoney(facts, amountMinor) } } : {}),
    notifyCustomer: false,
    note: `${returnNote(run.runId)}: refund on receipt of return ${ret.name}`.slice(0, 255),
  };
  const argsHash = canonicalHash({ tool: 'process_return', pin: deps.pins.process_return, args });
  await checked(deps, { ctx, key }, argsHash, () => checkProcessReturnArguments({ args, ret, facts, decided }), 'process_return');
  await deps.caller.assertPinned(ctx, 'process_return', argsHash, key);
  const begun = await store('the idempotency store', () =>
    deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: deps.clock.now().toISOString() }),
  );
  if (!begun.created) {
    // The same units were sent before and the return still shows them unprocessed: the store refused or never got them; a person checks.
    const detail = `a processing of return ${ret.name} was sent and the return does not show it: a person checks the order`;
    await deps.idempotency.markUnknown(key, detail);
    throw new AmbiguousOutcomeError('pending_review', detail);
  }
  await deps.caller.journalTool({
    kind: 'decision',
    ctx,
    name: 'process_return',
    argsHash,
    outcome: 'ok',
    detail: `refund on receipt allowed: ${moneyWords(amountMinor, facts.currency)} (decided ${moneyWords(decided.amountMinor, facts.currency)})`,
    latencyMs: 0,
    idempotencyKey: key,
    decision: 'allow',
    rule: RULES.dispatchAllowed,
  });
  const result = await deps.caller.dispatch('process_return', args as unknown as Record<string, unknown>, ctx.step);
  const output = result.kind === 'ok' ? ProcessReturnOutput.safeParse(result.output) : null;
  if (output?.success) {
    const made = output.data.refund;
    const refund = made
      ? {
          refundId: made.refundId,
          amountMinor: made.amount.amountMinor,
          currency: made.amount.currency,
          ...(made.amount.presentment ? { presentment: made.amount.presentment } : {}),
          createdAt: made.createdAt,
        }
      : null;
    const processed: ReturnProcessed = {
      summary: output.data.return,
      refund,
      units: units.map((u) => ({ lineItemId: u.lineItemId, quantity: u.quantity })),
      idempotencyKey: key,
    };
    await store('the idempotency store', () => deps.idempotency.complete(key, processed));
    const said = refund ? `refund ${refund.refundId}: ${moneyWords(refund.amountMinor, refund.currency)}` : 'nothing refunded';
    await deps.caller.journalTool({
      ctx,
      name: 'process_return',
      argsHash,
      outcome: 'ok',
      detail: `return ${ret.name} processed, ${said}`,
      latencyMs: 0,
      idempotencyKey: key,
      output: refund,
    });
    return processed;
  }
  const detail = result.kind === 'ok' ? 'process_return answered without the return' : deps.caller.describeFailure(result);
  await deps.idempotency.markUnknown(key, detail);
  await deps.caller.journalTool({ ctx, name: 'process_return', argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key });
  // Whatever happened, the store processes a unit once: a person reads the return and its refunds.
  throw new AmbiguousOutcomeError('pending_review', `processing return ${ret.name}: ${detail}`);
}

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
  if (!ret) return refuse(deps, ctx, new ArgumentPolicyError(RULES.orderNotBound, `return ${returnId} is not on the run's order`), tool);
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
    open: (ctx: StepContext, request: RefundRequest) => open(deps, ctx, request),
    process: (ctx: StepContext, run: GatedRun, decided: DecidedReturn) => process(deps, ctx, run, decided),
    close: (ctx: StepContext, run: GatedRun, returnId: string) => end(deps, ctx, run, returnId, 'close_return'),
    cancel: (ctx: StepContext, run: GatedRun, returnId: string) => end(deps, ctx, run, returnId, 'cancel_return'),
    /** The arguments an approval of the run's return binds (RequestApproval), no tool call. */
    preview: (run: GatedRun, policy: Parameters<typeof buildOpenReturnArguments>[0]['policy']) => {
      if (!run.order || !run.gate || !run.proposal) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no gate decision yet');
      const args = buildOpenReturnArguments({ runId: run.runId, facts: run.order, gate: run.gate, reason: run.proposal.reason, policy });
      return {
        argsHash: openReturnArgumentsHash(args, deps.pins.open_return),
        idempotencyKey: openReturnKey({ tenant: run.tenant, runId: run.runId, orderId: run.order.orderId }),
      };
    },
  };
}
