// The approval link when the decision does not carry through: the engine did not take it, or the
// run was cancelled first; each page says what happened and promises no refund it cannot make.
import { describe, expect, it } from 'vitest';
import { NOW } from '../../support/steps.js';
import { LEAD, SECOND, setup } from './approval-callback-setup.js';

describe('a decision the engine did not receive', () => {
  it('stays saved, and the same approver pressing the same button again re-sends it while the run waits', async () => {
    const { post, approve, stores, workflow, record } = await setup();
    const send = workflow.engine.sendTaskSuccess;
    workflow.engine.sendTaskSuccess = async () => {
      throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    };

    const first = await post(approve);

    expect(first.statusCode).toBe(503);
    expect(first.body).toContain('Decision saved, not yet delivered');
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('approved');
    expect((await stores.runs.get('run-apr'))?.status).toBe('awaiting_approval');

    workflow.engine.sendTaskSuccess = send;
    const retry = await post(approve);

    expect(retry.statusCode).toBe(200);
    expect(workflow.successes).toHaveLength(1);
    expect(workflow.successes[0]).toMatchObject({ taskToken: record.taskToken, output: { outcome: 'continue' } });
    expect((await stores.runs.get('run-apr'))?.status).toBe('running');
  });

  it('does not re-send for another approver, another decision, or once the run moved on', async () => {
    const { post, approve, stores, workflow, tokenOf } = await setup();
    const send = workflow.engine.sendTaskSuccess;
    workflow.engine.sendTaskSuccess = async () => {
      throw new Error('network down');
    };
    await post(approve);
    workflow.engine.sendTaskSuccess = send;

    expect((await post({ ...approve, as: tokenOf(SECOND) })).statusCode).toBe(409);
    expect((await post({ ...approve, decision: 'reject' })).statusCode).toBe(409);
    await stores.runs.update('run-apr', { status: 'escalated', state: 'Escalate' });
    expect((await post(approve)).statusCode).toBe(409);
    expect(workflow.successes).toHaveLength(0);
  });

  it('answers "Not carried out", promising no refund, when the engine says the wait is over (timed out meanwhile)', async () => {
    const { post, approve, workflow } = await setup();
    workflow.engine.sendTaskSuccess = async () => {
      throw Object.assign(new Error('gone'), { name: 'TaskTimedOut' });
    };

    const page = await post(approve);

    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('Not carried out');
    expect(page.body).toContain('moved no money');
    expect(page.body).not.toContain('will be issued');
  });
});

describe('an approval whose run was cancelled', () => {
  it('shows a closed page and decides nothing', async () => {
    const { get, post, approve, stores, workflow } = await setup();
    await stores.runs.update('run-apr', { cancellation: { at: NOW.toISOString(), by: 'api', reason: 'customer withdrew', state: 'RequestApproval' } });

    const page = await get();
    const posted = await post(approve);

    expect(page.body).toContain('cancelled');
    expect(page.body).not.toContain('name="formToken"');
    expect(posted.statusCode).toBe(409);
    expect(workflow.successes).toHaveLength(0);
  });

  // Issue 12: the cancel and the decision are ordered on the run row, whatever the interleaving.
  const cancellation = { at: NOW.toISOString(), by: 'api' as const, reason: 'customer withdrew', state: 'RequestApproval' };

  it('an approve whose decision reaches the run after a cancel moves nothing: the wait ends as cancelled', async () => {
    const { post, approve, stores, workflow } = await setup();
    // The cancel lands between the approval record's single-use write and the run's.
    const decide = stores.approvals.decide.bind(stores.approvals);
    stores.approvals.decide = async (input) => {
      const decided = await decide(input);
      await stores.runs.updateIf('run-apr', { cancellation, status: 'cancelled' }, { notCancelled: true, noRefundIntent: true });
      return decided;
    };

    const page = await post(approve);

    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('cancelled');
    expect(workflow.successes).toHaveLength(0);
    expect(workflow.failures).toEqual([{ taskToken: expect.any(String), error: 'RunCancelled', cause: 'the run was cancelled' }]);
    // The decision stays on record; the run stays cancelled.
    expect(await stores.runs.get('run-apr')).toMatchObject({ status: 'cancelled', approval: { status: 'approved', decidedBy: LEAD } });
  });

  it('a decision delivered as the cancel lands never sets the run back to running', async () => {
    const { post, approve, stores, workflow } = await setup();
    const send = workflow.engine.sendTaskSuccess.bind(workflow.engine);
    workflow.engine.sendTaskSuccess = async (token, output) => {
      await send(token, output);
      await stores.runs.updateIf('run-apr', { cancellation, status: 'cancelled' }, { notCancelled: true, noRefundIntent: true });
    };

    const page = await post(approve);

    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('cancelled');
    expect((await stores.runs.get('run-apr'))?.status).toBe('cancelled');
  });

  it('a decision delivered after the run moved on leaves the later status alone', async () => {
    const { post, approve, stores, workflow } = await setup();
    const send = workflow.engine.sendTaskSuccess.bind(workflow.engine);
    workflow.engine.sendTaskSuccess = async (token, output) => {
      await send(token, output);
      await stores.runs.update('run-apr', { status: 'done', state: 'Done' }); // the whole run finished first
    };

    const page = await post(approve);

    expect(page.statusCode).toBe(200);
    expect((await stores.runs.get('run-apr'))?.status).toBe('done');
  });
});
