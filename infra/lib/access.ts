// Least privilege, from the FUNCTIONS table: each access flag of a function becomes exactly the IAM
// grants (and event source) it needs, on this tenant's resources only. Secrets follow secrets.ts: a
// function may read a secret only if one of its readers' flags is on. Called by refund-agent.ts.
import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { FUNCTIONS, type FunctionName } from './functions.js';
import { secretsOf } from './secrets.js';
import type { RefundAgentState } from './stateful.js';
import type { TenantConfig } from './tenant-config.js';

export type GrantInput = {
  name: FunctionName;
  fn: NodejsFunction;
  config: TenantConfig;
  state: RefundAgentState;
  stateMachine: StateMachine;
};

export function grantAccess({ name, fn, config, state, stateMachine }: GrantInput): void {
  const spec = FUNCTIONS[name];
  const access = spec.access;
  const { table, queue, deadLetterQueue } = state;

  // The table grants include the key (kms:Decrypt, and Encrypt/GenerateDataKey for writers).
  if (access.table === 'read') table.grantReadData(fn);
  if (access.table === 'readWrite') table.grantReadWriteData(fn);
  if (access.sendToQueue) queue.grantSendMessages(fn);
  if (access.consumeQueue) fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  if (access.deadLetters === 'send') deadLetterQueue.grantSendMessages(fn);
  if (access.deadLetters === 'peek') {
    // Receive with a zero visibility timeout, never delete: the operator reads, SQS keeps them.
    deadLetterQueue.grant(fn, 'sqs:ReceiveMessage', 'sqs:GetQueueAttributes');
    state.key.grantDecrypt(fn);
  }
  if (access.startExecution) stateMachine.grantStartExecution(fn);
  if (access.answerTasks) stateMachine.grant(fn, 'states:SendTaskSuccess', 'states:SendTaskFailure');
  if (access.stopExecutions) {
    // Pseudo parameters rather than the stack's region, so the ARN pattern (and its cdk-nag
    // acknowledgement in nag.ts) is the same whether or not the stack has a concrete environment.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['states:StopExecution'],
        resources: [`arn:${Aws.PARTITION}:states:${Aws.REGION}:${Aws.ACCOUNT_ID}:execution:${stateMachine.stateMachineName}:*`],
      }),
    );
  }
  for (const secret of secretsOf(spec)) state.secrets[secret].grantRead(fn);
  if (access.sendEmail) {
    const stack = Stack.of(fn);
    const senderDomain = config.sesSender.split('@')[1] ?? config.sesSender;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // The sender address or its domain, whichever identity the operator verified; nothing else.
        resources: [config.sesSender, senderDomain].map((identity) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
      }),
    );
  }
}
