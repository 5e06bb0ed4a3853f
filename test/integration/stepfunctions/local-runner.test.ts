// The local Step Functions runner executing the real refund-run ASL file with fake step handlers.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLocalWorkflowEngine,
  MissingTaskHandlerError,
  TaskTokenNotFoundError,
  EngineClosedError,
  type LocalWorkflowEngine,
  type LocalWorkflowEngineOptions,
  type LocalWorkflowEvent,
} from '#local/stepfunctions/index.js';
import { DEFINITION_PATH, expressStates, fakeHandlers, manualTimer, standardStates, until } from './fixtures.js';

// The automatic path's steps, in one Express execution (refund-steps.asl.json, billed by duration):
// one Choice after the ProposeRefund Task (CheckOrder, the order agent, the Gate).
const HAPPY_PATH = ['Segment', 'Triage', 'ProposeRefund', 'GateDecision', 'Refund', 'DraftReply', 'CheckReply', 'AfterReply', 'Replied'];
// What the run's Standard execution enters on it: three billed transitions.
const STANDARD_DONE = ['Work', 'NeedsApproval', 'Finished'];
const TO_GATE = HAPPY_PATH.slice(0, HAPPY_PATH.indexOf('GateDecision') + 1);

let engine: LocalWorkflowEngine | undefined;

function makeEngine(options: Omit<LocalWorkflowEngineOptions, 'definitionPath'>): LocalWorkflowEngine {
  engine = createLocalWorkflowEngine({ definitionPath: DEFINITION_PATH, retryIntervalMs: 0, ...options });
  return engine;
}

afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** Runs until RequestApproval holds a token and returns it. */
async function startAndWaitForApproval(sfn: LocalWorkflowEngine, name: string): Promise<string> {
  await sfn.start({ name, input: { runId: name } });
  await until(() => sfn.taskTokens().some((t) => t.execution === name));
  const pending = sfn.taskTokens().find((t) => t.execution === name);
  return pending!.token;
}

