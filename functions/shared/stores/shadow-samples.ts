// A class's independent-sample figures from its stored samples, the same for every ShadowStore
// adapter: a sample counts once it holds a resolution, agrees when none of its resolutions disagrees,
// and the distinct customers and orders are those of the counted samples. Derived on read from
// per-sample atomic counters, so concurrent resolutions never race on a shared "distinct" figure and
// a crash between writes leaves no customer or order counted without its sample.
import type { ClassFigures } from '../domain/shadow.js';

/** One stored sample: one customer's resolutions in one class and window (orders by hash). */
export type StoredSample = { customer: string; window: string; resolutions: number; disagreements: number; orders: readonly string[] };

export function sampleFiguresOf(samples: readonly StoredSample[]): Omit<ClassFigures, 'resolved' | 'agreed'> {
  const counted = samples.filter((s) => s.resolutions > 0);
  return {
    samples: counted.length,
    agreeingSamples: counted.filter((s) => s.disagreements <= 0).length,
    customers: new Set(counted.map((s) => s.customer)).size,
    orders: new Set(counted.flatMap((s) => s.orders)).size,
  };
}

/** A resolution's moves on its sample: a new one adds a resolution; a superseding one moves only the disagreements. */
export function sampleDelta(resolution: { agrees: boolean }, replacing: { agrees: boolean } | null): { resolutions: number; disagreements: number } {
  const disagrees = (r: { agrees: boolean } | null) => (r && !r.agrees ? 1 : 0);
  return { resolutions: replacing ? 0 : 1, disagreements: disagrees(resolution) - disagrees(replacing) };
}
