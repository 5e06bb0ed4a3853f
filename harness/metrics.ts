// The product's metrics: their names (the ones infra/lib/metrics.ts alarms on) and a typed face over
// the one metrics emitter (shared/metrics.ts), every point with the Tenant dimension. Emitted by the
// harness (tool calls, the pin guard), the step use cases, the approval callback, the run starter,
// the stalled-runs sweeper, the store webhook and shadow mode.
import type { MetricsEmitter } from '#shared/metrics.js';

export { METRIC_NAMESPACE } from '#shared/metrics.js';

export const PRODUCT_METRIC_NAMES = [
  'StalledRuns',
  'ToolPinMismatch',
  'ToolRegistryUnavailable',
  'BudgetExceeded',
  'ToolCalls',
  'ToolErrors',
  'ApprovalsDecided',
  'ApprovalsOverridden',
  'RefundsIssued',
  'RefundsReversed',
  'TicketsClosed',
  'TicketsReopened72h',
  'RunCostMicros',
  'ShadowResolved',
  'ShadowAgreed',
] as const;
export type ProductMetricName = (typeof PRODUCT_METRIC_NAMES)[number];

export interface ProductMetrics {
  /** A count (default 1) for the tenant; `dimensions` adds to Tenant (Tool, ShadowClass, State), one dimension set. */
  count(tenant: string, name: ProductMetricName, value?: number, dimensions?: Record<string, string>): void;
  /** A plain value (e.g. a run's cost in micros) for the tenant. */
  value(tenant: string, name: ProductMetricName, value: number): void;
}

export function createProductMetrics(emitter: MetricsEmitter): ProductMetrics {
  const emit = (tenant: string, name: ProductMetricName, value: number, unit: 'Count' | 'None', extra: Record<string, string> = {}) =>
    emitter.emit({ name, value, unit, dimensions: { Tenant: tenant, ...extra } });
  return {
    count: (tenant, name, value = 1, dimensions) => emit(tenant, name, value, 'Count', dimensions),
    value: (tenant, name, value) => emit(tenant, name, value, 'None'),
  };
}

/** For tests and callers that measure nothing. */
export const NO_METRICS: ProductMetrics = { count: () => {}, value: () => {} };
