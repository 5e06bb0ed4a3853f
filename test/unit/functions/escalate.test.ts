// Escalate: the reason a run went to a person (from a Catch, a Choice default or the approval
// timeout), the run marked escalated, and a team note that says what really happened. Through the
// real harness (allowlist, journal) over a fake MCP transport.
import { describe, expect, it } from 'vitest';
import { createEscalate, escalationReason } from '#functions/steps/escalate/use-case.js';
import { createStepHandlers } from '#functions/composition/app.js';
import type { Run } from '#functions/shared/domain/run.js';
import { createApprovalCallbackHandler } from '#functions/approvals/approval-callback/handler.js';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import { formPost, pendingApproval, proposedRun, receiptFor, recordingWorkflow, setupSteps } from '../../support/steps.js';

async function setup(run: Run) {
  const s = setupSteps();
  await s.stores.runs.create(run);
  const escalate = createEscalate(s.deps);
  const notes = () => s.transport.calls.filter((c) => c.name === 'post_draft').map((c) => String(c.args.body));
  return { ...s, escalate, notes };
}

/** A Catch's `$.error` for a Lambda function error, as Step Functions delivers it. */
function lambdaError(errorType: string, errorMessage: string) {
  return { Error: errorType, Cause: JSON.stringify({ errorType, errorMessage, trace: [`${errorType}: ${errorMessage}`, '    at handler (index.js:1:1)'] }) };
}

describe('escalation reason', () => {
  it('takes the message out of a Lambda error Cause after a Catch', () => {
    expect(escalationReason({ error: lambdaError('ToolFailedError', 'get_order: order 1001 not found') })).toBe(
      'ToolFailedError: get_order: order 1001 not found',
    );
  });

  it('keeps a Cause that is not JSON as it is, and says so when there is none', () => {
    expect(escalationReason({ error: { Error: 'States.TaskFailed', Cause: 'socket hang up' } })).toBe('States.TaskFailed: socket hang up');
    expect(escalationReason({ error: { Error: 'States.Runtime' } })).toBe('States.Runtime: no detail');
  });

  it("uses the step's own reason after a Choice default", () => {
    const state = { step: { outcome: 'escalate', detail: { outcome: 'escalate', reason: 'the ticket is not a refund request' } } };
    expect(escalationReason(state)).toBe('the ticket is not a refund request');
  });

  it('bounds a long reason to 300 characters', () => {
    expect(escalationReason({ error: lambdaError('StepError', 'x'.repeat(1000)) })).toHaveLength(300);
  });
});

