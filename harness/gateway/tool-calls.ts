// The checked path to a tool: allowlist, live pin check, contract validation both ways, deadline,
// bounded retries with backoff, bound-order and requester checks, repeated-call detector, and
// exactly one journal row per call. Built by createHarness; refund() reuses dispatch() and
// journalTool() for the money call.
import type { ProductMetrics } from '../metrics.js';
import { TOOL_CONTRACTS, type ToolInput, type ToolName, type ToolOutput } from '#mcp/contracts/tools.js';
import { ArgumentPolicyError, BudgetExceededError, HarnessConfigError, ToolFailedError, ToolNotAllowedError, TemporarilyUnavailableError } from '../errors.js';
import type { StepName } from '../domain/types.js';
import type { Clock, JournalStore, StepContext, ToolCallResult, ToolTransport } from '../ports.js';
import { RULES } from '../policy/rules.js';
import { isToolAllowed } from '../tools/allowlist.js';
import type { PinGuard } from '../tools/pin-guard.js';
import type { ToolSpec } from '../tools/registry.js';
import { boundDetail, boundResult, safeArgsHash, summarizeToolOutput } from './journal-detail.js';

export type Sleep = (ms: number) => Promise<void>;

export type DispatchResult =
  | { kind: 'ok'; output: unknown; attempts: number }
  | { kind: 'failed'; error: Extract<ToolCallResult, { ok: false }>['error']; attempts: number }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'thrown'; message: string; attempts: number };

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

const TIMED_OUT = Symbol('timed out');

