// RequestApproval retried (a Lambda retry, a run resumed after a crash): it takes up the approval it
// already requested for the same arguments instead of making another, waits on the new attempt's
// task token, and does not email an approver or post the holding note a second time.
import { describe, expect, it } from 'vitest';
import { createGate } from '#functions/steps/gate/use-case.js';
import { createRequestApproval } from '#functions/approvals/request-approval/use-case.js';
import type { Mailer } from '#functions/shared/step/deps.js';
import { makeOrder, proposedRun, setupSteps } from '../../support/steps.js';

const APPROVERS = ['lead@example.com', 'owner@example.com'];

async function setup(runId = 'run-ra') {
  const s = setupSteps({ orders: [makeOrder({ unitPriceMinor: 6200 })] });
  const sent: Array<{ to: string[]; text: string }> = [];
  let failFor: string | null = null;
  const mailer: Mailer = {
    async send(message) {
      if (failFor && message.to.includes(failFor)) {
        failFor = null;
        throw new Error('SES throttled');
      }
      sent.push({ to: message.to, text: message.text });
    },
  };
  const tenant = {
    approverEmails: APPROVERS,
    senderEmail: 'refunds@example.com',
    publicBaseUrl: 'https://approvals.example.com',
    approvalTtlHours: 24,
    approvalLinkSecret: 'unit-test-approval-link-secret',
  };
  await s.stores.runs.create(proposedRun({ runId }, makeOrder({ unitPriceMinor: 6200 })));
  expect(await createGate(s.deps)({ runId })).toMatchObject({ decision: 'approval' });
  const requestApproval = createRequestApproval({ ...s.deps, mailer, tenant });
  const holdingNotes = () => s.transport.calls.filter((c) => c.name === 'post_draft').length;
  return { ...s, requestApproval, sent, holdingNotes, failMailTo: (to: string) => void (failFor = to), runId };
}

describe('RequestApproval retried', () => {
  it('after the emails went out: one approval, waiting on the new task token, no email or holding note again', async () => {
    const { requestApproval, stores, sent, holdingNotes, runId } = await setup();

    const first = await requestApproval({ runId, taskToken: 'token-attempt-1' });
    const second = await requestApproval({ runId, taskToken: 'token-attempt-2' });

    expect(second.approvalId).toBe(first.approvalId);
    expect(stores.state.approvals.size).toBe(1);
    expect((await stores.approvals.get(first.approvalId))?.taskToken).toBe('token-attempt-2');
    expect(sent.map((m) => m.to)).toEqual(APPROVERS.map((a) => [a]));
    expect(holdingNotes()).toBe(1);
    const run = await stores.runs.get(runId);
    expect(run).toMatchObject({ status: 'awaiting_approval', approval: { approvalId: first.approvalId, status: 'pending' } });
    // Progress bookkeeping stays on the approval record, not on the run row the runs API shows.
    expect(JSON.stringify(run?.approval)).not.toContain('emailedTo');
  });

  it('after a failure between two emails: the retry emails only the approvers not emailed yet', async () => {
    const { requestApproval, stores, sent, holdingNotes, failMailTo, runId } = await setup();
    failMailTo('owner@example.com');

    await expect(requestApproval({ runId, taskToken: 'token-attempt-1' })).rejects.toThrow('SES throttled');
    const retried = await requestApproval({ runId, taskToken: 'token-attempt-2' });

    expect(sent.map((m) => m.to)).toEqual([['lead@example.com'], ['owner@example.com']]);
    expect(stores.state.approvals.size).toBe(1);
    expect((await stores.approvals.get(retried.approvalId))?.taskToken).toBe('token-attempt-2');
    expect(holdingNotes()).toBe(1);
  });

  it('after the run named its approval but before the record was written: the retry writes it under that id', async () => {
    const { requestApproval, stores, sent, runId } = await setup();
    const create = stores.approvals.create.bind(stores.approvals);
    stores.approvals.create = async () => {
      stores.approvals.create = create;
      throw new Error('DynamoDB unavailable');
    };

    await expect(requestApproval({ runId, taskToken: 'token-attempt-1' })).rejects.toThrow('DynamoDB unavailable');
    const named = (await stores.runs.get(runId))?.approval?.approvalId;
    const retried = await requestApproval({ runId, taskToken: 'token-attempt-2' });

    expect(retried.approvalId).toBe(named);
    expect(stores.state.approvals.size).toBe(1);
    expect(sent).toHaveLength(APPROVERS.length);
  });

  it('asks again, with a new approval, once the earlier one is no longer pending', async () => {
    const { requestApproval, stores, sent, runId } = await setup();
    const first = await requestApproval({ runId, taskToken: 'token-attempt-1' });
    const record = (await stores.approvals.get(first.approvalId))!;
    await stores.approvals.decide({
      approvalId: first.approvalId,
      formToken: record.formToken,
      status: 'expired',
      decidedBy: null,
      decidedAt: record.expiresAt,
      reason: null,
    });

    const second = await requestApproval({ runId, taskToken: 'token-attempt-2' });

    expect(second.approvalId).not.toBe(first.approvalId);
    expect(stores.state.approvals.size).toBe(2);
    expect(sent).toHaveLength(2 * APPROVERS.length);
  });
});
