// refund(): the only path to refund_create.
// run → re-read order → build args → idempotency record? (succeeded: answer; in flight/unknown:
// reconcile from the order's refunds) → dispatch check (+ approval binding) → customer's refund lock
// (one dispatch at a time per customer) → [auto: re-read the customer's refund history and count it
// again] → approval spent once → preview_refund dry run, compared → idempotency record BEFORE
// dispatch → refund_create with the key (pin checked, bounded retries) → complete / markUnknown →
// lock released (kept to its expiry on an unknown outcome) → receipt. Every verdict is journaled.
import { RefundCreateOutput, type RefundCreateInput } from '#mcp/contracts/tools.js';
import { toOrderFacts } from '../domain/order-facts.js';
import { RefundReceipt, type OrderFacts, type Run } from '../domain/types.js';
import { AmbiguousOutcomeError, ArgumentPolicyError, HarnessError, TemporarilyUnavailableError, ToolFailedError, ToolNotAllowedError } from '../errors.js';
import type { ApprovalRecord, Clock, IdempotencyRecord, IdempotencyStore, JournalStore, StepContext } from '../ports.js';
import { checkRecentRefundsAtDispatch, checkRefundArguments, refundArgumentsHash, type RefundArgumentsVerdict } from '../policy/refund-args.js';
import type { Policy } from '../policy/document.js';
import { RULES } from '../policy/rules.js';
import { isToolAllowed } from '../tools/allowlist.js';
import type { ToolSpec } from '../tools/registry.js';
import type { CustomerLock, HeldLock } from './customer-lock.js';
import { boundDetail } from './journal-detail.js';
import { comparePreview } from './preview.js';
import { findRecordedRefund } from './reconcile.js';
import { buildRefundArguments } from './refund-arguments.js';
import type { ToolCaller } from './tool-calls.js';

export interface RefundDeps {
  caller: ToolCaller;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  /** The tenant's policy, or why it could not be loaded (every refund is then refused). */
  policy: Policy | { invalid: string };
  clock: Clock;
  spec: ToolSpec;
  /** One refund dispatch at a time per customer (customer-lock.ts). */
  customerLock: CustomerLock;
}

/** Days of refund history read at dispatch: the 90-day window and a little more (the count is by calendar day). */
const HISTORY_DAYS = 92;

export interface RefundRequest {
  run: Run;
  approval: ApprovalRecord | null;
  /** Spends the approval on this refund's idempotency key (ApprovalStore.consume); required when an approval is. */
  spendApproval?: (idempotencyKey: string, at: string) => Promise<boolean>;
}

/** What refund() has settled before it takes the customer's lock. */
interface LockedDispatch {
  ctx: StepContext;
  run: Run;
  bound: OrderFacts;
  /** Bound to the run's order and the order's customer (the only history it may read). */
  boundCtx: StepContext & { boundCustomerId: string };
  facts: OrderFacts;
  args: RefundCreateInput;
  key: string;
  argsHash: string;
  verdict: RefundArgumentsVerdict;
  spendApproval: RefundRequest['spendApproval'];
}

/** A storage port failed: the check cannot run, so the call is refused (and retried later). */
async function store<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new TemporarilyUnavailableError(`${what} unavailable; refund refused`, { cause: error, context: { rule: RULES.storeUnavailable } });
  }
}

