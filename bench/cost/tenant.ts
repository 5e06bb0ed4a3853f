// What a tenant stack holds that is billed by the month, read from the stack itself: synthesized
// offline (bundling skipped) from a tenant file, its keys, secrets, parameters, alarms (and the
// metrics each one reads) and dashboards counted, and the custom metric series the functions emit
// counted from the metric tables. Also each function as deployed (stackProfile): its memory and the
// secrets or parameters its environment names, read once per container.
// test/unit/bench/cost.test.ts checks the counting.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { constructIdOf, FUNCTION_NAMES } from '../../infra/lib/functions.js';
import { PRODUCT_METRICS } from '../../infra/lib/metrics.js';
import { repoLayout } from '../../infra/lib/source-layout.js';
import type { TenantConfig } from '../../infra/lib/tenant-config.js';
import { stackIdOf, TenantStack } from '../../infra/lib/tenant-stack.js';
import { codeProfile, type StackProfile } from './deployed.js';
import type { TenantResources } from './estimate.js';

type Resource = { Type: string; Properties?: Record<string, unknown> };
type FunctionProps = { MemorySize?: unknown; Environment?: { Variables?: Record<string, unknown> } };
type AlarmProps = { MetricName?: string; Metrics?: Array<{ MetricStat?: unknown }>; ThresholdMetricId?: string };

/**
 * The share of executions recorded: a sampling rule's fixed rate (with no reservoir), else X-Ray's
 * default rule, whose reservoir (one a second) takes every execution of a tenant with fewer.
 */
function traceSampleRateOf(rules: Resource[]): number {
  const rates = rules.map((rule) => (rule.Properties as { SamplingRule?: { FixedRate?: number; ReservoirSize?: number } }).SamplingRule);
  const own = rates.find((rule) => rule?.FixedRate !== undefined && rule.ReservoirSize === 0);
  return own?.FixedRate ?? 1;
}

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
    traceSampleRate: traceSampleRateOf(ofType('AWS::XRay::SamplingRule')),
  };
}

/**
 * Custom metric series a tenant's functions can emit: each product metric once per Tenant (shadow
 * classes left out, as they exist only in shadow mode); none per tool or per function. Only the
 * sweeper's (every 5 minutes) has data every hour whatever the traffic.
 */
export function customMetricSeries(): { all: number; continuous: number } {
  const product = Object.values(PRODUCT_METRICS as Record<string, { dimension?: string }>).filter((metric) => metric.dimension !== 'ShadowClass').length;
  return { all: product, continuous: 1 };
}

/** A variable naming an SSM parameter (<NAME>_PARAMETER, _PARAMETER_NAME or _PARAMETER_ARN, or SSM_<NAME>). */
const PARAMETER_VARIABLE = /(^|_)PARAMETER(_NAME|_ARN)?$|^SSM_/;

/**
 * Each function as the template deploys it: memory, and the secrets and parameters its environment
 * names (each read once per container). A function's resource is `RefundAgent<ConstructId><hash>`;
 * one the template lacks keeps the code's profile (deployed.ts codeProfile).
 */
export function stackProfile(resources: Record<string, Resource>): StackProfile {
  const profile = codeProfile();
  for (const fn of FUNCTION_NAMES) {
    const id = new RegExp(`^RefundAgent${constructIdOf(fn)}[0-9A-F]{8}$`);
    const found = Object.entries(resources).find(([logicalId, r]) => r.Type === 'AWS::Lambda::Function' && id.test(logicalId));
    if (!found) continue;
    const props = (found[1].Properties ?? {}) as FunctionProps;
    const names = Object.keys(props.Environment?.Variables ?? {});
    profile[fn] = {
      ...profile[fn],
      ...(typeof props.MemorySize === 'number' ? { memoryMb: props.MemorySize } : {}),
      parameterReads: names.filter((name) => PARAMETER_VARIABLE.test(name)).length,
    };
  }
  return profile;
}

/**
 * The tenant's stack, synthesized offline (no bundling, no credentials), counted. `accountPerTenant`:
 * as deployed in an account of its own (the tenant file's `dedicatedAccount: true`, and its `account`
 * or a placeholder), so the account-wide alarms that setup uses are what is counted.
 */
export function tenantResources(
  config: TenantConfig,
  repoRoot: string,
  options: { accountPerTenant?: boolean } = {},
): TenantResources & { profile: StackProfile } {
  const deployed = options.accountPerTenant ? { ...config, account: config.account ?? '111111111111', dedicatedAccount: true } : config;
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new TenantStack(app, stackIdOf(deployed.tenant), { config: deployed, source: repoLayout(repoRoot) });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  const counted = countResources(resources);
  const parameters = Object.values(resources).filter((r) => r.Type === 'AWS::SSM::Parameter');
  const series = customMetricSeries();
  return {
    ...counted,
    parameters: parameters.length,
    advancedParameters: parameters.filter((r) => r.Properties?.Tier === 'Advanced').length,
    customMetrics: series.all,
    continuousMetrics: series.continuous,
    profile: stackProfile(resources),
  };
}
