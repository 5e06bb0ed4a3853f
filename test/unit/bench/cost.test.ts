// The arithmetic of `npm run cost`, without a run: DynamoDB's item sizes and request units (index
// copies included), dollars from the dated price table, and what a tenant stack is billed for monthly,
// counted from its synthesized template. The measured counts are held to their ceilings by test/e2e/cost.test.ts.
import { describe, expect, it } from 'vitest';
import { CEILINGS, overCeilings } from '../../../bench/cost/ceilings.js';
import { indexWriteUnits, itemSize, readUnits, writeUnits, type IndexShape } from '../../../bench/cost/capacity.js';
import { ASSUMPTIONS, fixedMonthlyCost, storageCostPerMonth, ticketCost, totalUsd, type TicketUsage } from '../../../bench/cost/estimate.js';
import { PRICES, PRICES_AS_OF } from '../../../bench/cost/prices.js';
import { billedAlarmMetrics, countResources, customMetricSeries } from '../../../bench/cost/tenant.js';
import { PRODUCT_METRICS } from '../../../infra/lib/metrics.js';
import { FUNCTION_NAMES } from '../../../infra/lib/functions.js';
import { synthTenant, TEST_TENANT } from '../infra/synth.js';

const KEYS = ['pk', 'sk'] as const;
const byStatus = (projection: IndexShape['projection']): IndexShape => ({ name: 'byStatus', hash: 'gsi2pk', range: 'gsi2sk', projection });
const run = (status: string, extra: Record<string, string> = {}) => ({
  pk: { S: 'RUN#r1' },
  sk: { S: 'RUN' },
  gsi2pk: { S: `STATUS#demo#${status}` },
  gsi2sk: { S: '2026-12-01T00:00:00.000Z' },
  body: { S: 'x'.repeat(3000) },
  ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { S: v }])),
});

