// The one metrics emitter: each data point becomes one CloudWatch Embedded Metric Format line, written
// to the log when it happens, with its dimensions given explicitly (one dimension set per line).
// Nothing is buffered until the invocation ends, so the sweeper's heartbeat and the counts of a run
// that then fails are written all the same, and no SDK call can fail the work being measured.
// infra/lib/metrics.ts alarms on what it writes.

/** The namespace of every metric the functions publish (infra reads it through harness/metrics.ts). */
export const METRIC_NAMESPACE = 'RefundAgent';

export type MetricUnit = 'Count' | 'None';

export type MetricPoint = {
  name: string;
  value: number;
  unit?: MetricUnit;
  /** The metric's one dimension set: every key is a dimension, its value the series. */
  dimensions: Readonly<Record<string, string>>;
};

/** Where lines go: stdout in Lambda (CloudWatch reads EMF from the log), a list locally and in tests. */
export type MetricSink = (line: string) => void;

export interface MetricsEmitter {
  emit(point: MetricPoint): void;
}

/** One EMF line for `point` at `at`, in METRIC_NAMESPACE (unit Count unless given). */
export function emfLine(point: MetricPoint, at: Date): string {
  return JSON.stringify({
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        { Namespace: METRIC_NAMESPACE, Dimensions: [Object.keys(point.dimensions)], Metrics: [{ Name: point.name, Unit: point.unit ?? 'Count' }] },
      ],
    },
    ...point.dimensions,
    [point.name]: point.value,
  });
}

/** Lambda's sink: unprefixed lines on stdout, where CloudWatch turns them into metrics. */
export const stdoutSink: MetricSink = (line) => void process.stdout.write(`${line}\n`);

export function createMetricsEmitter(deps: { sink: MetricSink; clock: { now(): Date } }): MetricsEmitter {
  return {
    emit(point) {
      try {
        deps.sink(emfLine(point, deps.clock.now()));
      } catch {
        // A metric that cannot be written never fails the work it measures.
      }
    },
  };
}

/** For tests and callers that measure nothing. */
export const NO_EMITTER: MetricsEmitter = { emit: () => {} };
