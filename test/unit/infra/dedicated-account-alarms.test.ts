// A tenant in an AWS account of its own (tenant file `dedicatedAccount`) is alarmed on AWS's
// account-wide figures: one Errors and one Throttles metric for every function in the account, and
// SES's reputation rates (the account's, the figure SES reviews), instead of one metric per function
// and per-tenant SES counts. The other service alarms stay as they are; the billed alarm metrics fall.
// And a sampling rule records 5% of executions (infra/lib/tracing.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { billedAlarmMetrics } from '../../../bench/cost/tenant.js';
import { FUNCTION_NAMES } from '../../../infra/lib/functions.js';
import { serviceAlarmNames, SERVICE_ALARMS } from '../../../infra/lib/service-alarms.js';
import { customerManagedKeyOf, TenantConfig } from '../../../infra/lib/tenant-config.js';
import { TRACE_SAMPLE_RATE } from '../../../infra/lib/tracing.js';
import { synthTenant, TEST_TENANT } from './synth.js';
import { readTemplate, type Resource } from './template.js';

type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown[] }; Stat: string; Period: number };
type AlarmProps = {
  Metrics?: { Id: string; Expression?: string; MetricStat?: MetricStat }[];
  Namespace?: string;
  MetricName?: string;
  Dimensions?: unknown[];
} & Record<string, unknown>;

let shared: [string, Resource][];
let dedicated: [string, Resource][];
let dedicatedTemplate: ReturnType<typeof readTemplate>;

beforeAll(() => {
  shared = readTemplate(synthTenant()).ofType('AWS::CloudWatch::Alarm');
  dedicatedTemplate = readTemplate(synthTenant(TenantConfig.parse({ ...TEST_TENANT, dedicatedAccount: true })));
  dedicated = dedicatedTemplate.ofType('AWS::CloudWatch::Alarm');
}, 240_000);

const serviceAlarm = (alarms: [string, Resource][], name: string): AlarmProps => {
  const found = alarms.filter(([id]) => id.includes(`Service${name}Alarm`));
  expect(found, name).toHaveLength(1);
  return found[0]![1].Properties as AlarmProps;
};
const billed = (alarms: [string, Resource][]) => alarms.reduce((sum, [, alarm]) => sum + billedAlarmMetrics(alarm.Properties as AlarmProps), 0);

describe('alarms in an account of the tenant’s own', () => {
  it.each(['Errors', 'Throttles'])('alarms on any Lambda %s in the account: one metric, no function dimension', (metric) => {
    const props = serviceAlarm(dedicated, `Function${metric}`);
    expect(props).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metric, Statistic: 'Sum', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(props.Dimensions ?? []).toEqual([]);
    expect(dedicated.filter(([id]) => id.includes(`ServiceFunction${metric}`))).toHaveLength(1);
  });

  it.each([
    ['SesBounceRate', 'Reputation.BounceRate', 5],
    ['SesComplaintRate', 'Reputation.ComplaintRate', 0.1],
  ] as const)('alarms on %s from the account’s %s, as a percentage, above %s%', (name, metricName, threshold) => {
    const props = serviceAlarm(dedicated, name);
    expect(props.Metrics!.find((q) => q.Expression)!.Expression).toBe('100 * r');
    expect(props.Metrics!.filter((q) => q.MetricStat).map((q) => q.MetricStat!.Metric)).toEqual([{ Namespace: 'AWS/SES', MetricName: metricName }]);
    expect(props.Threshold).toBe(threshold);
    expect(SERVICE_ALARMS[name].threshold).toBe(threshold);
  });

  it('builds every service alarm it names, once, and no per-group function alarm', () => {
    for (const name of serviceAlarmNames(undefined, true)) serviceAlarm(dedicated, name);
    expect(dedicated.filter(([id]) => /ServiceFunction(Errors|Throttles)\d/.test(id))).toEqual([]);
    expect(dedicated).toHaveLength(shared.length - serviceAlarmNames().length + serviceAlarmNames(undefined, true).length);
  });

  it('is billed for one metric per function alarm instead of one per function, and one per SES rate instead of two', () => {
    const functionAlarms = 2 * FUNCTION_NAMES.length;
    expect(billed(shared) - billed(dedicated)).toBe(functionAlarms - 2 + (4 - 2));
  });
});

describe('traces in an account of the tenant’s own', () => {
  it('records 5% of executions and none from a reservoir, with one rule ahead of X-Ray’s default', () => {
    const rules = dedicatedTemplate.ofType('AWS::XRay::SamplingRule');
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({
      SamplingRule: { FixedRate: TRACE_SAMPLE_RATE, ReservoirSize: 0, ServiceType: 'AWS::StepFunctions::StateMachine', Priority: 100 },
    });
    expect(TRACE_SAMPLE_RATE).toBe(0.05);
  });
});

describe("data at rest in an account of the tenant's own", () => {
  it("uses AWS's own keys by default: no KMS key, the table's default encryption, SQS-managed queues, no key grant in any role", () => {
    expect(dedicatedTemplate.ofType('AWS::KMS::Key')).toEqual([]);
    const [, table] = dedicatedTemplate.ofType('AWS::DynamoDB::Table')[0]!;
    expect((table.Properties as { SSESpecification?: { SSEEnabled?: boolean } }).SSESpecification?.SSEEnabled ?? false).toBe(false);
    for (const [id, queue] of dedicatedTemplate.ofType('AWS::SQS::Queue')) {
      expect(queue.Properties, id).toMatchObject({ SqsManagedSseEnabled: true });
      expect(queue.Properties, id).not.toHaveProperty('KmsMasterKeyId');
    }
    const policies = JSON.stringify(dedicatedTemplate.ofType('AWS::IAM::Policy'));
    // (kms:Encrypt stays where a function puts a generated key: through SSM, on the aws/ssm key, secret-access.ts.)
    expect(policies).not.toMatch(/kms:(GenerateDataKey|ReEncrypt)/);
  });

  it('keeps a key of its own when the tenant file asks (customerManagedKey), and a shared account always has one', () => {
    const kept = readTemplate(synthTenant(TenantConfig.parse({ ...TEST_TENANT, dedicatedAccount: true, customerManagedKey: true })));
    expect(kept.ofType('AWS::KMS::Key')).toHaveLength(1);
    expect(customerManagedKeyOf(TenantConfig.parse({ ...TEST_TENANT }))).toBe(true);
    expect(customerManagedKeyOf(TenantConfig.parse({ ...TEST_TENANT, customerManagedKey: false }))).toBe(false);
  });
});