describe('DynamoDB capacity', () => {
  it('sizes items by attribute names and values, as DynamoDB documents it', () => {
    expect(itemSize({ pk: { S: 'RUN#r1' } })).toBe(2 + 6);
    expect(itemSize({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemSize({ ok: { BOOL: true }, none: { NULL: true } })).toBe(2 + 1 + 4 + 1);
    expect(itemSize({ m: { M: { a: { S: 'xy' } } }, l: { L: [{ S: 'z' }] } })).toBe(1 + 3 + 1 + 1 + 2 + (1 + 3 + 1 + 1));
  });

  it('rounds writes up per KB and reads per 4 KB, eventually consistent reads at half', () => {
    expect([writeUnits(1), writeUnits(1024), writeUnits(1025)]).toEqual([1, 1, 2]);
    expect([readUnits(4096, true), readUnits(4097, true), readUnits(100, false)]).toEqual([1, 2, 0.5]);
  });

  it('charges an index copy when its keys change, and with ALL projection on every change of the item', () => {
    const before = run('running');
    const updated = run('running', { state: 'CheckOrder' });
    const moved = run('done');

    expect(indexWriteUnits(byStatus('KEYS_ONLY'), KEYS, null, before)).toBe(1);
    expect(indexWriteUnits(byStatus('KEYS_ONLY'), KEYS, before, updated)).toBe(0);
    expect(indexWriteUnits(byStatus('ALL'), KEYS, before, updated)).toBe(writeUnits(itemSize(updated) + 100));
    // A new key: the old entry is deleted, the new one written.
    expect(indexWriteUnits(byStatus('KEYS_ONLY'), KEYS, before, moved)).toBe(2);
    expect(indexWriteUnits(byStatus('KEYS_ONLY'), KEYS, { pk: { S: 'X' }, sk: { S: 'Y' } }, { pk: { S: 'X' }, sk: { S: 'Y' }, a: { S: 'b' } })).toBe(0);
  });
});

const USAGE: TicketUsage = {
  transitions: 13,
  expressExecutions: 2,
  expressGbSeconds: 1.5,
  invocations: 40,
  gbSeconds: 1,
  gbSecondsDeployed: 8,
  dynamoReadUnits: 16,
  dynamoWriteUnits: 70,
  dynamoIndexWriteUnits: 6,
  dynamoIndexWriteUnitsIfAll: 80,
  sqsRequests: 3,
  apiRequests: 1,
  emails: 0,
  logBytes: 40_000,
  traces: 30,
  kmsRequests: 10,
  storedBytes: 16_000,
  modelMicros: 4000,
};

describe('dollars', () => {
  it('dates the price table and keeps the list prices issue 13 quotes', () => {
    expect(PRICES_AS_OF.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICES_AS_OF.region).toBe('us-east-1');
    expect(PRICES.stepFunctionsTransition.usd * 1000).toBeCloseTo(0.025, 10);
    expect(PRICES.lambdaArmGbSecond.usd).toBe(0.0000133334);
    expect(PRICES.dynamoWrite.usd * 1e6).toBeCloseTo(0.625, 10);
    expect(PRICES.dynamoRead.usd * 1e6).toBeCloseTo(0.125, 10);
    expect(PRICES.httpApiRequest.usd * 1e6).toBeCloseTo(1, 10);
    expect(PRICES.sesEmail.usd * 1000).toBeCloseTo(0.1, 10);
    expect(PRICES.expressRequest.usd * 1e6).toBeCloseTo(1, 10);
    expect(PRICES.expressGbSecond.usd).toBe(0.00001667);
    for (const [name, price] of Object.entries(PRICES)) expect(price.usd, name).toBeGreaterThan(0);
  });

  it('prices 1,000 tickets line by line: transitions, Lambda, DynamoDB with index copies, queues, API, email, logs, traces, KMS', () => {
    const lines = Object.fromEntries(ticketCost(USAGE).map((line) => [line.item, line.usd]));

    expect(lines['Step Functions transitions (Standard)']).toBeCloseTo(13 * 0.025, 10);
    expect(lines['Step Functions Express executions']).toBeCloseTo(2000 * 1e-6, 10);
    expect(lines['Step Functions Express duration (64 MB)']).toBeCloseTo(1500 * 0.00001667, 10);
    expect(lines['Lambda requests']).toBeCloseTo(40_000 * 0.2e-6, 10);
    expect(lines['Lambda compute, deployed latencies (arm64)']).toBeCloseTo(8000 * 0.0000133334, 10);
    expect(lines['DynamoDB writes, table']).toBeCloseTo(70_000 * 0.625e-6, 10);
    expect(lines['DynamoDB writes, index copies']).toBeCloseTo(6000 * 0.625e-6, 10);
    expect(lines['SQS FIFO requests']).toBeCloseTo(3000 * 0.5e-6, 10);
    expect(lines['CloudWatch Logs ingestion']).toBeCloseTo(0.04 * 0.5, 10);
    expect(totalUsd(ticketCost(USAGE))).toBeCloseTo(
      Object.values(lines).reduce((a, b) => a + b, 0),
      10,
    );
    expect(storageCostPerMonth(16_000).usd).toBeCloseTo(0.016 * 0.45, 10);
  });

  it('prices traces at the sampled share of executions, and no data-key requests under AWS’s own keys', () => {
    const every = Object.fromEntries(ticketCost(USAGE).map((line) => [line.item, line.usd]));
    const sampled = Object.fromEntries(ticketCost(USAGE, 0, { traceSampleRate: 0.05, customerManagedKey: false }).map((line) => [line.item, line.usd]));

    expect(every['X-Ray traces (100% of executions)']).toBeCloseTo(30_000 * 5e-6, 10);
    expect(sampled['X-Ray traces (5% of executions)']).toBeCloseTo(0.05 * 30_000 * 5e-6, 10);
    expect(every['KMS requests, data keys (at most)']).toBeGreaterThan(0);
    expect(sampled["KMS requests, data keys (none: AWS's own keys)"]).toBe(0);
  });

  it('reads the sampled share from the stack: the dedicated account’s rule records 5%, a shared account X-Ray’s default (all)', () => {
    const shared = countResources(synthTenant({ ...TEST_TENANT }).template.toJSON().Resources);
    const dedicated = countResources(synthTenant({ ...TEST_TENANT, dedicatedAccount: true }).template.toJSON().Resources);

    expect(shared).toMatchObject({ traceSampleRate: 1, kmsKeys: 1 });
    expect(dedicated).toMatchObject({ traceSampleRate: 0.05, kmsKeys: 0 });
  });

  it('prices a tenant by the month: key, secrets, alarm metrics, dashboard, sweeper and idle queue pollers', () => {
    const fixed = fixedMonthlyCost(
      { kmsKeys: 1, secrets: 5, alarmMetrics: 26, alarms: 11, dashboards: 0, continuousMetrics: 1, customMetrics: 38 },
      { ms: 100, memoryMb: 512, baseReadUnits: 3.5, readUnitsPerRecentRun: 1, logBytes: 200, everyMinutes: 5, ticketsPerMonth: 300 },
    );
    const usd = Object.fromEntries(fixed.map((line) => [line.item.replace(/ \(.*\)$/, ''), line.usd]));

    expect(usd['KMS key']).toBe(1);
    expect(usd['Secrets Manager secrets']).toBeCloseTo(2, 10);
    expect(usd['CloudWatch alarms']).toBeCloseTo(2.6, 10);
    expect(usd['CloudWatch dashboard']).toBe(0);
    // 8,640 sweeps a month, each reading its Queries and about a day's tickets (10).
    expect(usd['Stalled-run sweeper: reads']).toBeCloseTo(8640 * 13.5 * 0.125e-6, 10);
    expect(usd['SQS: Lambda pollers on the idle ticket queue']).toBeCloseTo(ASSUMPTIONS.idleQueuePollers * 3 * 43_200 * 0.5e-6, 10);
  });
});

describe('what a tenant stack is billed for monthly', () => {
  it('bills an alarm per metric it reads, and three per metric an anomaly band is drawn around', () => {
    expect(billedAlarmMetrics({ MetricName: 'StalledRuns' })).toBe(1);
    expect(billedAlarmMetrics({ Metrics: [{ MetricStat: {} }, { MetricStat: {} }, {}] })).toBe(2);
    expect(billedAlarmMetrics({ Metrics: [{ MetricStat: {} }, { MetricStat: {} }, {}, {}], ThresholdMetricId: 'expr_1' })).toBe(6);
  });

  it("counts the synthesized stack's key, secrets, alarms and dashboard", () => {
    const { template } = synthTenant({ ...TEST_TENANT, dashboard: false });
    const counted = countResources(template.toJSON().Resources);

    expect(counted).toMatchObject({ kmsKeys: 1, dashboards: 0 });
    // The secrets are SSM SecureString parameters (no monthly charge), which the stack names but does not create.
    expect(counted.secrets).toBe(0);
    expect(counted.alarms).toBe(Object.keys(template.findResources('AWS::CloudWatch::Alarm')).length);
    expect(counted.alarmMetrics).toBeGreaterThan(counted.alarms);
  });

  it('counts a custom metric series per product metric (one for the pin guard, none per tool or per function), the sweeper’s every hour', () => {
    const series = customMetricSeries();

    expect(series.all).toBe(Object.values(PRODUCT_METRICS).filter((m) => !('dimension' in m)).length);
    expect(series.all).toBeLessThan(FUNCTION_NAMES.length);
    expect(series.continuous).toBe(1);
  });
});

describe('the committed ceilings', () => {
  const approval = { ...CEILINGS.approval } as unknown as TicketUsage;

  it('let a byte-sized count cross a KB boundary by timing (a unit or two), and no more', () => {
    expect(overCeilings('approval', { ...approval, dynamoWriteUnits: CEILINGS.approval.dynamoWriteUnits + 2 })).toEqual([]);
    expect(overCeilings('approval', { ...approval, dynamoWriteUnits: CEILINGS.approval.dynamoWriteUnits + 3 })).toEqual([
      `approval ticket: dynamoWriteUnits ${CEILINGS.approval.dynamoWriteUnits + 3} > ${CEILINGS.approval.dynamoWriteUnits}`,
    ]);
  });

  it('hold every count of calls to its ceiling exactly: one more transition, invocation or email is growth', () => {
    for (const key of ['transitions', 'invocations', 'emails', 'sqsRequests', 'dynamoIndexWriteUnits'] as const) {
      expect(overCeilings('approval', { ...approval, [key]: CEILINGS.approval[key] + 1 }), key).toHaveLength(1);
    }
  });
});
