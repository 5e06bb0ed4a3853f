// Whether the tenant's stack runs at all, on AWS's own metrics scoped to the tenant's resources (its
// functions, API, queue, state machine, SES configuration set; in an account of the tenant's own, the
// account-wide function and SES figures, one metric each): function errors and throttles, API 5xx,
// the oldest ticket waiting, executions timed out or aborted, SES bounce and complaint rates, and the
// stalled-run sweeper's heartbeat, the one alarm for which no data is an alarm. Built from the table
// SERVICE_ALARMS; composed by monitoring.ts next to the product alarms and the online rates.
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, GraphWidget, MathExpression, Metric, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { RefundAgentEmail } from './email.js';
import { FUNCTION_NAMES, type FunctionName } from './functions.js';
import { METRIC_NAMESPACE, RATE_MIN_SAMPLES } from './metrics.js';

export type ServiceAlarmsProps = {
  tenant: string;
  functions: Record<FunctionName, IFunction>;
  api: IHttpApi;
  queue: IQueue;
  stateMachine: IStateMachine;
  email: RefundAgentEmail;
  alarmAction: IAlarmAction;
  /** How often the stalled-run sweeper runs (functions.ts scheduleMinutes). */
  sweepEveryMinutes: number;
  /**
   * The tenant has an AWS account of its own (tenant file `dedicatedAccount`): what AWS already
   * aggregates per account stands for the tenant, one metric each instead of one per function: Lambda's
   * account-wide Errors and Throttles, and SES's account reputation (the figure SES reviews).
   */
  dedicatedAccount?: boolean;
};

/** A metric-math alarm may read at most 10 metrics (a CloudWatch hard limit): functions are grouped. */
export const MAX_METRICS_PER_ALARM = 10;

/** The functions in groups of at most MAX_METRICS_PER_ALARM, as even as can be (21 → 7, 7, 7). */
export function functionGroups(names: readonly FunctionName[] = FUNCTION_NAMES): FunctionName[][] {
  const groups = Math.ceil(names.length / MAX_METRICS_PER_ALARM);
  const size = Math.ceil(names.length / groups);
  return Array.from({ length: groups }, (_, i) => names.slice(i * size, (i + 1) * size));
}

type Spec = {
  description: string;
  /** Alarms when the value is above this (or below, for `below`). */
  threshold: number;
  below?: boolean;
  evaluationPeriods?: number;
  /** Silence means breakage: no data is an alarm. */
  breachingWhenSilent?: boolean;
};

/** Every service alarm but the per-group function ones (FunctionErrors<n>, FunctionThrottles<n>), by name. */
export const SERVICE_ALARMS = {
  Api5xx: { description: 'The API answered 5xx (a function failed or timed out behind a route)', threshold: 0 },
  OldestTicketAge: { description: 'A ticket event waited over 10 minutes in the queue: the run starter is failing or throttled', threshold: 600 },
  TimedOutExecutions: { description: 'Run executions that hit the state machine timeout (48 h)', threshold: 0 },
  AbortedExecutions: {
    description: `Share of a day's executions stopped (cancels and stalled-run stops are aborts): above 25% (at least ${RATE_MIN_SAMPLES} started)`,
    threshold: 25,
  },
  SesBounceRate: {
    description: `Share of the tenant's approval emails that bounced in 7 days: above 5%, where SES reviews an account (at least ${RATE_MIN_SAMPLES} sent)`,
    threshold: 5,
  },
  SesComplaintRate: {
    description: `Share of the tenant's approval emails marked as spam in 7 days: above 0.1%, where SES reviews an account (at least ${RATE_MIN_SAMPLES} sent)`,
    threshold: 0.1,
  },
  SweeperHeartbeat: {
    description: 'The stalled-run sweeper has not reported for 30 minutes (it reports on every run, every 5 minutes): stalled runs go unnoticed',
    threshold: 1,
    below: true,
    evaluationPeriods: 2,
    breachingWhenSilent: true,
  },
} as const satisfies Record<string, Spec>;
export type ServiceAlarmName = keyof typeof SERVICE_ALARMS;

const FUNCTION_ALARMS = {
  FunctionErrors: { description: 'Invocations that failed (an error thrown, a timeout, out of memory)', metric: 'Errors' },
  FunctionThrottles: { description: 'Invocations refused for want of concurrency (the account pool, or the tenant reservedConcurrency)', metric: 'Throttles' },
} as const;

/** Every alarm this construct builds, by name (in a shared account the function ones per group: FunctionErrors1, …). */
export const serviceAlarmNames = (groups = functionGroups().length, dedicatedAccount = false): string[] => [
  ...Object.keys(FUNCTION_ALARMS).flatMap((name) => (dedicatedAccount ? [name] : Array.from({ length: groups }, (_, i) => `${name}${i + 1}`))),
  ...Object.keys(SERVICE_ALARMS),
];

export class RefundAgentServiceAlarms extends Construct {
  readonly alarms: Record<string, Alarm> = {};
  readonly widgets: GraphWidget[] = [];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const fiveMinutes = Duration.minutes(5);

    if (props.dedicatedAccount) this.addAccountAlarms(props, fiveMinutes);
    else this.addTenantAlarms(props, fiveMinutes);

