// Linear-time checks that hold on a busy machine. An absolute budget ("under 1 s") measures the
// machine as much as the code: on two cores shared with another test run, linear code took 4.5 s
// where it took 0.8 s alone. What does not change with load is how the time grows with the input:
// a path is timed on a small part of the text and on all of it, and the ratio tells linear growth
// from quadratic growth. Time is this process's CPU time, not the clock's: a long call on a busy
// machine waits for a core far more than a short one does, and the clock would count the wait.
import { expect } from 'vitest';

/**
 * How much longer the whole text is than the small part. Not 8: on this code an 8× step lands inside
 * the memory effects of V8 and the processor (a 4k text sits in cache, a call's garbage outgrows the
 * young generation between 64k and 128k characters), and linear paths measured 20–32× for 8× the
 * text, too close to quadratic's 64×. Over 64× those effects stay a small factor next to the gap.
 */
export const SCALE = 64;
/**
 * The largest time ratio (whole text / small part) that still counts as linear: 512 = 64^1.5, time
 * growing at most as n^1.5, halfway in the exponent between linear (64×) and quadratic (4096×).
 * Linear paths here measured up to about 230× (n^1.3, the memory effects above); quadratic code
 * needs its small sample to be 8× slower than it is to pass, and catastrophic backtracking far more.
 */
export const MAX_GROWTH = 512;
/** The small part is timed this often and the best kept: cheap, and its noise would hide quadratic code. */
const SMALL_SAMPLES = 5;
/**
 * Noise only adds time. One sample of the whole text (the costly one) settles a ratio below the
 * threshold; a ratio above it is believed only after another sample, as a busy machine can stretch
 * one call several times over, and one near it gets up to four.
 */
const MAX_LARGE_SAMPLES = 4;
const CLEARLY_SUPERLINEAR = 4 * MAX_GROWTH;
/** Each sample repeats the call until it has used this much CPU time, so a fast path is not timer noise. */
const MIN_SAMPLE_MS = 5;
/**
 * Below this many nanoseconds per character on the whole text the code is a single quick pass and
 * the ratio measures fixed costs and caches; quadratic code on 4,000 characters and more costs over
 * 100 ns per character, so it cannot hide under this. Noise cannot make a call faster.
 */
const SINGLE_PASS_NS_PER_CHAR = 10;

export interface Growth {
  smallLength: number;
  largeLength: number;
  /** The least CPU time per call seen on the small part and on the whole text. */
  smallMs: number;
  largeMs: number;
  ratio: number;
  largeSamples: number;
  singlePass: boolean;
}

/** CPU time of this process so far, in ms: unlike the clock, it does not run while other processes have the cores. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function perCallMs(run: () => unknown): Promise<number> {
  const start = cpuMs();
  let calls = 0;
  let elapsed = 0;
  do {
    await run();
    calls++;
    elapsed = cpuMs() - start;
  } while (elapsed < MIN_SAMPLE_MS);
  return elapsed / calls;
}

/**
 * Times `path` on the first 64th of `text` (after a warm-up there: compilation, lazy tables) and on
 * all of it. The minimum of each size's samples is what the code costs; anything above it is the
 * machine being busy, which the other samples filter out.
 */
export async function growthOf(path: (text: string) => unknown, text: string): Promise<Growth> {
  const small = text.slice(0, Math.ceil(text.length / SCALE));
  await path(small);
  let smallMs = Infinity;
  for (let i = 0; i < SMALL_SAMPLES; i++) smallMs = Math.min(smallMs, await perCallMs(() => path(small)));
  let largeMs = Infinity;
  let largeSamples = 0;
  for (;;) {
    largeMs = Math.min(largeMs, await perCallMs(() => path(text)));
    largeSamples++;
    const ratio = largeMs / smallMs;
    const singlePass = (largeMs * 1e6) / text.length < SINGLE_PASS_NS_PER_CHAR;
    const settled = singlePass || ratio < MAX_GROWTH || (largeSamples >= 2 && ratio > CLEARLY_SUPERLINEAR);
    if (settled || largeSamples >= MAX_LARGE_SAMPLES)
      return { smallLength: small.length, largeLength: text.length, smallMs, largeMs, ratio, largeSamples, singlePass };
    smallMs = Math.min(smallMs, await perCallMs(() => path(small)));
  }
}

/** Fails unless `path`'s time grows no faster than linearly (within MAX_GROWTH) from a 64th of `text` to all of it. */
export async function expectLinear(path: (text: string) => unknown, text: string): Promise<void> {
  const g = await growthOf(path, text);
  const detail = `${g.smallLength} chars: ${g.smallMs.toFixed(3)} ms; ${g.largeLength} chars: ${g.largeMs.toFixed(3)} ms`;
  // LINEAR_TIME_LOG=1 prints every measurement, to see how close the paths come to the threshold.
  if (process.env.LINEAR_TIME_LOG) process.stderr.write(`linear-time: ${g.ratio.toFixed(1)}x, ${g.largeSamples} sample(s) (${detail})\n`);
  if (!g.singlePass) expect(g.ratio, `time grew ${g.ratio.toFixed(0)}× for ${SCALE}× the text (${detail}, best of ${g.largeSamples})`).toBeLessThan(MAX_GROWTH);
}
