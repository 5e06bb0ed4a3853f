// Small grammatical word lists of the offline readers (English, Spanish, Portuguese, French,
// German, Italian): articles, plural markers, negators, clause-breaking contrast words. Data only;
// written in the normal form of tokens.ts (lower case, no accents).

/** Words after which a period does not end a sentence ("Nr. 1002", "e.g. the mug"). */
export const ABBREVIATIONS = new Set([
  'no', 'nr', 'n', 'nro', 'num', 'st', 'mr', 'mrs', 'ms', 'dr', 'sr', 'sra', 'approx', 'ca', 'etc', 'eg', 'ie', 'vs', 'bzw',
  'usw', 'z', 'b', 'e', 'g', 'i', 'p', 'ej', 'ex', 'art',
]);

/** Elided articles and prepositions of French and Italian ("l'", "dell'", "qu'"). */
export const ELISIONS = new Set(['l', 'd', 'j', 'n', 's', 'c', 'm', 't', 'qu', 'dell', 'all', 'nell', 'sull', 'dall', 'un', 'gl', 'quell', 'dov', 'cos', 'po']);

/** Articles, demonstratives and possessives that may stand between a quantity and its item. */
export const ARTICLES = [
  'the', 'a', 'an', 'my', 'our', 'this', 'that', 'these', 'those', 'your', 'its', 'their',
  'el', 'la', 'los', 'las', 'lo', 'mi', 'mis', 'este', 'esta', 'estos', 'estas', 'su', 'sus',
  'o', 'os', 'as', 'meu', 'minha', 'meus', 'minhas', 'esse', 'essa', 'esses', 'essas',
  'le', 'les', 'l', 'mon', 'ma', 'mes', 'ce', 'cet', 'cette', 'ces', 'notre', 'nos', 'vos',
  'der', 'die', 'das', 'den', 'dem', 'des', 'mein', 'meine', 'meinen', 'meiner', 'meinem', 'diese', 'dieser', 'diesen',
  'il', 'i', 'gli', 'mio', 'mia', 'miei', 'mie', 'questo', 'questa', 'questi', 'queste',
];

/** Plural determiners and verbs: an item word next to one is not "one item" ("the mugs are", "las tazas"). */
export const PLURAL_MARKERS = [
  'these', 'those', 'are', 'were', 'have', 'los', 'las', 'estos', 'estas', 'son', 'estan', 'llegaron', 'vinieron',
  'os', 'as', 'estes', 'estas', 'sao', 'estao', 'chegaram', 'vieram', 'les', 'ces', 'mes', 'sont', 'etaient', 'sind',
  'waren', 'kamen', 'gli', 'sono', 'erano', 'arrivati', 'arrivate', 'questi', 'queste', 'miei', 'mie',
];

/**
 * Contrast words that start a new clause ("the bowl is fine, but the plate is chipped"). Not the
 * ones that are common words of another language: Italian "ma" is French "my", Portuguese "mas"
 * is Spanish "más".
 */
export const CONTRAST_WORDS = [
  'but', 'however', 'although', 'though', 'whereas', 'pero', 'sino', 'aunque', 'porem', 'contudo', 'mais', 'cependant', 'pourtant',
  'aber', 'jedoch', 'sondern', 'doch', 'però', 'tuttavia', 'invece',
];

/** Negators that cancel a remedy named within the next few words ("I don't want a refund"). */
export const NEGATORS = [
  'not', 'no', "don't", 'dont', "doesn't", "won't", 'never', 'without', 'instead', 'nicht', 'kein', 'keine',
  'keinen', 'ohne', 'statt', 'pas', 'ne', 'sans', 'non', 'nao', 'sem', 'nem', 'ni', 'sin', 'senza', 'anstatt', 'invece',
  // Not asked for: "rather than a refund", "you offered a replacement".
  'than', 'offered', 'suggested', 'ofrecieron', 'ofereceram', 'proposé', 'angeboten', 'offerto',
];

/** A remedy after one of these in its sentence is a fallback ("replace it, and if you can't, refund me"). */
export const CONDITIONALS = ['if', 'otherwise', 'else', 'si', 'sino', 'sinon', 'sonst', 'falls', 'wenn', 'se', 'senão', 'altrimenti', 'caso'];

/** Negators that cancel a state word right after them ("not damaged", "sin daños", "nicht kaputt"). */
export const STATE_NEGATORS = [
  'not', 'no', "isn't", "aren't", "wasn't", "weren't", 'without', 'nicht', 'kein', 'keine', 'ohne', 'pas', 'sans', 'non', 'nao', 'sem',
  'sin', 'senza',
];

/** Negators that exclude the item right after them ("not the lamp", "nicht die Lampe"). */
export const ITEM_NEGATORS = ['not', 'nicht', 'pas', 'non', 'nao', 'excluding', 'sauf', 'ausser', 'tranne', 'excepto', 'exceto'];

/** A number right after one of these is the ordered count, not the claim ("I ordered 3 mugs"). */
export const ORDERED_WORDS = [
  'ordered', 'bought', 'purchased', 'order', 'pedi', 'compre', 'encargue', 'encomendei', 'comprei', 'commande',
  'achete', 'bestellt', 'gekauft', 'ordinato', 'comprato', 'ordinati', 'comprati', 'of', 'von',
];

/** Real words one typo away from a word list entry: never read as that entry ("denied" is not "dented"). */
export const FUZZY_BLOCK = [
  'denied', 'fault', 'faults', 'leaving', 'leads', 'leaps', 'there', 'three', 'where', 'these', 'those', 'tracked', 'brake', 'brakes',
  'broker', 'refused', 'replay', 'replays', 'cancer', 'candel', 'place', 'places', 'placed', 'plane', 'plant', 'state', 'soon',
  'another', 'received',
];
