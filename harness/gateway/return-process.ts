// process(): the only path to process_return. The return re-read → what came back and was not
// processed → the refund recomputed for those units (the fee once), never above what the decision
// authorised less what the return refunded → the record before dispatch → process_return. The store
// processes a unit once, so a retried or redelivered processing refunds nothing twice; an answer lost
// shows as the return's last refund when nothing is left to process.
import { ProcessReturnOutput, type ProcessReturnInput, type ReturnSummary } from '#shared/contracts/tools.js';
import type { GatedRun, OrderFacts } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError } from '../errors.js';
import { canonicalHash } from '../hash.js';
import type { StepContext } from '../ports.js';
import { moneyWords } from '../policy/reason-words.js';
import { checkProcessReturnArguments, exchangeToShip, receiptRefund, returnNote, unitsToProcess } from '../policy/return-args.js';
import { RULES } from '../policy/rules.js';
import { checked, checkRequest, journalRefusal, policyOrRefuse, store } from './refund-context.js';
import { processReturnKey, readOrder, readReturns, refundOf, type DecidedReturn, type ReturnDeps, type ReturnProcessed } from './return-context.js';

type Units = ReturnType<typeof unitsToProcess>;

/** The refund in both currencies: on a Markets order, the customer's figure at the order's own rate of what is left to refund. */
function refundMoney(
  facts: OrderFacts,
  amountMinor: number,
): { amountMinor: number; currency: string; presentment?: { amountMinor: number; currency: string } } {
  if (!facts.presentment) return { amountMinor, currency: facts.currency };
  const shop = Math.max(1, facts.maximumRefundableMinor);
  const paid = Math.round((amountMinor * facts.presentment.maximumRefundableMinor) / shop);
  return { amountMinor, currency: facts.currency, presentment: { amountMinor: paid, currency: facts.presentment.currency } };
}

/** Nothing left to process: an earlier processing whose answer was lost shows as the return's last refund. */
function nothingLeft(ret: ReturnSummary): ReturnProcessed {
  const last = ret.refunds.at(-1);
  return { summary: ret, refund: last ? refundOf(last) : null, units: [], idempotencyKey: null };
}

function argumentsFor(
  run: GatedRun,
  ret: ReturnSummary,
  units: Units,
  facts: OrderFacts,
  amountMinor: number,
  ship: ReturnType<typeof exchangeToShip>,
): ProcessReturnInput {
  return {
    returnId: ret.returnId,
    lineItems: units.map((u) => ({ returnLineItemId: u.returnLineItemId, quantity: u.quantity })),
    ...(ship.length > 0 ? { exchangeLineItems: ship } : {}),
    ...(amountMinor > 0 ? { refund: { amount: refundMoney(facts, amountMinor) } } : {}),
    notifyCustomer: false,
    note: `${returnNote(run.runId)}: refund on receipt of return ${ret.name}`.slice(0, 255),
  };
}

async function dispatch(
  deps: ReturnDeps,
  ctx: StepContext,
  sent: { run: GatedRun; ret: ReturnSummary; units: Units; args: ProcessReturnInput; argsHash: string; key: string },
): Promise<ReturnProcessed> {
  const { run, ret, units, args, argsHash, key } = sent;
  await deps.caller.assertPinned(ctx, 'process_return', argsHash, key);
  const begun = await store('the idempotency store', () =>
    deps.idempotency.begin({ key, runId: run.runId, argsHash, createdAt: deps.clock.now().toISOString() }),
  );
  if (!begun.created) {
    // The same units were sent before and the return still shows them unprocessed: a person reads the return.
    const detail = `a processing of return ${ret.name} was sent and the return does not show it: a person checks the order`;
    await deps.idempotency.markUnknown(key, detail);
    throw new AmbiguousOutcomeError('pending_review', detail);
  }
  const result = await deps.caller.dispatch('process_return', args as unknown as Record<string, unknown>, ctx.step);
  const output = result.kind === 'ok' ? ProcessReturnOutput.safeParse(result.output) : null;
  if (!output?.success) {
    const detail = result.kind === 'ok' ? 'process_return answered without the return' : deps.caller.describeFailure(result);
    await deps.idempotency.markUnknown(key, detail);
    await deps.caller.journalTool({ ctx, name: 'process_return', argsHash, outcome: 'error', detail, latencyMs: 0, idempotencyKey: key });
    // Whatever happened, the store processes a unit once: a person reads the return and its refunds.
    throw new AmbiguousOutcomeError('pending_review', `processing return ${ret.name}: ${detail}`);
  }
  const refund = output.data.refund ? refundOf(output.data.refund) : null;
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

export async function processReturn(deps: ReturnDeps, ctx: StepContext, run: GatedRun, decided: DecidedReturn): Promise<ReturnProcessed> {
  await checkRequest(deps, ctx, run, 'process_return');
  await policyOrRefuse(deps, ctx, 'process_return');
  const { facts, boundCtx } = await readOrder(deps, ctx, run);
  const ret = (await readReturns(deps, boundCtx, facts.orderId)).find((r) => r.returnId === decided.returnId);
  if (!ret) {
    const error = new ArgumentPolicyError(RULES.orderNotBound, `return ${decided.returnId} is not on the run's order`);
    return journalRefusal(deps, ctx, error, 'none', null, 'process_return');
  }
  // Shipping an exchange at once processes no returned unit; on receipt, the units that came back.
  const units = decided.shipNow ? [] : unitsToProcess(ret).filter((u) => decided.lines.some((d) => d.returnLineItemId === u.returnLineItemId));
  const ship = decided.shipNow || units.length > 0 ? exchangeToShip(ret, decided) : [];
  if (units.length === 0 && ship.length === 0) return nothingLeft(ret);
  const processedBefore = [...ret.lineItems, ...ret.exchangeLineItems].reduce((n, l) => n + l.processedQuantity, 0);
  const key = processReturnKey({ tenant: run.tenant, runId: run.runId, returnId: ret.returnId, processedBefore });
  const amountMinor = units.length > 0 ? receiptRefund({ ret, facts, decided }, units) : 0;
  const args = argumentsFor(run, ret, units, facts, amountMinor, ship);
  const argsHash = canonicalHash({ tool: 'process_return', pin: deps.pins.process_return, args });
  await checked(deps, { ctx, key }, argsHash, () => checkProcessReturnArguments({ args, ret, facts, decided }), 'process_return');
  await deps.caller.journalTool({
    kind: 'decision',
    ctx,
    name: 'process_return',
    argsHash,
    outcome: 'ok',
    detail: `${ship.length > 0 ? `exchange shipped (${ship.reduce((n, e) => n + e.quantity, 0)} unit(s)); ` : ''}refund on receipt allowed: ${moneyWords(amountMinor, facts.currency)} (decided ${moneyWords(decided.amountMinor, facts.currency)})`,
    latencyMs: 0,
    idempotencyKey: key,
    decision: 'allow',
    rule: RULES.dispatchAllowed,
  });
  return dispatch(deps, ctx, { run, ret, units, args, argsHash, key });
}
