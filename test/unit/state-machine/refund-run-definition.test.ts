// The refund-run ASL file: valid for asl-validator, and shaped the way the runners rely on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { STEP_NAMES } from '#harness/domain/types.js';
import { RUN_MARKS } from '#functions/shared/domain/run.js';
import { InvalidDefinitionError, listTaskStates, loadDefinition } from '#local/stepfunctions/index.js';

type AslValidator = (
  definition: unknown,
  options?: { checkPaths?: boolean; checkArn?: boolean },
) => { isValid: boolean; errorsText: (separator?: string) => string };

const validateAsl = createRequire(import.meta.url)('asl-validator') as AslValidator;
const DEFINITION_PATH = new URL('../../../state-machine/refund-run.asl.json', import.meta.url).pathname;
const STEPS_PATH = new URL('../../../state-machine/refund-steps.asl.json', import.meta.url).pathname;
const rawText = readFileSync(DEFINITION_PATH, 'utf8');
const stepsText = readFileSync(STEPS_PATH, 'utf8');
type Raw = { StartAt: string; TimeoutSeconds: number; States: Record<string, Record<string, unknown>> };
const raw = JSON.parse(rawText) as Raw;
const steps = JSON.parse(stepsText) as Raw;
const BOTH = { 'refund-run': raw, 'refund-steps': steps };
const NESTED = 'arn:aws:states:::states:startExecution.sync:2';

type Retrier = { ErrorEquals: string[]; MaxAttempts?: number };
type Catcher = { ErrorEquals: string[]; Next: string; ResultPath?: string };

const tasksOf = (definition: Raw, pick: (state: Record<string, unknown>) => boolean = () => true): string[] =>
  Object.entries(definition.States)
    .filter(([, s]) => s.Type === 'Task' && pick(s))
    .map(([name]) => name);
const isLambda = (state: Record<string, unknown>): boolean => String(state.Resource).startsWith('arn:aws:states:::lambda:');

/** Follows Next from `from`; at a Choice, the branch whose StringEquals is `take` (else its Default). */
function follow(definition: Raw, from: string, take: string): string[] {
  const path: string[] = [];
  for (let name: string | undefined = from; name;) {
    path.push(name);
    const state: Record<string, unknown> = definition.States[name]!;
    const choices = state.Choices as Array<{ StringEquals: string; Next: string }> | undefined;
    if (choices) name = choices.find((c) => c.StringEquals === take)?.Next ?? (state.Default as string);
    else name = state.End || state.Type === 'Succeed' ? undefined : (state.Next as string);
  }
  return path;
}