export function createRefundExecutor(deps: RefundDeps) {
  const { caller, journal, idempotency, clock, spec } = deps;
  const NAME = 'refund_create' as const;
  const pin = spec.pin;

  async function refuse(ctx: StepContext, error: HarnessError, argsHash = 'none', idempotencyKey: string | null = null): Promise<never> {
    const rule = typeof error.context.rule === 'string' ? error.context.rule : undefined;
    await caller.journalTool({ kind: 'decision', ctx, name: NAME, argsHash, outcome: 'refused', detail: error.message, latencyMs: 0, idempotencyKey, decision: 'refuse', ...(rule ? { rule } : {}) });
    throw error;
  }

  function policyOrThrow(): Policy {
    if ('invalid' in deps.policy) throw new ArgumentPolicyError(RULES.policyInvalid, `the tenant's refund policy is invalid: ${deps.policy.invalid}`);
    return deps.policy;
  }

  /** The arguments previewRefund hashes for an approval: from the run's stored order facts. */
  function preview(run: Run): { args: RefundCreateInput; argsHash: string } {
    policyOrThrow();
    if (!run.proposal || !run.order) throw new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no proposal or order yet');
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal, facts: run.order });
    return { args, argsHash: refundArgumentsHash(args, pin) };
  }

  function toReceipt(output: RefundCreateOutput, key: string, orderNumber: string): RefundReceipt {
    return RefundReceipt.parse({
      refundId: output.refundId,
      orderId: output.orderId,
      orderNumber,
      amountMinor: output.amount.amountMinor,
      currency: output.amount.currency,
      createdAt: output.createdAt,
      idempotencyKey: key,
    });
  }

  async function answerFromRecord(ctx: StepContext, record: IdempotencyRecord, argsHash: string, detail: string): Promise<RefundReceipt> {
    const receipt = RefundReceipt.parse(record.result);
    await caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'ok', detail: `refund ${receipt.refundId} ${detail}; not sent again`, latencyMs: 0, idempotencyKey: record.key, rule: RULES.refundReconciled });
    return receipt;
  }

  async function refund(ctx: StepContext, { run, approval, spendApproval }: RefundRequest): Promise<RefundReceipt> {
    if (!isToolAllowed(ctx.step, NAME)) {
      await refuse(ctx, new ToolNotAllowedError(`step ${ctx.step} may not refund`, { context: { step: ctx.step, rule: RULES.toolNotAllowed } }));
    }
    if (ctx.runId !== run.runId || ctx.tenant !== run.tenant || run.ticket.tenant !== run.tenant) {
      await refuse(ctx, new ArgumentPolicyError(RULES.orderNotBound, 'the step context is for another run or tenant'));
    }
    if (!run.order || !run.proposal) await refuse(ctx, new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no bound order or proposal'));
    const bound = run.order!;
    if (ctx.boundOrderId !== null && ctx.boundOrderId !== bound.orderId) {
      await refuse(ctx, new ArgumentPolicyError(RULES.orderNotBound, 'the step context is bound to another order'));
    }
    if (run.refund) return run.refund; // at most one refund per run: a finished one is the answer
    let policy: Policy;
    try {
      policy = policyOrThrow();
    } catch (error) {
      return refuse(ctx, error as HarnessError);
    }

    // Facts for the check come from the store, read now by the harness itself.
    const boundCtx = { ...ctx, boundOrderId: bound.orderId };
    const { order } = await caller.callTool(boundCtx, 'get_order', { orderNumber: bound.orderNumber }, { internal: true });
    const facts = toOrderFacts(order, bound.refundsLast90Days);
    const args = buildRefundArguments({ tenant: run.tenant, runId: run.runId, proposal: run.proposal!, facts });
    const key = args.idempotencyKey;
    const keyHash = refundArgumentsHash(args, pin);

    // A record for this key means an earlier attempt got as far as dispatch: settle it first.
    const existing = await store('the idempotency store', () => idempotency.get(key));
    if (existing?.status === 'succeeded') return answerFromRecord(ctx, existing, keyHash, 'already done');
    if (existing) {
      const found = findRecordedRefund(order, args, existing.createdAt);
      if (found) {
        const receipt = toReceipt({ refundId: found.id, orderId: order.id, amount: found.amount, createdAt: found.createdAt }, key, bound.orderNumber);
        await store('the idempotency store', () => idempotency.complete(key, receipt));
        return answerFromRecord(ctx, { ...existing, result: receipt }, keyHash, 'found on the order');
      }
    }

    let verdict: ReturnType<typeof checkRefundArguments>;
    try {
      verdict = checkRefundArguments({ args, runId: run.runId, boundOrderId: bound.orderId, facts, gate: run.gate, approval, policy, now: clock.now(), requesterEmail: run.ticket.requesterEmail, toolPin: pin });
    } catch (error) {
      if (error instanceof HarnessError) await refuse(ctx, error, keyHash, key);
      throw error;
    }
    const { argsHash } = verdict;

    const earlier = (await store('the journal', () => journal.listByRun(run.runId))).filter((r) => r.name === NAME && r.kind === 'tool' && r.outcome === 'ok' && r.idempotencyKey !== key);
    if (earlier.length >= policy.document.maxRefundsPerRun) {
      await refuse(ctx, new ArgumentPolicyError(RULES.maxRefundsPerRun, 'this run already issued a refund'), argsHash, key);
    }
    const customerId = facts.customerId;
    if (!customerId) await refuse(ctx, new ArgumentPolicyError(RULES.orderNotRequesters, 'the order has no customer to count refunds for'), argsHash, key);
    const locked: LockedDispatch = { ctx, run, bound, boundCtx: { ...boundCtx, boundCustomerId: customerId! }, facts, args, key, argsHash, verdict, spendApproval };
    try {
      return await deps.customerLock.withLock({ tenant: run.tenant, customerId: customerId!, owner: run.runId }, (held) => dispatchLocked(locked, held));
    } catch (error) {
      // The lock could not be taken: journaled like any refusal (the step retries it).
      if (error instanceof TemporarilyUnavailableError && error.context.rule === RULES.customerRefundLockBusy) await refuse(ctx, error, argsHash, key);
      throw error;
    }
  }

  /** Under the customer's lock: the recount, the approval spent, the dry run and the one dispatch. */
  async function dispatchLocked(input: LockedDispatch, held: HeldLock): Promise<RefundReceipt> {
    const { ctx, run, bound, boundCtx, facts, args, key, argsHash, verdict, spendApproval } = input;
    const policy = policyOrThrow();
    if (!verdict.approvalRequired) {
      // Auto only below the limit, counting refunds other runs of this customer made since the gate.
      const history = await caller.callTool(boundCtx, 'get_refund_history', { customerId: boundCtx.boundCustomerId, sinceDays: HISTORY_DAYS }, { internal: true });
      const refunds = history.refunds.map((r) => ({ refundId: r.id, orderNumber: r.orderNumber, createdAt: r.createdAt, amountMinor: r.amount.amountMinor, currency: r.amount.currency }));
      try {
        checkRecentRefundsAtDispatch({ history: { refunds, truncated: history.truncated }, facts, ticketReceivedAt: run.ticket.receivedAt, policy });
      } catch (error) {
        if (error instanceof HarnessError) await refuse(ctx, error, argsHash, key);
        throw error;
      }
    }
    if (verdict.approvalRequired) {
      const spent = spendApproval ? await store('the approval store', () => spendApproval(key, clock.now().toISOString())) : false;
      if (!spent) await refuse(ctx, new ArgumentPolicyError(RULES.approvalAlreadyUsed, 'the approval was already used for another refund, or cannot be spent'), argsHash, key);
    }

    // A dry run before the write: the store must agree on lines, amount and transaction.
    const dry = await caller.callTool(boundCtx, 'preview_refund', { orderId: args.orderId, lineItems: args.lineItems }, { internal: true });
    const mismatch = comparePreview(args, dry);
    if (mismatch) await refuse(ctx, new ArgumentPolicyError(RULES.previewMismatch, `the store's dry run disagrees: ${mismatch}`), argsHash, key);

    await caller.assertPinned(ctx, NAME, argsHash, key);
    const started = performance.now();
    const { created, record } = await store('the idempotency store', () => idempotency.begin({ key, runId: run.runId, argsHash, createdAt: clock.now().toISOString() }));
    if (!created && record.argsHash !== argsHash) {
      await refuse(ctx, new ArgumentPolicyError(RULES.idempotencyKeyReused, 'the idempotency key was first used for other arguments'), argsHash, key);
    }
    if (!created && record.status === 'succeeded') return answerFromRecord(ctx, record, argsHash, 'already done');

    await caller.journalTool({ kind: 'decision', ctx, name: NAME, argsHash, outcome: 'ok', detail: `dispatch allowed (${verdict.approvalRequired ? 'approved' : 'auto'})`, latencyMs: 0, idempotencyKey: key, decision: 'allow', rule: verdict.approvalRequired ? RULES.dispatchAllowed : RULES.autoWithinPolicy, approvalId: verdict.approvalId });
    const result = await caller.dispatch(NAME, args as unknown as Record<string, unknown>, ctx.step);
    const latencyMs = performance.now() - started;
    const approvalId = verdict.approvalId;
    const journalError = (detail: string) => caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'error', detail, latencyMs, idempotencyKey: key, approvalId });

    if (result.kind === 'ok') {
      const output = RefundCreateOutput.safeParse(result.output);
      // Money may have moved and the store may not show it yet: the next count waits for the lease.
      if (!output.success || output.data.orderId !== args.orderId || output.data.amount.amountMinor !== args.amount.amountMinor || output.data.amount.currency !== args.amount.currency) held.keepUntilExpiry();
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
        throw new AmbiguousOutcomeError('refund outcome unknown, pending review: refund_create answered for another order or amount');
      }
      const receipt = toReceipt(output.data, key, bound.orderNumber);
      await idempotency.complete(key, receipt);
      await caller.journalTool({ ctx, name: NAME, argsHash, outcome: 'ok', detail: `refund ${receipt.refundId}: ${receipt.amountMinor} ${receipt.currency}`, latencyMs, idempotencyKey: key, output: receipt, approvalId });
      return receipt;
    }

    const detail = caller.describeFailure(result);
    const definite = result.kind === 'failed' && result.error.category !== 'temporarily_unavailable' && result.error.category !== 'conflict';
    if (!definite) held.keepUntilExpiry();
    // The record is never deleted: an unknown outcome keeps its key for the retry or for a person.
    await idempotency.markUnknown(key, boundDetail(detail));
    await journalError(detail);
    if (result.kind === 'failed' && result.error.category === 'conflict') {
      throw new AmbiguousOutcomeError('refund outcome unknown, pending review: the store refused the idempotency key for these arguments');
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
