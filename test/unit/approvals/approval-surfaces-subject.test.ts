// Two approvals on one order reach a lead as two emails: their subjects must tell them apart in an
// inbox (and not thread as one), so each names its ticket (and its request, when the ticket holds
// several), beside the store, the amount, the order and the reason; nothing more of the customer.
import { describe, expect, it } from 'vitest';
import { approvalEmail } from '#functions/approvals/request-approval/email.js';
import type { Run } from '#functions/shared/domain/run.js';
import { NOW, makeOrder, proposedRun } from '../../support/steps.js';

const blanket = makeOrder({ number: '1002', unitPriceMinor: 6200, title: 'Wool throw blanket' });

function subjectOf(run: Run): string {
  return approvalEmail({
    run,
    link: 'https://demo.example/approvals/apr_x?as=t',
    approver: 'lead@demo.example',
    amountMinor: 6200,
    currency: 'USD',
    expiresAt: new Date(NOW.getTime() + 86_400_000).toISOString(),
    now: NOW,
    tenant: { store: { name: 'Demo Store' } },
  }).subject;
}

const onTicket = (runId: string, ticketId: string): Run => {
  const run = proposedRun({ runId, status: 'awaiting_approval', state: 'RequestApproval' }, blanket);
  return { ...run, ticket: { ...run.ticket, ticketId } };
};

describe('the subjects of two approval emails on one order', () => {
  it('differ by the ticket each approval is for, the amount and order being the same', () => {
    const first = subjectOf(onTicket('run-a', '8201'));
    const second = subjectOf(onTicket('run-b', '8202'));

    expect(first).toBe('[Demo Store] Approve $62.00 refund on order #1002 (ticket 8201) — damaged');
    expect(second).toBe('[Demo Store] Approve $62.00 refund on order #1002 (ticket 8202) — damaged');
    expect(first).not.toBe(second);
  });

  it('name the request as well when one ticket holds several', () => {
    const run = onTicket('run-c', '8300');
    // Its requests' readings do not matter to the subject: only this run's place among them.
    const second: Run = { ...run, ticketRequests: { rootRunId: 'run-root', index: 2, runIds: ['run-root', 'run-c'], requests: [] } };

    expect(subjectOf(second)).toBe('[Demo Store] Approve $62.00 refund on order #1002 (ticket 8300, request 2) — damaged');
  });

  it("carry no customer's address or name, no run id and no code words", () => {
    const subject = subjectOf(onTicket('run-a', '8201'));

    expect(subject).not.toMatch(/@|ana|run-a|gid:|_/i);
  });
});
