// WorkflowEngine on AWS Step Functions: executions named by the run id, so a repeated start is
// answered by ExecutionAlreadyExists and treated as "already started". stop() derives the execution
// ARN from the state machine ARN and the name (arn:…:stateMachine:M → arn:…:execution:M:name).
// The SDK module is loaded on the first call (sfn()), not at the cold start of functions that never call.
import type { SFNClient } from '@aws-sdk/client-sfn';
import type { WorkflowEngine } from '#functions/shared/stores/ports.js';

/** The ARN of the execution `name` of a state machine (standard workflows). */
export function executionArnFor(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

const sfn = () => import('@aws-sdk/client-sfn');

export function createSfnWorkflowEngine(deps: { client: SFNClient; stateMachineArn: string }): WorkflowEngine & Required<Pick<WorkflowEngine, 'stop'>> {
  return {
    async start({ name, input }) {
      try {
        await deps.client.send(new (await sfn()).StartExecutionCommand({ stateMachineArn: deps.stateMachineArn, name, input: JSON.stringify(input) }));
        return { started: true };
      } catch (error) {
        if ((error as Error).name === 'ExecutionAlreadyExists') return { started: false };
        throw error;
      }
    },
    async sendTaskSuccess(taskToken, output) {
      await deps.client.send(new (await sfn()).SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    },
    async sendTaskFailure(taskToken, error, cause) {
      await deps.client.send(new (await sfn()).SendTaskFailureCommand({ taskToken, error, cause }));
    },
    async stop(name, cause) {
      try {
        await deps.client.send(
          new (await sfn()).StopExecutionCommand({
            executionArn: executionArnFor(deps.stateMachineArn, name),
            error: 'RunCancelled',
            cause: cause.slice(0, 256),
          }),
        );
        return { stopped: true };
      } catch (error) {
        // Never started, or already finished: nothing to stop.
        if ((error as Error).name === 'ExecutionDoesNotExist') return { stopped: false };
        throw error;
      }
    },
  };
}
