// open(): the only path to open_return. The order re-read → an earlier attempt settled from the
// order's returns (a return whose lines carry the run's note; returnCreate takes no idempotency key,
// so nothing is sent twice blind) → the dispatch check on the exact arguments and, for an approved
// return, the approval bound to them and spent once → the record written BEFORE dispatch → open_return.
import { OpenReturnOutput, type OpenReturnInput, type ReturnSummary } from '#shared/contracts/tools.js';
import type { GatedRun, OrderFacts } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError, TemporarilyUnavailableError, ToolFailedError } from '../errors.js';
import type { StepContext } from '../ports.js';
import type { Policy } from '../policy/document.js';
import { moneyWords } from '../policy/reason-words.js';
import { buildOpenReturnArguments, checkOpenReturnArguments, openReturnArgumentsHash } from '../policy/return-args.js';
import { RULES } from '../policy/rules.js';
import { checked, checkRequest, journalRefusal, policyOrRefuse, store, type RefundRequest } from './refund-context.js';
import { openReturnKey, readOrder, readReturns, runsReturn, type ReturnDeps, type ReturnOpened } from './return-context.js';

interface OpenAttempt {
  ctx: StepContext;
  run: GatedRun;
  request: RefundRequest;
  facts: OrderFacts;
  boundCtx: StepContext;
  args: OpenReturnInput;
  key: string;
  keyHash: string;
}

function opened(run: GatedRun, summary: ReturnSummary, approvalId: string | null): ReturnOpened {
  const gate = run.gate!;
  return {
    summary,
    openedAt: summary.createdAt,
    feeMinor: gate.returnTerms?.feeMinor ?? 0,
    decidedAmountMinor: gate.amountMinor,
    ...(gate.presentment ? { decidedPresentmentMinor: gate.presentment.amountMinor } : {}),
    currency: gate.currency,
    policyVersion: gate.policyVersion,
    approvalId,
  };
}

async function journalOpened(deps: ReturnDeps, attempt: OpenAttempt, ret: ReturnOpened, detail: string): Promise<ReturnOpened> {
  const { ctx, keyHash, key } = attempt;
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
}

/** An earlier attempt of this run got as far as dispatch: its return, if the order shows it, is the answer. Null when there was none. */
async function settleEarlier(deps: ReturnDeps, attempt: OpenAttempt): Promise<ReturnOpened | null> {
  const { run, key } = attempt;
  const earlier = await store('the idempotency store', () => deps.idempotency.get(key));
  if (!earlier) return null;
  if (earlier.status === 'succeeded') return earlier.result as ReturnOpened;
  const found = runsReturn(await readReturns(deps, attempt.boundCtx, attempt.facts.orderId), run.runId);
  if (!found) {
    const detail = 'a return was sent and the order shows none of this run: a person checks the order';
    await deps.idempotency.markUnknown(key, detail);
    throw new AmbiguousOutcomeError('pending_review', detail);
  }
  const ret = opened(run, found, attempt.request.approval?.approvalId ?? null);
  await store('the idempotency store', () => deps.idempotency.complete(key, ret));
  return journalOpened(deps, attempt, ret, `return ${found.name} found on the order, not sent again`);
}

/** The dispatch check, then an approved return's approval spent once on the record's key. Returns the arguments' hash. */
async function authorise(deps: ReturnDeps, attempt: OpenAttempt, policy: Policy): Promise<string> {
  const { ctx, run, request, facts, args, key, keyHash } = attempt;
  const now = deps.clock.now();
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
    toolPin: deps.pins.open_return,
  };
  const argsHash = await checked(deps, attempt, keyHash, () => checkOpenReturnArguments(check), 'open_return');
  if (run.gate!.decision !== 'approval') return argsHash;
  const spent = request.spendApproval ? await store('the approval store', () => request.spendApproval!(key, now.toISOString())) : false;
  if (!spent) {
    const error = new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'the approval was already used, or cannot be spent');
    await journalRefusal(deps, ctx, error, argsHash, key, 'open_return');
  }
  return argsHash;
}

/** The record before the one dispatch, then open_return; its answer or failure recorded. */
async function dispatch(deps: ReturnDeps, attempt: OpenAttempt, argsHash: string): Promise<ReturnOpened> {
  const { ctx, run, args, key } = attempt;
  const gate = run.gate!;
  const approvalId = attempt.request.approval?.approvalId ?? null;
  await deps.caller.assertPinned(ctx, 'open_return', argsHash, key);
  await store('the idempotency store', () => deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: deps.clock.now().toISOString() }));
  const how = gate.decision === 'auto' ? 'automatic' : 'approved';
  await deps.caller.journalTool({
    kind: 'decision',
    ctx,
    name: 'open_return',
    argsHash,
    outcome: 'ok',
    latencyMs: 0,
    idempotencyKey: key,
    approvalId,
    detail: `return allowed (${how}): ${moneyWords(gate.amountMinor, gate.currency)} on receipt`,
    decision: 'allow',
    rule: RULES.dispatchAllowed,
  });
  const result = await deps.caller.dispatch('open_return', args as unknown as Record<string, unknown>, ctx.step);
  const output = result.kind === 'ok' ? OpenReturnOutput.safeParse(result.output) : null;
  if (output?.success) {
    const ret = opened(run, output.data.return, approvalId);
    await store('the idempotency store', () => deps.idempotency.complete(key, ret));
    return journalOpened(deps, attempt, ret, `return ${ret.summary.name} opened: ${moneyWords(ret.decidedAmountMinor, ret.currency)} on receipt`);
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

export async function openReturn(deps: ReturnDeps, ctx: StepContext, request: RefundRequest): Promise<ReturnOpened> {
  const { run } = request;
  await checkRequest(deps, ctx, run, 'open_return');
  const policy = await policyOrRefuse(deps, ctx, 'open_return');
  const { facts, boundCtx } = await readOrder(deps, ctx, run);
  const args = buildOpenReturnArguments({ runId: run.runId, facts, gate: run.gate!, reason: run.proposal!.reason, policy });
  const key = openReturnKey({ tenant: run.tenant, runId: run.runId, orderId: facts.orderId });
  const attempt: OpenAttempt = { ctx, run, request, facts, boundCtx, args, key, keyHash: openReturnArgumentsHash(args, deps.pins.open_return) };
  const settled = await settleEarlier(deps, attempt);
  if (settled) return settled;
  return dispatch(deps, attempt, await authorise(deps, attempt, policy));
}
