// Bounded retries of one Messages API call: 429 (rate limited), 529 (overloaded), other 5xx and
// connection failures or timeouts are retried with exponential backoff (a server's retry-after
// wins when longer, within the cap); then the optional fallback model gets the same budget.
// Anything else is not retried. Every attempt's timeout is cut to the time the model call has
// left, and no attempt or wait starts that could not end inside it. The sleep is injected.
import Anthropic from '@anthropic-ai/sdk';
import { HarnessConfigError, TemporarilyUnavailableError } from '../../../errors.js';
import { hasTimeForAttempt, type TimeBudget } from '../../../models/budget.js';

export type Sleep = (ms: number) => Promise<void>;

export interface RetryPolicy {
  /** HTTP attempts per model (1 = no retry). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8_000 };

export function isRetryable(error: unknown): boolean {
  if (error instanceof Anthropic.APIConnectionError) return true; // includes timeouts
  if (error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof Anthropic.APIError) || !error.headers) return null;
  const ms = Number(error.headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(error.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/**
 * The longest one API call can take with its retries, when every attempt times out and every wait
 * is the cap (a long retry-after), on each model in turn. The gateway's time budget bounds it.
 */
export function worstCaseApiCallMs(input: { timeoutMs: number; policy: RetryPolicy; models: number }): number {
  const { maxAttempts, maxDelayMs } = input.policy;
  return input.models * (maxAttempts * input.timeoutMs + (maxAttempts - 1) * maxDelayMs);
}

export function backoffMs(policy: RetryPolicy, attempt: number, error: unknown): number {
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.max(exponential, retryAfterMs(error) ?? 0));
}

function describe(error: unknown): string {
  if (error instanceof Anthropic.APIError) return `${error.name} ${error.status ?? 'no status'}`;
  return error instanceof Error ? error.name : 'Error';
}

export interface CallOutcome<R> {
  result: R;
  model: string;
  attempts: number;
}

/**
 * Calls `send(model, timeoutMs)` until it succeeds, with retries on the first model then on the
 * fallback, each attempt within the time left. Exhausted retries or time become
 * TemporarilyUnavailableError (Step Functions retries the step later); a refused request (400, 401,
 * 403, 404) is a setup fault and fails closed.
 */
export async function withRetries<R>(input: {
  models: readonly string[];
  policy: RetryPolicy;
  sleep: Sleep;
  /** Deadline of one attempt, before the time budget cuts it. */
  timeoutMs: number;
  time: TimeBudget;
  send: (model: string, timeoutMs: number) => Promise<R>;
  onRetry?: (info: { model: string; attempt: number; error: string; waitMs: number }) => void;
}): Promise<CallOutcome<R>> {
  const { time, policy } = input;
  let attempts = 0;
  let last: unknown = null;
  let outOfTime = false;
  attempting: for (const model of input.models) {
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      if (!hasTimeForAttempt(time)) {
        outOfTime = true;
        break attempting;
      }
      attempts++;
      try {
        const timeoutMs = Math.max(1, Math.floor(Math.min(input.timeoutMs, time.leftMs())));
        return { result: await input.send(model, timeoutMs), model, attempts };
      } catch (error) {
        if (!isRetryable(error)) {
          throw new HarnessConfigError(`model request refused: ${describe(error)}`, { cause: error, context: { model } });
        }
        last = error;
        if (attempt < policy.maxAttempts) {
          const waitMs = backoffMs(policy, attempt, error);
          if (time.leftMs() - waitMs < time.minAttemptMs) {
            outOfTime = true;
            break attempting;
          }
          input.onRetry?.({ model, attempt, error: describe(error), waitMs });
          await input.sleep(waitMs);
        }
      }
    }
  }
  const why = [outOfTime ? 'out of time' : null, last === null ? null : describe(last)].filter(Boolean).join(', ');
  throw new TemporarilyUnavailableError(`model unavailable after ${attempts} attempts: ${why}`, {
    cause: last,
    retryAfterMs: retryAfterMs(last) ?? policy.maxDelayMs,
    context: { models: [...input.models], attempts },
  });
}
