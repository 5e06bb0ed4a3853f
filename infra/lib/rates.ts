// The four online rates: approval override, refund reversal, reopen within 72 h and model cost per
// closed ticket. Each is a metric-math ratio of two counts the functions publish (metrics.ts) over a
// window, with a threshold alarm from the tenant file (`alarms`, tenant-config.ts); the cost per closed
// ticket also has an anomaly-detection alarm, which notices it moving away from its usual level while
// still under the threshold. Composed by monitoring.ts, which shows the alarms and graphs on its dashboard.
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AnomalyDetectionAlarm,
  CfnAnomalyDetector,
  ComparisonOperator,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IAlarmAction,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { METRIC_NAMESPACE, RATE_MIN_SAMPLES, type ProductAlarmName, type ProductMetricName } from './metrics.js';
import type { RateAlarmThresholds } from './tenant-config.js';

export type RateSpec = {
  description: string;
  numerator: ProductMetricName;
  denominator: ProductMetricName;
  /** `%`: 100 × numerator / denominator. `$`: a micro-dollar sum per item, in dollars. */
  unit: '%' | '$';
  /** The window the counts are summed over: the alarm's period. */
  windowDays: number;
  /** Its threshold in the tenant file's `alarms` (micro-dollars for `$`). */
  threshold: keyof RateAlarmThresholds;
};

/**
 * The rates by alarm name. The names are metrics.ts's PRODUCT_ALARMS entries these supersede (with a
 * window per rate and tenant thresholds), so monitoring.ts leaves those four to this module.
 */
export const RATES = {
  ApprovalOverrideRate: {
    description: 'Share of decided approvals the support lead rejected: the proposals disagree with the team',
    numerator: 'ApprovalsOverridden',
    denominator: 'ApprovalsDecided',
    unit: '%',
    windowDays: 1,
    threshold: 'overrideRate',
  },
  RefundReversalRate: {
    description: 'Share of agent refunds later reversed or disputed',
    numerator: 'RefundsReversed',
    denominator: 'RefundsIssued',
    unit: '%',
    // A dispute comes days or weeks after its refund: a day's reversals belong to earlier days' refunds.
    windowDays: 7,
    threshold: 'reversalRate',
  },
  ReopenWithin72hRate: {
    description: 'Share of closed tickets the customer reopened within 72 h',
    numerator: 'TicketsReopened72h',
    denominator: 'TicketsClosed',
    unit: '%',
    // A reopen comes up to 3 days after its close.
    windowDays: 7,
    threshold: 'reopenRate',
  },
  CostPerClosedTicket: {
    description: 'Model cost per closed ticket',
    numerator: 'RunCostMicros',
    denominator: 'TicketsClosed',
    unit: '$',
    windowDays: 1,
    threshold: 'costPerTicketMicros',
  },
} as const satisfies Partial<Record<ProductAlarmName, RateSpec>>;
export type RateName = keyof typeof RATES;
export const RATE_NAMES = Object.keys(RATES) as RateName[];

/** The anomaly alarm on the cost per closed ticket: hourly, so the model learns the day's rhythm. */
export const COST_ANOMALY = {
  name: 'CostPerClosedTicketAnomaly',
  rate: 'CostPerClosedTicket',
  periodMinutes: 60,
  /** Width of the expected band, in standard deviations. */
  stdDevs: 2,
  /** Above the band in 3 of the last 6 hours: one expensive ticket in a quiet hour is no trend. */
  evaluationPeriods: 6,
  datapointsToAlarm: 3,
} as const satisfies { name: string; rate: RateName; periodMinutes: number; stdDevs: number; evaluationPeriods: number; datapointsToAlarm: number };

const MICROS_PER_DOLLAR = 1_000_000;

/**
 * The rate in a period, from the numerator `n` and denominator `d`: 0 until `minSamples` items were
 * counted, which also guards the division. The numerator is emitted only when it happens (a rejection,
 * a reversal), so a period without one is 0, not a gap.
 */
export function rateExpression(spec: RateSpec, minSamples: number): string {
  const ratio = spec.unit === '%' ? '100 * FILL(n, 0) / d' : `FILL(n, 0) / d / ${MICROS_PER_DOLLAR}`;
  return `IF(d >= ${minSamples}, ${ratio}, 0)`;
}

/** The alarm threshold in the rate's unit: dollars for the cost, which the tenant file gives in micro-dollars. */
export function thresholdOf(spec: RateSpec, thresholds: RateAlarmThresholds): number {
  const value = thresholds[spec.threshold];
  return spec.unit === '$' ? value / MICROS_PER_DOLLAR : value;
}

export type RatesProps = {
  tenant: string;
  thresholds: RateAlarmThresholds;
  /** What every alarm does when it fires (the tenant's alarm topic). */
  alarmAction: IAlarmAction;
};