describe('refund-run.asl.json (Standard) and refund-steps.asl.json (Express)', () => {
  it.each(Object.entries({ 'refund-run': [DEFINITION_PATH, rawText], 'refund-steps': [STEPS_PATH, stepsText] }))(
    '%s is accepted by asl-validator with path and ARN checks, as written and after local substitution',
    (_name, [path, text]) => {
      const asWritten = validateAsl(JSON.parse(text!), { checkPaths: true, checkArn: true });
      const substituted = validateAsl(loadDefinition({ definitionPath: path! }), { checkPaths: true, checkArn: true });

      expect(asWritten.errorsText('\n')).toBe('');
      expect(asWritten.isValid).toBe(true);
      // The run's definition as the local interpreter runs it repeats the Express states in two branches; each file is checked alone.
      if (path === STEPS_PATH) expect(substituted.isValid).toBe(true);
    },
  );

  it('has a Lambda Task for every step in STEP_NAMES but CheckOrder and the Gate (ProposeRefund runs them), and no Lambda Task outside them', () => {
    const tasks = [...tasksOf(raw, isLambda), ...tasksOf(steps, isLambda)];

    for (const name of tasks) expect(STEP_NAMES, `Task state ${name}`).toContain(name);
    for (const step of STEP_NAMES.filter((s) => s !== 'Gate' && s !== 'CheckOrder')) expect(tasks, `step ${step}`).toContain(step);
    expect(tasks).not.toContain('Gate');
    expect(tasks).not.toContain('CheckOrder');
    // The Standard execution holds only the wait and the hand-over; every other step runs in an Express execution.
    // The Standard execution holds only the waits (a lead's decision, a returned parcel) and the hand-over.
    expect(tasksOf(raw, isLambda).sort()).toEqual(['AwaitReturn', 'Escalate', 'RequestApproval']);
    expect(tasksOf(raw, (s) => s.Resource === NESTED)).toEqual(['Work', 'Settle', 'Receive']);
  });

  it("keeps a run row's marks (Queued, Done, Cancelled) apart from the machines' states and the steps", () => {
    for (const mark of RUN_MARKS) {
      expect([...Object.keys(raw.States), ...Object.keys(steps.States)], mark).not.toContain(mark);
      expect(STEP_NAMES as readonly string[], mark).not.toContain(mark);
    }
  });

  it('would be rejected by asl-validator if a transition pointed nowhere', () => {
    const broken = JSON.parse(stepsText) as { States: Record<string, { Next?: string }> };
    broken.States.Refund!.Next = 'NoSuchState';

    expect(validateAsl(broken).isValid).toBe(false);
  });

  it('uses ${XFunctionArn} substitutions, one per Lambda Task state, and ${RefundStepsStateMachineArn} for the Express executions', () => {
    const keys = [...(rawText + stepsText).matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
    const lambdaTasks = new Set([...tasksOf(raw, isLambda), ...tasksOf(steps, isLambda)]);

    expect(new Set(keys.filter((key) => key.endsWith('FunctionArn')))).toEqual(new Set([...lambdaTasks].map((name) => `${name}FunctionArn`)));
    expect(keys.filter((key) => !key.endsWith('FunctionArn'))).toEqual([
      'RefundStepsStateMachineArn',
      'RefundStepsStateMachineArn',
      'RefundStepsStateMachineArn',
    ]);
  });

  it.each(Object.entries(BOTH))('%s catches every failure of every Task into Escalate, and Escalate failures into a Fail state', (_name, definition) => {
    for (const [name, state] of Object.entries(definition.States)) {
      if (state.Type !== 'Task') continue;
      const catchAll = (state.Catch as Catcher[]).find((c) => c.ErrorEquals.includes('States.ALL'));
      expect(catchAll?.Next, name).toBe(name === 'Escalate' ? 'EscalationFailed' : 'Escalate');
      expect(catchAll?.ResultPath, name).toBe('$.error');
    }
    expect(definition.States.EscalationFailed?.Type).toBe('Fail');
  });

  it('retries TemporarilyUnavailableError on every step, and a refused or throttled start of an Express execution', () => {
    for (const definition of Object.values(BOTH)) {
      for (const name of tasksOf(definition, isLambda)) {
        expect(
          (definition.States[name]!.Retry as Retrier[]).some((r) => r.ErrorEquals.includes('TemporarilyUnavailableError')),
          name,
        ).toBe(true);
      }
    }
    for (const name of tasksOf(raw, (s) => s.Resource === NESTED)) {
      expect(
        (raw.States[name]!.Retry as Retrier[]).some((r) => r.ErrorEquals.includes('StepFunctions.ExecutionLimitExceeded')),
        name,
      ).toBe(true);
    }
  });

  it('bills three Standard transitions on the automatic path, and runs the steps from Triage to CheckReply in the Express execution', () => {
    expect(follow(raw, raw.StartAt, 'done')).toEqual(['Work', 'NeedsApproval', 'Finished']);
    expect(follow(steps, steps.StartAt, 'auto')).toEqual([
      'Segment',
      'Triage',
      'ProposeRefund',
      'GateDecision',
      'Refund',
      'DraftReply',
      'CheckReply',
      'AfterReply',
      'Replied',
    ]);
    // Anything the Gate does not decide as auto, approval or shadow (refuse, an earlier step's escalate) is handed over.
    expect(steps.States.GateDecision!.Default).toBe('Escalate');
    expect(
      tasksOf(raw)
        .filter((name) => raw.States[name]!.Resource === NESTED)
        .map((name) => (raw.States[name]!.Parameters as { Input: { segment: string } }).Input.segment),
    ).toEqual(['propose', 'settle', 'receive']);
  });

  it('bills six on the approval path: the wait is in the Standard execution, the refund after it in a second Express execution, then the choice that sends a return to wait for its parcel', () => {
    expect(follow(raw, raw.StartAt, 'approval')).toEqual(['Work', 'NeedsApproval', 'RequestApproval', 'Settle', 'AfterSegment', 'Finished']);
    expect(follow(steps, steps.StartAt, 'approval')).toEqual(['Segment', 'Triage', 'ProposeRefund', 'GateDecision', 'AwaitApproval']);
    expect(follow(steps, 'AfterApproval', 'continue')).toEqual(['AfterApproval', 'Refund', 'DraftReply', 'CheckReply', 'AfterReply', 'Replied']);
    expect(steps.States.Segment).toMatchObject({
      Choices: [
        { Variable: '$.segment', StringEquals: 'settle', Next: 'AfterApproval' },
        { Variable: '$.segment', StringEquals: 'receive', Next: 'ProcessReturn' },
      ],
    });
    expect(steps.States.AwaitApproval).toMatchObject({ Type: 'Pass', Result: 'approval', ResultPath: '$.route', End: true });
  });

  it('keeps the Express definition within what Express runs: five minutes, no wait for a callback', () => {
    expect(steps.TimeoutSeconds).toBeLessThanOrEqual(300);
    expect(stepsText).not.toContain('waitForTaskToken');
    expect(stepsText).not.toContain('.sync');
    // A returned parcel may take the tenant's days (up to a year, Standard's limit).
    expect(raw.TimeoutSeconds).toBe(31_536_000);
  });

  it('waits for a returned parcel with a task token, for the days the return case gives, and an overdue return closed, not escalated', () => {
    const wait = raw.States.AwaitReturn!;
    expect(wait.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(wait.TimeoutSecondsPath).toBe('$.segment.output.wait.seconds');
    expect(wait.Parameters).toMatchObject({ Payload: { 'taskToken.$': '$$.Task.Token', 'timeoutSeconds.$': '$.segment.output.wait.seconds' } });
    expect((wait.Catch as Catcher[])[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'ReturnOverdue' });
    expect(follow(raw, 'ReturnOverdue', 'x')).toEqual(['ReturnOverdue', 'Receive', 'AfterSegment', 'Finished']);
    expect(follow(steps, 'ProcessReturn', 'continue')).toEqual(['ProcessReturn', 'AfterReceipt', 'DraftReply', 'CheckReply', 'AfterReply', 'Replied']);
  });

  it('waits for the approval with a task token, a timeout and a States.Timeout catch', () => {
    const approval = raw.States.RequestApproval!;

    expect(approval.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(approval.Parameters).toMatchObject({ Payload: { 'taskToken.$': '$$.Task.Token' } });
    expect(approval.TimeoutSeconds).toBe(86_400);
    expect((approval.Catch as Catcher[])[0]).toMatchObject({ ErrorEquals: ['States.Timeout'], Next: 'Escalate' });
  });
});

describe('loadDefinition / listTaskStates', () => {
  it('replaces every placeholder with a local Lambda ARN', () => {
    const text = JSON.stringify(loadDefinition({ definitionPath: DEFINITION_PATH }));

    expect(text).not.toContain('${');
    expect(text).toContain('arn:aws:lambda:us-east-1:000000000000:function:local-Triage');
  });

  it('refuses a placeholder it cannot fill', () => {
    const definition = JSON.parse(rawText.replace('${TriageFunctionArn}', '${TriageQueueUrl}')) as Record<string, unknown>;

    expect(() => loadDefinition({ definition })).toThrow(InvalidDefinitionError);
  });

  it('classifies RequestApproval as the callback pattern and the other steps as plain invokes', () => {
    const tasks = listTaskStates(loadDefinition({ definitionPath: DEFINITION_PATH }));

    expect(tasks.find((t) => t.stateName === 'RequestApproval')).toEqual({
      stateName: 'RequestApproval',
      kind: 'waitForTaskToken',
      timeoutSeconds: 86_400,
    });
    expect(tasks.filter((t) => t.kind === 'invoke')).toHaveLength(8);
    expect(tasks.find((t) => t.stateName === 'AwaitReturn')).toEqual({
      stateName: 'AwaitReturn',
      kind: 'waitForTaskToken',
      timeoutSeconds: null,
      timeoutSecondsFromPayload: true,
    });
  });
});
