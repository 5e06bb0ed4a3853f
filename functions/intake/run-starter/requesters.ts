// The requester look-up with its transient failures retried inside the call: a helpdesk that answers
// 429/5xx or cannot be reached is asked again after a short wait (its Retry-After, capped), instead
// of the message waiting out the queue's visibility timeout for a redelivery. A refusal (credentials,
// an invalid id) is not retried, and no retry starts once the budget is spent, so a slow helpdesk
// cannot hold the batch past the function's timeout. Wrapped around the directory by start-run.ts.
import type { RequesterDirectory } from '../../shared/requesters.js';

export interface LookupRetryOptions {
  /** Calls in all, the first included. */
  attempts: number;
  /** Wait before the second call; doubled before each later one, never above maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts later than this after the first call. */
  budgetMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export const DEFAULT_LOOKUP_RETRY: LookupRetryOptions = {
  attempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  budgetMs: 5_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
};

/** The helpdesk adapters' "try again later" (shared/contracts/errors.ts): unreachable, timed out, 429, 5xx. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TemporarilyUnavailableError' || (error as { category?: unknown }).category === 'temporarily_unavailable';
}

function retryAfterMs(error: unknown): number {
  const value = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof value === 'number' && value > 0 ? value : 0;
}

export function retryingRequesters(directory: RequesterDirectory, options: Partial<LookupRetryOptions> = {}): RequesterDirectory {
  const o = { ...DEFAULT_LOOKUP_RETRY, ...options };
  async function retried<T>(call: () => Promise<T>): Promise<T> {
    const started = o.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const wait = Math.min(o.maxDelayMs, Math.max(o.baseDelayMs * 2 ** (attempt - 1), retryAfterMs(error)));
        const lastTry = attempt >= o.attempts || o.now() - started + wait > o.budgetMs;
        if (!isTransient(error) || lastTry) throw error;
        await o.sleep(wait);
      }
    }
  }
  const requesterOf = directory.requesterOf?.bind(directory);
  return {
    emailOf: (requesterId) => retried(() => directory.emailOf(requesterId)),
    ...(requesterOf ? { requesterOf: (requesterId: string) => retried(() => requesterOf(requesterId)) } : {}),
  };
}