/** Metric math for a rate over one period: the count metrics of its numerator and denominator, quiet below minSamples. */
function rateOver(tenant: string, name: RateName, period: Duration, minSamples: number, label: string): MathExpression {
  const count = (metricName: ProductMetricName) =>
    new Metric({ namespace: METRIC_NAMESPACE, metricName, dimensionsMap: { Tenant: tenant }, statistic: 'Sum', period });
  const spec: RateSpec = RATES[name];
  return new MathExpression({
    expression: rateExpression(spec, minSamples),
    usingMetrics: { n: count(spec.numerator), d: count(spec.denominator) },
    period,
    label,
  });
}

export class RefundAgentRates extends Construct {
  readonly alarms: Record<string, Alarm> = {};
  readonly widgets: GraphWidget[] = [];

  constructor(scope: Construct, id: string, props: RatesProps) {
    super(scope, id);
    this.addWindowedRates(props);
    this.addCostAnomaly(props);
  }

  /** An alarm over each rate's own window, at the tenant's threshold, and its graph. */
  private addWindowedRates(props: RatesProps): void {
    for (const name of RATE_NAMES) {
      const spec: RateSpec = RATES[name];
      const window = Duration.days(spec.windowDays);
      const windowText = spec.windowDays === 1 ? 'a day' : `${spec.windowDays} days`;
      const threshold = thresholdOf(spec, props.thresholds);
      const rate = rateOver(props.tenant, name, window, RATE_MIN_SAMPLES, `${name} (${spec.unit}, ${windowText})`);
      const alarm = new Alarm(this, `${name}Alarm`, {
        metric: rate,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        // No tickets, no signal: a quiet window is not an alarm.
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: `${spec.description}: above ${threshold} ${spec.unit} over ${windowText} (at least ${RATE_MIN_SAMPLES} items)`,
      });
      alarm.addAlarmAction(props.alarmAction);
      this.alarms[name] = alarm;
      // One point per window: the graph shows the last 28 windows, whatever the dashboard's own range.
      this.widgets.push(
        new GraphWidget({
          title: `${name} (${spec.unit}, over ${windowText})`,
          left: [rate],
          leftAnnotations: [alarm.toAnnotation()],
          start: `-P${spec.windowDays * 4}W`,
          width: 8,
        }),
      );
    }
  }

  /** The cost per closed ticket, hourly, against the band an anomaly detector learns. */
  private addCostAnomaly(props: RatesProps): void {
    // Any closed ticket counts here (minimum 1): the model should learn from every hour with tickets,
    // and hours without any stay gaps rather than zeros that would drag the expected band down.
    const period = Duration.minutes(COST_ANOMALY.periodMinutes);
    const hourly = rateOver(props.tenant, COST_ANOMALY.rate, period, 1, `${COST_ANOMALY.rate} ($, hourly)`);
    const costSpec: RateSpec = RATES[COST_ANOMALY.rate];
    new CfnAnomalyDetector(this, 'CostPerClosedTicketAnomalyDetector', {
      metricMathAnomalyDetector: {
        metricDataQueries: [
          { id: 'm0', expression: rateExpression(costSpec, 1), label: `${COST_ANOMALY.rate} ($, hourly)`, returnData: true },
          ...(['n', 'd'] as const).map((id) => ({
            id,
            metricStat: {
              metric: {
                namespace: METRIC_NAMESPACE,
                metricName: id === 'n' ? costSpec.numerator : costSpec.denominator,
                dimensions: [{ name: 'Tenant', value: props.tenant }],
              },
              period: period.toSeconds(),
              stat: 'Sum',
            },
            returnData: false,
          })),
        ],
      },
    });
    const anomaly = new AnomalyDetectionAlarm(this, `${COST_ANOMALY.name}Alarm`, {
      metric: hourly,
      stdDevs: COST_ANOMALY.stdDevs,
      evaluationPeriods: COST_ANOMALY.evaluationPeriods,
      datapointsToAlarm: COST_ANOMALY.datapointsToAlarm,
      // A cheaper ticket is no problem; a dearer one is (a model change, a longer loop, a price change).
      comparisonOperator: ComparisonOperator.GREATER_THAN_UPPER_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription:
        `${costSpec.description}, hourly, above its expected band (${COST_ANOMALY.stdDevs} standard deviations) ` +
        `in ${COST_ANOMALY.datapointsToAlarm} of the last ${COST_ANOMALY.evaluationPeriods} hours`,
    });
    anomaly.addAlarmAction(props.alarmAction);
    this.alarms[COST_ANOMALY.name] = anomaly;
    this.widgets.push(
      new GraphWidget({
        title: `${COST_ANOMALY.rate} ($, hourly) and its expected band`,
        left: [hourly, Metric.anomalyDetectionFor({ metric: hourly, stdDevs: COST_ANOMALY.stdDevs, period })],
        width: 8,
      }),
    );
  }
}
