// The product's metrics as CloudWatch Embedded Metric Format lines: one line per data point, written
// to the log, which CloudWatch turns into metrics (no SDK call, nothing to fail on the hot path).
// The names are the ones infra/lib/metrics.ts alarms on. Emitted by the harness, the step use cases,
// the approval callback, the run starter, the stalled-run sweeper, the store webhook and shadow mode.

export const METRIC_NAMESPACE = 'RefundAgent';

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

export type MetricSink = (line: string) => void;

/** One EMF line: `value` of metric `name` with the given dimensions (all of them one dimension set). */
export function metricLine(input: { name: ProductMetricName; value: number; unit?: 'Count' | 'None'; dimensions: Record<string, string>; at: Date }): string {
  return JSON.stringify({
    _aws: {
      Timestamp: input.at.getTime(),
      CloudWatchMetrics: [
        { Namespace: METRIC_NAMESPACE, Dimensions: [Object.keys(input.dimensions)], Metrics: [{ Name: input.name, Unit: input.unit ?? 'Count' }] },
      ],
    },
    ...input.dimensions,
    [input.name]: input.value,
  });
}

export interface ProductMetrics {
  /** A count (default 1) for the tenant; `dimensions` adds to Tenant (e.g. ShadowClass), one dimension set. */
  count(tenant: string, name: ProductMetricName, value?: number, dimensions?: Record<string, string>): void;
  /** A plain value (e.g. a run's cost in micros) for the tenant. */
  value(tenant: string, name: ProductMetricName, value: number): void;
}

export function createProductMetrics(deps: { sink: MetricSink; clock: { now(): Date } }): ProductMetrics {
  const emit = (tenant: string, name: ProductMetricName, value: number, unit: 'Count' | 'None', extra: Record<string, string> = {}) => {
    try {
      deps.sink(metricLine({ name, value, unit, dimensions: { Tenant: tenant, ...extra }, at: deps.clock.now() }));
    } catch {
      // A metric that cannot be written never fails the work it measures.
    }
  };
  return {
    count: (tenant, name, value = 1, dimensions) => emit(tenant, name, value, 'Count', dimensions),
    value: (tenant, name, value) => emit(tenant, name, value, 'None'),
  };
}

/** For tests and callers that measure nothing. */
export const NO_METRICS: ProductMetrics = { count: () => {}, value: () => {} };
