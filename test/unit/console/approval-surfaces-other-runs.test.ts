// Two tickets about one order are two runs: each run page names the others on its order ("Other runs
// on order #1002"), each with its ticket, what became of it in words (an approval's state in the words
// every surface uses), its amount and a link to its page; nothing when the order has no other run.
import { describe, expect, it } from 'vitest';
import { APPROVAL_STATE_WORDS } from '#functions/shared/approvals/approval-state.js';
import type { Run } from '#functions/shared/domain/run.js';
import { otherRunsSection } from '#functions/console/app/views/other-runs.js';
import { timelineContent } from '#functions/console/app/views/timeline.js';
import { NOW, makeOrder, pendingApproval, proposedRun, receiptFor } from '../../support/steps.js';

const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#39;/g, "'");

function summaryOf(record: ReturnType<typeof pendingApproval>) {
  const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
  return summary;
}

/** Run A refunded after a lead approved it; run B's approval was closed with nothing left; run C waits for a lead. */
function runsOnOrder(): { a: Run; b: Run; c: Run } {
  const a0 = proposedRun({ runId: 'run-a', status: 'done', state: 'Done', createdAt: later(0) }, blanket);
  const approvedA = summaryOf(pendingApproval(a0, { approvalId: 'apr_a', status: 'approved', decidedBy: 'lead@demo.example', decidedAt: later(1) }));
  const a: Run = { ...a0, ticket: { ...a0.ticket, ticketId: '8201' }, approval: approvedA, refund: receiptFor(a0, { amountMinor: 6200, createdAt: later(2) }) };
  const b0 = proposedRun({ runId: 'run-b', status: 'escalated', state: 'Escalate', createdAt: later(1) }, blanket);
  const closed = summaryOf(pendingApproval(b0, { approvalId: 'apr_b', status: 'cancelled', decidedBy: 'lead@demo.example', decidedAt: later(3) }));
  const b: Run = { ...b0, ticket: { ...b0.ticket, ticketId: '8202' }, approval: closed };
  const c0 = proposedRun({ runId: 'run-c', status: 'awaiting_approval', state: 'RequestApproval', createdAt: later(4) }, blanket);
  const c: Run = { ...c0, ticket: { ...c0.ticket, ticketId: '8203' }, approval: summaryOf(pendingApproval(c0, { approvalId: 'apr_c', amountMinor: 3100 })) };
  return { a, b, c };
}

describe('the other runs on a run’s order', () => {
  it('are listed oldest first, each with its ticket, its state in words, its amount and a link to its page', () => {
    const { a, b, c } = runsOnOrder();

    const html = otherRunsSection(b, { otherRuns: [c, a, b] });

    expect(html).toContain('<h2 id="order-runs">Other runs on order #1002</h2>');
    expect(html).toContain('<a href="/runs/run-a">Run run-a</a>');
    expect(html).toContain('<a href="/runs/run-c">Run run-c</a>');
    expect(html).not.toContain('/runs/run-b"');
    const words = text(html);
    expect(words.indexOf('Run run-a')).toBeLessThan(words.indexOf('Run run-c'));
    expect(words).toMatch(/Run run-a \(ticket 8201, started [^)]+\): refunded \$62\.00 /);
    expect(words).toContain(`Run run-c (ticket 8203, started `);
    expect(words).toContain(`: approval ${APPROVAL_STATE_WORDS.waiting}, $31.00`);
  });

  it('say an approval closed with nothing left in the words every surface uses', () => {
    const { a, b } = runsOnOrder();

    expect(text(otherRunsSection(a, { otherRuns: [a, b] }))).toContain(`approval ${APPROVAL_STATE_WORDS.nothing_left}, $62.00`);
  });

  it('leave the section out when the order has no other run, when they were not read, and for a run bound to no order', () => {
    const { a, b } = runsOnOrder();
    const otherOrder: Run = { ...b, order: { ...b.order!, orderNumber: '1003' } };

    expect(otherRunsSection(a, { otherRuns: [a] })).toBe('');
    expect(otherRunsSection(a, { otherRuns: [a, otherOrder] })).toBe('');
    expect(otherRunsSection(a, {})).toBe('');
    expect(otherRunsSection({ ...a, order: null }, { otherRuns: [a, b] })).toBe('');
  });

  it('show no code words: no status names with underscores, no gids, no step names', () => {
    const { a, b, c } = runsOnOrder();

    const words = text(otherRunsSection(a, { otherRuns: [a, b, c] }));

    expect(words).not.toMatch(/_|gid:|RequestApproval|Escalate\b|awaiting/);
  });

  it('appear on the run page once the page is given the runs of its order', () => {
    const { a, b } = runsOnOrder();
    // The run page's context with the order's runs, as page-routes.ts gives it.
    const page = { links: { ticket: null, execution: null, order: null }, canDecide: false, canSettle: false, csrf: 'x', now: NOW };
    const withRuns = { ...page, otherRuns: [a, b] };

    expect(timelineContent(b, [], withRuns)).toContain('Other runs on order #1002');
    expect(timelineContent(b, [], page)).not.toContain('Other runs on order');
  });
});
