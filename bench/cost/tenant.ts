// What a tenant stack holds that is billed by the month, read from the stack itself: synthesized
// offline (bundling skipped) from a tenant file, its keys, secrets, alarms (and the metrics each one
// reads) and dashboards counted, and the custom metric series the functions emit counted from the
// metric tables. Used by bench/cost.ts; test/unit/bench/cost.test.ts checks the counting.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { TOOL_NAMES } from '#shared/contracts/tools.js';
import { FUNCTION_NAMES } from '../../infra/lib/functions.js';
import { PRODUCT_METRICS } from '../../infra/lib/metrics.js';
import { repoLayout } from '../../infra/lib/source-layout.js';
import type { TenantConfig } from '../../infra/lib/tenant-config.js';
import { stackIdOf, TenantStack } from '../../infra/lib/tenant-stack.js';
import type { TenantResources } from './estimate.js';

type Resource = { Type: string; Properties?: Record<string, unknown> };
type AlarmProps = { MetricName?: string; Metrics?: Array<{ MetricStat?: unknown }>; ThresholdMetricId?: string };

/** Metrics an alarm is billed for: each metric it reads, three for each an anomaly band is drawn around. */
export function billedAlarmMetrics(alarm: AlarmProps): number {
  const read = alarm.MetricName ? 1 : (alarm.Metrics ?? []).filter((query) => query.MetricStat).length;
  return alarm.ThresholdMetricId ? read * 3 : read;
}

export function countResources(resources: Record<string, Resource>): Omit<TenantResources, 'continuousMetrics' | 'customMetrics'> {
  const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm');
  return {
    kmsKeys: ofType('AWS::KMS::Key').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    alarms: alarms.length,
    alarmMetrics: alarms.reduce((sum, alarm) => sum + billedAlarmMetrics(alarm.Properties as AlarmProps), 0),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
  };
}

/**
 * Custom metric series a tenant's functions can emit: each product metric per Tenant (per tool for the
 * pin guard's; shadow classes left out, as they exist only in shadow mode) and the ColdStart count
 * per function. Only the sweeper's (every 5 minutes) has data every hour whatever the traffic.
 */
export function customMetricSeries(): { all: number; continuous: number } {
  const product = Object.values(PRODUCT_METRICS as Record<string, { dimension?: string }>).reduce(
    (sum, metric) => sum + (metric.dimension === 'Tool' ? TOOL_NAMES.length : metric.dimension === 'ShadowClass' ? 0 : 1),
    0,
  );
  return { all: product + FUNCTION_NAMES.length, continuous: 1 };
}

/** The tenant's stack, synthesized offline (no bundling, no credentials), counted. */
export function tenantResources(config: TenantConfig, repoRoot: string): TenantResources {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new TenantStack(app, stackIdOf(config.tenant), { config, source: repoLayout(repoRoot) });
  const counted = countResources(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>);
  const series = customMetricSeries();
  return { ...counted, customMetrics: series.all, continuousMetrics: series.continuous };
}
