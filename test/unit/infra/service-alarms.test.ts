// Whether a tenant's stack runs at all, alarmed on AWS's metrics of the tenant's own resources: every
// function's errors and throttles (in groups, a metric-math alarm reads at most 10 metrics), API 5xx,
// the oldest ticket waiting, timed-out and aborted executions, SES bounce and complaint rates of the
// tenant's configuration set, and the stalled-run sweeper's heartbeat (no data is an alarm there).
import { beforeAll, describe, expect, it } from 'vitest';
import { createStalledRunsSweep } from '#functions/steps/stalled-runs/use-case.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { FUNCTION_NAMES, FUNCTIONS } from '../../../infra/lib/functions.js';
import { functionGroups, MAX_METRICS_PER_ALARM, SERVICE_ALARMS } from '../../../infra/lib/service-alarms.js';
import { recordingMetrics } from '../../support/metrics.js';
import { recordingWorkflow } from '../../support/steps.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate, resolveTokens, type Resource } from './template.js';

type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: unknown }[] }; Stat: string; Period: number };
type Query = { Id: string; Expression?: string; MetricStat?: MetricStat };
type AlarmProps = Record<string, unknown> & { Metrics?: Query[]; Namespace?: string; MetricName?: string; Dimensions?: { Name: string; Value: unknown }[] };

let synth: ReturnType<typeof synthTenant>;
let t: ReturnType<typeof readTemplate>;
let alarms: [string, Resource][];

beforeAll(() => {
  synth = synthTenant();
  t = readTemplate(synth);
  alarms = t.ofType('AWS::CloudWatch::Alarm');
});

const alarm = (name: string): AlarmProps => {
  const found = alarms.filter(([id]) => id.includes(`Service${name}Alarm`));
  expect(found, name).toHaveLength(1);
  return found[0]![1].Properties as AlarmProps;
};
const stats = (props: AlarmProps) => (props.Metrics ?? []).filter((q) => q.MetricStat).map((q) => q.MetricStat!);
const expression = (props: AlarmProps) => (props.Metrics ?? []).find((q) => q.Expression)!.Expression;

describe('function errors and throttles', () => {
  it('groups the functions so that no alarm reads more than 10 metrics, and each function is in exactly one group', () => {
    const groups = functionGroups();

    expect(groups.flat().sort()).toEqual([...FUNCTION_NAMES].sort());
    for (const group of groups) expect(group.length).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
    expect(functionGroups(FUNCTION_NAMES.slice(0, 10))).toHaveLength(1);
  });

  it.each(['Errors', 'Throttles'])("alarms on any %s of any of the tenant's functions, summed per group", (metric) => {
    const watched = functionGroups().flatMap((group, g) => {
      const props = alarm(`Function${metric}${g + 1}`);
      expect(props).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'notBreaching' });
      expect(expression(props)).toBe(group.map((_, i) => `FILL(f${i}, 0)`).join(' + '));
      return stats(props).map((s) => {
        expect(s.Metric).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metric });
        return resolveTokens(s.Metric.Dimensions.find((d) => d.Name === 'FunctionName')!.Value);
      });
    });

    expect(watched.sort()).toEqual(FUNCTION_NAMES.map((fn) => synth.logicalIdOf(fn)).sort());
  });
});

describe('API, queue and executions', () => {
  it('alarms on any 5xx of the tenant API', () => {
    const props = alarm('Api5xx');
    expect(props).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Threshold: 0 });
    expect(resolveTokens(props.Dimensions!.find((d) => d.Name === 'ApiId')!.Value)).toBe(t.idOf('AWS::ApiGatewayV2::Api'));
  });

  it('alarms when the oldest ticket event has waited over 10 minutes in the ticket queue (not the dead-letter one)', () => {
    const props = alarm('OldestTicketAge');
    const mainQueue = t.ofType('AWS::SQS::Queue').find(([, q]) => q.Properties?.RedrivePolicy)![0];
    expect(props).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateAgeOfOldestMessage', Statistic: 'Maximum', Threshold: 600 });
    expect(props.Dimensions).toEqual([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [mainQueue, 'QueueName'] } }]);
  });

  it('alarms on any timed-out execution, and on a day with more than a quarter of executions aborted', () => {
    expect(alarm('TimedOutExecutions')).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut', Threshold: 0 });
    const aborted = alarm('AbortedExecutions');
    expect(expression(aborted)).toBe('IF(w >= 5, 100 * FILL(p, 0) / w, 0)');
    expect(stats(aborted).map((s) => [s.Metric.MetricName, s.Period])).toEqual([
      ['ExecutionsAborted', 86400],
      ['ExecutionsStarted', 86400],
    ]);
    expect(aborted.Threshold).toBe(SERVICE_ALARMS.AbortedExecutions.threshold);
  });
});

