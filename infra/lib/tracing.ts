// How much of a tenant's work X-Ray records. Traces are billed per trace recorded ($5 a million), and
// X-Ray's default rule (the first request each second, then 5%) records nearly every execution of a
// tenant with a few tickets a minute: one trace a ticket, more than Lambda's compute for most of them.
// So the state machine is the one place that decides (Step Functions honours the account's sampling
// rules), and the functions only follow its decision (Lambda tracing PassThrough: an invocation is
// traced when the execution that invoked it was sampled; the webhook, the run starter and the sweeper,
// which no sampled execution calls, are not). In an account of the tenant's own, a sampling rule
// records 5% of executions and nothing from a reservoir; a shared account keeps X-Ray's default rule
// (sampling rules are per account, at most 25 of them: one per tenant would not fit).
import { CfnSamplingRule } from 'aws-cdk-lib/aws-xray';
import { Construct } from 'constructs';

/** The share of executions recorded in an account of the tenant's own. */
export const TRACE_SAMPLE_RATE = 0.05;

/** A rule for every state machine in the account (only this tenant's are there), ahead of the default. */
export class ExecutionSampling extends Construct {
  constructor(scope: Construct, id: string, props: { tenant: string }) {
    super(scope, id);
    new CfnSamplingRule(this, 'Rule', {
      samplingRule: {
        ruleName: `refund-agent-${props.tenant}`.slice(0, 32),
        priority: 100,
        fixedRate: TRACE_SAMPLE_RATE,
        reservoirSize: 0,
        serviceType: 'AWS::StepFunctions::StateMachine',
        serviceName: '*',
        resourceArn: '*',
        host: '*',
        httpMethod: '*',
        urlPath: '*',
        version: 1,
      },
    });
  }
}
