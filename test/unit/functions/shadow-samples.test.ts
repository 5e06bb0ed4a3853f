// A class's resolved and agreed figures are derived from its samples (no counters of their own on the
// class row): for every history a run can have (a first resolution, agreeing or not, then perhaps a
// store refund superseding "solved with no refund"), the sums over the samples equal the counters the
// class row used to keep, and a superseding resolution's counting counts what it replaced first, once.
import { describe, expect, it } from 'vitest';
import type { ShadowResolution } from '#functions/shared/domain/run.js';
import { countingsOf, sampleFiguresOf, withSupersedes, type StoredSample } from '#functions/shared/stores/shadow-samples.js';

const solved = (agrees: boolean): ShadowResolution => ({ by: 'helpdesk_solved', amountMinor: 0, lines: [], at: 'a', agrees, sourceId: 'helpdesk:e1' });
const refund = (agrees: boolean): ShadowResolution => ({ by: 'store_refund', amountMinor: 1800, lines: [], at: 'b', agrees, sourceId: 'refund:9' });

/** The class counters as they were kept: a new resolution counts one ticket, a superseding one moves only `agreed`. */
function counters(history: Array<[ShadowResolution, ShadowResolution | null]>) {
  const a = (r: ShadowResolution | null) => (r?.agrees ? 1 : 0);
  return history.reduce((c, [r, replacing]) => ({ resolved: c.resolved + (replacing ? 0 : 1), agreed: c.agreed + a(r) - a(replacing) }), {
    resolved: 0,
    agreed: 0,
  });
}

/** One sample after counting the run's resolutions, each counting at most once by its token, in order. */
function sampleAfter(runId: string, resolutions: ShadowResolution[]): StoredSample {
  const counted = new Set<string>();
  const sample = { customer: 'c', window: 'w', resolutions: 0, disagreements: 0, orders: ['o'] };
  for (const resolution of resolutions) {
    for (const { token, delta } of countingsOf(runId, resolution)) {
      if (counted.has(token)) continue;
      counted.add(token);
      sample.resolutions += delta.resolutions;
      sample.disagreements += delta.disagreements;
    }
  }
  return sample;
}

describe('figures derived from the samples', () => {
  it.each([true, false])('equal the counters for one resolution (agrees: %s), counted once however often', (agrees) => {
    const r = refund(agrees);
    expect(sampleFiguresOf([sampleAfter('run-1', [r, r, r])])).toMatchObject(counters([[r, null]]));
  });

  it.each([
    [false, true],
    [false, false],
    [true, true],
    [true, false],
  ])('equal the counters when solved (agrees: %s) is superseded by a refund (agrees: %s), with or without the first counting', (first, second) => {
    const replaced = solved(first);
    const superseding = withSupersedes(refund(second), replaced);
    const expected = counters([
      [replaced, null],
      [superseding, replaced],
    ]);

    expect(sampleFiguresOf([sampleAfter('run-1', [replaced, superseding, superseding])])).toMatchObject(expected);
    // The process that recorded "solved" died before counting it: the refund counts it first.
    expect(sampleFiguresOf([sampleAfter('run-1', [superseding, replaced, superseding])])).toMatchObject(expected);
  });

  it('sums over samples and runs, one sample agreeing only while none of its resolutions disagrees', () => {
    const samples = [
      sampleAfter('run-1', [refund(true)]),
      sampleAfter('run-2', [refund(false)]),
      sampleAfter('run-3', [withSupersedes(refund(true), solved(false))]),
    ];
    expect(sampleFiguresOf(samples)).toEqual({ resolved: 3, agreed: 2, samples: 3, agreeingSamples: 2, customers: 1, orders: 1 });
  });

  it('keeps on a resolution only what it replaced, never what a caller claimed', () => {
    const claimed = { ...refund(true), supersedes: { by: 'helpdesk_solved' as const, sourceId: 'helpdesk:x', agrees: true } };
    expect(withSupersedes(claimed, null)).toEqual(refund(true));
    expect(withSupersedes(claimed, solved(false)).supersedes).toEqual({ by: 'helpdesk_solved', sourceId: 'helpdesk:e1', agrees: false });
  });
});
