// The per-customer refund lock: one refund dispatch at a time per tenant and customer, so a recount
// of the customer's refunds taken under it sees every refund another run made before. A lease on the
// LockStore (LOCK#CUSTOMER#<tenant>#<customerId>, owner = run id) with an expiry, so a Lambda that
// dies holding it blocks the customer for the lease only. Busy: wait a little, a bounded number of
// times, then refuse (TemporarilyUnavailableError: Step Functions retries the step).
import { HarnessError, TemporarilyUnavailableError } from '../errors.js';
import type { LockStore } from '../ports.js';
import { RULES } from '../policy/rules.js';
import type { Sleep } from './tool-calls.js';

export interface CustomerLockOptions {
  /** How long a holder keeps the lock at most (a dispatch with its retries takes well under it). */
  ttlMs: number;
  /** Tries before giving up, and the wait between them. */
  attempts: number;
  waitMs: number;
}

export const DEFAULT_CUSTOMER_LOCK: CustomerLockOptions = { ttlMs: 120_000, attempts: 10, waitMs: 250 };

export function customerLockName(tenant: string, customerId: string): string {
  return `CUSTOMER#${tenant}#${customerId}`;
}

/** What the work under the lock may ask: keep the lease to its expiry (an outcome nobody can settle yet). */
export interface HeldLock {
  keepUntilExpiry(): void;
}

export function createCustomerLock(deps: { locks: LockStore; sleep: Sleep; options?: Partial<CustomerLockOptions> }) {
  const options = { ...DEFAULT_CUSTOMER_LOCK, ...deps.options };

  async function storeCall<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HarnessError) throw error;
      throw new TemporarilyUnavailableError('the refund lock store is unavailable; refund refused', {
        cause: error,
        context: { rule: RULES.storeUnavailable },
      });
    }
  }

  /** Takes the lock (or throws TemporarilyUnavailableError), runs `work`, releases it unless kept. */
  async function withLock<T>(input: { tenant: string; customerId: string; owner: string }, work: (held: HeldLock) => Promise<T>): Promise<T> {
    const name = customerLockName(input.tenant, input.customerId);
    let taken = false;
    for (let attempt = 1; attempt <= options.attempts && !taken; attempt++) {
      taken = await storeCall(() => deps.locks.acquire({ name, owner: input.owner, ttlMs: options.ttlMs }));
      if (!taken && attempt < options.attempts) await deps.sleep(options.waitMs);
    }
    if (!taken) {
      throw new TemporarilyUnavailableError('another refund for this customer is being dispatched; the refund waits for it (retry)', {
        context: { rule: RULES.customerRefundLockBusy },
        retryAfterMs: options.waitMs,
      });
    }
    let keep = false;
    try {
      return await work({ keepUntilExpiry: () => void (keep = true) });
    } finally {
      // A release that fails leaves the lease to expire: never the reason a refund reads failed.
      if (!keep) await deps.locks.release({ name, owner: input.owner }).catch(() => undefined);
    }
  }

  /**
   * Lets go of a lease `owner` may still hold from an earlier attempt whose outcome is now settled
   * (a process that died holding it, or one that kept it on an unknown outcome); never another's.
   */
  async function release(input: { tenant: string; customerId: string; owner: string }): Promise<void> {
    await deps.locks.release({ name: customerLockName(input.tenant, input.customerId), owner: input.owner }).catch(() => undefined);
  }

  return { withLock, release };
}
export type CustomerLock = ReturnType<typeof createCustomerLock>;
