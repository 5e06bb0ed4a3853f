// The LockStore contract (harness/ports.ts): a lease has one owner at a time; its owner may take it
// again (a retried step, which renews it); another owner gets it only once the lease has run out,
// i.e. strictly after acquire time + ttlMs; only the owner's release frees it.
import { describe, expect, it } from 'vitest';
import type { MakeStores } from '../../support/store-backends.js';
import { freshStores } from './fixtures.js';

const LOCK = 'CUSTOMER#demo#cust-1';
const lease = (owner: string, ttlMs = 120_000, name = LOCK) => ({ name, owner, ttlMs });

export function describeLockStoreContract(name: string, makeStores: MakeStores) {
  describe(`LockStore contract: ${name}`, () => {
    it('gives a free lock to one owner; another is refused while the lease lasts', async () => {
      const { locks, clock } = await freshStores(makeStores);

      expect(await locks.acquire(lease('run-a'))).toBe(true);
      expect(await locks.acquire(lease('run-b'))).toBe(false);
      clock.advance(119_999);
      expect(await locks.acquire(lease('run-b'))).toBe(false);
    });

    it('holds the lease up to its last millisecond, and frees it just after', async () => {
      const { locks, clock } = await freshStores(makeStores);
      await locks.acquire(lease('run-a'));

      clock.advance(120_000);
      expect(await locks.acquire(lease('run-b'))).toBe(false);
      clock.advance(1);
      expect(await locks.acquire(lease('run-b'))).toBe(true);
      expect(await locks.acquire(lease('run-a'))).toBe(false);
    });

    it('lets its owner take it again, which renews the lease', async () => {
      const { locks, clock } = await freshStores(makeStores);
      await locks.acquire(lease('run-a'));
      clock.advance(100_000);

      expect(await locks.acquire(lease('run-a'))).toBe(true);
      clock.advance(100_000); // past the first lease, within the renewed one
      expect(await locks.acquire(lease('run-b'))).toBe(false);
    });

    it("releases only its owner's lease; a late holder's release frees nothing of the next owner's", async () => {
      const { locks, clock } = await freshStores(makeStores);
      await locks.acquire(lease('run-a'));
      clock.advance(120_001); // run-a died: its lease has run out
      await locks.acquire(lease('run-b'));

      await locks.release({ name: LOCK, owner: 'run-a' });
      expect(await locks.acquire(lease('run-c'))).toBe(false);

      await locks.release({ name: LOCK, owner: 'run-b' });
      expect(await locks.acquire(lease('run-c'))).toBe(true);
    });

    it('releases a free or unknown lock harmlessly', async () => {
      const { locks } = await freshStores(makeStores);

      await expect(locks.release({ name: LOCK, owner: 'run-a' })).resolves.toBeUndefined();
      expect(await locks.acquire(lease('run-a'))).toBe(true);
    });

    it('keeps locks of different names apart', async () => {
      const { locks } = await freshStores(makeStores);
      await locks.acquire(lease('run-a'));

      expect(await locks.acquire(lease('run-b', 120_000, 'CUSTOMER#demo#cust-2'))).toBe(true);
      expect(await locks.acquire(lease('run-b', 120_000, 'CUSTOMER#other#cust-1'))).toBe(true);
    });

    it('lets exactly one of many racing owners take a free lock', async () => {
      const { locks } = await freshStores(makeStores);

      const taken = await Promise.all(Array.from({ length: 8 }, (_, i) => locks.acquire(lease(`run-${i}`))));

      expect(taken.filter(Boolean)).toHaveLength(1);
    });
  });
}
