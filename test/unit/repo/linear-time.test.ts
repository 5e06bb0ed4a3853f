// The linear-time check the hostile-input suite relies on (test/support/linear-time.ts) must tell the
// two apart: a single pass and a chunked pass pass, a pass that rescans what it has read fails.
import { describe, expect, it } from 'vitest';
import { growthOf, MAX_GROWTH } from '../../support/linear-time.js';

/** Counts each character's earlier occurrences: quadratic, the shape of a rescan per position. */
function rescanning(text: string): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) for (let j = 0; j < i; j++) if (text.charCodeAt(j) === text.charCodeAt(i)) seen++;
  return seen;
}

/** Counts characters in one pass, with some work per character. */
function scanning(text: string): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) for (let j = 0; j < 64; j++) if (text.charCodeAt(i) === j) seen++;
  return seen;
}

// 16k characters (timed at 256 and at all of them), so the quadratic one costs a tenth of a second, not seconds.
const TEXT = 'ab, <( '.repeat(2_400);

describe('the linear-time check', () => {
  it('passes a single pass', async () => {
    const growth = await growthOf(scanning, TEXT);
    expect(growth.ratio).toBeLessThan(MAX_GROWTH);
  });

  it('fails a pass that rescans what it has read', async () => {
    const growth = await growthOf(rescanning, TEXT);
    expect(growth.ratio).toBeGreaterThan(MAX_GROWTH);
  });
});
