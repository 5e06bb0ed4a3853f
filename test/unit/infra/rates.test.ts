// The four online rates of a tenant stack (infra/lib/rates.ts): each a metric-math ratio of the right
// two counts over its window, with the tenant dimension; a threshold alarm per rate from the tenant
// file or its defaults; the anomaly detector and alarm on the cost per closed ticket; all on the alarm
// topic and the dashboard.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundAgentMonitoring } from '../../../infra/lib/monitoring.js';
import { RATE_NAMES } from '../../../infra/lib/rates.js';
import { TenantConfig } from '../../../infra/lib/tenant-config.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate, type Resource } from './template.js';

type Query = {
  Id: string;
  Expression?: string;
  Label?: string;
  ReturnData?: boolean;
  MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: unknown }[] }; Stat: string; Period: number };
};
type AlarmProps = Record<string, unknown> & { Metrics: Query[] };

const DAY = 86_400;
/** What each rate divides, over which window, and its default threshold (the issue's figures). */
const EXPECTED = [
  { name: 'ApprovalOverrideRate', numerator: 'ApprovalsOverridden', denominator: 'ApprovalsDecided', window: DAY, threshold: 20, percent: true },
  { name: 'RefundReversalRate', numerator: 'RefundsReversed', denominator: 'RefundsIssued', window: 7 * DAY, threshold: 2, percent: true },
  { name: 'ReopenWithin72hRate', numerator: 'TicketsReopened72h', denominator: 'TicketsClosed', window: 7 * DAY, threshold: 10, percent: true },
  { name: 'CostPerClosedTicket', numerator: 'RunCostMicros', denominator: 'TicketsClosed', window: DAY, threshold: 0.1, percent: false },
] as const;

const alarmIn = (alarms: [string, Resource][], name: string): AlarmProps => {
  const found = alarms.filter(([id]) => id.includes(`${name}Alarm`));
  expect(found, name).toHaveLength(1);
  return found[0]![1].Properties as AlarmProps;
};
const query = (alarm: AlarmProps, id: string) => alarm.Metrics.find((q) => q.Id === id)!;
const returned = (alarm: AlarmProps) => alarm.Metrics.filter((q) => q.ReturnData !== false);

let t: ReturnType<typeof readTemplate>;
let alarms: [string, Resource][];
let topicId: string;

beforeAll(() => {
  t = readTemplate(synthTenant());
  alarms = t.ofType('AWS::CloudWatch::Alarm');
  topicId = t.idOf('AWS::SNS::Topic');
});

/** The monitoring construct alone, given the `alarms` a tenant file parsed to. */
function synthMonitoring(tenantAlarms: unknown): [string, Resource][] {
  const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Monitoring');
  new RefundAgentMonitoring(stack, 'Monitoring', {
    tenant: TEST_TENANT.tenant,
    alarmEmails: [],
    deadLetterQueue: new Queue(stack, 'Dlq'),
    stateMachine: StateMachine.fromStateMachineArn(stack, 'Runs', 'arn:aws:states:us-east-1:111122223333:stateMachine:runs'),
    key: new Key(stack, 'Key'),
    alarms: TenantConfig.parse({ ...TEST_TENANT, alarms: tenantAlarms }).alarms,
  });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  return Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');
}

