// The checked path to a tool: a known tool (policy/tool-binding.ts), allowlist, contract validation
// both ways, the tool's binding on its arguments and output, repeated-call detector, live pin check,
// deadline and bounded retries (tool-dispatch.ts), and exactly one journal row per call. Built by
// createHarness; refund() reuses dispatch() and journalTool() for the money call.
import type { ProductMetrics } from '../metrics.js';
import { TOOL_CONTRACTS, type ToolInput, type ToolName, type ToolOutput } from '#shared/contracts/tools.js';
import { ArgumentPolicyError, BudgetExceededError, HarnessConfigError, ToolFailedError, ToolNotAllowedError, TemporarilyUnavailableError } from '../errors.js';
import type { StepName } from '../domain/types.js';
import type { Clock, JournalStore, StepContext, ToolTransport } from '../ports.js';
import { RULES } from '../policy/rules.js';
import { toolBinding, type ToolBinding } from '../policy/tool-binding.js';
import { isToolAllowed } from '../tools/allowlist.js';
import type { PinGuard } from '../tools/pin-guard.js';
import type { ToolSpec } from '../tools/registry.js';
import { boundDetail, boundResult, safeArgsHash, summarizeToolOutput } from './journal-detail.js';
import { describeFailure, dispatch, failure, type DispatchResult, type Sleep } from './tool-dispatch.js';

export type { DispatchResult, Sleep } from './tool-dispatch.js';

export interface ToolCallerDeps {
  tools: ToolTransport;
  journal: JournalStore;
  clock: Clock;
  registry: Readonly<Record<ToolName, ToolSpec>>;
  pins: PinGuard;
  sleep: Sleep;
  /** ToolCalls and ToolErrors per tenant, counted from the journal rows of dispatched calls. */
  metrics?: ProductMetrics;
}

export interface JournalToolInput {
  /** 'decision' for a policy verdict on the call (allowed or refused), 'tool' for the call itself. */
  kind?: 'tool' | 'decision';
  ctx: StepContext;
  name: ToolName;
  argsHash: string;
  outcome: 'ok' | 'error' | 'refused';
  detail: string;
  latencyMs: number;
  idempotencyKey?: string | null;
  output?: unknown;
  decision?: 'allow' | 'refuse';
  rule?: string;
  approvalId?: string | null;
  proposedBy?: string;
}

export interface CallOptions {
  /** The harness's own read (the refund executor re-reading the order): not subject to the step allowlist. */
  internal?: boolean;
  /** The specialist whose proposal this call is: the repeated-call detector applies. */
  proposedBy?: string;
}

type StepTool = Exclude<ToolName, 'refund_create'>;

/** A call admitted by the checks before dispatch: its binding (for the output) and its validated arguments. */
interface AdmittedCall<N extends StepTool> {
  binding: Extract<ToolBinding<N>, { via: 'callTool' }>;
  callArgs: Record<string, unknown>;
}

/** What every row of one call shares. */
type CallRow = Pick<JournalToolInput, 'ctx' | 'name' | 'argsHash' | 'latencyMs' | 'proposedBy'>;

async function journalTool(deps: ToolCallerDeps, input: JournalToolInput): Promise<void> {
  const bounded = input.output === undefined ? null : boundResult(input.output);
  await deps.journal.append({
    runId: input.ctx.runId,
    at: deps.clock.now().toISOString(),
    step: input.ctx.step,
    kind: input.kind ?? 'tool',
    name: input.name,
    provider: deps.tools.serverId,
    argsHash: input.argsHash,
    outcome: input.outcome,
    detail: boundDetail(input.detail),
    latencyMs: Math.max(0, Math.round(input.latencyMs)),
    costMicros: 0,
    model: null,
    inputTokens: null,
    outputTokens: null,
    idempotencyKey: input.idempotencyKey ?? null,
    ...(bounded ? { result: bounded.result, truncated: bounded.truncated } : {}),
    ...(input.decision ? { decision: input.decision } : {}),
    ...(input.rule ? { rule: input.rule } : {}),
    ...(input.approvalId !== undefined ? { approvalId: input.approvalId } : {}),
    ...(input.proposedBy ? { proposedBy: input.proposedBy } : {}),
  });
  // A 'tool' row that is not a refusal is a call that left for the MCP server.
  if ((input.kind ?? 'tool') === 'tool' && input.outcome !== 'refused') {
    deps.metrics?.count(input.ctx.tenant, 'ToolCalls');
    if (input.outcome === 'error') deps.metrics?.count(input.ctx.tenant, 'ToolErrors');
  }
}

