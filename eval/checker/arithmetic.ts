// The integer arithmetic docs/sandbox-money.md ("Notation", "Spread") states the money in: a half
// rounding up, a percentage with at most four decimals, and an amount spread over lines in
// proportion with the pennies to the largest remainders. In bigint, so no product of two amounts
// can lose a penny to floating point. Written here from the page, not shared with the sandbox store.
import { GoldenDataError } from './errors.js';

const MILLION = 1_000_000n;

/** half_up(n / d) for n ≥ 0, d > 0: floor((2n + d) / 2d). */
export function halfUp(n: bigint, d: bigint): number {
  if (n < 0n || d <= 0n) throw new GoldenDataError(`half_up(${n} / ${d}) is outside the arithmetic's domain`);
  return Number((2n * n + d) / (2n * d));
}

/** A percentage as the page's integer P = p × 10 000; refuses more than four decimals. */
export function rateOf(percentage: number): bigint {
  const scaled = percentage * 10_000;
  const P = Math.round(scaled);
  if (Math.abs(scaled - P) > 1e-6) throw new GoldenDataError(`${percentage}% has more than four decimals`);
  return BigInt(P);
}

/** x × p %, rounded half up: half_up(x × P / 1 000 000). */
export function percentOf(x: number, P: bigint): number {
  return halfUp(BigInt(x) * P, MILLION);
}

/** The tax held inside a tax-including amount x for one rate R of the rates Rs: half_up(x × R / (1 000 000 + Σ Rs)). */
export function includedTax(x: number, R: bigint, all: readonly bigint[]): number {
  return halfUp(BigInt(x) * R, MILLION + all.reduce((n, r) => n + r, 0n));
}

/**
 * D spread over the amounts c in proportion: floor(D × cᵢ / C) each, then the pennies left one each
 * to the largest remainders (D × cᵢ) mod C, a tie to the earlier one. A zero amount gets nothing.
 */
export function spread(D: number, c: readonly number[]): number[] {
  const C = BigInt(c.reduce((n, x) => n + x, 0));
  if (C === 0n || D === 0) return c.map(() => 0);
  const shares = c.map((x, i) => ({ i, floor: (BigInt(D) * BigInt(x)) / C, rest: (BigInt(D) * BigInt(x)) % C, x }));
  let left = BigInt(D) - shares.reduce((n, s) => n + s.floor, 0n);
  const byRemainder = shares.filter((s) => s.x > 0).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0n) break;
    s.floor += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.floor));
}

/** part(X) of docs/sandbox-money.md §4: what k more units of q pay back of X, r refunded before. */
export function part(X: number, q: number, r: number, k: number): number {
  const x = BigInt(X);
  const Q = BigInt(q);
  return halfUp(x * BigInt(r + k), Q) - halfUp(x * BigInt(r), Q);
}
