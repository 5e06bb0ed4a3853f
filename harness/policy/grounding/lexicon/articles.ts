// The articles of the six languages (normal form of text.ts), one list for the grounding rules: the
// indefinite ones that state one unit ("a mug", "una taza"), the plural definite ones a count or a
// "both" follows ("the two", "les deux", "gli due"), and every article (what may stand between
// "both" and its item: "both a mug and the platter", "beide, die Tasse und…"). Data only.

/** "A", "una", "ein": one unit, when no other number is said. */
export const INDEFINITE = new Set(['a', 'an', 'un', 'una', 'une', 'uno', 'ein', 'eine', 'einen', 'einer', 'um', 'uma']);

/** Plural definite articles: "the two", "los dos", "as duas", "die zwei", "den beiden", "i due", "gli due", "les deux". */
export const PLURAL_DEFINITE = new Set(['the', 'los', 'las', 'les', 'die', 'den', 'os', 'as', 'i', 'gli', 'le']);

/** The singular definite articles besides those: "el", "la", "der", "das", "o", "il", "lo". */
const SINGULAR_DEFINITE = ['the', 'el', 'la', 'le', 'der', 'das', 'den', 'die', 'o', 'il', 'lo'];

/** Every article, for the words right after a "both". */
export const ANY_ARTICLE = new Set([...INDEFINITE, ...SINGULAR_DEFINITE, 'los', 'las', 'les', 'os']);
