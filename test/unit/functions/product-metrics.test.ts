// The product's rates are fed by metric lines the steps write: budget hits and closed tickets with
// their cost from Escalate, reopens from the run starter. Lines are EMF, as CloudWatch reads them.
import { describe, expect, it } from 'vitest';
import { createEscalate } from '#functions/steps/escalate/use-case.js';
import { createStartRun } from '#functions/intake/run-starter/start-run.js';
import { withRunStarterPorts } from '#functions/composition/run-starter.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { METRIC_NAMESPACE } from '#harness/metrics.js';
import type { Run } from '#functions/shared/domain/run.js';
import { recordingMetrics as recordingSink } from '../../support/metrics.js';
import { proposedRun, recordingWorkflow, setupSteps } from '../../support/steps.js';

function recordingMetrics(now: () => Date) {
  const { metrics, lines } = recordingSink({ now });
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
  const named = (name: string) =>
    parsed()
      .filter((p) => name in p)
      .map((p) => p[name] as number);
  return { metrics, parsed, named };
}

describe('metrics from Escalate', () => {
  it('counts a budget hit, the closed ticket and its cost, as EMF lines with the tenant', async () => {
    const s = setupSteps();
    const m = recordingMetrics(() => s.clock.now());
    const run: Run = { ...proposedRun({ runId: 'run-m1' }), costMicros: 240_000 };
    await s.stores.runs.create(run);

    await createEscalate({ ...s.deps, metrics: m.metrics })({
      runId: 'run-m1',
      state: { error: { Error: 'BudgetExceededError', Cause: '{"errorMessage":"run cost cap"}' } },
    });

    expect(m.named('BudgetExceeded')).toEqual([1]);
    expect(m.named('TicketsClosed')).toEqual([1]);
    expect(m.named('RunCostMicros')).toEqual([240_000]);
    const line = m.parsed()[0]!;
    expect(line._aws.CloudWatchMetrics[0].Namespace).toBe(METRIC_NAMESPACE);
    expect(line._aws.CloudWatchMetrics[0].Dimensions).toEqual([['Tenant']]);
    expect(line.Tenant).toBe(run.tenant);
  });

  it('does not count a budget hit for any other reason', async () => {
    const s = setupSteps();
    const m = recordingMetrics(() => s.clock.now());
    await s.stores.runs.create(proposedRun({ runId: 'run-m2' }));
    await createEscalate({ ...s.deps, metrics: m.metrics })({ runId: 'run-m2', state: { step: { detail: { reason: 'not a refund request' } } } });
    expect(m.named('BudgetExceeded')).toEqual([]);
    expect(m.named('TicketsClosed')).toEqual([1]);
  });
});

describe('reopens from the run starter', () => {
  async function setup(closedHoursAgo: number) {
    const now = new Date('2026-11-30T12:00:00Z');
    const clock = { now: () => now };
    const stores = createInMemoryStores({ clock });
    const m = recordingMetrics(clock.now);
    const closedAt = new Date(now.getTime() - closedHoursAgo * 3_600_000).toISOString();
    const run = { ...proposedRun({ runId: 'run-r1' }), status: 'done' as const, state: 'Done', updatedAt: closedAt };
    await stores.runs.create(run);
    const startRun = createStartRun(
      withRunStarterPorts({ ...stores, workflow: recordingWorkflow().engine, requesters: { emailOf: async () => null }, clock, metrics: m.metrics }),
    );
    const message = (eventId: string) => ({
      runId: 'run-r1',
      event: { ...run.ticket, eventId, eventType: 'ticket.comment_added', body: 'It is still broken' },
    });
    return { startRun, message, m, stores };
  }

  it('counts a customer message within 72 h of the agent closing the ticket as a reopen, once', async () => {
    const { startRun, message, m } = await setup(10);
    await startRun(message('evt-follow-1'));
    await startRun(message('evt-follow-1'));
    expect(m.named('TicketsReopened72h')).toEqual([1]);
  });

  it('records the reopen on the run once, so a second message neither counts again nor moves it', async () => {
    const { startRun, message, m, stores } = await setup(10);
    await startRun(message('evt-follow-a'));
    const first = (await stores.runs.get('run-r1'))!.reopenedAt;
    expect(first).toBe('2026-11-30T12:00:00.000Z');
    await startRun(message('evt-follow-b'));
    expect((await stores.runs.get('run-r1'))!.reopenedAt).toBe(first);
    expect((await stores.runs.get('run-r1'))!.followUps).toHaveLength(2);
    expect(m.named('TicketsReopened72h')).toEqual([1]);
  });

  it('does not count a message after 72 h', async () => {
    const { startRun, message, m } = await setup(80);
    await startRun(message('evt-follow-2'));
    expect(m.named('TicketsReopened72h')).toEqual([]);
  });
});
