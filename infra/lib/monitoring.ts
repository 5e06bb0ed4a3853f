// The tenant's alarms and dashboard: the product alarms of metrics.ts (stalled runs, tool pin
// mismatches, budget hits, tool error rate), the four online rates of rates.ts (windows, tenant
// thresholds, the cost anomaly band), the AWS-metric alarms (messages in the dead-letter queue,
// failed executions) and the service alarms of service-alarms.ts (function errors and throttles, API
// 5xx, queue age, timed-out and aborted executions, SES bounces and complaints, the sweeper's
// heartbeat). Every alarm notifies one encrypted SNS topic, with the tenant's alarm emails
// subscribed. Composed by refund-agent.ts.
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRIC_NAMESPACE, PRODUCT_ALARMS, RATE_MIN_SAMPLES, type ProductAlarm, type ProductMetricName } from './metrics.js';
import { RATES, RefundAgentRates } from './rates.js';
import { RefundAgentServiceAlarms, type ServiceAlarmsProps } from './service-alarms.js';
import { RateAlarmThresholds } from './tenant-config.js';

export type MonitoringProps = {
  tenant: string;
  alarmEmails: readonly string[];
  deadLetterQueue: IQueue;
  stateMachine: IStateMachine;
  /**
   * Encrypts the alarm topic; CloudWatch is allowed to use it for publishing. Absent (the tenant chose
   * AWS's keys), the topic is not encrypted: CloudWatch cannot publish under the AWS-managed aws/sns
   * key, and a notification carries an alarm's name, state and reason, no customer data.
   */
  key: IKey | undefined;
  /** The tenant file's rate alarm thresholds (`alarms`); the defaults when not given. */
  alarms?: RateAlarmThresholds;
  /** Whether to build the dashboard ($3 a month each beyond an account's first three); the alarms exist either way. */
  dashboard?: boolean;
  /**
   * What the service alarms watch (service-alarms.ts): the functions, the API, the ticket queue, the
   * SES configuration set. refund-agent.ts always gives it; without it (a test of the rates alone), none.
   */
  service?: Omit<ServiceAlarmsProps, 'tenant' | 'stateMachine' | 'alarmAction'>;
};

/** Alarms on AWS's own metrics, next to PRODUCT_ALARMS. */
export const AWS_ALARMS = ['DeadLetterMessages', 'FailedExecutions'] as const;

export class RefundAgentMonitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Record<string, Alarm> = {};
  /** Only when the tenant asks for one (tenant file `dashboard`). */
  readonly dashboard: Dashboard | undefined;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { ...(props.key ? { masterKey: props.key } : {}), enforceSSL: true });
    // CloudWatch publishes alarm notifications to the encrypted topic with the tenant key.
    props.key?.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    for (const email of props.alarmEmails) this.topic.addSubscription(new EmailSubscription(email));

    const widgets = this.addProductAlarms(props.tenant);

    const dlq = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' });
    this.addAlarm('DeadLetterMessages', dlq, 0, 'Ticket events in the dead-letter queue: list them at GET /api/dead-letters');
    const failed = props.stateMachine.metricFailed({ period: Duration.minutes(5), statistic: 'Sum' });
    this.addAlarm('FailedExecutions', failed, 0, 'Run executions that failed outside the Escalate path');
    widgets.push(new GraphWidget({ title: 'Dead-letter messages', left: [dlq], width: 8 }));
    widgets.push(new GraphWidget({ title: 'Failed executions', left: [failed], width: 8 }));

    const rates = new RefundAgentRates(this, 'Rates', {
      tenant: props.tenant,
      thresholds: props.alarms ?? RateAlarmThresholds.parse({}),
      alarmAction: new SnsAction(this.topic),
    });
    Object.assign(this.alarms, rates.alarms);

    if (props.service) {
      const service = new RefundAgentServiceAlarms(this, 'Service', {
        ...props.service,
        tenant: props.tenant,
        stateMachine: props.stateMachine,
        alarmAction: new SnsAction(this.topic),
      });
      Object.assign(this.alarms, service.alarms);
      widgets.push(...service.widgets);
    }

    this.dashboard = props.dashboard ? this.createDashboard(props.tenant, widgets, rates.widgets) : undefined;
  }

  /** An alarm and a graph per product alarm of metrics.ts, the online rates apart. */
  private addProductAlarms(tenant: string): GraphWidget[] {
    const productMetric = (name: ProductMetricName, period: Duration, statistic = 'Sum'): IMetric =>
      new Metric({ namespace: METRIC_NAMESPACE, metricName: name, dimensionsMap: { Tenant: tenant }, statistic, period });

    const widgets: GraphWidget[] = [];
    for (const [name, spec] of Object.entries(PRODUCT_ALARMS) as [string, ProductAlarm][]) {
      // The online rates have their own windows and tenant thresholds: rates.ts builds those.
      if (name in RATES) continue;
      const period = Duration.minutes(spec.periodMinutes);
      const metric =
        spec.kind === 'count'
          ? productMetric(spec.metric, period, spec.statistic)
          : new MathExpression({
              // Quiet until enough items were decided in the period to call it a rate.
              expression: `IF(d >= ${RATE_MIN_SAMPLES}, ${spec.percent ? '100 * ' : ''}n / d, 0)`,
              usingMetrics: { n: productMetric(spec.numerator, period), d: productMetric(spec.denominator, period) },
              period,
              label: `${name} (${spec.valueLabel})`,
            });
      this.addAlarm(name, metric, spec.threshold, `${spec.description}: above ${spec.threshold} ${spec.valueLabel}`);
      widgets.push(new GraphWidget({ title: `${name} (${spec.valueLabel})`, left: [metric], width: 8 }));
    }
    return widgets;
  }

  /** Every alarm's state, a graph per product alarm and per rate. */
  private createDashboard(tenant: string, widgets: GraphWidget[], rateWidgets: GraphWidget[]): Dashboard {
    // No dashboardName: CDK generates one, so tenant stacks do not collide.
    return new Dashboard(this, 'Dashboard', {
      widgets: [
        [
          new TextWidget({
            markdown: `# refund-agent: ${tenant}\nProduct metrics in namespace \`${METRIC_NAMESPACE}\` (see docs/deploy.md, Alarms).`,
            width: 24,
            height: 2,
          }),
        ],
        [new AlarmStatusWidget({ title: 'Alarms', alarms: Object.values(this.alarms), width: 24 })],
        widgets,
        [
          new TextWidget({
            markdown: '## Online rates\nEach over its window, with its alarm threshold; the cost per closed ticket also hourly, with its expected band.',
            width: 24,
            height: 2,
          }),
        ],
        rateWidgets,
      ],
    });
  }

  private addAlarm(name: string, metric: IMetric, threshold: number, description: string): void {
    const alarm = new Alarm(this, `${name}Alarm`, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      // No data means nothing happened (or the emitter is not built yet): not an alarm.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms[name] = alarm;
  }
}