    this.add('Api5xx', props.api.metricServerError({ period: fiveMinutes, statistic: 'Sum' }), SERVICE_ALARMS.Api5xx, props.alarmAction);
    this.add(
      'OldestTicketAge',
      props.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }),
      SERVICE_ALARMS.OldestTicketAge,
      props.alarmAction,
    );
    this.add(
      'TimedOutExecutions',
      props.stateMachine.metricTimedOut({ period: fiveMinutes, statistic: 'Sum' }),
      SERVICE_ALARMS.TimedOutExecutions,
      props.alarmAction,
    );
    const day = Duration.days(1);
    this.add(
      'AbortedExecutions',
      rate(
        props.stateMachine.metricAborted({ period: day, statistic: 'Sum' }),
        props.stateMachine.metricStarted({ period: day, statistic: 'Sum' }),
        day,
        'AbortedExecutions (%)',
      ),
      SERVICE_ALARMS.AbortedExecutions,
      props.alarmAction,
    );
    // The sweeper writes StalledRuns (0 when none) on every run: how many lines came is its heartbeat.
    const heartbeat = new Metric({
      namespace: METRIC_NAMESPACE,
      metricName: 'StalledRuns',
      dimensionsMap: { Tenant: props.tenant },
      statistic: 'SampleCount',
      period: Duration.minutes(3 * props.sweepEveryMinutes),
    });
    this.add('SweeperHeartbeat', heartbeat, SERVICE_ALARMS.SweeperHeartbeat, props.alarmAction);
  }

  /** A shared account: each of the tenant's functions counted (in groups of ten), SES on the tenant's configuration set. */
  private addTenantAlarms(props: ServiceAlarmsProps, period: Duration): void {
    for (const [name, spec] of Object.entries(FUNCTION_ALARMS)) {
      for (const [g, group] of functionGroups().entries()) {
        const usingMetrics = Object.fromEntries(group.map((fn, i) => [`f${i}`, props.functions[fn].metric(spec.metric, { period, statistic: 'Sum' })]));
        const sum = new MathExpression({
          expression: Object.keys(usingMetrics)
            .map((k) => `FILL(${k}, 0)`)
            .join(' + '),
          usingMetrics,
          period,
          label: `${spec.metric} (${group.join(', ')})`,
        });
        this.add(`${name}${g + 1}`, sum, { description: `${spec.description}: ${group.join(', ')}`, threshold: 0 }, props.alarmAction);
      }
    }
    const week = Duration.days(7);
    const sent = props.email.metric('Send', { period: week });
    const ses = { SesBounceRate: 'Bounce', SesComplaintRate: 'Complaint' } as const;
    for (const [name, metric] of Object.entries(ses) as [keyof typeof ses, (typeof ses)[keyof typeof ses]][]) {
      this.add(name, rate(props.email.metric(metric, { period: week }), sent, week, `${name} (%)`), SERVICE_ALARMS[name], props.alarmAction);
    }
  }

  /** An account of the tenant's own: AWS's account-wide figures, one metric per alarm. */
  private addAccountAlarms(props: ServiceAlarmsProps, period: Duration): void {
    for (const [name, spec] of Object.entries(FUNCTION_ALARMS)) {
      const metric = new Metric({ namespace: 'AWS/Lambda', metricName: spec.metric, statistic: 'Sum', period });
      this.add(name, metric, { description: `${spec.description}: any function in the tenant's account`, threshold: 0 }, props.alarmAction);
    }
    // SES's reputation figures are the account's, as a fraction (what SES reviews); the thresholds are in percent.
    const ses = {
      SesBounceRate: { metricName: 'Reputation.BounceRate', what: 'bounce' },
      SesComplaintRate: { metricName: 'Reputation.ComplaintRate', what: 'complaint' },
    } as const;
    for (const [name, { metricName, what }] of Object.entries(ses) as [keyof typeof ses, (typeof ses)[keyof typeof ses]][]) {
      const hour = Duration.hours(1);
      const reputation = new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: hour });
      const percent = new MathExpression({ expression: '100 * r', usingMetrics: { r: reputation }, period: hour, label: `${name} (%)` });
      const spec = SERVICE_ALARMS[name];
      this.add(
        name,
        percent,
        { threshold: spec.threshold, description: `The account's SES ${what} rate (its reputation figure): above ${spec.threshold}%` },
        props.alarmAction,
      );
    }
  }

  private add(name: string, metric: IMetric, spec: Spec, action: IAlarmAction): void {
    const alarm = new Alarm(this, `${name}Alarm`, {
      metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      comparisonOperator: spec.below ? ComparisonOperator.LESS_THAN_THRESHOLD : ComparisonOperator.GREATER_THAN_THRESHOLD,
      // Only the heartbeat is expected to report whatever the traffic; elsewhere no data is no traffic.
      treatMissingData: spec.breachingWhenSilent ? TreatMissingData.BREACHING : TreatMissingData.NOT_BREACHING,
      alarmDescription: spec.description,
    });
    alarm.addAlarmAction(action);
    this.alarms[name] = alarm;
    this.widgets.push(new GraphWidget({ title: name, left: [metric], width: 8 }));
  }
}

/** 100 × part / whole over the period, 0 until the whole has RATE_MIN_SAMPLES (which also guards the division). */
function rate(part: IMetric, whole: IMetric, period: Duration, label: string): MathExpression {
  return new MathExpression({ expression: `IF(w >= ${RATE_MIN_SAMPLES}, 100 * FILL(p, 0) / w, 0)`, usingMetrics: { p: part, w: whole }, period, label });
}
