// The words code writes around the parts of a combined reply (shared/reply-combined.ts), in each
// language the replies are written in: the greeting, and the line for a request a person now handles
// (it states no amount and claims no refund). Data only.
import type { ReplyLanguage } from './reply-language.js';

export interface CombinedWords {
  greeting: (firstName: string | null) => string;
  /** For a request a person now handles: no amount, no refund claimed. */
  withTheTeam: (orderNumber: string | null) => string;
}

const order = (n: string | null, word: string, none: string) => (n ? `${word} #${n}` : none);

export const COMBINED_WORDS: Record<ReplyLanguage, CombinedWords> = {
  en: {
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    withTheTeam: (n) => `About ${order(n, 'order', 'your other request')}: a member of our team is looking into it and will get back to you.`,
  },
  es: {
    greeting: (n) => (n ? `Hola, ${n}:` : 'Hola:'),
    withTheTeam: (n) => `Sobre ${order(n, 'el pedido', 'su otra solicitud')}: una persona de nuestro equipo lo está revisando y le responderá.`,
  },
  de: {
    greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    withTheTeam: (n) => `Zu ${order(n, 'Bestellung', 'Ihrer anderen Anfrage')}: Jemand aus unserem Team sieht sich das an und meldet sich bei Ihnen.`,
  },
  fr: {
    greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    withTheTeam: (n) => `Concernant ${order(n, 'la commande', 'votre autre demande')} : un membre de notre équipe s'en occupe et reviendra vers vous.`,
  },
  pt: {
    greeting: (n) => (n ? `Olá, ${n},` : 'Olá,'),
    withTheTeam: (n) => `Sobre ${order(n, 'a encomenda', 'o seu outro pedido')}: uma pessoa da nossa equipa está a analisar e entrará em contacto.`,
  },
  it: {
    greeting: (n) => (n ? `Ciao ${n},` : 'Buongiorno,'),
    withTheTeam: (n) => `Per ${order(n, "l'ordine", "l'altra richiesta")}: una persona del nostro team se ne sta occupando e le risponderà.`,
  },
  nl: {
    greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    withTheTeam: (n) => `Over ${order(n, 'bestelling', 'uw andere verzoek')}: iemand van ons team bekijkt het en neemt contact met u op.`,
  },
};
