// What the steps of refund() share (refund.ts → refund-settle.ts → refund-authorise.ts →
// refund-dispatch.ts), and cancel() with them: the request's own guards and the tenant's policy, the
// executor's dependencies, one attempt's facts as they grow, the journaled refusal and the guard that
// turns a failed storage port into a refusal the step retries.
import type { Order, RefundCreateInput } from '#shared/contracts/tools.js';
import type { OrderFacts, GatedRun } from '../domain/types.js';
import { ArgumentPolicyError, HarnessError, TemporarilyUnavailableError, ToolNotAllowedError } from '../errors.js';
import { isToolAllowed } from '../tools/allowlist.js';
import type { ApprovalRecord, Clock, IdempotencyRecord, IdempotencyStore, JournalStore, StepContext } from '../ports.js';
import type { Policy } from '../policy/document.js';
import type { RefundArgumentsVerdict } from '../policy/refund-args.js';
import { RULES } from '../policy/rules.js';
import type { ToolSpec } from '../tools/registry.js';
import type { CustomerLock } from './customer-lock.js';
import type { ToolCaller } from './tool-calls.js';

export const REFUND_TOOL = 'refund_create' as const;
/** The tools that move money or open the way to it, each reached only through the harness's own path (refund.ts, cancel.ts, returns.ts). */
export type MoneyTool = 'refund_create' | 'cancel_order' | 'open_return' | 'process_return' | 'close_return' | 'cancel_return';

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

export interface RefundRequest {
  run: GatedRun;
  approval: ApprovalRecord | null;
  /** Spends the approval on this refund's idempotency key (ApprovalStore.consume); required when an approval is. */
  spendApproval?: (idempotencyKey: string, at: string) => Promise<boolean>;
}

/** One attempt at the run's refund: the order just re-read by the harness and the arguments built from it. */
export interface RefundAttempt {
  ctx: StepContext;
  run: GatedRun;
  /** The run's bound order as CheckOrder recorded it. */
  bound: OrderFacts;
  /** The step context bound to the run's order. */
  boundCtx: StepContext;
  order: Order;
  facts: OrderFacts;
  args: RefundCreateInput;
  key: string;
  /** The arguments' binding hash, before the dispatch check recomputes it. */
  keyHash: string;
  /** The record an earlier attempt left for this key that settling could not answer (in flight or unknown): this attempt resends. */
  earlier: IdempotencyRecord | null;
}

/** An attempt the dispatch check passed: its verdict, and the customer whose refunds are counted. */
export interface AuthorisedRefund extends RefundAttempt {
  /** Bound to the run's order and the order's customer (the only history it may read). */
  boundCtx: StepContext & { boundCustomerId: string };
  argsHash: string;
  verdict: RefundArgumentsVerdict;
  policy: Policy;
  spendApproval: RefundRequest['spendApproval'];
}

/** Journals the refusal as a 'decision' row (with the error's rule) and throws it. */
export async function journalRefusal(
  deps: Pick<RefundDeps, 'caller'>,
  ctx: StepContext,
  error: HarnessError,
  argsHash = 'none',
  idempotencyKey: string | null = null,
  name: MoneyTool = REFUND_TOOL,
): Promise<never> {
  const rule = typeof error.context.rule === 'string' ? error.context.rule : undefined;
  await deps.caller.journalTool({
    kind: 'decision',
    ctx,
    name,
    argsHash,
    outcome: 'refused',
    detail: error.message,
    latencyMs: 0,
    idempotencyKey,
    decision: 'refuse',
    ...(rule ? { rule } : {}),
  });
  throw error;
}

/** Runs a policy check; a HarnessError it throws is journaled as the refusal. */
export async function checked<T>(
  deps: Pick<RefundDeps, 'caller'>,
  attempt: Pick<RefundAttempt, 'ctx' | 'key'>,
  argsHash: string,
  check: () => T,
  name: MoneyTool = REFUND_TOOL,
): Promise<T> {
  try {
    return check();
  } catch (error) {
    if (error instanceof HarnessError) await journalRefusal(deps, attempt.ctx, error, argsHash, attempt.key, name);
    throw error;
  }
}

/** A storage port failed: the check cannot run, so the call is refused (and retried later). */
export async function store<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new TemporarilyUnavailableError(`${what} unavailable; refund refused`, { cause: error, context: { rule: RULES.storeUnavailable } });
  }
}

/** What each money tool does, in the words of a refusal ("step X may not refund"). */
const DOES: Record<MoneyTool, string> = {
  refund_create: 'refund',
  cancel_order: 'cancel an order',
  open_return: 'open a return',
  process_return: 'process a return',
  close_return: 'close a return',
  cancel_return: 'cancel a return',
};

export const invalidPolicy = (reason: string) => new ArgumentPolicyError(RULES.policyInvalid, `the tenant's refund policy is invalid: ${reason}`);

/** The request's own guards: the step may call the money tool, the context is this run's, bound to its order, with a proposal. */
export async function checkRequest(deps: Pick<RefundDeps, 'caller'>, ctx: StepContext, run: GatedRun, tool: MoneyTool): Promise<void> {
  const no = (error: HarnessError) => journalRefusal(deps, ctx, error, 'none', null, tool);
  if (!isToolAllowed(ctx.step, tool)) {
    await no(new ToolNotAllowedError(`step ${ctx.step} may not ${DOES[tool]}`, { context: { step: ctx.step, rule: RULES.toolNotAllowed } }));
  }
  if (ctx.runId !== run.runId || ctx.tenant !== run.tenant || run.ticket.tenant !== run.tenant) {
    await no(new ArgumentPolicyError(RULES.orderNotBound, 'the step context is for another run or tenant'));
  }
  if (!run.order || !run.proposal) await no(new ArgumentPolicyError(RULES.gateNotPassed, 'the run has no bound order or proposal'));
  if (ctx.boundOrderId !== null && ctx.boundOrderId !== run.order!.orderId) {
    await no(new ArgumentPolicyError(RULES.orderNotBound, 'the step context is bound to another order'));
  }
}

/** The tenant's policy; an invalid one refuses every money call. */
export async function policyOrRefuse(deps: Pick<RefundDeps, 'caller' | 'policy'>, ctx: StepContext, tool: MoneyTool): Promise<Policy> {
  if ('invalid' in deps.policy) return journalRefusal(deps, ctx, invalidPolicy(deps.policy.invalid), 'none', null, tool);
  return deps.policy;
}
