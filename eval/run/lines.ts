// Lines by SKU, as labels and observations name them: merged and sorted so two ways of writing the
// same lines compare equal, shown as "2×SKU", and compared for equality or containment.
import type { SkuLine } from './types.js';

/** Lines merged by SKU and sorted, so two ways of writing the same lines compare equal. */
export function normalizeLines(lines: readonly SkuLine[]): SkuLine[] {
  const bySku = new Map<string, number>();
  for (const { sku, quantity } of lines) bySku.set(sku, (bySku.get(sku) ?? 0) + quantity);
  return [...bySku].map(([sku, quantity]) => ({ sku, quantity })).sort((a, b) => a.sku.localeCompare(b.sku));
}

export const formatLines = (lines: readonly SkuLine[]) =>
  lines.length === 0
    ? '[]'
    : normalizeLines(lines)
        .map((l) => `${l.quantity}×${l.sku}`)
        .join(', ');

export function sameLines(a: readonly SkuLine[], b: readonly SkuLine[]): boolean {
  return formatLines(a) === formatLines(b);
}

/** Every SKU of `lines` is in `within`, with at most that quantity. */
export function linesWithin(lines: readonly SkuLine[], within: readonly SkuLine[]): boolean {
  const allowed = new Map(normalizeLines(within).map((l) => [l.sku, l.quantity]));
  return normalizeLines(lines).every((l) => l.quantity <= (allowed.get(l.sku) ?? 0));
}
