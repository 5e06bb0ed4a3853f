// The one normal form the grounding rules compare customer text and quotes in: Unicode
// compatibility form (full-width letters become ASCII), invisible characters removed (zero-width
// spaces and joiners, soft hyphens, bidi controls), accents folded, case folded, whitespace
// collapsed. Linear in the input.

/** Zero-width characters, soft hyphen, word joiner, bidi marks and overrides, BOM. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
const COMBINING = /[\u0300-\u036f]/g;
const QUOTE_MARKS = /[’‘`´]/g;
const SPACE = /\s+/g;

export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(COMBINING, '')
    .replace(QUOTE_MARKS, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(SPACE, ' ')
    .trim();
}

/** Words (letters or digits) of already-normalised text, in order. */
export function tokens(normalized: string): string[] {
  return normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A small plural stem so "mugs"/"mug", "glasses"/"glass", "candles"/"candle", "tazas"/"taza" meet. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Stems of a product title worth matching on: three letters or more, not a generic word. */
export function titleStems(title: string, generic: ReadonlySet<string>): string[] {
  return [
    ...new Set(
      tokens(normalizeForMatch(title))
        .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !generic.has(w))
        .map(stem),
    ),
  ];
}

/**
 * A title's product word: the last word before any bracket, dash or connector ("Glass bud vase" →
 * vase, "Vase en céramique" → vase, "Tumbler glasses (set of 4)" → glasses); undefined when none.
 */
export function productWord(title: string, connectors: ReadonlySet<string>, generic: ReadonlySet<string>): string | undefined {
  const head = normalizeForMatch(title).split(/[(,/|:\u2013\u2014[]| - /u)[0] ?? '';
  const words = tokens(head);
  const cut = words.findIndex((w, i) => i > 0 && connectors.has(w));
  const naming = (cut === -1 ? words : words.slice(0, cut)).filter((w) => w.length >= 3 && !/\d/.test(w) && !generic.has(w));
  return naming.at(-1);
}

/** Stems of a title's material words that are not its product word (productWord). Empty when the title has no product word. */
export function modifierMaterialStems(
  title: string,
  materials: ReadonlySet<string>,
  connectors: ReadonlySet<string>,
  generic: ReadonlySet<string>,
): Set<string> {
  const product = productWord(title, connectors, generic);
  if (product === undefined) return new Set();
  return new Set(
    tokens(normalizeForMatch(title))
      .filter((w) => materials.has(w) && w !== product)
      .map(stem),
  );
}