/**
 * The live pin check: a tool whose listed definition differs from its pin is refused
 * (HarnessConfigError, no retry); an unreadable tool list refuses too (TemporarilyUnavailableError).
 */
async function assertPinned(deps: ToolCallerDeps, ctx: StepContext, name: ToolName, argsHash: string, idempotencyKey: string | null = null): Promise<void> {
  const verdict = await deps.pins.check(name, ctx.step, ctx.tenant);
  if (verdict.ok) return;
  const unavailable = 'unavailable' in verdict;
  const error = unavailable
    ? new TemporarilyUnavailableError(`tool registry unreachable, ${name} refused: ${verdict.reason}`, { context: { tool: name } })
    : new HarnessConfigError(`${name} refused: its live definition does not match the pin (${verdict.reason})`, { context: { tool: name } });
  const rule = unavailable ? RULES.registryUnavailable : RULES.toolPinMismatch;
  await journalTool(deps, { ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs: 0, idempotencyKey, decision: 'refuse', rule });
  throw error;
}

async function refuseCall(deps: ToolCallerDeps, ctx: StepContext, name: ToolName, args: unknown, error: Error, started: number, rule?: string): Promise<never> {
  const latencyMs = performance.now() - started;
  const argsHash = safeArgsHash(args);
  await journalTool(deps, { ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs, decision: 'refuse', ...(rule ? { rule } : {}) });
  throw error;
}

/** Same tool, same arguments, proposed by a model twice in one run: the loop is going round. */
async function assertNotRepeated(deps: ToolCallerDeps, ctx: StepContext, name: ToolName, argsHash: string, proposedBy: string, started: number): Promise<void> {
  const rows = await deps.journal.listByRun(ctx.runId);
  const earlier = rows.some((r) => r.kind === 'tool' && r.name === name && r.argsHash === argsHash && r.proposedBy !== undefined && r.outcome !== 'refused');
  if (!earlier) return;
  const error = new BudgetExceededError(`repeated call: ${name} with the same arguments was already made in this run`, {
    context: { tool: name, limit: 'repeated_call' },
  });
  const latencyMs = performance.now() - started;
  const rule = RULES.repeatedCall;
  await journalTool(deps, { ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs, decision: 'refuse', rule, proposedBy });
  throw error;
}

/**
 * The checks before a call leaves, in order: a known tool (unknown names fail closed), never
 * refund_create, the step's allowlist, the input contract, the tool's binding on its arguments.
 */
