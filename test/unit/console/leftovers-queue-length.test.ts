// The queues page stays short: each queue shows its first items (IN_VIEW) and, when it holds more, a
// "Show all N" disclosure right after it that brings the others back with their actions. The count
// in each heading stays the queue's whole count, and every item is still on the page (drawn once the
// disclosure is open; the browser test measures the page).
import { describe, expect, it } from 'vitest';
import { IN_VIEW, queuesContent, type QueuesView } from '#functions/console/app/views/queues.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeRun } from '../../support/fixtures.js';

const escalated = (n: number): Run =>
  makeRun({ runId: `run-e${n}`, status: 'escalated', state: 'Escalate', escalation: { reason: 'a person decides', step: 'Gate' } });

const cancelled = (n: number): Run =>
  makeRun({
    runId: `run-c${n}`,
    status: 'cancelled',
    state: 'Cancelled',
    cancellation: { at: '2026-09-23T11:00:00.000Z', by: 'api', reason: 'the customer withdrew the request', state: 'Gate' },
  });

const view = (over: Partial<QueuesView>): QueuesView => ({
  approvals: [],
  reviews: [],
  escalations: [],
  deadLetters: [],
  canDecide: true,
  canSettle: true,
  canRetry: true,
  csrf: 'token',
  now: new Date('2026-09-23T12:00:00.000Z'),
  ...over,
});

const times = (n: number, make: (i: number) => Run) => Array.from({ length: n }, (_, i) => make(i + 1));

describe('a queue longer than its first items', () => {
  it('keeps every item and the whole count, with "Show all" after the section', () => {
    const html = queuesContent(view({ escalations: times(IN_VIEW.escalations + 3, escalated) }));
    const all = IN_VIEW.escalations + 3;
    expect(html).toContain(`Escalations (${all})`);
    for (let i = 1; i <= all; i++) expect(html).toContain(`href="/runs/run-e${i}"`);
    expect(html).toMatch(
      new RegExp(`<div class="queue first-${IN_VIEW.escalations}"><section aria-labelledby="q-escalations">[\\s\\S]*</section><details class="more">`),
    );
    expect(html).toContain(`<summary><span class="closed-only">Show all ${all} escalations</span>`);
  });

  it('draws only the first items while "Show all" is closed, every one once it is open', () => {
    const html = queuesContent(view({ escalations: times(IN_VIEW.escalations + 1, escalated) }));
    const n = IN_VIEW.escalations;
    expect(html).toContain(
      `.queue.first-${n}:has(>details.more:not([open])) :is(section>article:nth-of-type(n+${n + 1}),section>.scroll>table.list>tbody>tr:nth-child(n+${n + 1})){display:none}`,
    );
  });

  it('adds no "Show all" to a queue that fits', () => {
    const html = queuesContent(view({ escalations: times(IN_VIEW.escalations, escalated), withTheTeam: times(2, cancelled) }));
    expect(html).not.toContain('<details class="more">');
    expect(html).toContain('With the team (2)');
  });

  it('shows the first cancelled runs with the team, the others behind "Show all"', () => {
    const all = IN_VIEW.withTheTeam + 2;
    const html = queuesContent(view({ withTheTeam: times(all, cancelled) }));
    expect(html).toContain(`With the team (${all})`);
    expect(html).toContain(`Show all ${all} cancelled runs with the team`);
  });

  it('answers every empty queue with its sentence and no "Show all"', () => {
    const html = queuesContent(view({}));
    for (const said of [
      'Nothing waits for approval.',
      'No refund waits for a review.',
      'No escalations.',
      'No cancelled run leaves a customer waiting.',
      'The dead-letter queue is empty.',
    ])
      expect(html).toContain(said);
    expect(html).not.toContain('<details class="more">');
  });
});
