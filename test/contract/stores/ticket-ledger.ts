// The TicketLedger contract (functions/shared/stores/ports.ts): a ticket with several requests keeps one
// ledger. Created once; a refund is added only over the version its decision read (so of two runs
// deciding at once, one wins and the other decides again) and once per run; ended runs are a set any
// run may add to again; the combined reply is claimed by exactly one run.
import { describe, expect, it } from 'vitest';
import type { TicketRefund } from '#harness/domain/types.js';
import type { MakeStores } from '../../support/store-backends.js';
import { NOW, freshStores } from './fixtures.js';

const RUNS = ['run-a', 'run-a-q2-1', 'run-a-q3-2'];
const refund = (runId: string, amountMinor: number): TicketRefund => ({
  runId,
  orderNumber: runId === 'run-a' ? '1010' : '1004',
  amountMinor,
  currency: 'USD',
  at: NOW.toISOString(),
  decidedBy: 'auto',
});

export function describeTicketLedgerContract(name: string, makeStores: MakeStores) {
  describe(`TicketLedger contract: ${name}`, () => {
    it('is opened once with the ticket runs, and a second open changes nothing', async () => {
      const { tickets } = await freshStores(makeStores);
      expect(await tickets.get('run-a')).toBeNull();
      await tickets.open('run-a', RUNS);
      await tickets.addRefund('run-a', refund('run-a', 1800), 0);
      await tickets.open('run-a', ['other']);

      const ledger = await tickets.get('run-a');
      expect(ledger).toMatchObject({ rootRunId: 'run-a', runIds: RUNS, version: 1, ended: [] });
      expect(ledger!.refunds).toEqual([refund('run-a', 1800)]);
    });

    it('adds a refund only over the version it was decided on; a repeat of the same run is kept once', async () => {
      const { tickets } = await freshStores(makeStores);
      await tickets.open('run-a', RUNS);

      expect(await tickets.addRefund('run-a', refund('run-a', 1800), 0)).toBe(true);
      // Another run decided over version 0 too: it lost, and decides again over the new version.
      expect(await tickets.addRefund('run-a', refund('run-a-q2-1', 4500), 0)).toBe(false);
      // The first run's step retried: already there.
      expect(await tickets.addRefund('run-a', refund('run-a', 1800), 0)).toBe(true);
      expect(await tickets.addRefund('run-a', refund('run-a-q2-1', 2000), 1)).toBe(true);

      const ledger = await tickets.get('run-a');
      expect(ledger!.refunds.map((r) => [r.runId, r.amountMinor])).toEqual([
        ['run-a', 1800],
        ['run-a-q2-1', 2000],
      ]);
      expect(ledger!.version).toBe(2);
    });

    it('lets exactly one of several runs racing over one version add its refund', async () => {
      const { tickets } = await freshStores(makeStores);
      await tickets.open('run-a', RUNS);

      const won = await Promise.all(RUNS.map((runId) => tickets.addRefund('run-a', refund(runId, 3000), 0)));

      expect(won.filter(Boolean)).toHaveLength(1);
      expect((await tickets.get('run-a'))!.refunds).toHaveLength(1);
    });

    it('marks ended runs as a set, and tells the caller which have ended', async () => {
      const { tickets } = await freshStores(makeStores);
      await tickets.open('run-a', RUNS);

      expect((await tickets.end('run-a', 'run-a-q2-1')).ended).toEqual(['run-a-q2-1']);
      expect((await tickets.end('run-a', 'run-a-q2-1')).ended).toEqual(['run-a-q2-1']);
      const all = await Promise.all([tickets.end('run-a', 'run-a'), tickets.end('run-a', 'run-a-q3-2')]);
      // Whichever wrote last sees every run ended.
      expect(all.some((l) => [...l.ended].sort().join() === [...RUNS].sort().join())).toBe(true);
    });

    it('gives the combined reply to one run only, again to that run, and records its note', async () => {
      const { tickets } = await freshStores(makeStores);
      await tickets.open('run-a', RUNS);

      const claims = await Promise.all(RUNS.map((runId) => tickets.claimCombined('run-a', runId)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = RUNS[claims.indexOf(true)]!;
      expect(await tickets.claimCombined('run-a', winner)).toBe(true);
      await tickets.recordCombined('run-a', 'note-7');
      expect(await tickets.get('run-a')).toMatchObject({ combinedBy: winner, combinedNoteId: 'note-7' });
    });
  });
}