describe('escalate step', () => {
  it('marks the run escalated with the Catch reason and the step that failed', async () => {
    const { escalate, stores } = await setup(proposedRun({ runId: 'run-e1', state: 'CheckOrder' }));

    const result = await escalate({ runId: 'run-e1', state: { error: lambdaError('ToolFailedError', 'get_order: order 1001 not found') } });

    // People read a sentence; the error's class and message stay on the run for engineers.
    const words = 'Reading the order failed (not found); no refund was made.';
    expect(result).toMatchObject({ outcome: 'escalated', reason: words, noteId: 'note-1' });
    const run = await stores.runs.get('run-e1');
    expect(run).toMatchObject({
      status: 'escalated',
      state: 'Escalate',
      escalation: { reason: words, step: 'CheckOrder', error: 'ToolFailedError: get_order: order 1001 not found' },
    });
  });

  it('escalates with the reason a Choice default carries', async () => {
    const { escalate, stores } = await setup(proposedRun({ runId: 'run-e2', state: 'Gate' }));
    const reason = 'refused by policy: order 1001 does not belong to the requester';

    await escalate({ runId: 'run-e2', state: { runId: 'run-e2', step: { outcome: 'escalate', detail: { outcome: 'escalate', reason } } } });

    expect((await stores.runs.get('run-e2'))?.escalation).toEqual({ reason, step: 'Gate' });
  });

  it('marks the pending approval expired on States.Timeout, in the store and on the run', async () => {
    const base = proposedRun({ runId: 'run-e3', state: 'RequestApproval', status: 'awaiting_approval' });
    const record = pendingApproval(base);
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
    const { escalate, stores, clock } = await setup({ ...base, approval: summary });
    await stores.approvals.create(record);
    clock.set(new Date(record.expiresAt));

    const result = await escalate({ runId: 'run-e3', state: { error: { Error: 'States.Timeout', Cause: 'The task timed out.' } } });

    expect(result.reason).toBe('The approval request expired without a decision.');
    expect(await stores.approvals.get(record.approvalId)).toMatchObject({ status: 'expired', decidedBy: null, decidedAt: record.expiresAt });
    const run = await stores.runs.get('run-e3');
    expect(run?.approval).toMatchObject({ status: 'expired', decidedAt: record.expiresAt });
    expect(run?.status).toBe('escalated');
  });

  it('closes the approval link once the timeout escalated the run: a late POST gets 409 and sends nothing', async () => {
    const base = proposedRun({ runId: 'run-e9', state: 'RequestApproval', status: 'awaiting_approval' });
    const record = pendingApproval(base);
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
    const { escalate, stores, clock } = await setup({ ...base, approval: summary });
    await stores.approvals.create(record);
    clock.set(new Date(record.expiresAt));
    await escalate({ runId: 'run-e9', state: { error: { Error: 'States.Timeout' } } });
    const workflow = recordingWorkflow();
    const links = createApproverLinks({ secret: 'unit-test-approval-link-secret', approverEmails: ['lead@example.com'] });
    const callback = createApprovalCallbackHandler({ ...stores, workflow: workflow.engine, clock, links: () => links });
    clock.set(new Date(base.createdAt));

    const page = await callback(
      formPost(record.approvalId, { formToken: record.formToken, decision: 'approve', as: links.sign(record.approvalId, 'lead@example.com') }),
    );

    expect(page.statusCode).toBe(409);
    expect(String(page.body)).toContain('expired');
    expect(workflow.successes).toHaveLength(0);
    expect((await stores.runs.get('run-e9'))?.status).toBe('escalated');
  });

  it('leaves a decided approval alone when a later step times out', async () => {
    const base = proposedRun({ runId: 'run-e4', state: 'Refund' });
    const record = pendingApproval(base, { status: 'approved', decidedBy: 'lead@example.com', decidedAt: base.createdAt });
    const { taskToken: _t, formToken: _f, runId: _r, tenant: _te, tool: _to, policyVersion: _p, ...summary } = record;
    const { escalate, stores } = await setup({ ...base, approval: summary });
    await stores.approvals.create(record);

    await escalate({ runId: 'run-e4', state: { error: { Error: 'States.Timeout' } } });

    expect((await stores.approvals.get(record.approvalId))?.status).toBe('approved');
    expect((await stores.runs.get('run-e4'))?.approval?.status).toBe('approved');
  });

  it('says "No refund was made" in the team note when there is no refund', async () => {
    const { escalate, notes } = await setup(proposedRun({ runId: 'run-e5', state: 'Gate' }));

    await escalate({ runId: 'run-e5', state: { step: { detail: { reason: 'refused by policy: nothing refundable' } } } });

    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('No refund was made.');
    expect(notes()[0]).toContain('refused by policy: nothing refundable');
    expect(notes()[0]).toContain('run-e5');
  });

  it('names the refund amount and order in the team note when a refund was made', async () => {
    const base = proposedRun({ runId: 'run-e6', state: 'CheckReply' });
    const { escalate, notes, transport } = await setup({ ...base, refund: receiptFor(base) });

    await escalate({ runId: 'run-e6', state: { step: { detail: { reason: 'the reply draft failed its check' } } } });

    const note = notes()[0] ?? '';
    expect(note).toContain('A refund of $18.00 was made on order #1001');
    expect(note).toContain('gid://shopify/Refund/77');
    expect(note).not.toContain('No refund was made');
    expect(transport.calls.find((c) => c.name === 'post_draft')?.args.ticketId).toBe('t-1');
  });

  it('still escalates when post_draft fails, and journals the failed note', async () => {
    const { escalate, stores, transport } = await setup(proposedRun({ runId: 'run-e7', state: 'Triage' }));
    transport.script('post_draft', { ok: false, error: { category: 'temporarily_unavailable', message: 'helpdesk is down' } });

    const result = await escalate({ runId: 'run-e7', state: { error: lambdaError('InvalidModelOutputError', 'triage output malformed') } });

    expect(result).toMatchObject({ outcome: 'escalated', noteId: null });
    expect((await stores.runs.get('run-e7'))?.status).toBe('escalated');
    const rows = await stores.journal.listByRun('run-e7');
    expect(rows.filter((r) => r.name === 'post_draft').map((r) => r.outcome)).toEqual(['error']);
  });

  it('accepts the whole execution state through the Escalate step handler', async () => {
    const s = setupSteps();
    await s.stores.runs.create(proposedRun({ runId: 'run-e8', state: 'DraftReply' }));
    const handlers = createStepHandlers({
      ...s.deps,
      mailer: { send: async () => {} },
      tenant: {
        approverEmails: [],
        senderEmail: 'a@b.co',
        publicBaseUrl: 'http://127.0.0.1',
        approvalTtlHours: 24,
        approvalLinkSecret: 'unit-test-approval-link-secret',
      },
    });
    const state = { runId: 'run-e8', step: { outcome: 'continue' }, error: lambdaError('MissingStepDataError', 'run run-e8 has no draft') };

    const result = await handlers.Escalate({ runId: 'run-e8', state });

    expect(result.reason).toBe("The run's record lacked what a step needed (an engineer must look); no refund was made.");
    expect((await s.stores.runs.get('run-e8'))?.escalation?.error).toBe('MissingStepDataError: run run-e8 has no draft');
    await expect(handlers.Escalate({ state })).rejects.toThrow(/invalid step payload/);
  });
});
