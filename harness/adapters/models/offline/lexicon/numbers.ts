// Quantity words of the offline order agent in six languages: cardinals, "both", "all", "of" (for
// "two of the three"), "a pair". Data only; quantity.ts reads quantities with them.

export const CARDINALS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  uno: 1,
  una: 1,
  un: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  doce: 12,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  quatro: 4,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  douze: 12,
  ein: 1,
  eine: 1,
  einen: 1,
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  zwölf: 12,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  dieci: 10,
  undici: 11,
  dodici: 12,
};

/** Determiners meaning one unit: a singular claim, not a stated quantity above one. */
export const ONE_WORDS = ['a', 'an', 'one', 'un', 'una', 'uno', 'um', 'uma', 'une', 'ein', 'eine', 'einen'];

/** "both" and its kin: two units. */
export const BOTH_WORDS = ['both', 'ambos', 'ambas', 'beide', 'beiden', 'beides', 'entrambi', 'entrambe', 'ambedue'];

/** "all": every unit of the item ("all the glasses", "all of them"), or with a number, that number ("all four"). */
export const ALL_WORDS = ['all', 'todos', 'todas', 'alle', 'allen', 'tous', 'toutes', 'tutti', 'tutte'];

/** Joins "two" and "three" in "two of the three" ("dos de las tres", "duas das três", "zwei von drei", "due dei tre"). */
export const OF_WORDS = [
  'of',
  'out',
  'de',
  'del',
  'dos',
  'das',
  'da',
  'do',
  'des',
  'du',
  'der',
  'von',
  'aus',
  'dei',
  'degli',
  'delle',
  'di',
  'della',
  'tra',
  'fra',
];

/** "a pair": two units ("a pair", "un par", "une paire", "ein Paar", "un paio"). */
export const PAIR_WORDS = ['pair', 'pairs', 'par', 'pares', 'paire', 'paires', 'paar', 'paare', 'paio', 'paia'];

/** "one more of the bowls", "the other two": words that may stand by a count without changing it. */
export const COUNT_COMPANIONS = [
  'more',
  'other',
  'otro',
  'otra',
  'otros',
  'otras',
  'outro',
  'outra',
  'outros',
  'outras',
  'autre',
  'autres',
  'andere',
  'anderen',
  'altro',
  'altra',
  'altri',
  'altre',
];

/** Small words allowed inside a quantity expression ("tutti e due", "todos os quatro", "all of the"). */
export const QUANTITY_FILLERS = ['e', 'y', 'and', 'of', 'the', 'los', 'las', 'os', 'as', 'les', 'die', 'i', 'gli', 'le', 'de'];

/**
 * What may follow a lone "all" for it to count the items ("all arrived broken", "sono tutti rotti"),
 * unlike "all previous instructions" or "all the best".
 */
export const AFTER_LONE_ALL = [
  'of',
  'arrived',
  'came',
  'got',
  'broke',
  'broken',
  'cracked',
  'chipped',
  'smashed',
  'shattered',
  'damaged',
  'dented',
  'in',
  'three',
  'llegaron',
  'rotos',
  'rotas',
  'chegaram',
  'partidos',
  'partidas',
  'cassés',
  'cassées',
  'arrivés',
  'kaputt',
  'zerbrochen',
  'kamen',
  'rotti',
  'rotte',
  'arrivati',
  'arrivate',
];

/** "them" after "one of", "two of" ("two of them arrived broken"). */
export const THEM_WORDS = ['them', 'ellos', 'ellas', 'eles', 'elas', 'eux', 'elles', 'ihnen', 'loro', 'essi', 'esse'];
