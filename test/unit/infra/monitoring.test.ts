// Observability of a tenant stack: an alarm per rate that matters (metrics.ts, the online rates of
// rates.ts, the dead-letter queue and failed executions), each notifying the encrypted alarm topic; the
// dashboard; the state machine's logs without execution data; traces; log retention. And that the
// metrics the code emits (harness/metrics.ts, the stalled-runs sweeper) are the ones the alarms watch.
// The rates' own expressions, windows and thresholds are in rates.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createStalledRunsSweep, STALLED_METRIC } from '#functions/steps/stalled-runs/use-case.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { PRODUCT_METRIC_NAMES } from '#harness/metrics.js';
import { FUNCTION_NAMES } from '../../../infra/lib/functions.js';
import { METRIC_NAMESPACE, PRODUCT_ALARMS, PRODUCT_METRICS } from '../../../infra/lib/metrics.js';
import { AWS_ALARMS } from '../../../infra/lib/monitoring.js';
import { COST_ANOMALY, RATES } from '../../../infra/lib/rates.js';
import { serviceAlarmNames } from '../../../infra/lib/service-alarms.js';
import { createPinGuard } from '#harness/tools/pin-guard.js';
import { registryPins, TOOL_SERVER } from '#harness/tools/registry.js';
import { LOG_RETENTION } from '../../../infra/lib/refund-agent.js';
import { recordingMetrics } from '../../support/metrics.js';
import { recordingWorkflow } from '../../support/steps.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate, resolveTokens, type Resource } from './template.js';

type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: unknown }[] }; Stat: string; Period: number };
type Query = { Id: string; Expression?: string; MetricStat?: MetricStat; ReturnData?: boolean };

let t: ReturnType<typeof readTemplate>;
let alarms: Record<string, Resource>;
let topicId: string;

beforeAll(() => {
  t = readTemplate(synthTenant());
  alarms = Object.fromEntries(t.ofType('AWS::CloudWatch::Alarm'));
  topicId = t.idOf('AWS::SNS::Topic');
});

/** The alarms of metrics.ts that monitoring.ts builds itself: the online rates are rates.ts's. */
const OWN_ALARMS = Object.entries(PRODUCT_ALARMS).filter(([name]) => !(name in RATES));

const alarmNamed = (name: string) => {
  const found = Object.entries(alarms).filter(([id]) => id.includes(`${name}Alarm`));
  expect(found, name).toHaveLength(1);
  return found[0]![1].Properties as Record<string, unknown> & { Metrics?: Query[] };
};
/** The metrics an alarm watches, whether it is a single-metric alarm or a metric-math one. */
function metricsOf(alarm: Record<string, unknown> & { Metrics?: Query[] }): MetricStat[] {
  if (alarm.MetricName) {
    const single = alarm as unknown as MetricStat['Metric'] & { Statistic: string; Period: number };
    return [
      { Metric: { Namespace: single.Namespace, MetricName: single.MetricName, Dimensions: single.Dimensions }, Stat: single.Statistic, Period: single.Period },
    ];
  }
  return (alarm.Metrics ?? []).filter((q) => q.MetricStat).map((q) => q.MetricStat!);
}

