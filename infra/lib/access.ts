// Least privilege, from the FUNCTIONS table: each access flag of a function becomes exactly the IAM
// grants (and event source) it needs, on this tenant's resources only. Secrets follow secrets.ts: a
// function may read a secret only if one of its readers' flags is on; only mcpClient functions may
// invoke the MCP server's function URL.
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { FUNCTIONS, type FunctionName } from './functions.js';
import { executionsOf } from './nested-execution.js';
import { rowWriteStatements } from './row-access.js';
import { grantSecretParameters } from './secret-access.js';
import type { RefundAgentState } from './stateful.js';
import type { TenantConfig } from './tenant-config.js';

export type GrantInput = {
  name: FunctionName;
  fn: NodejsFunction;
  config: TenantConfig;
  state: RefundAgentState;
  stateMachine: StateMachine;
  /** The MCP server's function URL (AuthType AWS_IAM). */
  mcpUrl: FunctionUrl;
};

/** The reads of the table adapters (harness/adapters/dynamo, functions/shared/stores/dynamo): Get, and Query (the indexes). */
const TABLE_READS = ['dynamodb:GetItem', 'dynamodb:Query'] as const;

/** The same key actions as CDK's table grants: readers decrypt, writers also encrypt. */
const KEY_ACTIONS = {
  read: ['kms:Decrypt', 'kms:DescribeKey'],
  readWrite: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'],
} as const;

export function grantAccess({ name, fn, config, state, stateMachine, mcpUrl }: GrantInput): void {
  const spec = FUNCTIONS[name];
  const access = spec.access;
  const { table, queue, deadLetterQueue } = state;

  // The table: only the calls the adapters make (not CDK's grantRead/WriteData, which add Scan,
  // DeleteItem, batch and stream actions), and the key (kms:Decrypt, Encrypt/GenerateDataKey for writers).
  // No function scans: the runs lists and the stalled-run sweep query the byStatus index. Reads are
  // table-wide unless the function names the keys it reads (`narrowReads`, a public function's own
  // rows); writes are per item type, by partition key and attribute names (row-access.ts).
  if (access.table) {
    if (access.narrowReads) {
      const conditions = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.narrowReads] }, Null: { 'dynamodb:LeadingKeys': 'false' } };
      fn.addToRolePolicy(new PolicyStatement({ sid: 'NarrowReads', actions: ['dynamodb:GetItem'], resources: [table.tableArn], conditions }));
    } else table.grant(fn, ...TABLE_READS);
    for (const { sid, actions, conditions } of rowWriteStatements(name)) {
      fn.addToRolePolicy(new PolicyStatement({ sid, actions, resources: [table.tableArn], conditions }));
    }
    state.key?.grant(fn, ...KEY_ACTIONS[access.table]);
  }
  if (access.sendToQueue) queue.grantSendMessages(fn);
  if (access.consumeQueue) fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  if (access.deadLetters === 'send') deadLetterQueue.grantSendMessages(fn);
  if (access.deadLetters === 'peek') {
    // Receive with a zero visibility timeout, never delete: the operator reads, SQS keeps them.
    deadLetterQueue.grant(fn, 'sqs:ReceiveMessage', 'sqs:GetQueueAttributes');
    state.key?.grantDecrypt(fn);
  }
  if (access.deadLetters === 'redrive') {
    // Peek, and take one message out to retry it: hidden while it is resent, deleted once it was.
    deadLetterQueue.grant(fn, 'sqs:ReceiveMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage');
    state.key?.grantDecrypt(fn);
  }
  if (access.startExecution) stateMachine.grantStartExecution(fn);
  // lambda:InvokeFunctionUrl (AuthType AWS_IAM) and lambda:InvokeFunction only through the URL: a
  // direct invoke, which could forge the URL's IAM context, stays refused.
  if (access.mcpClient) mcpUrl.grantInvokeUrl(fn);
  if (access.answerTasks) stateMachine.grant(fn, 'states:SendTaskSuccess', 'states:SendTaskFailure');
  if (access.stopExecutions) {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StopExecution'], resources: [executionsOf(stateMachine)] }));
  }
  grantSecretParameters(fn, spec, config.tenant);
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
