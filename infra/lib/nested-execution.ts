// What the run's Standard state machine needs to start an Express execution of the steps and wait for
// it (`states:startExecution.sync:2`): start that one state machine, describe and stop its executions,
// and the managed EventBridge rule through which Step Functions learns that a child finished. The ASL is
// a string, so CDK cannot infer these. nag.ts acknowledges the two wildcards.
import { Aws } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';

/** The rule Step Functions manages for `.sync` starts of other state machines (one per account and region). */
export const SYNC_EVENTS_RULE = 'StepFunctionsGetEventsForStepFunctionsExecutionRule';

/**
 * Executions of `machine`, whose names (run ids, segments) are known only at run time. Pseudo
 * parameters rather than the stack's region, so the ARN pattern (and its cdk-nag acknowledgement in
 * nag.ts) is the same whether or not the stack has a concrete environment. Used here and by access.ts.
 */
export const executionsOf = (machine: StateMachine): string =>
  `arn:${Aws.PARTITION}:states:${Aws.REGION}:${Aws.ACCOUNT_ID}:execution:${machine.stateMachineName}:*`;

export function grantNestedSyncExecution(parent: StateMachine, child: StateMachine): void {
  child.grantStartExecution(parent);
  parent.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution', 'states:StopExecution'], resources: [executionsOf(child)] }));
  parent.addToRolePolicy(
    new PolicyStatement({
      actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
      resources: [`arn:${Aws.PARTITION}:events:${Aws.REGION}:${Aws.ACCOUNT_ID}:rule/${SYNC_EVENTS_RULE}`],
    }),
  );
}
