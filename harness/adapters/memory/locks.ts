// In-memory LockStore with the DynamoDB adapter's semantics: a lease is taken when free, run out
// (strictly past its end, as the adapter's `leaseUntil < now`) or already the owner's, in one step
// (JavaScript runs it without interleaving); release only by its owner. The injected clock decides
// expiry. For unit tests and quick local runs.
import type { Clock, LockStore } from '../../ports.js';

export function createInMemoryLockStore(options: { clock: Clock }): LockStore {
  const leases = new Map<string, { owner: string; until: number }>();
  return {
    async acquire({ name, owner, ttlMs }) {
      const now = options.clock.now().getTime();
      const held = leases.get(name);
      if (held && held.owner !== owner && held.until >= now) return false;
      leases.set(name, { owner, until: now + ttlMs });
      return true;
    },
    async release({ name, owner }) {
      if (leases.get(name)?.owner === owner) leases.delete(name);
    },
  };
}