async function admit<N extends StepTool>(
  deps: ToolCallerDeps,
  ctx: StepContext,
  name: N,
  args: ToolInput<N>,
  options: CallOptions,
  started: number,
): Promise<AdmittedCall<N>> {
  const binding = toolBinding(name);
  if (!binding) throw new ToolNotAllowedError(`unknown tool ${String(name)}`, { context: { step: ctx.step } });
  const refused = (error: Error, rule: string) => refuseCall(deps, ctx, name, args, error, started, rule);
  if (binding.via === 'refund' || binding.via === 'cancel') {
    const through = binding.via === 'refund' ? 'the refund step' : "the refund step's cancel";
    return refused(new ToolNotAllowedError(`${name} is reachable only through ${through}`, { context: { step: ctx.step } }), RULES.toolNotAllowed);
  }
  if (!options.internal && !isToolAllowed(ctx.step, name)) {
    await refused(new ToolNotAllowedError(`step ${ctx.step} may not call ${name}`, { context: { step: ctx.step, tool: name } }), RULES.toolNotAllowed);
  }
  const parsedArgs = TOOL_CONTRACTS[name].input.safeParse(args);
  if (!parsedArgs.success) {
    const paths = parsedArgs.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    return refused(new ToolFailedError('invalid', `${name} arguments do not match the contract at ${paths}`), RULES.argumentsInvalid);
  }
  const callArgs = parsedArgs.data as Record<string, unknown>;
  const refusal = binding.args?.(callArgs as ToolInput<N>, ctx);
  if (refusal) await refused(new ArgumentPolicyError(refusal.rule, refusal.reason), refusal.rule);
  return { binding, callArgs };
}

/** A dispatched call's answer: its output contract, the tool's binding on the output, the journal row. */
async function accept<N extends StepTool>(
  deps: ToolCallerDeps,
  row: CallRow,
  call: AdmittedCall<N>,
  result: Extract<DispatchResult, { kind: 'ok' }>,
): Promise<ToolOutput<N>> {
  const name = row.name as N;
  const output = TOOL_CONTRACTS[name].output.safeParse(result.output);
  if (!output.success) {
    await journalTool(deps, { ...row, outcome: 'error', detail: 'output does not match the contract' });
    throw new ToolFailedError('invalid', `${name} returned output that does not match its contract`);
  }
  const data = output.data as ToolOutput<N>;
  const refusal = call.binding.output?.(data, row.ctx);
  if (refusal) {
    const error = new ArgumentPolicyError(refusal.rule, refusal.reason);
    await journalTool(deps, { ...row, outcome: 'refused', detail: error.message, decision: 'refuse', rule: refusal.rule });
    throw error;
  }
  const summary = summarizeToolOutput(name, data);
  const detail = result.attempts > 1 ? `${summary} (attempt ${result.attempts})` : summary;
  await journalTool(deps, { ...row, outcome: 'ok', detail, output: data });
  return data;
}

async function callTool<N extends StepTool>(
  deps: ToolCallerDeps,
  ctx: StepContext,
  name: N,
  args: ToolInput<N>,
  options: CallOptions = {},
): Promise<ToolOutput<N>> {
  const started = performance.now();
  const call = await admit(deps, ctx, name, args, options, started);
  const argsHash = safeArgsHash(call.callArgs);
  if (options.proposedBy) await assertNotRepeated(deps, ctx, name, argsHash, options.proposedBy, started);
  await assertPinned(deps, ctx, name, argsHash);
  const result = await dispatch(deps, name, call.callArgs, ctx.step);
  const row: CallRow = { ctx, name, argsHash, latencyMs: performance.now() - started, ...(options.proposedBy ? { proposedBy: options.proposedBy } : {}) };
  if (result.kind !== 'ok') {
    await journalTool(deps, { ...row, outcome: 'error', detail: describeFailure(result) });
    throw failure(name, result);
  }
  return accept(deps, row, call, result);
}

export function createToolCaller(deps: ToolCallerDeps) {
  return {
    callTool: <N extends StepTool>(ctx: StepContext, name: N, args: ToolInput<N>, options: CallOptions = {}) => callTool(deps, ctx, name, args, options),
    dispatch: (name: ToolName, args: Record<string, unknown>, caller: StepName) => dispatch(deps, name, args, caller),
    journalTool: (input: JournalToolInput) => journalTool(deps, input),
    describeFailure,
    assertPinned: (ctx: StepContext, name: ToolName, argsHash: string, idempotencyKey: string | null = null) =>
      assertPinned(deps, ctx, name, argsHash, idempotencyKey),
  };
}

export type ToolCaller = ReturnType<typeof createToolCaller>;