/** Email addresses compare without case or surrounding space; a missing one matches nothing. */
function sameEmail(a: unknown, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && b.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The wait before attempt `attempt + 1`: the registry's backoff, or a longer Retry-After up to the last step. */
export function backoffDelay(spec: ToolSpec, attempt: number, retryAfterMs: number | undefined): number {
  const steps = spec.backoffMs.length > 0 ? spec.backoffMs : [250];
  const base = steps[Math.min(attempt - 1, steps.length - 1)] ?? 250;
  const cap = steps[steps.length - 1] ?? base;
  return retryAfterMs === undefined ? base : Math.min(Math.max(base, retryAfterMs), cap);
}

export function createToolCaller(deps: ToolCallerDeps) {
  const { tools, journal, clock, registry, sleep, pins } = deps;

  async function journalTool(input: JournalToolInput): Promise<void> {
    const bounded = input.output === undefined ? null : boundResult(input.output);
    await journal.append({
      runId: input.ctx.runId,
      at: clock.now().toISOString(),
      step: input.ctx.step,
      kind: input.kind ?? 'tool',
      name: input.name,
      provider: tools.serverId,
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
  async function assertPinned(ctx: StepContext, name: ToolName, argsHash: string, idempotencyKey: string | null = null): Promise<void> {
    const verdict = await pins.check(name, ctx.step, ctx.tenant);
    if (verdict.ok) return;
    const unavailable = 'unavailable' in verdict;
    const error = unavailable
      ? new TemporarilyUnavailableError(`tool registry unreachable, ${name} refused: ${verdict.reason}`, { context: { tool: name } })
      : new HarnessConfigError(`${name} refused: its live definition does not match the pin (${verdict.reason})`, { context: { tool: name } });
    await journalTool({ ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs: 0, idempotencyKey, decision: 'refuse', rule: unavailable ? RULES.registryUnavailable : RULES.toolPinMismatch });
    throw error;
  }

  /** Calls the transport as the step `caller` with the tool's deadline, retrying only what the registry allows. */
  async function dispatch(name: ToolName, args: Record<string, unknown>, caller: StepName): Promise<DispatchResult> {
    const spec = registry[name];
    let last: DispatchResult = { kind: 'thrown', message: 'not called', attempts: 0 };
    for (let attempt = 1; attempt <= spec.maxAttempts; attempt++) {
      try {
        const result = await withDeadline(tools.call(name, args, caller), spec.timeoutMs);
        if (result === TIMED_OUT) last = { kind: 'timeout', attempts: attempt };
        else if (result.ok) return { kind: 'ok', output: result.output, attempts: attempt };
        else last = { kind: 'failed', error: result.error, attempts: attempt };
      } catch (error) {
        last = { kind: 'thrown', message: error instanceof Error ? error.message : String(error), attempts: attempt };
      }
      const retryable =
        (last.kind === 'timeout' && spec.retryOn.includes('timeout')) ||
        (last.kind === 'thrown' && spec.retryOn.includes('temporarily_unavailable')) ||
        (last.kind === 'failed' && spec.retryOn.includes(last.error.category));
      if (!retryable || attempt === spec.maxAttempts) break;
      await sleep(backoffDelay(spec, attempt, last.kind === 'failed' ? last.error.retryAfterMs : undefined));
    }
    return last;
  }

  /** Turns a failed dispatch into the typed error the step (and Step Functions) acts on. */
  function failure(name: ToolName, result: Exclude<DispatchResult, { kind: 'ok' }>): Error {
    if (result.kind === 'timeout') return new TemporarilyUnavailableError(`${name} timed out`, { context: { tool: name } });
    if (result.kind === 'thrown') return new TemporarilyUnavailableError(`${name} could not be reached`, { context: { tool: name } });
    const { category, message, retryAfterMs } = result.error;
    if (category === 'temporarily_unavailable') {
      return new TemporarilyUnavailableError(`${name}: ${boundDetail(message)}`, { context: { tool: name }, retryAfterMs });
    }
    return new ToolFailedError(category, `${name}: ${boundDetail(message)}`, { context: { tool: name } });
  }

  function describeFailure(result: Exclude<DispatchResult, { kind: 'ok' }>): string {
    const tries = `after ${result.attempts} attempt(s)`;
    if (result.kind === 'timeout') return `timeout ${tries}`;
    if (result.kind === 'thrown') return `transport error ${tries}: ${result.message}`;
    return `${result.error.category} ${tries}: ${result.error.message}`;
  }

  async function refuse(ctx: StepContext, name: ToolName, args: unknown, error: Error, started: number, rule?: string): Promise<never> {
    await journalTool({ ctx, name, argsHash: safeArgsHash(args), outcome: 'refused', detail: error.message, latencyMs: performance.now() - started, decision: 'refuse', ...(rule ? { rule } : {}) });
    throw error;
  }

  /** Same tool, same arguments, proposed by a model twice in one run: the loop is going round. */
  async function assertNotRepeated(ctx: StepContext, name: ToolName, argsHash: string, proposedBy: string, started: number): Promise<void> {
    const earlier = (await journal.listByRun(ctx.runId)).some((r) => r.kind === 'tool' && r.name === name && r.argsHash === argsHash && r.proposedBy !== undefined && r.outcome !== 'refused');
    if (!earlier) return;
    const error = new BudgetExceededError(`repeated call: ${name} with the same arguments was already made in this run`, { context: { tool: name, limit: 'repeated_call' } });
    await journalTool({ ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs: performance.now() - started, decision: 'refuse', rule: RULES.repeatedCall, proposedBy });
    throw error;
  }

  async function callTool<N extends Exclude<ToolName, 'refund_create'>>(
    ctx: StepContext,
    name: N,
    args: ToolInput<N>,
    options: CallOptions = {},
  ): Promise<ToolOutput<N>> {
    const started = performance.now();
    if (!(name in TOOL_CONTRACTS)) {
      throw new ToolNotAllowedError(`unknown tool ${String(name)}`, { context: { step: ctx.step } });
    }
    if ((name as ToolName) === 'refund_create') {
      await refuse(ctx, name, args, new ToolNotAllowedError('refund_create is reachable only through the refund step', { context: { step: ctx.step } }), started, RULES.toolNotAllowed);
    }
    if (!options.internal && !isToolAllowed(ctx.step, name)) {
      await refuse(ctx, name, args, new ToolNotAllowedError(`step ${ctx.step} may not call ${name}`, { context: { step: ctx.step, tool: name } }), started, RULES.toolNotAllowed);
    }
    const contract = TOOL_CONTRACTS[name];
    const parsedArgs = contract.input.safeParse(args);
    if (!parsedArgs.success) {
      const paths = parsedArgs.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
      await refuse(ctx, name, args, new ToolFailedError('invalid', `${name} arguments do not match the contract at ${paths}`), started, RULES.argumentsInvalid);
    }
    const callArgs = parsedArgs.data as Record<string, unknown>;
    const argsHash = safeArgsHash(callArgs);
    // A dry run names its order in the arguments: only the run's bound order may be previewed.
    if (name === 'preview_refund' && ctx.boundOrderId !== null && callArgs.orderId !== ctx.boundOrderId) {
      await refuse(ctx, name, args, new ArgumentPolicyError(RULES.orderNotBound, 'the run is bound to another order'), started, RULES.orderNotBound);
    }
    // Refund history is read for the bound order's customer only, whatever a model asks for.
    if (name === 'get_refund_history' && ctx.boundCustomerId && callArgs.customerId !== ctx.boundCustomerId) {
      await refuse(ctx, name, args, new ArgumentPolicyError(RULES.customerNotBound, "the run may read only its customer's refund history"), started, RULES.customerNotBound);
    }
    // Orders are looked up by the requester's own email only: no context email, no look-up.
    if (name === 'find_customer_orders' && !sameEmail(callArgs.customerEmail, ctx.requesterEmail)) {
      await refuse(ctx, name, args, new ArgumentPolicyError(RULES.customerNotRequester, "the run may look up only its requester's orders"), started, RULES.customerNotRequester);
    }
    if (options.proposedBy) await assertNotRepeated(ctx, name, argsHash, options.proposedBy, started);
    await assertPinned(ctx, name, argsHash);
    const proposed = options.proposedBy ? { proposedBy: options.proposedBy } : {};
    const result = await dispatch(name, callArgs, ctx.step);
    const latencyMs = performance.now() - started;
    if (result.kind !== 'ok') {
      await journalTool({ ctx, name, argsHash, outcome: 'error', detail: describeFailure(result), latencyMs, ...proposed });
      throw failure(name, result);
    }
    const output = contract.output.safeParse(result.output);
    if (!output.success) {
      await journalTool({ ctx, name, argsHash, outcome: 'error', detail: 'output does not match the contract', latencyMs, ...proposed });
      throw new ToolFailedError('invalid', `${name} returned output that does not match its contract`);
    }
    const data = output.data as ToolOutput<N>;
    if (name === 'get_order' && ctx.boundOrderId !== null) {
      const orderId = (data as ToolOutput<'get_order'>).order.id;
      if (orderId !== ctx.boundOrderId) {
        const error = new ArgumentPolicyError(RULES.orderNotBound, 'the run is bound to another order');
        await journalTool({ ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs, decision: 'refuse', rule: RULES.orderNotBound, ...proposed });
        throw error;
      }
    }
    const detail = result.attempts > 1 ? `${summarizeToolOutput(name, data)} (attempt ${result.attempts})` : summarizeToolOutput(name, data);
    await journalTool({ ctx, name, argsHash, outcome: 'ok', detail, latencyMs, output: data, ...proposed });
    return data;
  }

  return { callTool, dispatch, journalTool, describeFailure, assertPinned };
}

export type ToolCaller = ReturnType<typeof createToolCaller>;
