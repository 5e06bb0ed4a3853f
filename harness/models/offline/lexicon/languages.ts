// Function words that tell the six languages of the offline triage apart (a ticket's language is the
// one with most of its words here). Elided forms ("l'", "dell'") count as words. Data only.

export type OfflineLanguage = 'en' | 'es' | 'pt' | 'fr' | 'de' | 'it';

export const LANGUAGE_WORDS: Readonly<Record<OfflineLanguage, readonly string[]>> = {
  en: ['the', 'and', 'my', 'is', 'it', 'was', 'i', 'you', 'order', 'please', 'pls', 'with', 'for', 'not', 'this', 'have', 'hello', 'hi', 'thanks', 'arrived', 'of', 'but', 'are', 'from', 'would', 'could', 'got', 'me', 'sorry', 'broken', 'both'],
  es: ['el', 'los', 'las', 'mi', 'es', 'que', 'y', 'con', 'por', 'pedido', 'hola', 'gracias', 'llegó', 'para', 'muy', 'está', 'del', 'pero', 'quiero', 'recibí', 'favor', 'mis', 'unos', 'unas', 'llegaron', 'la', 'perdón', 'prefiero', 'roto', 'rota', 'rotos', 'rotas', 'todo', 'excepto', 'también', 'ayer'],
  pt: ['o', 'os', 'meu', 'minha', 'não', 'com', 'um', 'uma', 'do', 'da', 'dos', 'das', 'encomenda', 'olá', 'obrigado', 'obrigada', 'chegou', 'chegaram', 'quero', 'foi', 'vocês', 'recebi', 'veio', 'meus', 'minhas', 'gostaria', 'na', 'tudo', 'exceto', 'também', 'ontem', 'você'],
  fr: ['le', 'les', 'mon', 'ma', 'est', 'et', 'je', 'pas', 'commande', 'bonjour', 'merci', 'avec', 'une', 'pour', 'reçu', 'mes', 'des', 'du', 'ne', "j'", "l'", "d'", "qu'", "n'", 'voudrais', 'arrivé', 'arrivée', 'dans', 'sont', 'tout', 'sauf', 'cassé', 'cassée', 'cassés', 'cassées'],
  de: ['der', 'die', 'das', 'und', 'ist', 'mein', 'meine', 'ich', 'nicht', 'bitte', 'bestellung', 'mit', 'ein', 'eine', 'hallo', 'danke', 'war', 'aus', 'meiner', 'angekommen', 'zu', 'den', 'dem', 'habe', 'wurde', 'sind', 'beide', 'kaputt', 'leider', 'alles', 'außer', 'auch'],
  it: ['il', 'lo', 'gli', 'di', 'che', 'non', 'mio', 'mia', 'grazie', 'ciao', 'buongiorno', 'salve', 'ordine', 'arrivato', 'arrivata', 'sono', 'ho', 'è', 'e', 'per', 'della', 'nel', 'nella', "dell'", "un'", 'vorrei', 'rimborso', 'miei', 'dei', 'hai', 'solo', 'rotto', 'rotta', 'rotti', 'rotte', 'tutto', 'tranne'],
};
