// The console's pictures: the four rates the alarms watch (override, reversal, reopen, cost per
// ticket), computed per day from the run rows and drawn with the same figures in a table.
import { describe, expect, it } from 'vitest';
import { createConsoleData } from '#functions/console/app/use-case.js';
import { picturesContent } from '#functions/console/app/views/pictures.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import type { ApprovalSummary } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { proposedRun, receiptFor } from '../../support/steps.js';

const clock = { now: () => new Date('2026-11-30T12:00:00Z') };

function approval(status: ApprovalSummary['status']): ApprovalSummary {
  return {
    approvalId: `apr_${status}`,
    status,
    argsHash: 'sha256:x',
    amountMinor: 6200,
    currency: 'USD',
    requestedAt: '2026-11-29T10:00:00Z',
    expiresAt: '2026-11-30T10:00:00Z',
    decidedBy: 'lead@store.example',
    decidedAt: '2026-11-29T11:00:00Z',
    reason: null,
  };
}

function run(id: string, day: string, patch: Partial<Run>): Run {
  const base = proposedRun({ runId: id });
  return { ...base, createdAt: `${day}T09:00:00.000Z`, updatedAt: `${day}T09:05:00.000Z`, costMicros: 10_000, ...patch };
}

async function picturesOf(runs: Run[]) {
  const stores = createInMemoryStores({ clock });
  for (const r of runs) await stores.runs.create(r);
  const data = createConsoleData({
    tenant: 'demo',
    runs: stores.runs,
    journal: stores.journal,
    findRunsByOrder: async () => [],
    decisions: {
      decideAs: async () => {
        throw new Error('not used');
      },
    },
    reviews: null,
    deadLetters: {
      list: async () => [],
      retry: async () => {
        throw new Error('not used');
      },
    } as never,
    shadow: { list: async () => ({ defaultMode: 'auto', minTickets: 50, threshold: 0.98, classes: [] }) } as never,
    clock,
  });
  return data.pictures();
}

describe('the four rates in the console', () => {
  it('counts each rate per day from the run rows: overrides of decided approvals, reversals of refunds, reopens of closed runs', async () => {
    const refunded = (id: string, extra: Partial<Run> = {}) => {
      const r = run(id, '2026-11-29', { status: 'done', state: 'Done' });
      return { ...r, refund: receiptFor(r), ...extra };
    };
    const view = await picturesOf([
      refunded('run-a', { approval: approval('approved') }),
      refunded('run-b', {
        reversals: [
          {
            source: 'shopify',
            topic: 'disputes/create',
            deliveryId: 'w1',
            disputeId: 'd1',
            kind: 'chargeback',
            reason: 'fraudulent',
            amountMinor: 1800,
            currency: 'USD',
            receivedAt: '2026-11-29T20:00:00Z',
          },
        ],
      }),
      refunded('run-c', { reopenedAt: '2026-11-29T18:00:00Z' }),
      refunded('run-d'),
      run('run-e', '2026-11-29', { status: 'escalated', state: 'Escalate', approval: approval('rejected') }),
      run('run-f', '2026-11-29', { status: 'awaiting_approval', state: 'RequestApproval', approval: approval('pending') }),
      run('run-g', '2026-11-30', { status: 'done', state: 'Done', costMicros: 30_000 }),
    ]);

    const [first, second] = view.days;
    expect(first).toMatchObject({
      day: '2026-11-29',
      tickets: 6,
      approvalsDecided: 2,
      approvalsOverridden: 1,
      refunds: 4,
      refundsReversed: 1,
      closed: 4,
      reopened: 1,
    });
    expect(second).toMatchObject({ day: '2026-11-30', tickets: 1, approvalsDecided: 0, refunds: 0, closed: 1, reopened: 0, costMicros: 30_000 });

    const html = picturesContent({ ...view, evalReport: null });
    expect(html).toContain('The four rates over time');
    expect(html).toContain('50% (1 of 2)'); // override: one rejection of two decisions
    expect(html).toContain('25% (1 of 4)'); // reversal and reopen: one of four
    expect(html).toContain('Override rate');
    expect(html).toContain('none to count'); // the second day decided no approval: no bar, said so
    expect(html).not.toMatch(/<script/i);
  });

  it('says so when there are no runs yet', async () => {
    const view = await picturesOf([]);
    expect(picturesContent({ ...view, evalReport: null })).toContain('No runs yet.');
    expect(picturesContent({ ...view, evalReport: null })).toContain('No evaluation report yet for this store.');
    expect(picturesContent({ ...view, evalReport: null })).not.toContain('npm run');
  });
});
