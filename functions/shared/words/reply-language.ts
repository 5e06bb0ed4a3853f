// The language a reply is written in, decided in code from the customer's own words: the one of the
// languages replies are written in whose common short words (articles, pronouns, prepositions) make up
// most of those found, when enough are found. A language the replies are not written in, or words
// too few or too mixed to tell, draft the reply in the store's language, and the team reads why.
// Dutch and German share few such words, so neither is read as the other. Linear in the text.

import { languageOf } from '#functions/shared/domain/shadow.js';

/** The languages a reply is written in: money formatted and signed in each (shared/money.ts, SIGN_OFFS). */
export const REPLY_LANGUAGES = ['en', 'es', 'de', 'fr', 'pt', 'it', 'nl'] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

/** A language is read only from at least this many of its words… */
export const MIN_WORDS = 3;
/** …making up at least this share of every such word found (the confidence). */
export const MIN_CONFIDENCE = 0.6;

/** Short words each language writes often and the others seldom (lower case, accents kept). */
const WORDS: Record<ReplyLanguage, readonly string[]> = {
  en: ['the', 'and', 'my', 'is', 'it', 'was', 'of', 'to', 'with', 'for', 'but', 'not', 'have', 'this', 'that', 'you', 'please', 'arrived', 'order'],
  es: ['el', 'la', 'los', 'las', 'y', 'mi', 'es', 'que', 'por', 'con', 'para', 'pero', 'no', 'una', 'un', 'del', 'llegó', 'pedido', 'gracias'],
  de: ['der', 'die', 'das', 'und', 'ich', 'nicht', 'ist', 'ein', 'eine', 'mit', 'für', 'meine', 'mein', 'aber', 'auch', 'bitte', 'bestellung', 'kam', 'wurde'],
  fr: ['le', 'la', 'les', 'et', 'je', 'est', 'une', 'un', 'avec', 'pour', 'mais', 'pas', 'ma', 'mon', 'des', 'du', 'commande', 'merci', 'arrivé'],
  pt: ['o', 'a', 'os', 'as', 'e', 'meu', 'minha', 'não', 'um', 'uma', 'com', 'para', 'mas', 'foi', 'encomenda', 'obrigado', 'obrigada', 'chegou', 'pedido'],
  it: ['il', 'lo', 'gli', 'e', 'mio', 'mia', 'non', 'è', 'uno', 'una', 'con', 'per', 'ma', 'del', 'ordine', 'grazie', 'arrivato', 'arrivata', 'sono'],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'ik',
    'niet',
    'is',
    'van',
    'mijn',
    'met',
    'voor',
    'maar',
    'ook',
    'dat',
    'bestelling',
    'kapot',
    'aangekomen',
    'graag',
    'bedankt',
  ],
};

const INDEX: ReadonlyMap<string, readonly ReplyLanguage[]> = (() => {
  const index = new Map<string, ReplyLanguage[]>();
  for (const language of REPLY_LANGUAGES) for (const word of WORDS[language]) index.set(word, [...(index.get(word) ?? []), language]);
  return index;
})();

export type Detected = { language: ReplyLanguage | null; confidence: number; words: number };

/** The language of the text, its confidence (its share of the words found), and how many words were found. */
export function detectLanguage(text: string): Detected {
  const scores = new Map<ReplyLanguage, number>();
  let found = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const languages = INDEX.get(word);
    if (!languages) continue;
    found += 1;
    // A word several languages write counts a share to each.
    for (const language of languages) scores.set(language, (scores.get(language) ?? 0) + 1 / languages.length);
  }
  let best: ReplyLanguage | null = null;
  let top = 0;
  for (const [language, score] of scores) if (score > top) [best, top] = [language, score];
  return { language: best, confidence: found === 0 ? 0 : top / found, words: found };
}

/** How a reply is signed in each language it is written in. */
const SIGN_OFFS: Record<ReplyLanguage, string> = {
  en: 'Customer support',
  es: 'Atención al cliente',
  de: 'Kundenservice',
  fr: 'Le service client',
  pt: 'Apoio ao cliente',
  it: 'Assistenza clienti',
  nl: 'Klantenservice',
};

/** The sign-off in a reply language (English for one the replies are not written in). */
export const signOffIn = (language: string): string => SIGN_OFFS[language as ReplyLanguage] ?? SIGN_OFFS.en;

export type ReplyLanguageChoice = { language: string; note: string | null };

/** "en-US" → "en"; a store whose language is not one the replies are written in writes English. */
function storeLanguageOf(locale: string | undefined): ReplyLanguage {
  const primary = languageOf(locale ?? 'en');
  return (REPLY_LANGUAGES as readonly string[]).includes(primary) ? (primary as ReplyLanguage) : 'en';
}

/**
 * The reply's language: the customer's when read with confidence from their words and one the
 * replies are written in (whatever the triage said); else the store's. When the store's is not the
 * language the triage read, the team reads why the draft is in the store's language.
 */
export function replyLanguageOf(customerWords: string, triageLanguage: string | null | undefined, storeLocale: string | undefined): ReplyLanguageChoice {
  const detected = detectLanguage(customerWords);
  if (detected.language && detected.words >= MIN_WORDS && detected.confidence >= MIN_CONFIDENCE) return { language: detected.language, note: null };
  const store = storeLanguageOf(storeLocale);
  const read = languageOf(triageLanguage);
  if (read === store) return { language: store, note: null };
  const why = detected.words < MIN_WORDS ? `too few of their words tell a language the replies are written in` : 'their words mix languages';
  return {
    language: store,
    note: `Drafted in the store's language (${store}), not the customer's (read as "${read === 'und' ? 'unknown' : read}"): ${why}. Check before sending.`,
  };
}