describe('the four rates', () => {
  it.each(EXPECTED)('computes $name as $numerator / $denominator over its window, for the tenant only', (rate) => {
    const alarm = alarmIn(alarms, rate.name);
    const [expression] = returned(alarm);

    expect(returned(alarm)).toHaveLength(1);
    expect(expression!.Expression).toBe(rate.percent ? 'IF(d >= 5, 100 * FILL(n, 0) / d, 0)' : 'IF(d >= 5, FILL(n, 0) / d / 1000000, 0)');
    for (const [id, metricName] of [
      ['n', rate.numerator],
      ['d', rate.denominator],
    ] as const) {
      expect(query(alarm, id).MetricStat, `${rate.name} ${id}`).toEqual({
        Metric: { Namespace: 'RefundAgent', MetricName: metricName, Dimensions: [{ Name: 'Tenant', Value: TEST_TENANT.tenant }] },
        Stat: 'Sum',
        Period: rate.window,
      });
    }
  });

  it.each(EXPECTED)('alarms when $name is above its default threshold, quiet without tickets, on the alarm topic', (rate) => {
    expect(alarmIn(alarms, rate.name)).toMatchObject({
      Threshold: rate.threshold,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('takes the thresholds a tenant file sets and keeps the defaults for the others', () => {
    const tenantAlarms = synthMonitoring({ overrideRate: 35, reopenRate: 4.5, costPerTicketMicros: 50_000 });

    expect(Object.fromEntries(RATE_NAMES.map((name) => [name, alarmIn(tenantAlarms, name).Threshold]))).toEqual({
      ApprovalOverrideRate: 35,
      RefundReversalRate: 2,
      ReopenWithin72hRate: 4.5,
      CostPerClosedTicket: 0.05,
    });
  });
});

describe('the tenant file', () => {
  it('defaults every rate threshold when it has no alarms', () => {
    expect(TEST_TENANT.alarms).toEqual({ overrideRate: 20, reversalRate: 2, reopenRate: 10, costPerTicketMicros: 100_000 });
  });

  it('refuses a rate over 100%, a fractional micro-dollar cost and an unknown alarm', () => {
    for (const [alarms, field] of [
      [{ overrideRate: 120 }, 'alarms.overrideRate'],
      [{ reversalRate: -1 }, 'alarms.reversalRate'],
      [{ costPerTicketMicros: 0.5 }, 'alarms.costPerTicketMicros'],
      [{ errorRate: 5 }, 'alarms'],
    ] as const) {
      const parsed = TenantConfig.safeParse({ ...TEST_TENANT, alarms });
      expect(parsed.success, field).toBe(false);
      expect(
        parsed.error!.issues.map((issue) => issue.path.join('.')),
        field,
      ).toContain(field);
    }
  });
});

describe('the cost anomaly', () => {
  it('trains an anomaly detector on the hourly cost per closed ticket of the tenant', () => {
    const detectors = t.ofType('AWS::CloudWatch::AnomalyDetector');
    expect(detectors).toHaveLength(1);
    const queries = (detectors[0]![1].Properties as { MetricMathAnomalyDetector: { MetricDataQueries: Query[] } }).MetricMathAnomalyDetector.MetricDataQueries;

    expect(queries.filter((q) => q.ReturnData)).toEqual([expect.objectContaining({ Id: 'm0', Expression: 'IF(d >= 1, FILL(n, 0) / d / 1000000, 0)' })]);
    expect(queries.filter((q) => q.MetricStat).map((q) => [q.Id, q.MetricStat])).toEqual(
      (
        [
          ['n', 'RunCostMicros'],
          ['d', 'TicketsClosed'],
        ] as const
      ).map(([id, metricName]) => [
        id,
        {
          Metric: { Namespace: 'RefundAgent', MetricName: metricName, Dimensions: [{ Name: 'Tenant', Value: TEST_TENANT.tenant }] },
          Stat: 'Sum',
          Period: 3600,
        },
      ]),
    );
  });

  it('alarms when the hourly cost is above its expected band in 3 of 6 hours, on exactly what the detector models', () => {
    const alarm = alarmIn(alarms, 'CostPerClosedTicketAnomaly');
    const band = alarm.Metrics.find((q) => q.Expression?.startsWith('ANOMALY_DETECTION_BAND'))!;
    const [, detector] = t.ofType('AWS::CloudWatch::AnomalyDetector')[0]!;
    const modelled = (detector.Properties as { MetricMathAnomalyDetector: { MetricDataQueries: Query[] } }).MetricMathAnomalyDetector.MetricDataQueries;

    expect(band.Expression).toBe('ANOMALY_DETECTION_BAND(m0, 2)');
    expect(alarm).toMatchObject({
      ThresholdMetricId: band.Id,
      ComparisonOperator: 'GreaterThanUpperThreshold',
      EvaluationPeriods: 6,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId }],
    });
    expect(alarm.Threshold).toBeUndefined();
    // Same queries, so CloudWatch pairs the alarm with this detector rather than training another.
    expect(alarm.Metrics.filter((q) => q !== band)).toEqual(modelled);
  });
});

describe('the dashboard', () => {
  it('graphs each rate over its window against its threshold, and the hourly cost with its band', () => {
    const [, dashboard] = t.ofType('AWS::CloudWatch::Dashboard')[0]!;
    const body = JSON.stringify(dashboard.Properties!.DashboardBody);

    for (const rate of EXPECTED) {
      expect(body).toContain(`${rate.name} (${rate.percent ? '%' : '$'}, over ${rate.window === DAY ? 'a day' : '7 days'})`);
      expect(body).toContain(`\\"value\\":${rate.threshold}`);
    }
    expect(body).toContain('ANOMALY_DETECTION_BAND(m0, 2)');
    for (const [id] of alarms.filter(([id]) => RATE_NAMES.some((name) => id.includes(name)))) expect(body, id).toContain(id);
  });
});
