// Text helpers for the offline reply check: one normal form (lower case, no accents, straight
// apostrophes) so word lists can be written once, and a phrase pattern builder. The readers of
// customer text use tokens.ts instead (linear, with offsets for verbatim quotes).
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** One regex matching any of the phrases as whole words (phrases are already normalized). */
export function phrases(list: readonly string[]): RegExp {
  const body = list.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');
  return new RegExp(`(?<![\\p{L}\\d])(?:${body})(?![\\p{L}\\d])`, 'giu');
}

export function countMatches(pattern: RegExp, text: string): number {
  return [...text.matchAll(pattern)].length;
}

export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
