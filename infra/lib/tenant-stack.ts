// One CloudFormation stack per tenant holding the RefundAgent construct, plus the outputs an operator
// needs. Instantiated by bin/app.ts.
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { RefundAgent } from './refund-agent.js';
import { parameterNameOf, SECRET_NAMES, SECRETS, secretIdOf } from './secrets.js';
import type { SourceLayout } from './source-layout.js';
import type { TenantConfig } from './tenant-config.js';

export type TenantStackProps = StackProps & { config: TenantConfig; source: SourceLayout };

export class TenantStack extends Stack {
  readonly agent: RefundAgent;

  constructor(scope: Construct, id: string, props: TenantStackProps) {
    const { config, source, ...stackProps } = props;
    super(scope, id, { description: `refund-agent for tenant ${config.tenant}`, ...stackProps });
    Tags.of(this).add('refund-agent:tenant', config.tenant);

    this.agent = new RefundAgent(this, 'RefundAgent', { config, source });

    new CfnOutput(this, 'ApiUrl', { value: this.agent.http.url });
    new CfnOutput(this, 'StateMachineArn', { value: this.agent.stateMachine.stateMachineArn });
    new CfnOutput(this, 'TableName', { value: this.agent.state.table.tableName });
    new CfnOutput(this, 'TicketQueueUrl', { value: this.agent.state.queue.queueUrl });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.agent.state.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.agent.monitoring.topic.topicArn });
    if (this.agent.monitoring.dashboard) new CfnOutput(this, 'DashboardName', { value: this.agent.monitoring.dashboard.dashboardName });
    // The secret parameters an operator puts (docs/deploy.md, step 4); the generated ones need nobody.
    for (const name of SECRET_NAMES) {
      if (SECRETS[name].source === 'operator') new CfnOutput(this, `${secretIdOf(name)}ParameterName`, { value: parameterNameOf(config.tenant, name) });
    }
  }
}

export const stackIdOf = (tenant: string): string => `RefundAgent-${tenant}`;
