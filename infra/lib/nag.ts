// The cdk-nag (AwsSolutions) findings this product accepts, each with its reason, acknowledged on the
// narrowest construct that raises it and, for wildcards, by finding (`AwsSolutions-IAM5[...]`), so a
// new wildcard elsewhere still fails. test/unit/infra/nag.test.ts runs the
// pack over a synthesized tenant and requires zero unacknowledged findings.
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { Role } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionSpec } from './functions.js';
import type { RefundAgent } from './refund-agent.js';
import { secretsOf } from './secrets.js';

const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

/** Grants that encrypt with the tenant key (table writes, sending to the queues): CDK's key grant holds GenerateDataKey* and ReEncrypt*. */
const writesEncrypted = (access: FunctionSpec['access']) =>
  access.table === 'readWrite' || !!access.sendToQueue || access.deadLetters === 'send' || access.deadLetters === 'redrive';

/** The logical id CloudFormation gives a construct's default child, as findings name it. */
type LogicalIdOf = (construct: IConstruct) => string;

export function acknowledgeFindings(agent: RefundAgent): void {
  const stack = Stack.of(agent);
  const logicalId: LogicalIdOf = (construct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

  ack(
    agent,
    'AwsSolutions-L1',
    'nodejs22.x (supported into 2027) rather than the newest nodejs24.x: the toolchain and local dev run Node 20/22; LAMBDA_RUNTIME in bundling.ts is the one place to change',
  );
  acknowledgeFunctionRoles(agent, logicalId);
  ack(
    agent.consoleAuth.userPool,
    'AwsSolutions-COG8',
    "Staff-only pool: no self sign-up, users only from the tenant file, 14-character passwords and MFA required; the Plus plan's threat protection is billed per user and left to the tenant (docs/deploy.md)",
  );
  acknowledgeStateMachines(agent, logicalId);
}

/** The findings on each function's own role, by the grants its access flags make. */
function acknowledgeFunctionRoles(agent: RefundAgent, logicalId: LogicalIdOf): void {
  const { table } = agent.state;
  for (const name of FUNCTION_NAMES) {
    // The findings are on the function's own role (function-role.ts), where its grants are, and each
    // is acknowledged only on the roles whose access flags make the grant (test/unit/infra/nag.test.ts
    // fails on an acknowledgement that answers no finding).
    const fn = agent.functions[name].role as Role;
    const access = FUNCTIONS[name].access;
    ack(
      fn,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions (tracing PassThrough: when the execution was sampled)',
    );
    if (agent.state.key && writesEncrypted(access)) {
      ack(
        fn,
        'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
        'CDK grant on the tenant data key only (resource is that key): writers encrypt table items, queue messages',
      );
      ack(
        fn,
        'AwsSolutions-IAM5[Action::kms:ReEncrypt*]',
        'CDK grant on the tenant data key only (resource is that key), part of the DynamoDB/SQS write grants',
      );
    }
    // A function that reads only named keys (narrowReads) gets no index grant, so no such finding.
    if (access.table && !access.narrowReads) {
      ack(
        fn,
        `AwsSolutions-IAM5[Resource::<${logicalId(table)}.Arn>/index/*]`,
        'Queries on the indexes of this tenant table (functions/shared/stores/dynamo/table.ts: byOrder and the others); the wildcard covers only this table',
      );
    }
    if (secretsOf(FUNCTIONS[name]).length > 0) {
      ack(
        fn,
        'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]',
        'The AWS-managed aws/ssm key of the secret parameters (secret-access.ts): its id differs per account, so key/* held to that key through SSM by kms:ResourceAliases and kms:ViaService',
      );
    }
    if (access.stopExecutions) {
      ack(
        fn,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:<${logicalId(agent.stateMachine)}.Name>:*]`,
        'StopExecution on executions of this tenant state machine only; execution names are run ids, known only at run time',
      );
    }
  }
}

/** The findings on the run's state machine and the steps' Express one. */
function acknowledgeStateMachines(agent: RefundAgent, logicalId: LogicalIdOf): void {
  const run = agent.stateMachine;
  ack(
    run,
    'AwsSolutions-SF1',
    "Logs failures only (refund-agent.ts): a Standard execution's every transition is in its history for 90 days and the run row holds its state; logging each event again doubled the per-ticket log cost",
  );
  ack(
    run,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:<${logicalId(agent.stepsMachine)}.Name>:*]`,
    "DescribeExecution and StopExecution on the steps' Express executions only, for startExecution.sync (nested-execution.ts); their names hold the run id",
  );
  for (const machine of [run, agent.stepsMachine]) {
    ack(machine, 'AwsSolutions-IAM5[Resource::*]', 'CloudWatch Logs delivery and X-Ray actions of the state machine role have no resource-level permissions');
    for (const fn of agent.invokedBy.get(machine) ?? []) {
      ack(
        machine,
        `AwsSolutions-IAM5[Resource::<${logicalId(agent.functions[fn])}.Arn>:*]`,
        'Invoke on the step function and its versions (CDK grantInvoke); no other function',
      );
    }
  }
}
