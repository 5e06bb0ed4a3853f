// createHarness (harness.ts): the one path from a step to a tool or a model. Composes the pin guard, the checked
// tool caller, the refund executor (the only way to refund_create), the gate with its journaled
// decision and the model gateway with its budget, over injected ports.
// Built once per Lambda container (functions/) or by the local runtime; tests pass fakes.
import { decisionRow } from './gateway/decision-row.js';
import type { ProductMetrics } from './metrics.js';
import type { ToolInput, ToolName, ToolOutput } from '#shared/contracts/tools.js';
import type { GateDecision, RefundReceipt, GatedRun } from './domain/types.js';
import { HarnessConfigError } from './errors.js';
import { createCustomerLock, type CustomerLockOptions } from './gateway/customer-lock.js';
import { createRefundExecutor, type RefundRequest } from './gateway/refund.js';
import { createCancelExecutor } from './gateway/cancel.js';
import { createReturnExecutor, type DecidedReturn, type ReturnOpened, type ReturnProcessed } from './gateway/returns.js';
export type { DecidedReturn, ReturnOpened, ReturnProcessed } from './gateway/returns.js';
import { createReviewSettler, type ReviewOutcome, type ReviewSettlement } from './gateway/settle-review.js';
import type { ReviewCandidates } from './gateway/review-candidates.js';
export type { ReviewCandidate, ReviewCandidates } from './gateway/review-candidates.js';
import { createToolCaller, type CallOptions, type Sleep } from './gateway/tool-calls.js';
import { createModelGateway, DEFAULT_MODEL_CONFIG, type ModelConfig } from './models/gateway.js';
import { DEFAULT_POLICY, PolicyDocument, createPolicy, type Policy } from './policy/document.js';
import { decideGateWithGrounding, previewFor, type GateInput } from './policy/gate.js';
import { RULES } from './policy/rules.js';
import type {
  BudgetStore,
  Clock,
  IdGenerator,
  IdempotencyStore,
  JournalStore,
  LockStore,
  ModelProvider,
  ModelRequest,
  RunCostStore,
  StepContext,
  ToolTransport,
} from './ports.js';
import { createPinGuard } from './tools/pin-guard.js';
import { TOOL_REGISTRY, TOOL_SERVER, registryPins, type ToolSpec } from './tools/registry.js';

export interface HarnessDeps {
  tools: ToolTransport;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  models: ModelProvider;
  modelConfig?: Partial<ModelConfig>;
  /** The tenant's policy: a built Policy, or a raw document validated here (invalid → every refund refused). */
  policy?: Policy;
  policyDocument?: unknown;
  clock: Clock;
  ids: IdGenerator;
  /** When given, model cost is added to the run row (what the console shows). */
  runs?: RunCostStore;
  /**
   * Cost reservations (run cap, tenant daily cap, turns). Required: production passes the DynamoDB
   * store; an in-process store caps nothing across containers, so a composition has to choose it.
   */
  budget: BudgetStore;
  /**
   * Leases for one refund dispatch at a time per customer. Required, as `budget`: an in-process store
   * serialises nothing across containers.
   */
  locks: LockStore;
  /** The customer lock's lease and wait (default: 2 min lease, 10 tries 250 ms apart). */
  customerLock?: Partial<CustomerLockOptions>;
  /** Per-tool deadline overrides (tests use short ones); risk, retries and pins stay as registered. */
  timeoutsMs?: Partial<Record<ToolName, number>>;
  /** Waits between in-call retries; tests pass an instant or recording one. */
  sleep?: Sleep;
  /** How long a checked live tool list is trusted (default 5 min). */
  pinRefreshMs?: number;
  /** Product metrics (ToolCalls, ToolErrors, pin refusals); absent, nothing is counted. */
  metrics?: ProductMetrics;
}

