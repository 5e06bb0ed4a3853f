// The checked path to a tool: allowlist, contract validation both ways, deadline, bounded
// in-call retries for reads, bound-order check, and exactly one journal row per call.
// Built by createHarness; refund() reuses dispatch() and journalTool() for the money call.
import { TOOL_CONTRACTS, type ToolInput, type ToolName, type ToolOutput } from '#mcp/contracts/tools.js';
import { ArgumentPolicyError, ToolFailedError, ToolNotAllowedError, TemporarilyUnavailableError } from '../errors.js';
import type { Clock, JournalStore, StepContext, ToolCallResult, ToolTransport } from '../ports.js';
import { RULES } from '../policy/rules.js';
import { isToolAllowed } from '../tools/allowlist.js';
import type { ToolSpec } from '../tools/registry.js';
import { boundDetail, safeArgsHash, summarizeToolOutput } from './journal-detail.js';

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
  sleep: Sleep;
}

export interface JournalToolInput {
  ctx: StepContext;
  name: ToolName;
  argsHash: string;
  outcome: 'ok' | 'error' | 'refused';
  detail: string;
  latencyMs: number;
  idempotencyKey?: string | null;
}

const TIMED_OUT = Symbol('timed out');

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function createToolCaller(deps: ToolCallerDeps) {
  const { tools, journal, clock, registry, sleep } = deps;

  async function journalTool(input: JournalToolInput): Promise<void> {
    await journal.append({
      runId: input.ctx.runId,
      at: clock.now().toISOString(),
      step: input.ctx.step,
      kind: 'tool',
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
    });
  }

  /** Calls the transport with the tool's deadline, retrying only what the registry allows. */
  async function dispatch(name: ToolName, args: Record<string, unknown>): Promise<DispatchResult> {
    const spec = registry[name];
    let last: DispatchResult = { kind: 'thrown', message: 'not called', attempts: 0 };
    for (let attempt = 1; attempt <= spec.maxAttempts; attempt++) {
      try {
        const result = await withDeadline(tools.call(name, args), spec.timeoutMs);
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
      const hinted = last.kind === 'failed' ? last.error.retryAfterMs : undefined;
      await sleep(Math.min(hinted ?? 250 * 2 ** (attempt - 1), 2000));
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

  async function refuse(ctx: StepContext, name: ToolName, args: unknown, error: Error, started: number): Promise<never> {
    await journalTool({ ctx, name, argsHash: safeArgsHash(args), outcome: 'refused', detail: error.message, latencyMs: performance.now() - started });
    throw error;
  }

  async function callTool<N extends Exclude<ToolName, 'refund_create'>>(
    ctx: StepContext,
    name: N,
    args: ToolInput<N>,
    options: { internal?: boolean } = {},
  ): Promise<ToolOutput<N>> {
    const started = performance.now();
    if (!(name in TOOL_CONTRACTS)) {
      throw new ToolNotAllowedError(`unknown tool ${String(name)}`, { context: { step: ctx.step } });
    }
    if ((name as ToolName) === 'refund_create') {
      await refuse(ctx, name, args, new ToolNotAllowedError('refund_create is reachable only through the refund step', { context: { step: ctx.step } }), started);
    }
    if (!options.internal && !isToolAllowed(ctx.step, name)) {
      await refuse(ctx, name, args, new ToolNotAllowedError(`step ${ctx.step} may not call ${name}`, { context: { step: ctx.step, tool: name } }), started);
    }
    const contract = TOOL_CONTRACTS[name];
    const parsedArgs = contract.input.safeParse(args);
    if (!parsedArgs.success) {
      const paths = parsedArgs.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
      await refuse(ctx, name, args, new ToolFailedError('invalid', `${name} arguments do not match the contract at ${paths}`), started);
    }
    const callArgs = parsedArgs.data as Record<string, unknown>;
    const argsHash = safeArgsHash(callArgs);
    const result = await dispatch(name, callArgs);
    const latencyMs = performance.now() - started;
    if (result.kind !== 'ok') {
      await journalTool({ ctx, name, argsHash, outcome: 'error', detail: describeFailure(result), latencyMs });
      throw failure(name, result);
    }
    const output = contract.output.safeParse(result.output);
    if (!output.success) {
      await journalTool({ ctx, name, argsHash, outcome: 'error', detail: 'output does not match the contract', latencyMs });
      throw new ToolFailedError('invalid', `${name} returned output that does not match its contract`);
    }
    const data = output.data as ToolOutput<N>;
    if (name === 'get_order' && ctx.boundOrderId !== null) {
      const orderId = (data as ToolOutput<'get_order'>).order.id;
      if (orderId !== ctx.boundOrderId) {
        const error = new ArgumentPolicyError(RULES.orderNotBound, 'the run is bound to another order');
        await journalTool({ ctx, name, argsHash, outcome: 'refused', detail: error.message, latencyMs });
        throw error;
      }
    }
    const detail = result.attempts > 1 ? `${summarizeToolOutput(name, data)} (attempt ${result.attempts})` : summarizeToolOutput(name, data);
    await journalTool({ ctx, name, argsHash, outcome: 'ok', detail, latencyMs });
    return data;
  }

  return { callTool, dispatch, journalTool, describeFailure };
}

export type ToolCaller = ReturnType<typeof createToolCaller>;
