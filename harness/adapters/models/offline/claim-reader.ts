// The claim across all the customer's texts (subject, body, then follow-ups): per line, a stated
// quantity beats none and a later text beats an earlier one (the customer corrected it); excluded
// lines are never claimed, nor lines said to be fine or kept that are only listed beside others
// where something is wrong; "everything" claims every other refundable line in full. With no line
// named, the one line named outside a complaint, or the order's only line, is claimed.
import type { Line, LineIndex } from './line-match.js';
import { readSourceClaims, type Claim, type SourceClaims } from './claims.js';
import type { Amount } from './quantity.js';
import type { SourceReading } from './source-reading.js';

export interface ClaimReading {
  claims: Claim[];
  excluded: Set<number>;
  /** Mentions that fit several lines equally, none of which was named precisely elsewhere. */
  ambiguous: number[][];
  /** Lines for which one text states two different quantities. */
  conflicts: Set<number>;
  whole: string | null;
  /** How the claim was found when no complaint named an item. */
  fallback: 'named_elsewhere' | 'only_line' | null;
  /** Per line the customer excludes, says is fine or keeps, their words (the first text that says so). */
  exclusionQuotes: Map<number, () => string | null>;
}

/** Units an amount comes to on a line, to tell two statements apart ("all except one" of 3 is "two"). */
function units(amount: Amount | null, line: Line): number | null {
  if (amount === null || typeof amount === 'number') return amount;
  return amount === 'all' ? line.quantity : line.quantity - amount.allBut;
}

function merge(perSource: readonly SourceClaims[], excluded: Set<number>, index: LineIndex) {
  const best = new Map<number, Claim>();
  const claimedIn = new Map<number, number>();
  const conflicts = new Set<number>();
  perSource.forEach((source, at) => {
    // A later text that only states how many ("Sorry: three of the four mugs.") refines an earlier claim.
    for (const context of source.context) {
      const earlier = claimedIn.get(context.line);
      if (context.amount !== null && earlier !== undefined && earlier < at && !excluded.has(context.line)) {
        best.set(context.line, context);
        conflicts.delete(context.line);
      }
    }
    const local = new Map<number, Claim>();
    const disagree = new Set<number>();
    for (const claim of source.claims) {
      const seen = local.get(claim.line);
      if (excluded.has(claim.line)) continue;
      if (!seen || (seen.amount === null && claim.amount !== null)) local.set(claim.line, claim);
      else if (claim.amount !== null && units(claim.amount, index.lines[claim.line]!) !== units(seen.amount, index.lines[claim.line]!))
        disagree.add(claim.line);
    }
    for (const [line, claim] of local) {
      const earlier = best.get(line);
      if (earlier && claim.amount === null && earlier.amount !== null) continue;
      best.set(line, claim);
      claimedIn.set(line, at);
      if (claim.amount !== null) conflicts.delete(line);
    }
    disagree.forEach((line) => conflicts.add(line));
  });
  return { best, conflicts };
}

export function readClaims(sources: readonly SourceReading[], index: LineIndex, language: string): ClaimReading {
  const perSource = sources.map((r) => readSourceClaims(r, index, language));
  const excluded = new Set(perSource.flatMap((s) => [...s.excluded]));
  const fine = new Set(perSource.flatMap((s) => [...s.fine]));
  // A line said to be fine or kept somewhere, and claimed only where it is listed beside others
  // ("I ordered the frames and a vase … the vase we're keeping"), is not claimed.
  const saidFine = new Set(perSource.flatMap((s) => [...s.saidFine]));
  const ownClause = new Set(perSource.flatMap((s) => s.claims.filter((c) => !c.listed).map((c) => c.line)));
  // "Just the teapot, the rest is fine": only the lines named with it are claimed, whatever was said before.
  const only = new Set(perSource.flatMap((s) => [...s.only]));
  const { best, conflicts } = merge(
    perSource.map((s) => ({ ...s, claims: s.claims.filter((c) => !(c.listed && saidFine.has(c.line) && !ownClause.has(c.line))) })),
    excluded,
    index,
  );
  if (only.size > 0) for (const line of [...best.keys()]) if (!only.has(line)) best.delete(line);
  const whole = perSource.find((s) => s.whole !== null)?.whole ?? null;
  if (whole) {
    index.lines.forEach((line, at) => {
      if (excluded.has(at) || fine.has(at) || best.get(at)?.amount != null || line.refundableQuantity <= 0) return;
      best.set(at, { line: at, amount: 'all', singular: false, quote: () => whole });
    });
  }
  const groups = new Map<string, number[]>();
  for (const group of perSource.flatMap((s) => s.ambiguous)) {
    const open = group.filter((line) => !excluded.has(line));
    if (open.length > 1 && !open.some((line) => best.has(line))) groups.set(open.join(), open);
  }
  const unique = [...groups.values()];
  let fallback: ClaimReading['fallback'] = null;
  if (best.size === 0 && unique.length === 0) {
    const context = perSource.flatMap((s) => s.context).filter((c) => !excluded.has(c.line) && !fine.has(c.line));
    const candidates = index.lines.map((_, at) => at).filter((at) => !excluded.has(at) && !fine.has(at));
    if (new Set(context.map((c) => c.line)).size === 1) {
      best.set(context[0]!.line, context[context.length - 1]!);
      fallback = 'named_elsewhere';
    } else if (context.length === 0 && candidates.length === 1) {
      const quote = perSource.find((s) => s.complaint !== null)?.complaint ?? null;
      best.set(candidates[0]!, { line: candidates[0]!, amount: null, singular: false, quote: () => quote });
      fallback = 'only_line';
    }
  }
  const claims = [...best.values()].sort((a, b) => a.line - b.line);
  const exclusionQuotes = new Map<number, () => string | null>();
  for (const s of perSource) for (const [line, quote] of s.exclusionQuotes) if (!exclusionQuotes.has(line)) exclusionQuotes.set(line, quote);
  return { claims, excluded, ambiguous: unique.slice(0, 5), conflicts, whole, fallback, exclusionQuotes };
}