export interface Harness {
  callTool<N extends Exclude<ToolName, 'refund_create'>>(
    ctx: StepContext,
    name: N,
    args: ToolInput<N>,
    options?: Pick<CallOptions, 'proposedBy'>,
  ): Promise<ToolOutput<N>>;
  callModel<T>(ctx: StepContext, request: ModelRequest<T>): Promise<T>;
  /**
   * The gate's decision for the run, journaled as a 'decision' row with the rules that decided. The
   * store's own computation of the refund is read first (preview_refund, journaled like any call),
   * so the decision is made on both figures.
   */
  decideGate(ctx: StepContext, input: Omit<GateInput, 'policy' | 'now' | 'store'>): Promise<GateDecision>;
  /** The exact refund_create call's binding hash for this run (what an approval binds), no tool call. */
  previewRefund(
    ctx: StepContext,
    run: GatedRun,
  ): Promise<{
    argsHash: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    toolPin: string;
    policyVersion: string;
    tool: 'refund_create' | 'cancel_order' | 'open_return';
  }>;
  refund(ctx: StepContext, input: RefundRequest): Promise<RefundReceipt>;
  /** Opens the return the gate decided (gateway/returns.ts): checked, approval spent once, the record before dispatch. */
  openReturn(ctx: StepContext, input: RefundRequest): Promise<ReturnOpened>;
  /** Processes what came back of the run's return: the refund on receipt, recomputed, never above the decided amount. */
  processReturn(ctx: StepContext, run: GatedRun, decided: DecidedReturn): Promise<ReturnProcessed>;
  /** Closes the run's return (the parcel never came) or cancels it (a lead): no money. */
  closeReturn(ctx: StepContext, run: GatedRun, returnId: string): Promise<string>;
  cancelReturn(ctx: StepContext, run: GatedRun, returnId: string): Promise<string>;
  /**
   * A person's settlement of a refund whose outcome was unknown (run 'pending_review'), checked
   * against the order: completes the idempotency record with the refund found, or releases it; one
   * journal row with `by` as its actor (gateway/settle-review.ts).
   */
  settleReview(ctx: StepContext, run: GatedRun, settlement: ReviewSettlement, by: string): Promise<ReviewOutcome>;
  /** The order's refunds since a pending review's dispatch, each a candidate or set aside with why (gateway/review-candidates.ts). */
  reviewCandidates(ctx: StepContext, run: GatedRun): Promise<ReviewCandidates>;
  readonly policy: Policy;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function resolvePolicy(deps: HarnessDeps): Policy | { invalid: string } {
  if (deps.policyDocument === undefined) return deps.policy ?? DEFAULT_POLICY;
  const parsed = PolicyDocument.safeParse(deps.policyDocument);
  if (!parsed.success) return { invalid: parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ') };
  return createPolicy(parsed.data);
}

export function createHarness(deps: HarnessDeps): Harness {
  const resolved = resolvePolicy(deps);
  const registry = Object.fromEntries(
    Object.values(TOOL_REGISTRY).map((spec) => [spec.name, { ...spec, timeoutMs: deps.timeoutsMs?.[spec.name] ?? spec.timeoutMs }]),
  ) as Record<ToolName, ToolSpec>;
  const { tools, journal, clock, idempotency } = deps;
  const sleep = deps.sleep ?? realSleep;
  const pins = createPinGuard({ tools, server: TOOL_SERVER, pins: registryPins(), clock, refreshMs: deps.pinRefreshMs, metrics: deps.metrics });
  const caller = createToolCaller({ tools, journal, clock, registry, pins, sleep, metrics: deps.metrics });
  const lockStore = deps.locks;
  const customerLock = createCustomerLock({ locks: lockStore, sleep, options: deps.customerLock });
  const refunds = createRefundExecutor({ caller, journal, idempotency, policy: resolved, clock, spec: registry.refund_create, customerLock });
  // A gate that proposed cancelling an unshipped order is carried out by cancel_order, never refund_create.
  const cancels = createCancelExecutor({ caller, journal, idempotency, policy: resolved, clock, spec: registry.cancel_order });
  const pinsOf = { open_return: registry.open_return.pin, process_return: registry.process_return.pin };
  const returns = createReturnExecutor({ caller, journal, idempotency, policy: resolved, clock, pins: pinsOf });
  const reviews = createReviewSettler({ caller, journal, idempotency, clock, locks: lockStore });
  const modelGateway = createModelGateway({
    models: deps.models,
    journal,
    clock,
    config: { ...DEFAULT_MODEL_CONFIG, ...deps.modelConfig },
    runs: deps.runs,
    budget: deps.budget,
  });

  function policyOrThrow(): Policy {
    if ('invalid' in resolved) {
      throw new HarnessConfigError(`the tenant's refund policy is invalid at ${resolved.invalid}`, { context: { rule: RULES.policyInvalid } });
    }
    return resolved;
  }

  return {
    // An invalid policy still builds a harness (reads and drafts work); every money decision refuses.
    get policy() {
      return policyOrThrow();
    },
    callTool: (ctx, name, args, options) => caller.callTool(ctx, name, args, options?.proposedBy ? { proposedBy: options.proposedBy } : {}),
    callModel: (ctx, request) => modelGateway.callModel(ctx, request),
    decideGate: async (ctx, input) => {
      // The store's figure for the refund's parts, read by the harness itself (a read the Gate makes on no model's say).
      // An invalid policy reads nothing: the gate below journals its refusal.
      const asked = 'invalid' in resolved ? null : previewFor({ ...input, policy: resolved });
      const store = asked ? await caller.callTool({ ...ctx, boundOrderId: input.order.orderId }, 'preview_refund', asked, { internal: true }) : undefined;
      return decideGateJournaled(deps, ctx, () => ({ ...input, policy: policyOrThrow(), now: clock.now(), ...(store ? { store } : {}) }));
    },
    previewRefund: async (_ctx, run) => previewMoneyCall(run, policyOrThrow(), { refunds, cancels, returns, registry }),
    refund: (ctx, input) => (input.run.gate?.remedy === 'cancel' ? cancels.cancel(ctx, input) : refunds.refund(ctx, input)),
    openReturn: (ctx, input) => returns.open(ctx, input),
    processReturn: (ctx, run, decided) => returns.process(ctx, run, decided),
    closeReturn: (ctx, run, returnId) => returns.close(ctx, run, returnId),
    cancelReturn: (ctx, run, returnId) => returns.cancel(ctx, run, returnId),
    settleReview: (ctx, run, settlement, by) => reviews.settleReview(ctx, run, settlement, by),
    reviewCandidates: (ctx, run) => reviews.listCandidates(ctx, run),
  };
}

type Preview = Awaited<ReturnType<Harness['previewRefund']>>;

/** The exact money call an approval binds: cancel_order for a gate that proposed a cancel, else refund_create. */
function previewMoneyCall(
  run: GatedRun,
  policy: Policy,
  on: {
    refunds: ReturnType<typeof createRefundExecutor>;
    cancels: ReturnType<typeof createCancelExecutor>;
    returns: ReturnType<typeof createReturnExecutor>;
    registry: Record<ToolName, ToolSpec>;
  },
): Preview {
  // A return and an exchange are opened with open_return: the approval binds those arguments.
  if (run.gate?.remedy === 'return' || run.gate?.remedy === 'exchange') {
    const { argsHash, idempotencyKey } = on.returns.preview(run, policy);
    const { amountMinor, currency } = run.gate;
    return { argsHash, amountMinor, currency, idempotencyKey, toolPin: on.registry.open_return.pin, policyVersion: policy.version, tool: 'open_return' };
  }
  if (run.gate?.remedy === 'cancel') {
    const { argsHash, idempotencyKey } = on.cancels.preview(run);
    const { amountMinor, currency } = run.gate;
    return { argsHash, amountMinor, currency, idempotencyKey, toolPin: on.registry.cancel_order.pin, policyVersion: policy.version, tool: 'cancel_order' };
  }
  const { args, argsHash } = on.refunds.preview(run);
  const { amount, idempotencyKey } = args;
  const toolPin = on.registry.refund_create.pin;
  return {
    argsHash,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    idempotencyKey,
    toolPin,
    policyVersion: policy.version,
    tool: 'refund_create',
  };
}

/**
 * The gate's decision, journaled: one 'grounding' row per claimed line, then the 'gate' row with the
 * rules that decided. A gate that cannot run (an invalid policy) is journaled as refused and thrown.
 */
async function decideGateJournaled(deps: HarnessDeps, ctx: StepContext, gateInput: () => GateInput): Promise<GateDecision> {
  let verdict: ReturnType<typeof decideGateWithGrounding>;
  try {
    verdict = decideGateWithGrounding(gateInput());
  } catch (error) {
    const message = error instanceof Error ? error.message : 'the gate could not run';
    await deps.journal.append(gateRow(ctx, deps.clock, 'refused', `gate refused: ${message}`, 'refuse', RULES.policyInvalid));
    throw error;
  }
  // One row per claimed line: its quote and the grounding rule that decided it.
  for (const line of verdict.lines) {
    const detail = `${line.lineItemId.split('/').at(-1)}: ${line.grounded ? 'grounded' : line.rule} by "${line.quote}"`;
    const row = gateRow(ctx, deps.clock, line.grounded ? 'ok' : 'refused', detail, line.grounded ? 'auto' : 'approval', line.rule);
    await deps.journal.append({ ...row, name: 'grounding' });
  }
  const decision = verdict.decision;
  const outcome = decision.decision;
  const detail = `${outcome}: ${decision.reasons.join('; ')}`;
  // An answer moves nothing: journaled as allowed (no money call follows it).
  const journaled = outcome === 'answer' ? 'allow' : outcome;
  await deps.journal.append(gateRow(ctx, deps.clock, outcome === 'refuse' ? 'refused' : 'ok', detail, journaled, decision.rules.join(',')));
  return decision;
}

function gateRow(ctx: StepContext, clock: Clock, outcome: 'ok' | 'refused', detail: string, decision: 'auto' | 'approval' | 'refuse' | 'allow', rule: string) {
  const at = clock.now().toISOString();
  return decisionRow({ runId: ctx.runId, at, step: ctx.step, name: 'gate', provider: 'harness', outcome, detail: detail.slice(0, 200), decision, rule });
}
