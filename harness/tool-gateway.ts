// createHarness: the one path from a step to a tool or a model. Composes the checked tool caller,
// the refund executor (the only way to refund_create) and the model gateway over injected ports.
// Built once per Lambda container (functions/) or by the local runtime; tests pass fakes.
import type { ToolInput, ToolName, ToolOutput } from '#mcp/contracts/tools.js';
import type { RefundReceipt, Run } from './domain/types.js';
import { createRefundExecutor, type RefundRequest } from './gateway/refund.js';
import { createToolCaller, type Sleep } from './gateway/tool-calls.js';
import { createModelGateway, DEFAULT_MODEL_CONFIG, type ModelConfig } from './models/gateway.js';
import { DEFAULT_POLICY, type Policy } from './policy/document.js';
import type { Clock, IdGenerator, IdempotencyStore, JournalStore, ModelProvider, ModelRequest, RunStore, StepContext, ToolTransport } from './ports.js';
import { TOOL_REGISTRY, verifyToolPins, type ToolSpec } from './tools/registry.js';

export interface HarnessDeps {
  tools: ToolTransport;
  journal: JournalStore;
  idempotency: IdempotencyStore;
  models: ModelProvider;
  modelConfig?: Partial<ModelConfig>;
  policy?: Policy;
  clock: Clock;
  ids: IdGenerator;
  /** When given, model cost is added to the run and the run's cost cap is enforced. */
  runs?: RunStore;
  /** Per-tool deadline overrides (tests use short ones); risk, retries and pins stay as registered. */
  timeoutsMs?: Partial<Record<ToolName, number>>;
  /** Waits between in-call retries of reads; tests pass an instant one. */
  sleep?: Sleep;
}

export interface Harness {
  callTool<N extends Exclude<ToolName, 'refund_create'>>(ctx: StepContext, name: N, args: ToolInput<N>): Promise<ToolOutput<N>>;
  callModel<T>(ctx: StepContext, request: ModelRequest<T>): Promise<T>;
  /** The exact refund_create arguments' hash for this run (what an approval binds), no tool call. */
  previewRefund(ctx: StepContext, run: Run): Promise<{ argsHash: string; amountMinor: number; currency: string; idempotencyKey: string }>;
  refund(ctx: StepContext, input: RefundRequest): Promise<RefundReceipt>;
  readonly policy: Policy;
}

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHarness(deps: HarnessDeps): Harness {
  verifyToolPins(); // fail closed at start-up if a tool contract drifted from its pin
  const policy = deps.policy ?? DEFAULT_POLICY;
  const registry = Object.fromEntries(
    Object.values(TOOL_REGISTRY).map((spec) => [spec.name, { ...spec, timeoutMs: deps.timeoutsMs?.[spec.name] ?? spec.timeoutMs }]),
  ) as Record<ToolName, ToolSpec>;
  const caller = createToolCaller({ tools: deps.tools, journal: deps.journal, clock: deps.clock, registry, sleep: deps.sleep ?? realSleep });
  const refunds = createRefundExecutor({ caller, journal: deps.journal, idempotency: deps.idempotency, policy, clock: deps.clock });
  const modelGateway = createModelGateway({
    models: deps.models,
    journal: deps.journal,
    clock: deps.clock,
    config: { ...DEFAULT_MODEL_CONFIG, ...deps.modelConfig },
    runs: deps.runs,
  });

  return {
    policy,
    callTool: (ctx, name, args) => caller.callTool(ctx, name, args),
    callModel: (ctx, request) => modelGateway.callModel(ctx, request),
    async previewRefund(_ctx, run) {
      const { args, argsHash } = refunds.preview(run);
      return { argsHash, amountMinor: args.amount.amountMinor, currency: args.amount.currency, idempotencyKey: args.idempotencyKey };
    },
    refund: (ctx, input) => refunds.refund(ctx, input),
  };
}
