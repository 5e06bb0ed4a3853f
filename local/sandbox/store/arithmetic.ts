// The integer arithmetic of docs/sandbox-money.md, in one place so every figure the sandbox store
// serves rounds the same way: half-up division, a percentage with at most four decimals as an
// integer rate, the spread of an order-level amount over lines (largest remainders get the pennies)
// and the proration of a line's figure over the units refunded. Money never goes through a float:
// products are taken in BigInt, so no intermediate loses a penny however large the order.

/** A percentage with at most four decimals as an integer: 8.875 → 88_750 (`P = round(p × 10_000)`). */
export const scaledRate = (percentage: number): number => Math.round(percentage * 10_000);

/** Whether a percentage has at most four decimals (so `scaledRate` is exact). */
export function hasAtMostFourDecimals(percentage: number): boolean {
  const scaled = percentage * 10_000;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const big = (n: number): bigint => BigInt(n);

/** `half_up(n / d)` for `n ≥ 0`, `d > 0`: `floor((2n + d) / (2d))`. */
export function halfUp(n: number | bigint, d: number | bigint): number {
  const num = typeof n === 'bigint' ? n : big(n);
  const den = typeof d === 'bigint' ? d : big(d);
  if (den <= 0n || num < 0n) throw new RangeError(`halfUp(${num} / ${den}) needs n ≥ 0 and d > 0`);
  return Number((2n * num + den) / (2n * den));
}

/** `x × p %` with `P = scaledRate(p)`: `half_up(x × P / 1_000_000)`. */
export const percentOf = (x: number, scaled: number): number => halfUp(big(x) * big(scaled), 1_000_000n);

/** `half_up(x × a / b)`: x scaled by a ratio of integers (0 when b is 0). */
export const ratioOf = (x: number, a: number, b: number): number => (b === 0 ? 0 : halfUp(big(x) * big(a), big(b)));

/**
 * Spreads `amount` over `weights` in proportion (docs/sandbox-money.md, "Spread", an assumption):
 * each gets `floor(amount × wᵢ / W)`, and the pennies left go one each to the largest remainders
 * `(amount × wᵢ) mod W`, a tie to the earlier one. A zero weight gets nothing; so does everything when W is 0.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((n, w) => n + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const D = big(amount);
  const W = big(total);
  const shares = weights.map((w) => Number((D * big(w)) / W));
  const remainders = weights.map((w, i) => ({ i, w, rest: (D * big(w)) % W }));
  let left = amount - shares.reduce((n, s) => n + s, 0);
  const order = remainders.filter((r) => r.w > 0).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const r of order) {
    if (left <= 0) break;
    shares[r.i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The prorated part of a line's figure `x` for `k` units refunded after `r` earlier ones, of `q`
 * (docs/sandbox-money.md section 4, an assumption): `half_up(x(r+k)/q) − half_up(xr/q)`. The parts of
 * every partial refund of a line add up to `x` exactly.
 */
export function part(x: number, quantity: number, before: number, units: number): number {
  if (quantity <= 0 || units <= 0) return 0;
  return ratioOf(x, before + units, quantity) - ratioOf(x, before, quantity);
}
