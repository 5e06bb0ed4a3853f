// The IdempotencyStore contract (harness/ports.ts): the record is claimed before the refund is sent
// (one conditional put, the first claim wins and later ones see it), settled with its receipt or
// marked unknown (never over a receipt), freed only without a receipt, and kept 30 days (expiresAt).
import { describe, expect, it } from 'vitest';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import type { IdempotencyRecord } from '#harness/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { NOW, freshStores } from './fixtures.js';

const claim = (key: string, runId = 'run-1') => ({ key, runId, argsHash: `hash-${runId}`, createdAt: NOW.toISOString() });
const inFlight = (key: string, runId = 'run-1'): IdempotencyRecord => ({
  ...claim(key, runId),
  status: 'in_flight',
  result: null,
  expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 86_400,
});
const receipt = { refundId: 'gid://shopify/Refund/9', amount: { amountMinor: 1800, currency: 'USD' }, lines: [{ id: 'l1', quantity: 1 }] };

export function describeIdempotencyStoreContract(name: string, makeStores: MakeStores) {
  describe(`IdempotencyStore contract: ${name}`, () => {
    it('begins an in-flight record, kept 30 days after its creation (expiresAt, the TTL)', async () => {
      const { idempotency } = await freshStores(makeStores);

      expect(await idempotency.begin(claim('k-1'))).toEqual({ created: true, record: inFlight('k-1') });
      expect(await idempotency.get('k-1')).toEqual(inFlight('k-1'));
      expect(await idempotency.get('k-unknown')).toBeNull();
    });

    it('keeps an expiry the caller gives', async () => {
      const { idempotency } = await freshStores(makeStores);

      const { record } = await idempotency.begin({ ...claim('k-1'), expiresAt: 1_900_000_000 });

      expect(record.expiresAt).toBe(1_900_000_000);
      expect((await idempotency.get('k-1'))?.expiresAt).toBe(1_900_000_000);
    });

    it('claims before dispatch: a second begin sees the first record and does not overwrite it', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-1', 'run-1'));

      expect(await idempotency.begin(claim('k-1', 'run-2'))).toEqual({ created: false, record: inFlight('k-1', 'run-1') });
    });

    it('lets exactly one of many racing begins create the record; all see the same one', async () => {
      const { idempotency } = await freshStores(makeStores);

      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => idempotency.begin(claim('k-1', `run-${i}`))));

      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
      const winner = outcomes.find((o) => o.created)!.record;
      expect(outcomes.map((o) => o.record)).toEqual(outcomes.map(() => winner));
    });

    it('settles with the receipt; a later begin finds it', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-1'));

      await idempotency.complete('k-1', receipt);

      const settled = { ...inFlight('k-1'), status: 'succeeded', result: receipt };
      expect(await idempotency.get('k-1')).toEqual(settled);
      expect(await idempotency.begin(claim('k-1', 'run-resumed'))).toEqual({ created: false, record: settled });
    });

    it('marks an unsettled record unknown, which a later begin finds, and a retry with the same key may still settle it', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-1'));

      await idempotency.markUnknown('k-1', 'refund_create timed out');
      expect(await idempotency.get('k-1')).toEqual({ ...inFlight('k-1'), status: 'unknown' });
      expect(await idempotency.begin(claim('k-1', 'run-resumed'))).toEqual({ created: false, record: { ...inFlight('k-1'), status: 'unknown' } });

      await idempotency.complete('k-1', receipt);
      expect(await idempotency.get('k-1')).toMatchObject({ status: 'succeeded', result: receipt });
    });

    it('never lets a late markUnknown undo a receipt', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-1'));
      await idempotency.complete('k-1', receipt);

      await idempotency.markUnknown('k-1', 'late timeout');

      expect(await idempotency.get('k-1')).toMatchObject({ status: 'succeeded', result: receipt });
    });

    it('refuses to settle or mark a record that was never begun, and creates none', async () => {
      const { idempotency } = await freshStores(makeStores);

      await expect(idempotency.complete('k-missing', receipt)).rejects.toThrow(RecordNotFoundError);
      await expect(idempotency.markUnknown('k-missing', 'timeout')).rejects.toThrow(RecordNotFoundError);
      expect(await idempotency.get('k-missing')).toBeNull();
    });

    it('frees a key without a receipt (in flight or unknown) so it can be claimed again', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-flight'));
      await idempotency.begin(claim('k-unknown'));
      await idempotency.markUnknown('k-unknown', 'timeout');

      expect(await idempotency.release!('k-flight')).toBe(true);
      expect(await idempotency.release!('k-unknown')).toBe(true);
      expect(await idempotency.release!('k-never')).toBe(true);

      expect(await idempotency.get('k-flight')).toBeNull();
      expect(await idempotency.get('k-unknown')).toBeNull();
      expect((await idempotency.begin(claim('k-unknown', 'run-2'))).created).toBe(true);
    });

    it('never frees a key that holds a receipt', async () => {
      const { idempotency } = await freshStores(makeStores);
      await idempotency.begin(claim('k-1'));
      await idempotency.complete('k-1', receipt);

      expect(await idempotency.release!('k-1')).toBe(false);

      expect(await idempotency.get('k-1')).toMatchObject({ status: 'succeeded', result: receipt });
    });
  });
}
