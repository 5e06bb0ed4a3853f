// WorkflowEngine on AWS Step Functions: executions named by the run id, so a repeated start is
// answered by ExecutionAlreadyExists and treated as "already started".
import { SendTaskFailureCommand, SendTaskSuccessCommand, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import type { WorkflowEngine } from '#harness/ports.js';

export function createSfnWorkflowEngine(deps: { client: SFNClient; stateMachineArn: string }): WorkflowEngine {
  return {
    async start({ name, input }) {
      try {
        await deps.client.send(new StartExecutionCommand({ stateMachineArn: deps.stateMachineArn, name, input: JSON.stringify(input) }));
        return { started: true };
      } catch (error) {
        if ((error as Error).name === 'ExecutionAlreadyExists') return { started: false };
        throw error;
      }
    },
    async sendTaskSuccess(taskToken, output) {
      await deps.client.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    },
    async sendTaskFailure(taskToken, error, cause) {
      await deps.client.send(new SendTaskFailureCommand({ taskToken, error, cause }));
    },
  };
}
