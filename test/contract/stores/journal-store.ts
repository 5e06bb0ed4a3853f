// The JournalStore contract (harness/ports.ts): a row appended gets a sequence that orders a run's
// rows by time, then by the order they were written in (`<at>#<8-digit counter>#<random>`); a run's
// rows read back whole, and only its.
import { describe, expect, it } from 'vitest';
import type { MakeStores } from '../../support/store-backends.js';
import { at, journalRow, freshStores } from './fixtures.js';

export function describeJournalStoreContract(name: string, makeStores: MakeStores) {
  describe(`JournalStore contract: ${name}`, () => {
    it('appends a row with a sequence and reads it back whole', async () => {
      const { journal } = await freshStores(makeStores);
      const row = journalRow('run-1', 'refund_create', {
        kind: 'decision',
        outcome: 'refused',
        decision: 'refuse',
        rule: 'amount_over_limit',
        approvalId: null,
        result: '{"refund":null}',
        truncated: false,
        idempotencyKey: 'ra1_k',
      });

      const stored = await journal.append(row);

      expect(stored).toEqual({ ...row, seq: expect.stringMatching(new RegExp(`^${row.at.replace(/\./g, '\\.')}#\\d{8}#.+$`)) });
      expect(await journal.listByRun('run-1')).toEqual([stored]);
    });

    it("reads a run's rows in the order they were written, even within one millisecond", async () => {
      const { journal } = await freshStores(makeStores);
      for (const name of ['a', 'b', 'c', 'd', 'e']) await journal.append(journalRow('run-1', name));

      expect((await journal.listByRun('run-1')).map((r) => r.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    });

    it('orders rows by their time first, whatever order they were appended in', async () => {
      const { journal } = await freshStores(makeStores);
      await journal.append(journalRow('run-1', 'late', { at: at(5) }));
      await journal.append(journalRow('run-1', 'early', { at: at(1) }));

      expect((await journal.listByRun('run-1')).map((r) => r.name)).toEqual(['early', 'late']);
    });

    it("gives every row its own sequence and lists only the run's rows; none for an unknown run", async () => {
      const { journal } = await freshStores(makeStores);
      const rows = await Promise.all(Array.from({ length: 6 }, (_, i) => journal.append(journalRow(i % 2 ? 'run-1' : 'run-2', `call-${i}`))));

      expect(new Set(rows.map((r) => r.seq)).size).toBe(6);
      expect((await journal.listByRun('run-1')).map((r) => r.name).sort()).toEqual(['call-1', 'call-3', 'call-5']);
      expect(await journal.listByRun('run-unknown')).toEqual([]);
    });

    it('refuses a row that is not a journal row, and keeps nothing of it', async () => {
      const { journal } = await freshStores(makeStores);

      await expect(journal.append(journalRow('run-1', 'get_order', { latencyMs: 12.5 }))).rejects.toThrow();

      expect(await journal.listByRun('run-1')).toEqual([]);
    });
  });
}
