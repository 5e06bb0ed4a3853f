// The tenant's SES configuration set. Approval emails are sent through it (SES_CONFIGURATION_SET), so
// SES publishes the tenant's own Send, Delivery, Bounce and Complaint counts to CloudWatch (namespace
// AWS/SES, dimension Tenant), which the bounce and complaint rate alarms read (service-alarms.ts). An
// account's SES reputation is shared by every tenant sending from it; these counts say whose mail it
// was. Composed by refund-agent.ts.
import { Stack } from 'aws-cdk-lib';
import { Metric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The sending events SES counts for the tenant. */
export const SES_EVENTS = ['Send', 'Delivery', 'Bounce', 'Complaint'] as const;
export type SesEvent = (typeof SES_EVENTS)[number];

export class RefundAgentEmail extends Construct {
  readonly configurationSet: ConfigurationSet;
  private readonly tenant: string;

  constructor(scope: Construct, id: string, props: { tenant: string }) {
    super(scope, id);
    this.tenant = props.tenant;
    // No name: CloudFormation generates one, so tenants in one account do not collide.
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet');
    this.configurationSet.addEventDestination('Metrics', {
      // No message carries a Tenant tag, so every event takes the default: the tenant's name.
      destination: EventDestination.cloudWatchDimensions([{ name: 'Tenant', source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: props.tenant }]),
      events: [EmailSendingEvent.SEND, EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
  }

  /** SES asks for ses:SendEmail on the configuration set too when a message names it. */
  grantSendThrough(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName })],
      }),
    );
  }

  /** One of the tenant's sending counts. */
  metric(event: SesEvent, options: MetricOptions = {}): Metric {
    return new Metric({ namespace: 'AWS/SES', metricName: event, dimensionsMap: { Tenant: this.tenant }, statistic: 'Sum', ...options });
  }
}
