// The product's metrics written to a list instead of stdout: the real emitter (shared/metrics.ts)
// with a recording sink, so tests read the EMF lines CloudWatch would receive.
import { createProductMetrics, type ProductMetrics } from '#harness/metrics.js';
import { createMetricsEmitter } from '#shared/metrics.js';

export function recordingMetrics(clock: { now(): Date } = { now: () => new Date() }): { metrics: ProductMetrics; lines: string[] } {
  const lines: string[] = [];
  return { metrics: createProductMetrics(createMetricsEmitter({ sink: (line) => void lines.push(line), clock })), lines };
}
