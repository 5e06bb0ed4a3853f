// Authorise: the dispatch check on the exact arguments (policy/refund-args.ts: bound order, the
// requester owns it, currency, lines and quantities, amount, parent transaction, the gate's amount
// and policy version, the approval's binding), at most maxRefundsPerRun refunds per run, and an
// order with a customer to count refunds for. Then, under that customer's refund lock
// (customer-lock.ts): an automatic refund recounts the customer's refunds at dispatch; an approved
// one spends its approval once, on this key. Every refusal is journaled (refund-context.ts).
import { ArgumentPolicyError, TemporarilyUnavailableError } from '../errors.js';
import type { Policy } from '../policy/document.js';
import { checkRecentRefundsAtDispatch, checkRefundArguments } from '../policy/refund-args.js';
import { RULES } from '../policy/rules.js';
import type { HeldLock } from './customer-lock.js';
import {
  checked,
  journalRefusal,
  REFUND_TOOL,
  store,
  type AuthorisedRefund,
  type RefundAttempt,
  type RefundDeps,
  type RefundRequest,
} from './refund-context.js';

/** Days of refund history read at dispatch: the 90-day window and a little more (the count is by calendar day). */
const HISTORY_DAYS = 92;

/** At most maxRefundsPerRun refunds per run: another key that already refunded in this run refuses this one. */
async function assertRefundsLeftInRun(deps: RefundDeps, attempt: RefundAttempt, argsHash: string, policy: Policy): Promise<void> {
  const { ctx, run, key } = attempt;
  const rows = await store('the journal', () => deps.journal.listByRun(run.runId));
  const earlier = rows.filter((r) => r.name === REFUND_TOOL && r.kind === 'tool' && r.outcome === 'ok' && r.idempotencyKey !== key);
  if (earlier.length >= policy.document.maxRefundsPerRun) {
    await journalRefusal(deps, ctx, new ArgumentPolicyError(RULES.maxRefundsPerRun, 'this run already issued a refund'), argsHash, key);
  }
}

/** The checks before the customer's lock: the dispatch check, the per-run limit, a customer to count for. */
export async function authorise(
  deps: RefundDeps,
  attempt: RefundAttempt,
  request: Pick<RefundRequest, 'approval' | 'spendApproval'>,
  policy: Policy,
): Promise<AuthorisedRefund> {
  const { ctx, run, bound, facts, args, key, keyHash } = attempt;
  const verdict = await checked(deps, attempt, keyHash, () =>
    checkRefundArguments({
      args,
      runId: run.runId,
      boundOrderId: bound.orderId,
      facts,
      reason: run.proposal!.reason,
      gate: run.gate,
      approval: request.approval,
      policy,
      now: deps.clock.now(),
      requesterEmail: run.ticket.requesterEmail,
      toolPin: deps.spec.pin,
    }),
  );
  const { argsHash } = verdict;
  await assertRefundsLeftInRun(deps, attempt, argsHash, policy);
  const customerId = facts.customerId;
  if (!customerId)
    await journalRefusal(deps, ctx, new ArgumentPolicyError(RULES.orderNotRequesters, 'the order has no customer to count refunds for'), argsHash, key);
  const boundCtx = { ...attempt.boundCtx, boundCustomerId: customerId! };
  return { ...attempt, boundCtx, argsHash, verdict, policy, spendApproval: request.spendApproval };
}

/** Runs `work` holding the customer's refund lock; a lock that stays busy is journaled like any refusal (the step retries it). */
export async function withCustomerLock<T>(deps: RefundDeps, refund: AuthorisedRefund, work: (held: HeldLock) => Promise<T>): Promise<T> {
  const { ctx, run, argsHash, key } = refund;
  try {
    return await deps.customerLock.withLock({ tenant: run.tenant, customerId: refund.boundCtx.boundCustomerId, owner: run.runId }, work);
  } catch (error) {
    if (error instanceof TemporarilyUnavailableError && error.context.rule === RULES.customerRefundLockBusy)
      await journalRefusal(deps, ctx, error, argsHash, key);
    throw error;
  }
}

/** Auto only below the limit, counting refunds other runs of this customer made since the gate. */
async function recountAtDispatch(deps: RefundDeps, refund: AuthorisedRefund): Promise<void> {
  const { boundCtx, run, facts, policy } = refund;
  const asked = { customerId: boundCtx.boundCustomerId, sinceDays: HISTORY_DAYS };
  const history = await deps.caller.callTool(boundCtx, 'get_refund_history', asked, { internal: true });
  const refunds = history.refunds.map((r) => ({
    refundId: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt,
    amountMinor: r.amount.amountMinor,
    currency: r.amount.currency,
  }));
  await checked(deps, refund, refund.argsHash, () =>
    checkRecentRefundsAtDispatch({ history: { refunds, truncated: history.truncated }, facts, ticketReceivedAt: run.ticket.receivedAt, policy }),
  );
}

/** The approval is spent once, on this refund's idempotency key; already spent (or unspendable) refuses. */
async function spendApproval(deps: RefundDeps, refund: AuthorisedRefund): Promise<void> {
  const { spendApproval: spend, key } = refund;
  const spent = spend ? await store('the approval store', () => spend(key, deps.clock.now().toISOString())) : false;
  if (!spent) {
    const error = new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'the approval was already used for another refund, or cannot be spent');
    await journalRefusal(deps, refund.ctx, error, refund.argsHash, key);
  }
}

/** Under the customer's lock: an automatic refund is recounted, an approved one spends its approval. */
export async function authoriseUnderLock(deps: RefundDeps, refund: AuthorisedRefund): Promise<void> {
  if (refund.verdict.approvalRequired) await spendApproval(deps, refund);
  else await recountAtDispatch(deps, refund);
}
