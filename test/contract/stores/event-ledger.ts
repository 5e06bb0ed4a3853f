// The EventLedger contract (functions/shared/stores/ports.ts): the first claim of a helpdesk event wins, and a
// retried webhook gets the run id recorded first; events are told apart by tenant, helpdesk and id.
import { describe, expect, it } from 'vitest';
import type { MakeStores } from '../../support/store-backends.js';
import { NOW, freshStores } from './fixtures.js';

const event = { tenant: 'demo', helpdesk: 'zendesk', eventId: 'evt-9', at: NOW.toISOString() };

export function describeEventLedgerContract(name: string, makeStores: MakeStores) {
  describe(`EventLedger contract: ${name}`, () => {
    it('maps a retried webhook to the run its first delivery started', async () => {
      const { events } = await freshStores(makeStores);

      expect(await events.claim({ ...event, runId: 'run-first' })).toEqual({ firstTime: true, runId: 'run-first' });
      expect(await events.claim({ ...event, runId: 'run-second' })).toEqual({ firstTime: false, runId: 'run-first' });
    });

    it('tells events apart by tenant, helpdesk and event id', async () => {
      const { events } = await freshStores(makeStores);
      await events.claim({ ...event, runId: 'run-1' });

      expect(await events.claim({ ...event, tenant: 'other', runId: 'run-2' })).toEqual({ firstTime: true, runId: 'run-2' });
      expect(await events.claim({ ...event, helpdesk: 'gorgias', runId: 'run-3' })).toEqual({ firstTime: true, runId: 'run-3' });
      expect(await events.claim({ ...event, eventId: 'evt-10', runId: 'run-4' })).toEqual({ firstTime: true, runId: 'run-4' });
    });

    it('lets exactly one of many racing deliveries claim the event; all get its run id', async () => {
      const { events } = await freshStores(makeStores);

      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => events.claim({ ...event, runId: `run-${i}` })));

      const first = outcomes.filter((o) => o.firstTime);
      expect(first).toHaveLength(1);
      expect(new Set(outcomes.map((o) => o.runId))).toEqual(new Set([first[0]!.runId]));
    });
  });
}
