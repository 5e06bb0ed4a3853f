// How the local engine runs a Task that starts a nested execution and waits for it
// (`states:startExecution.sync:2`): as a one-branch Parallel of the nested definition, the Task's
// Input as the branch's input and its `$.Output` paths reading the branch's output.
import { describe, expect, it } from 'vitest';
import { InvalidDefinitionError, loadDefinition, loadDefinitionParts } from '#local/stepfunctions/index.js';
import { inlineNestedExecutions, nestedFileName } from '#local/stepfunctions/nested.js';

const child = { StartAt: 'Step', States: { Step: { Type: 'Pass', End: true } } };
const parent = {
  StartAt: 'Run',
  States: {
    Run: {
      Type: 'Task',
      Resource: 'arn:aws:states:::states:startExecution.sync:2',
      Parameters: { StateMachineArn: '${ChildStepsStateMachineArn}', 'Name.$': '$.runId', Input: { 'runId.$': '$.runId', segment: 'one' } },
      ResultSelector: { 'route.$': '$.Output.route', 'arn.$': '$.ExecutionArn', fixed: '$.Output' },
      ResultPath: '$.segment',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Failed' }],
      Next: 'Failed',
    },
    Failed: { Type: 'Fail' },
  },
};

describe('a nested execution, run locally', () => {
  it('becomes a one-branch Parallel of the nested definition, keeping its Input, Catch, ResultPath and Next', () => {
    const inlined = inlineNestedExecutions(parent, (name) => {
      expect(name).toBe('ChildSteps');
      return child;
    });

    expect(inlined.States.Run).toEqual({
      Type: 'Parallel',
      Parameters: { 'runId.$': '$.runId', segment: 'one' },
      ResultSelector: { 'route.$': '$[0].route', 'arn.$': '$.ExecutionArn', fixed: '$.Output' },
      ResultPath: '$.segment',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Failed' }],
      Next: 'Failed',
      Branches: [child],
    });
    expect(inlined.States.Failed).toEqual(parent.States.Failed);
  });

  it('names the nested definition file after its placeholder, beside the one that starts it', () => {
    expect(nestedFileName('RefundSteps')).toBe('refund-steps.asl.json');
  });

  it('refuses a nested execution without a placeholder ARN, without an Input, or nesting again', () => {
    const withArn = (arn: string) => ({
      ...parent,
      States: { ...parent.States, Run: { ...parent.States.Run, Parameters: { ...parent.States.Run.Parameters, StateMachineArn: arn } } },
    });
    expect(() => inlineNestedExecutions(withArn('arn:aws:states:us-east-1:1:stateMachine:x'), () => child)).toThrow(InvalidDefinitionError);
    const noInput = { ...parent, States: { ...parent.States, Run: { ...parent.States.Run, Parameters: { StateMachineArn: '${ChildStepsStateMachineArn}' } } } };
    expect(() => inlineNestedExecutions(noInput, () => child)).toThrow(/Input/);
    expect(() => inlineNestedExecutions(parent, () => parent)).toThrow(/nested executions itself/);
  });

  it('loads an inline definition with the nested ones given by name, and each part alone as deployed', () => {
    expect(() => loadDefinition({ definition: parent })).toThrow(/No nested definition given for ChildSteps/);
    const composed = loadDefinition({ definition: parent, nested: { ChildSteps: child } });
    const parts = loadDefinitionParts({ definition: parent, nested: { ChildSteps: child } });

    expect((composed.States.Run as { Type: string }).Type).toBe('Parallel');
    expect(JSON.stringify(parts.main)).toContain('arn:aws:states:us-east-1:000000000000:stateMachine:local-ChildSteps');
    expect(Object.keys(parts.nested)).toEqual(['ChildSteps']);
  });
});
