// Text helpers for the offline specialists: one normal form (lower case, no accents, straight
// apostrophes) so word lists can be written once, and small pattern builders.
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

export function words(text: string): string[] {
  return normalizeText(text).match(/\p{L}[\p{L}'-]*\p{L}/gu) ?? [];
}

/** Crude stem so "mugs"/"mug", "tazas"/"taza" meet: strips a plural ending on longer words. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