describe('email', () => {
  it("sends approval emails through the tenant's SES configuration set, which counts sends, deliveries, bounces and complaints per Tenant", () => {
    const [setId] = t.ofType('AWS::SES::ConfigurationSet')[0]!;
    const [, destination] = t.ofType('AWS::SES::ConfigurationSetEventDestination')[0]!;
    const dest = (
      destination.Properties as { EventDestination: { MatchingEventTypes: string[]; CloudWatchDestination: { DimensionConfigurations: unknown[] } } }
    ).EventDestination;

    expect(dest.MatchingEventTypes.sort()).toEqual(['bounce', 'complaint', 'delivery', 'send']);
    expect(dest.CloudWatchDestination.DimensionConfigurations).toEqual([
      { DimensionName: 'Tenant', DimensionValueSource: 'messageTag', DefaultDimensionValue: TEST_TENANT.tenant },
    ]);
    const senders = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.sendEmail);
    for (const fn of FUNCTION_NAMES) {
      const env = (t.resources[synth.logicalIdOf(fn)]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;
      expect(env.SES_CONFIGURATION_SET, fn).toEqual(senders.includes(fn) ? { Ref: setId } : undefined);
    }
    // SES authorizes a send that names a configuration set on that set too; only the senders may.
    expect(t.who('ses:SendEmail', (resource) => resource.includes(`configuration-set/${setId}`))).toEqual(senders);
  });

  it.each([
    ['SesBounceRate', 'Bounce', 5],
    ['SesComplaintRate', 'Complaint', 0.1],
  ] as const)('alarms on %s: %s of Send over 7 days, for the tenant only, above %s%', (name, metric, threshold) => {
    const props = alarm(name);

    expect(expression(props)).toBe('IF(w >= 5, 100 * FILL(p, 0) / w, 0)');
    expect(stats(props).map((s) => [s.Metric.Namespace, s.Metric.MetricName, s.Metric.Dimensions, s.Period])).toEqual([
      ['AWS/SES', metric, [{ Name: 'Tenant', Value: TEST_TENANT.tenant }], 7 * 86400],
      ['AWS/SES', 'Send', [{ Name: 'Tenant', Value: TEST_TENANT.tenant }], 7 * 86400],
    ]);
    expect(props).toMatchObject({ Threshold: threshold, TreatMissingData: 'notBreaching' });
  });
});

describe('the sweeper heartbeat', () => {
  it('alarms when the sweeper wrote no StalledRuns line for two 15-minute periods, treating silence as breaching', async () => {
    const props = alarm('SweeperHeartbeat');
    expect(props).toMatchObject({
      Namespace: 'RefundAgent',
      MetricName: 'StalledRuns',
      Dimensions: [{ Name: 'Tenant', Value: TEST_TENANT.tenant }],
      Statistic: 'SampleCount',
      Period: 3 * FUNCTIONS['stalled-runs'].scheduleMinutes! * 60,
      EvaluationPeriods: 2,
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
    // The series the sweeper writes on every run, zero or not: a sweep with nothing stalled.
    const clock = { now: () => new Date() };
    const { metrics, lines } = recordingMetrics(clock);
    const sweep = createStalledRunsSweep({
      runs: createInMemoryStores({ clock }).runs,
      workflow: recordingWorkflow().engine,
      clock,
      tenant: TEST_TENANT.tenant,
      budgetsMs: {},
      escalate: async () => ({}),
      metrics,
    });
    await sweep();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as {
      _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] };
      StalledRuns: number;
    };
    expect(line._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['Tenant']]);
    expect(line.StalledRuns).toBe(0);
  });
});