describe('local Step Functions runner on refund-run.asl.json', () => {
  it('runs an auto refund from Triage to CheckReply in one Express execution and three Standard states, passing {runId} to every step', async () => {
    const fake = fakeHandlers();
    const events: LocalWorkflowEvent[] = [];
    const sfn = makeEngine({ handlers: fake.handlers, onEvent: (e) => events.push(e) });

    expect(await sfn.start({ name: 'run-happy', input: { runId: 'run-happy' } })).toEqual({ started: true });
    const result = await sfn.waitFor('run-happy');

    expect(result.status).toBe('SUCCEEDED');
    const view = sfn.describe('run-happy')!;
    expect(expressStates(view.history, 'Work')).toEqual(HAPPY_PATH);
    expect(standardStates(view.history)).toEqual(STANDARD_DONE);
    expect(view.currentState).toBe('Finished');
    expect(fake.calls.map((c) => c.state)).toEqual(['Triage', 'ProposeRefund', 'Refund', 'DraftReply', 'CheckReply']);
    expect(fake.calls.every((c) => JSON.stringify(c.payload) === JSON.stringify({ runId: 'run-happy' }))).toBe(true);
    expect(events[0]).toMatchObject({ type: 'ExecutionStarted', execution: 'run-happy' });
    expect(events.at(-1)).toMatchObject({ type: 'ExecutionFinished', status: 'SUCCEEDED' });
    expect(sfn.list().map((v) => v.name)).toEqual(['run-happy']);
  });

  it('stops at Shadow when the Gate decides shadow: no approval, no refund, the execution succeeds', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'shadow' }) });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-shadow', input: { runId: 'run-shadow' } });
    const result = await sfn.waitFor('run-shadow');

    expect(result.status).toBe('SUCCEEDED');
    expect(expressStates(sfn.describe('run-shadow')!.history)).toEqual([...TO_GATE, 'Shadow']);
    expect(standardStates(sfn.describe('run-shadow')!.history)).toEqual(STANDARD_DONE);
    expect(fake.calls.map((c) => c.state)).toEqual(['Triage', 'ProposeRefund', 'Shadow']);
  });

  it('waits at RequestApproval with a minted token until sendTaskSuccess, then refunds', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers });

    const token = await startAndWaitForApproval(sfn, 'run-approve');

    const approvalCall = fake.callsTo('RequestApproval')[0]!;
    expect(approvalCall.payload).toEqual({ runId: 'run-approve', taskToken: token });
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(sfn.describe('run-approve')).toMatchObject({ status: 'RUNNING', currentState: 'RequestApproval' });
    expect(fake.callsTo('Refund')).toHaveLength(0);

    await sfn.sendTaskSuccess(token, { outcome: 'continue', decision: 'approved', approvalId: 'appr-1' });
    const result = await sfn.waitFor('run-approve');

    expect(result.status).toBe('SUCCEEDED');
    const history = sfn.describe('run-approve')!.history;
    expect(standardStates(history)).toEqual(['Work', 'NeedsApproval', 'RequestApproval', 'Settle', 'AfterSegment', 'Finished']);
    expect(expressStates(history, 'Work')).toEqual([...TO_GATE, 'AwaitApproval']);
    expect(expressStates(history, 'Settle')).toEqual(['Segment', 'AfterApproval', ...HAPPY_PATH.slice(HAPPY_PATH.indexOf('Refund'))]);
    expect(fake.callsTo('Refund')).toHaveLength(1);
    expect(sfn.taskTokens()).toEqual([]);
  });

  it('refuses a task token that was already answered', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers });
    const token = await startAndWaitForApproval(sfn, 'run-replay');

    await sfn.sendTaskSuccess(token, { outcome: 'continue', decision: 'approved', approvalId: 'appr-1' });

    await expect(sfn.sendTaskSuccess(token, { outcome: 'continue' })).rejects.toBeInstanceOf(TaskTokenNotFoundError);
    await expect(sfn.sendTaskFailure('not-a-token', 'X', 'y')).rejects.toBeInstanceOf(TaskTokenNotFoundError);
    expect((await sfn.waitFor('run-replay')).status).toBe('SUCCEEDED');
  });

  it('escalates without refunding when the approval output is a rejection', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers });
    const token = await startAndWaitForApproval(sfn, 'run-reject');

    await sfn.sendTaskSuccess(token, { outcome: 'escalate', decision: 'rejected', approvalId: 'appr-2' });
    const result = await sfn.waitFor('run-reject');

    expect(result.status).toBe('SUCCEEDED');
    expect(standardStates(sfn.describe('run-reject')!.history).slice(-4)).toEqual(['RequestApproval', 'Settle', 'AfterSegment', 'Finished']);
    expect(expressStates(sfn.describe('run-reject')!.history, 'Settle')).toEqual(['Segment', 'AfterApproval', 'Escalate']);
    expect(fake.callsTo('Refund')).toHaveLength(0);
    const escalation = fake.callsTo('Escalate')[0]!.payload as { runId: string; state: { step: Record<string, unknown> } };
    expect(escalation.runId).toBe('run-reject');
    expect(escalation.state.step).toEqual({ outcome: 'escalate', decision: 'rejected', approvalId: 'appr-2' });
  });

  it('escalates with States.Timeout when no approval arrives within TimeoutSeconds', async () => {
    const clock = manualTimer();
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers, timer: clock.timer });
    const token = await startAndWaitForApproval(sfn, 'run-timeout');

    expect(clock.scheduled.map((s) => s.ms)).toEqual([86_400_000]);
    clock.fireAll();
    const result = await sfn.waitFor('run-timeout');

    expect(result.status).toBe('SUCCEEDED');
    expect(fake.callsTo('Refund')).toHaveLength(0);
    const escalation = fake.callsTo('Escalate')[0]!.payload as { state: { error: { Error: string; Cause: string } } };
    expect(escalation.state.error.Error).toBe('States.Timeout');
    await expect(sfn.sendTaskSuccess(token, { outcome: 'continue' })).rejects.toBeInstanceOf(TaskTokenNotFoundError);
  });

  it('waits for a returned parcel the days the reply step gives, by the injected timer, and goes on with what the store said', async () => {
    const clock = manualTimer();
    let replies = 0;
    // The first check leaves the return's draft and asks to wait three days; the second closes the run.
    const fake = fakeHandlers({ CheckReply: async () => (++replies === 1 ? { outcome: 'return', waitSeconds: 3 * 86_400 } : { outcome: 'done' }) });
    const sfn = makeEngine({ handlers: fake.handlers, timer: clock.timer });
    await sfn.start({ name: 'run-return', input: { runId: 'run-return' } });
    await until(() => sfn.taskTokens().some((t) => t.execution === 'run-return'));
    const pending = sfn.taskTokens().find((t) => t.execution === 'run-return')!;

    expect(pending.stateName).toBe('AwaitReturn');
    expect(clock.scheduled.map((s) => s.ms)).toEqual([3 * 86_400_000]);
    expect(fake.callsTo('AwaitReturn')[0]!.payload).toMatchObject({ runId: 'run-return', timeoutSeconds: 3 * 86_400 });
    await sfn.sendTaskSuccess(pending.token, { action: 'received', by: 'the store (returns/process)' });
    const result = await sfn.waitFor('run-return');

    expect(result.status).toBe('SUCCEEDED');
    expect(fake.callsTo('ProcessReturn').map((c) => c.payload)).toEqual([
      { runId: 'run-return', signal: { action: 'received', by: 'the store (returns/process)' } },
    ]);
    expect(fake.callsTo('DraftReply')).toHaveLength(2);
    expect(fake.callsTo('Escalate')).toHaveLength(0);
  });

  it('closes an overdue return through ProcessReturn when the wait times out, and waits again when more days are given', async () => {
    const clock = manualTimer();
    let replies = 0;
    let processed = 0;
    const fake = fakeHandlers({
      CheckReply: async () => (++replies === 1 ? { outcome: 'return', waitSeconds: 30 * 86_400 } : { outcome: 'done' }),
      // The first answer extends by a week; the second (the timeout) closes.
      ProcessReturn: async () => (++processed === 1 ? { outcome: 'wait', waitSeconds: 7 * 86_400 } : { outcome: 'continue' }),
    });
    const sfn = makeEngine({ handlers: fake.handlers, timer: clock.timer });
    await sfn.start({ name: 'run-overdue', input: { runId: 'run-overdue' } });
    await until(() => sfn.taskTokens().some((t) => t.execution === 'run-overdue'));
    await sfn.sendTaskSuccess(sfn.taskTokens()[0]!.token, { action: 'extend', by: 'lead', days: 7 });
    await until(() => sfn.taskTokens().some((t) => t.execution === 'run-overdue'));

    expect(clock.scheduled.filter((s) => !s.cancelled).map((s) => s.ms)).toEqual([7 * 86_400_000]);
    clock.fireAll();
    const result = await sfn.waitFor('run-overdue');

    expect(result.status).toBe('SUCCEEDED');
    expect(fake.callsTo('ProcessReturn').map((c) => (c.payload as { signal: { action: string } }).signal.action)).toEqual(['extend', 'expired']);
    expect(fake.callsTo('Escalate')).toHaveLength(0);
  });

  it('routes sendTaskFailure to Escalate with the given error and cause', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers });
    const token = await startAndWaitForApproval(sfn, 'run-taskfail');

    await sfn.sendTaskFailure(token, 'ApprovalExpiredError', 'nobody decided');
    await sfn.waitFor('run-taskfail');

    const escalation = fake.callsTo('Escalate')[0]!.payload as { state: { error: unknown } };
    expect(escalation.state.error).toEqual({ Error: 'ApprovalExpiredError', Cause: 'nobody decided' });
  });

  it('retries a step that throws TemporarilyUnavailableError and then succeeds', async () => {
    let attempts = 0;
    const fake = fakeHandlers({
      ProposeRefund: async () => {
        attempts += 1;
        if (attempts < 3) throw Object.assign(new Error('shopify throttled'), { name: 'TemporarilyUnavailableError' });
        return { outcome: 'continue', decision: 'auto' };
      },
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-retry', input: { runId: 'run-retry' } });
    const result = await sfn.waitFor('run-retry');

    expect(result.status).toBe('SUCCEEDED');
    expect(attempts).toBe(3);
    const history = sfn.describe('run-retry')!.history;
    expect(history.filter((t) => t.type === 'retried').map((t) => t.state)).toEqual(['ProposeRefund', 'ProposeRefund']);
    expect(history.find((t) => t.type === 'failed')?.error?.Error).toBe('TemporarilyUnavailableError');
    expect(fake.callsTo('Escalate')).toHaveLength(0);
  });

  it('escalates once the retries of TemporarilyUnavailableError are exhausted', async () => {
    class TemporarilyUnavailableError extends Error {
      override name = 'TemporarilyUnavailableError';
    }
    const fake = fakeHandlers({
      Triage: async () => {
        throw new TemporarilyUnavailableError('model overloaded');
      },
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-exhausted', input: { runId: 'run-exhausted' } });
    await sfn.waitFor('run-exhausted');

    expect(fake.callsTo('Triage')).toHaveLength(4); // first attempt + MaxAttempts 3
    const escalation = fake.callsTo('Escalate')[0]!.payload as { state: { error: { Error: string } } };
    expect(escalation.state.error.Error).toBe('TemporarilyUnavailableError');
  });

  it('sends any other error straight to Escalate with it in $.error', async () => {
    const fake = fakeHandlers({
      Refund: async () => {
        throw new Error('card network said no');
      },
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-error', input: { runId: 'run-error' } });
    const result = await sfn.waitFor('run-error');

    expect(result.status).toBe('SUCCEEDED');
    expect(fake.callsTo('Refund')).toHaveLength(1);
    expect(expressStates(sfn.describe('run-error')!.history).slice(-2)).toEqual(['Refund', 'Escalate']);
    const escalation = fake.callsTo('Escalate')[0]!.payload as { state: { error: { Error: string; Cause: string } } };
    expect(escalation.state.error.Error).toBe('Error');
    expect(JSON.parse(escalation.state.error.Cause)).toEqual({ errorType: 'Error', errorMessage: 'card network said no' });
  });

  it('escalates from GateDecision with the reason the Gate passes on (no Choice after each step)', async () => {
    // The steps after Triage find its request on the run and pass it on (functions/shared/step/step.ts).
    const passedOn = { outcome: 'escalate', decision: 'escalate', reason: 'not_a_refund_request', step: 'Triage' };
    const fake = fakeHandlers({
      Triage: async () => ({ outcome: 'escalate', reason: 'not_a_refund_request' }),
      ProposeRefund: async () => passedOn,
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-choice', input: { runId: 'run-choice' } });
    await sfn.waitFor('run-choice');

    expect(expressStates(sfn.describe('run-choice')!.history)).toEqual([...TO_GATE, 'Escalate']);
    const escalation = fake.callsTo('Escalate')[0]!.payload as { state: { step: { detail: { reason: string; step: string } } } };
    expect(escalation.state.step.detail).toMatchObject({ reason: 'not_a_refund_request', step: 'Triage' });
    expect(fake.callsTo('Refund')).toHaveLength(0);
  });

  it('ends at CheckReply whatever it answers: it closes the run or escalates it itself', async () => {
    const fake = fakeHandlers({ CheckReply: async () => ({ outcome: 'escalated', reason: 'the reply draft failed its check: x', noteId: 'n-1' }) });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-check-failed', input: { runId: 'run-check-failed' } });
    const result = await sfn.waitFor('run-check-failed');

    expect(result.status).toBe('SUCCEEDED');
    expect(expressStates(sfn.describe('run-check-failed')!.history)).toEqual(HAPPY_PATH);
    expect(fake.callsTo('Escalate')).toHaveLength(0);
  });

  it('fails the execution when Escalate itself fails', async () => {
    const fake = fakeHandlers({
      ProposeRefund: async () => ({ outcome: 'escalate', decision: 'refuse', reason: 'refused by policy' }),
      Escalate: async () => {
        throw new Error('helpdesk down');
      },
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-escfail', input: { runId: 'run-escfail' } });
    const result = await sfn.waitFor('run-escfail');

    expect(result.status).toBe('FAILED');
    expect(result.error?.Error).toBe('EscalationFailed');
  });

  it("hands the run to its own Escalate when a segment fails as a whole, with the segment's error", async () => {
    // The Work segment's own Escalate cannot record the hand-over once; the segment fails, and the run's Escalate (a second try) takes it.
    let escalations = 0;
    const fake = fakeHandlers({
      ProposeRefund: async () => ({ outcome: 'escalate', decision: 'refuse', reason: 'refused by policy' }),
      Escalate: async () => {
        escalations += 1;
        if (escalations === 1) throw new Error('helpdesk down');
        return { outcome: 'escalated', reason: 'refused by policy', noteId: 'n-1' };
      },
    });
    const sfn = makeEngine({ handlers: fake.handlers });

    await sfn.start({ name: 'run-segfail', input: { runId: 'run-segfail' } });
    const result = await sfn.waitFor('run-segfail');

    expect(result.status).toBe('SUCCEEDED');
    const history = sfn.describe('run-segfail')!.history;
    expect(expressStates(history, 'Work')).toEqual([...TO_GATE, 'Escalate', 'EscalationFailed']);
    expect(standardStates(history)).toEqual(['Work', 'Escalate']);
    const second = fake.callsTo('Escalate')[1]!.payload as { runId: string; state: { error: { Error: string } } };
    expect(second.runId).toBe('run-segfail');
    expect(second.state.error.Error).toBe('EscalationFailed');
  });

  it('starts an execution name once: a second start runs nothing', async () => {
    const fake = fakeHandlers();
    const sfn = makeEngine({ handlers: fake.handlers });

    const first = await sfn.start({ name: 'run-twice', input: { runId: 'run-twice' } });
    const second = await sfn.start({ name: 'run-twice', input: { runId: 'run-twice' } });
    await sfn.waitFor('run-twice');
    const third = await sfn.start({ name: 'run-twice', input: { runId: 'run-twice' } });

    expect([first, second, third]).toEqual([{ started: true }, { started: false }, { started: false }]);
    expect(fake.callsTo('Triage')).toHaveLength(1);
    expect(fake.callsTo('CheckReply')).toHaveLength(1);
    expect(sfn.list()).toHaveLength(1);
  });

  it('refuses a definition whose Task has no local handler', () => {
    const { handlers } = fakeHandlers();
    delete handlers.Refund;

    expect(() => createLocalWorkflowEngine({ definitionPath: DEFINITION_PATH, handlers })).toThrow(MissingTaskHandlerError);
  });

  it('close() aborts a waiting execution, drops its token and refuses new starts', async () => {
    const fake = fakeHandlers({ ProposeRefund: async () => ({ outcome: 'continue', decision: 'approval' }) });
    const sfn = makeEngine({ handlers: fake.handlers });
    await startAndWaitForApproval(sfn, 'run-closed');

    await sfn.close();

    expect(sfn.describe('run-closed')!.status).toBe('ABORTED');
    expect(sfn.taskTokens()).toEqual([]);
    expect(fake.callsTo('Escalate')).toHaveLength(0);
    await expect(sfn.start({ name: 'run-after', input: { runId: 'run-after' } })).rejects.toBeInstanceOf(EngineClosedError);
  });
});

describe('resuming an execution at a state (a restarted local runtime)', () => {
  it("runs from the named Task state to the end, under the run's name, skipping the states before it", async () => {
    const fake = fakeHandlers();
    const sfn = makeEngine({ handlers: fake.handlers });

    expect(await sfn.resume({ name: 'run-resumed', input: { runId: 'run-resumed' }, startAt: 'Refund' })).toEqual({ started: true });
    const result = await sfn.waitFor('run-resumed');

    expect(result.status).toBe('SUCCEEDED');
    // Refund is a step of the Express definition: the run's execution enters the segment that holds it there.
    expect(expressStates(sfn.describe('run-resumed')!.history)).toEqual(['Refund', 'DraftReply', 'CheckReply', 'AfterReply', 'Replied']);
    expect(standardStates(sfn.describe('run-resumed')!.history)).toEqual(STANDARD_DONE);
    expect(fake.callsTo('Refund')).toEqual([{ state: 'Refund', payload: { runId: 'run-resumed' } }]);
    // A start of the same name (the run starter on a redelivered message) does not run it again.
    expect(await sfn.start({ name: 'run-resumed', input: { runId: 'run-resumed' } })).toEqual({ started: false });
  });

  it('waits again on a new task token when resumed at RequestApproval, and refuses a state that is not a Task', async () => {
    const sfn = makeEngine({ handlers: fakeHandlers().handlers });

    await sfn.resume({ name: 'run-waiting', input: { runId: 'run-waiting' }, startAt: 'RequestApproval' });
    await until(() => sfn.taskTokens().some((t) => t.execution === 'run-waiting'));
    expect(await sfn.resume({ name: 'run-waiting', input: { runId: 'run-waiting' }, startAt: 'RequestApproval' })).toEqual({ started: false });
    await expect(sfn.resume({ name: 'run-x', input: { runId: 'run-x' }, startAt: 'GateDecision' })).rejects.toThrow(/not a Task state/);
  });
});
