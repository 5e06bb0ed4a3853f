// A class's figures from its stored samples, the same for every ShadowStore adapter: the resolutions
// and agreements are the sums over its samples, a sample counts once it holds a resolution, agrees
// when none of its resolutions disagrees, and the distinct customers and orders are those of the
// counted samples. Derived on read from per-sample atomic counters, so concurrent resolutions never
// race on a shared "distinct" figure, a crash between writes leaves no customer or order counted
// without its sample, and the class row needs no counters (nor a set of what they counted) of its own.
// A resolution's moves on its sample are made once each, by a token the sample keeps: redoing the
// counting of a resolution whose process died half-way (countingsOf) changes nothing already counted.
import type { ShadowResolution } from '../domain/run.js';
import type { ClassFigures } from '../domain/shadow.js';

/** One stored sample: one customer's resolutions in one class and window (orders by hash). */
export type StoredSample = { customer: string; window: string; resolutions: number; disagreements: number; orders: readonly string[] };

export function sampleFiguresOf(samples: readonly StoredSample[]): ClassFigures {
  const counted = samples.filter((s) => s.resolutions > 0);
  const sum = (of: (s: StoredSample) => number) => samples.reduce((total, s) => total + of(s), 0);
  return {
    resolved: sum((s) => s.resolutions),
    agreed: sum((s) => s.resolutions - s.disagreements),
    samples: counted.length,
    agreeingSamples: counted.filter((s) => s.disagreements <= 0).length,
    customers: new Set(counted.map((s) => s.customer)).size,
    orders: new Set(counted.flatMap((s) => s.orders)).size,
  };
}

const FIGURES = ['resolved', 'agreed', 'samples', 'agreeingSamples', 'customers', 'orders'] as const;

/** Whether two sets of figures are the same (a promotion holds only on the figures it was checked on). */
export const sameFigures = (a: ClassFigures, b: ClassFigures): boolean => FIGURES.every((key) => a[key] === b[key]);

/** A resolution's moves on its sample: a new one adds a resolution; a superseding one moves only the disagreements. */
export function sampleDelta(resolution: { agrees: boolean }, replacing: { agrees: boolean } | null): { resolutions: number; disagreements: number } {
  const disagrees = (r: { agrees: boolean } | null) => (r && !r.agrees ? 1 : 0);
  return { resolutions: replacing ? 0 : 1, disagreements: disagrees(resolution) - disagrees(replacing) };
}

/** One move on a sample, made once: the sample keeps its token among those it has counted. */
export type SampleCounting = { token: string; delta: { resolutions: number; disagreements: number } };

/**
 * What counting a run's resolution writes on its sample, in order: the resolution it superseded
 * first, as a resolution of its own (already counted unless its process died before; then it is
 * counted now), then its own moves. Each once, by the token `<runId>#<sourceId>`.
 */
export function countingsOf(runId: string, resolution: ShadowResolution): SampleCounting[] {
  const replaced = resolution.supersedes ?? null;
  const own: SampleCounting = { token: `${runId}#${resolution.sourceId}`, delta: sampleDelta(resolution, replaced) };
  return replaced ? [{ token: `${runId}#${replaced.sourceId}`, delta: sampleDelta(replaced, null) }, own] : [own];
}

/** The resolution as the run keeps it: with what it replaced, if anything (and nothing a caller claimed besides). */
export function withSupersedes(resolution: ShadowResolution, replacing: ShadowResolution | null): ShadowResolution {
  const { supersedes: _claimed, ...own } = resolution;
  return replacing ? { ...own, supersedes: { by: replacing.by, sourceId: replacing.sourceId, agrees: replacing.agrees } } : own;
}