describe('alarms', () => {
  it('alarms on each product rate and count of metrics.ts, the cost anomaly, dead letters, failed executions and the service alarms, and on nothing else', () => {
    expect(Object.keys(alarms)).toHaveLength(Object.keys(PRODUCT_ALARMS).length + 1 + AWS_ALARMS.length + serviceAlarmNames().length);
    for (const name of [...Object.keys(PRODUCT_ALARMS), COST_ANOMALY.name, ...AWS_ALARMS, ...serviceAlarmNames()]) alarmNamed(name);
    expect(Object.keys(PRODUCT_ALARMS)).toEqual(
      expect.arrayContaining([
        'StalledRuns',
        'RegistryHashMismatch',
        'BudgetHits',
        'ToolErrorRate',
        'ApprovalOverrideRate',
        'RefundReversalRate',
        'ReopenWithin72hRate',
        'CostPerClosedTicket',
      ]),
    );
  });

  it('notifies the alarm topic from every alarm, stays quiet without data but for the sweeper heartbeat, and mails the tenant alarm emails', () => {
    for (const [id, alarm] of Object.entries(alarms)) {
      const silence = id.includes('SweeperHeartbeatAlarm') ? 'breaching' : 'notBreaching';
      expect(alarm.Properties, id).toMatchObject({ AlarmActions: [{ Ref: topicId }], TreatMissingData: silence });
      expect(alarm.Properties!.AlarmName, id).toBeUndefined();
    }
    const subscriptions = t.ofType('AWS::SNS::Subscription').map(([, s]) => s.Properties);
    expect(subscriptions).toEqual(TEST_TENANT.alarmEmails.map((email) => expect.objectContaining({ Protocol: 'email', Endpoint: email })));
  });

  it("watches the tenant's own product metrics in the RefundAgent namespace, per the data in metrics.ts", () => {
    for (const [name, spec] of OWN_ALARMS) {
      const alarm = alarmNamed(name);
      const watched = metricsOf(alarm);
      const expected = spec.kind === 'count' ? [spec.metric] : [spec.numerator, spec.denominator];
      expect([...new Set(watched.map((m) => m.Metric.MetricName))].sort(), name).toEqual([...expected].sort());
      for (const m of watched) {
        expect(m.Metric.Namespace).toBe(METRIC_NAMESPACE);
        expect(m.Period, name).toBe(spec.periodMinutes * 60);
        const dimension = (PRODUCT_METRICS[m.Metric.MetricName as keyof typeof PRODUCT_METRICS] as { dimension?: string }).dimension ?? 'Tenant';
        if (dimension === 'Tenant') expect(m.Metric.Dimensions, name).toEqual([{ Name: 'Tenant', Value: TEST_TENANT.tenant }]);
      }
      expect(alarm.Threshold, name).toBe(spec.threshold);
      expect(alarm.ComparisonOperator, name).toBe('GreaterThanThreshold');
    }
  });

  it('computes the tool error rate only from enough samples, as a percentage', () => {
    const rate = alarmNamed('ToolErrorRate').Metrics!.find((q) => q.Expression)!;
    expect(rate.Expression).toBe('IF(d >= 5, 100 * n / d, 0)');
  });

  it("alarms on the tenant's one pin-mismatch series, the one the pin guard writes (not one per tool: each series is billed)", async () => {
    const alarm = alarmNamed('RegistryHashMismatch');
    // A live list without the tool: the guard refuses it and counts a mismatch.
    const { metrics, lines } = recordingMetrics();
    const guard = createPinGuard({
      tools: { serverId: 'mcp', call: () => Promise.reject(new Error('not called')), listTools: async () => ({ server: TOOL_SERVER, tools: [] }) },
      server: TOOL_SERVER,
      pins: registryPins(),
      clock: { now: () => new Date() },
      metrics,
    });
    const verdict = await guard.check('get_order', 'CheckOrder', TEST_TENANT.tenant);
    const emitted = JSON.parse(lines[0]!) as { _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] } };

    expect(verdict).toMatchObject({ ok: false, reason: expect.stringContaining('get_order') });
    expect(alarm).toMatchObject({ MetricName: 'ToolPinMismatch', Dimensions: [{ Name: 'Tenant', Value: TEST_TENANT.tenant }] });
    // The same dimension set the pin guard writes, or the alarm would watch a series nobody emits.
    expect(emitted._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['Tenant']]);
  });

  it('alarms on the first message in the dead-letter queue and on any failed execution', () => {
    const dlqId = t.ofType('AWS::SQS::Queue').find(([, q]) => !q.Properties?.RedrivePolicy)![0];
    expect(alarmNamed('DeadLetterMessages')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Threshold: 0,
    });
    expect(alarmNamed('FailedExecutions')).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed', Threshold: 0 });
  });

  it('watches the very metric the stalled-runs sweeper emits (name, namespace, Tenant dimension)', async () => {
    const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
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
    const line = JSON.parse(lines[0]!) as {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
    };
    const [directive] = line._aws.CloudWatchMetrics;
    const [watched] = metricsOf(alarmNamed('StalledRuns'));

    expect(directive!.Metrics.map((m) => m.Name)).toEqual([STALLED_METRIC]);
    expect(watched!.Metric.MetricName).toBe(STALLED_METRIC);
    expect(directive!.Namespace).toBe(watched!.Metric.Namespace);
    expect(directive!.Dimensions).toEqual([watched!.Metric.Dimensions.map((d) => d.Name)]);
  });
});

describe('dashboard, logs and traces', () => {
  it('puts every alarm and a graph per alarm on one generated-name dashboard', () => {
    const [, dashboard] = t.ofType('AWS::CloudWatch::Dashboard')[0]!;
    const body = JSON.stringify(dashboard.Properties!.DashboardBody);

    expect(dashboard.Properties!.DashboardName).toBeUndefined();
    for (const id of Object.keys(alarms)) expect(body, id).toContain(id);
    for (const name of Object.keys(PRODUCT_ALARMS)) expect(body).toContain(name);
  });

  it("logs the run's failures only and every event of its steps' Express executions (their graph), never execution data (ticket text, customer details), and traces both", () => {
    // A Standard execution keeps its history for 90 days; an Express one has none but these logs.
    expect(t.machineOf('RefundRun')[1].Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      LoggingConfiguration: { Level: 'ERROR', IncludeExecutionData: false },
      TracingConfiguration: { Enabled: true },
    });
    expect(t.machineOf('RefundSteps')[1].Properties).toMatchObject({
      StateMachineType: 'EXPRESS',
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
      TracingConfiguration: { Enabled: true },
    });
  });

  it('traces a function only when the execution that invoked it was sampled, and keeps every log group for three months', () => {
    for (const [id, fn] of t.ofType('AWS::Lambda::Function')) expect(fn.Properties!.TracingConfig, id).toEqual({ Mode: 'PassThrough' });
    // A shared account keeps X-Ray's default rule: sampling rules are per account (at most 25).
    expect(t.ofType('AWS::XRay::SamplingRule')).toEqual([]);
    const groups = t.ofType('AWS::Logs::LogGroup');
    // One per function, the two state machines' and the API's access logs.
    expect(groups).toHaveLength(FUNCTION_NAMES.length + 3);
    for (const [id, group] of groups) expect(group.Properties!.RetentionInDays, id).toBe(LOG_RETENTION);
  });

  it('runs the stalled-runs sweeper on a schedule every 5 minutes', () => {
    const rules = t.ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
    const targets = rules[0]![1].Properties!.Targets as { Arn: unknown }[];
    expect(targets.map((target) => resolveTokens(target.Arn))).toEqual([expect.stringContaining('StalledRuns')]);
  });
});

describe('metric names shared with the emitting code', () => {
  it('alarms only on metrics whose names the code can emit, and every emitted one is a known name', () => {
    const emitted = Object.entries(PRODUCT_METRICS)
      .filter(([, m]) => m.emitted)
      .map(([name]) => name);
    for (const name of emitted) expect(PRODUCT_METRIC_NAMES as readonly string[]).toContain(name);
    // Every metric an alarm watches has its emitter, the reversal rate's store webhook included.
    expect(Object.keys(PRODUCT_METRICS).filter((name) => !emitted.includes(name))).toEqual([]);
  });
});
