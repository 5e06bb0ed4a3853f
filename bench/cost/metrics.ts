// CloudWatch custom metrics as billed: a series is a namespace, metric name and dimension set with
// its values, billed $0.30 a month prorated by the hours in which it has data. The series a ticket
// emits are read from the EMF lines the local runtime's functions wrote for it (the functions write no
// series per function: no ColdStart, shared/observability.ts). At a tenant's volume, with tickets arriving at random (Poisson), a
// series that r tickets an hour emit has data in 1 - exp(-r) of the hours. Pure.
import { ASSUMPTIONS } from './assumptions.js';
import type { CostLine } from './estimate.js';
import { PRICES } from './prices.js';

type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;

/** The distinct series in EMF lines: `namespace/name{dim=value,…}`, one per dimension set of each metric. */
export function seriesOf(lines: readonly string[]): string[] {
  const series = new Set<string>();
  for (const line of lines) {
    const emf = JSON.parse(line) as Emf;
    for (const directive of emf._aws.CloudWatchMetrics) {
      for (const dims of directive.Dimensions) {
        const labels = dims.map((d) => `${d}=${String(emf[d])}`).join(',');
        for (const metric of directive.Metrics) series.add(`${directive.Namespace}/${metric.Name}{${labels}}`);
      }
    }
  }
  return [...series].sort();
}

/** The share of the month's hours in which a series emitted `perMonth` times (at random) has data. */
export const hoursWithDataShare = (perMonth: number): number => 1 - Math.exp(-perMonth / ASSUMPTIONS.hoursPerMonth);

export type SeriesRates = {
  /** Each product series with how many tickets a month emit it. */
  product: Map<string, number>;
};

/**
 * How often each series gets data in a month: `emitted[kind]` are the series each measured ticket of a
 * kind emitted (a series counts in proportion to the tickets of its kind that emitted it).
 */
export function seriesRates(input: { ticketsPerMonth: number; mix: Record<string, number>; emitted: Record<string, string[][]> }): SeriesRates {
  const product = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  for (const [kind, tickets] of Object.entries(input.emitted)) {
    const perMonth = input.ticketsPerMonth * (input.mix[kind] ?? 0);
    for (const series of tickets) for (const s of series) bump(product, s, perMonth / tickets.length);
  }
  return { product };
}

/** The custom metric line of a tenant-month: the product's series, each billed for its hours with data. */
export function customMetricLines(rates: SeriesRates): CostLine[] {
  const line = (item: string, map: Map<string, number>): CostLine => {
    const metricMonths = [...map.values()].reduce((sum, perMonth) => sum + hoursWithDataShare(perMonth), 0);
    return {
      item: `${item} (${map.size} series)`,
      quantity: metricMonths * ASSUMPTIONS.hoursPerMonth,
      unit: 'series-hours',
      usd: metricMonths * PRICES.customMetricMonth.usd,
    };
  };
  return [line('Custom metrics: product series, hours with data', rates.product)];
}
