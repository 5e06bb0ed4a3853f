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
const rawText = readFileSync(DEFINITION_PATH, 'utf8');
const raw = JSON.parse(rawText) as { States: Record<string, Record<string, unknown>> };

type Retrier = { ErrorEquals: string[]; MaxAttempts?: number };
type Catcher = { ErrorEquals: string[]; Next: string; ResultPath?: string };

describe('refund-run.asl.json', () => {
  it('is accepted by asl-validator with path and ARN checks, as written and after local substitution', () => {
    const asWritten = validateAsl(JSON.parse(rawText), { checkPaths: true, checkArn: true });
    const substituted = validateAsl(loadDefinition({ definitionPath: DEFINITION_PATH }), { checkPaths: true, checkArn: true });

    expect(asWritten.errorsText('\n')).toBe('');
    expect(asWritten.isValid).toBe(true);
    expect(substituted.isValid).toBe(true);
  });

  it('has a Task state for every step in STEP_NAMES but CheckOrder and the Gate (ProposeRefund runs them), and no Task state outside them', () => {
    const tasks = Object.entries(raw.States)
      .filter(([, s]) => s.Type === 'Task')
      .map(([name]) => name);

    for (const name of tasks) expect(STEP_NAMES, `Task state ${name}`).toContain(name);
    for (const step of STEP_NAMES.filter((s) => s !== 'Gate' && s !== 'CheckOrder')) expect(tasks, `step ${step}`).toContain(step);
    expect(tasks).not.toContain('Gate');
    expect(tasks).not.toContain('CheckOrder');
  });

  it("keeps a run row's marks (Queued, Done, Cancelled) apart from the machine's states and the steps", () => {
    for (const mark of RUN_MARKS) {
      expect(Object.keys(raw.States), mark).not.toContain(mark);
      expect(STEP_NAMES as readonly string[], mark).not.toContain(mark);
    }
  });

  it('would be rejected by asl-validator if a transition pointed nowhere', () => {
    const broken = JSON.parse(rawText) as { States: Record<string, { Next?: string }> };
    broken.States.Refund!.Next = 'NoSuchState';

    expect(validateAsl(broken).isValid).toBe(false);
  });

  it('uses only ${XFunctionArn} substitutions, one per Task state', () => {
    const keys = [...rawText.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
    const tasks = Object.entries(raw.States).filter(([, s]) => s.Type === 'Task');

    expect(keys.every((key) => key?.endsWith('FunctionArn'))).toBe(true);
    expect(new Set(keys).size).toBe(tasks.length);
    for (const [name] of tasks) expect(keys).toContain(`${name}FunctionArn`);
  });

  it('catches every failure of every step into Escalate, and Escalate failures into a Fail state', () => {
    for (const [name, state] of Object.entries(raw.States)) {
      if (state.Type !== 'Task') continue;
      const catchers = state.Catch as Catcher[];
      const catchAll = catchers.find((c) => c.ErrorEquals.includes('States.ALL'));
      expect(catchAll?.Next, name).toBe(name === 'Escalate' ? 'EscalationFailed' : 'Escalate');
      expect(catchAll?.ResultPath, name).toBe('$.error');
    }
    expect(raw.States.EscalationFailed?.Type).toBe('Fail');
  });

  it('retries TemporarilyUnavailableError on every step', () => {
    for (const [name, state] of Object.entries(raw.States)) {
      if (state.Type !== 'Task') continue;
      const retriers = state.Retry as Retrier[];
      expect(
        retriers.some((r) => r.ErrorEquals.includes('TemporarilyUnavailableError')),
        name,
      ).toBe(true);
    }
  });

  it('enters at most six states on the automatic path: one Choice, after the Gate (in ProposeRefund), and CheckReply ends it', () => {
    // Follow Next from StartAt; at a Choice, the branch the Gate's `auto` (or an approval) takes.
    const path: string[] = [];
    for (let name: string | undefined = 'Triage'; name;) {
      path.push(name);
      const state: Record<string, unknown> = raw.States[name]!;
      const choices = state.Choices as Array<{ StringEquals: string; Next: string }> | undefined;
      name = choices ? choices.find((c) => c.StringEquals === 'auto')?.Next : state.End ? undefined : (state.Next as string);
    }

    expect(path).toEqual(['Triage', 'ProposeRefund', 'GateDecision', 'Refund', 'DraftReply', 'CheckReply']);
    expect(path.length).toBeLessThanOrEqual(6);
    expect(
      Object.entries(raw.States)
        .filter(([, st]) => st.Type === 'Choice')
        .map(([n]) => n),
    ).toEqual(['GateDecision', 'AfterApproval']);
    // Anything the Gate does not decide as auto, approval or shadow (refuse, an earlier step's escalate) is handed over.
    expect(raw.States.GateDecision!.Default).toBe('Escalate');
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
    expect(tasks.filter((t) => t.kind === 'invoke')).toHaveLength(7);
  });
});
