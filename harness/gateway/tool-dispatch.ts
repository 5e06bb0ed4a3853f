// One tool call on the wire: the transport called as the calling step, within the tool's deadline,
// retried only as the registry allows (backoff, or a longer Retry-After up to the last step), and a
// failed result turned into the typed error the step and Step Functions act on.
import type { ToolName } from '#shared/contracts/tools.js';
import type { StepName } from '../domain/types.js';
import { TemporarilyUnavailableError, ToolFailedError } from '../errors.js';
import type { ToolCallResult, ToolTransport } from '../ports.js';
import type { ToolSpec } from '../tools/registry.js';
import { boundDetail } from './journal-detail.js';

export type Sleep = (ms: number) => Promise<void>;

export type DispatchResult =
  | { kind: 'ok'; output: unknown; attempts: number }
  | { kind: 'failed'; error: Extract<ToolCallResult, { ok: false }>['error']; attempts: number }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'thrown'; message: string; attempts: number };

export type FailedDispatch = Exclude<DispatchResult, { kind: 'ok' }>;

export interface DispatchDeps {
  tools: ToolTransport;
  registry: Readonly<Record<ToolName, ToolSpec>>;
  sleep: Sleep;
}

const TIMED_OUT = Symbol('timed out');

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

/** One attempt: the tool's answer, its failure, a timeout or a transport that threw. */
async function attemptOnce(deps: DispatchDeps, name: ToolName, args: Record<string, unknown>, caller: StepName, attempt: number): Promise<DispatchResult> {
  try {
    const result = await withDeadline(deps.tools.call(name, args, caller), deps.registry[name].timeoutMs);
    if (result === TIMED_OUT) return { kind: 'timeout', attempts: attempt };
    if (result.ok) return { kind: 'ok', output: result.output, attempts: attempt };
    return { kind: 'failed', error: result.error, attempts: attempt };
  } catch (error) {
    return { kind: 'thrown', message: error instanceof Error ? error.message : String(error), attempts: attempt };
  }
}

function isRetryable(spec: ToolSpec, result: FailedDispatch): boolean {
  return (
    (result.kind === 'timeout' && spec.retryOn.includes('timeout')) ||
    (result.kind === 'thrown' && spec.retryOn.includes('temporarily_unavailable')) ||
    (result.kind === 'failed' && spec.retryOn.includes(result.error.category))
  );
}

/** Calls the transport as the step `caller` with the tool's deadline, retrying only what the registry allows. */
export async function dispatch(deps: DispatchDeps, name: ToolName, args: Record<string, unknown>, caller: StepName): Promise<DispatchResult> {
  const spec = deps.registry[name];
  let last: DispatchResult = { kind: 'thrown', message: 'not called', attempts: 0 };
  for (let attempt = 1; attempt <= spec.maxAttempts; attempt++) {
    last = await attemptOnce(deps, name, args, caller, attempt);
    if (last.kind === 'ok') return last;
    if (!isRetryable(spec, last) || attempt === spec.maxAttempts) break;
    await deps.sleep(backoffDelay(spec, attempt, last.kind === 'failed' ? last.error.retryAfterMs : undefined));
  }
  return last;
}

/** Turns a failed dispatch into the typed error the step (and Step Functions) acts on. */
export function failure(name: ToolName, result: FailedDispatch): Error {
  if (result.kind === 'timeout') return new TemporarilyUnavailableError(`${name} timed out`, { context: { tool: name } });
  if (result.kind === 'thrown') return new TemporarilyUnavailableError(`${name} could not be reached`, { context: { tool: name } });
  const { category, message, retryAfterMs } = result.error;
  if (category === 'temporarily_unavailable') {
    return new TemporarilyUnavailableError(`${name}: ${boundDetail(message)}`, { context: { tool: name }, retryAfterMs });
  }
  return new ToolFailedError(category, `${name}: ${boundDetail(message)}`, { context: { tool: name } });
}

export function describeFailure(result: FailedDispatch): string {
  const tries = `after ${result.attempts} attempt(s)`;
  if (result.kind === 'timeout') return `timeout ${tries}`;
  if (result.kind === 'thrown') return `transport error ${tries}: ${result.message}`;
  return `${result.error.category} ${tries}: ${result.error.message}`;
}
