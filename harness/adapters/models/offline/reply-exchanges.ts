// The offline reply agent's words for an exchange, in the languages it writes (en, es, de, fr):
// opened (what to send back, how, within how many days, what ships instead once the parcel arrives,
// and a cheaper variant's difference refunded then, never said to be made), and shipped (the new item
// on its way; for a replacement sent at once, nothing to send back). Every figure and name comes from
// the facts as given (functions/shared/reply.ts).
import { howToSend, type ReturnReplyFacts } from './reply-returns.js';
import { deEs } from './spanish.js';

type Opened = { name: string; order: string; items: string; exchange: string; amount: string | null; days: number; how: string };
type Shipped = { name: string; order: string; items: string; exchange: string; atOnce: boolean };
type ExchangeWords = { opened: (e: Opened) => string; shipped: (e: Shipped) => string };

const WORDS: Record<'en' | 'es' | 'de' | 'fr', ExchangeWords> = {
  en: {
    opened: (e) =>
      `Hello,\n\nWe have opened exchange ${e.name} for ${e.order}. Please send back within ${e.days} days: ${e.items}.\n\n${e.how}\n\n` +
      `Once the parcel arrives, we will send you ${e.exchange}${e.amount ? ` and return the difference of ${e.amount} to your original payment method` : ''}.` +
      `\n\nBest regards,\nCustomer support`,
    shipped: (e) =>
      `Hello,\n\n${e.atOnce ? `We are sending you ${e.exchange} in place of ${e.items} from ${e.order}. There is no need to send anything back.` : `Your parcel for ${e.name} (${e.order}) has arrived, and ${e.exchange} is on its way to you.`}` +
      `\n\nBest regards,\nCustomer support`,
  },
  es: {
    opened: (e) =>
      `Hola:\n\nHemos abierto el cambio ${e.name} para ${e.order}. Por favor, envíenos en un plazo de ${e.days} días: ${e.items}.\n\n${e.how}\n\n` +
      `Cuando recibamos el paquete, le enviaremos ${e.exchange}${e.amount ? ` y le devolveremos la diferencia de ${e.amount} a su método de pago original` : ''}.` +
      `\n\nSaludos cordiales,\nAtención al cliente`,
    shipped: (e) =>
      `Hola:\n\n${e.atOnce ? `Le enviamos ${e.exchange} en lugar de ${e.items} ${deEs(e.order)}. No hace falta que nos devuelva nada.` : `Su paquete del cambio ${e.name} (${e.order}) ha llegado y ${e.exchange} ya está en camino.`}` +
      `\n\nSaludos cordiales,\nAtención al cliente`,
  },
  de: {
    opened: (e) =>
      `Hallo,\n\nwir haben den Umtausch ${e.name} für ${e.order} angelegt. Bitte senden Sie innerhalb von ${e.days} Tagen zurück: ${e.items}.\n\n${e.how}\n\n` +
      `Sobald das Paket bei uns eingeht, senden wir Ihnen ${e.exchange}${e.amount ? ` und erstatten die Differenz von ${e.amount} auf Ihre ursprüngliche Zahlungsart` : ''}.` +
      `\n\nMit freundlichen Grüßen\nKundenservice`,
    shipped: (e) =>
      `Hallo,\n\n${e.atOnce ? `Wir senden Ihnen ${e.exchange} anstelle von ${e.items} aus ${e.order}. Sie müssen nichts zurückschicken.` : `Ihr Paket zum Umtausch ${e.name} (${e.order}) ist eingegangen, ${e.exchange} ist auf dem Weg zu Ihnen.`}` +
      `\n\nMit freundlichen Grüßen\nKundenservice`,
  },
  fr: {
    opened: (e) =>
      `Bonjour,\n\nNous avons ouvert l'échange ${e.name} pour ${e.order}. Merci de nous renvoyer sous ${e.days} jours : ${e.items}.\n\n${e.how}\n\n` +
      `Dès réception du colis, nous vous enverrons ${e.exchange}${e.amount ? ` et vous rembourserons la différence de ${e.amount} sur votre moyen de paiement d'origine` : ''}.` +
      `\n\nCordialement,\nLe service client`,
    shipped: (e) =>
      `Bonjour,\n\n${e.atOnce ? `Nous vous envoyons ${e.exchange} à la place de ${e.items} de ${e.order}. Vous n'avez rien à nous renvoyer.` : `Votre colis de l'échange ${e.name} (${e.order}) nous est parvenu et ${e.exchange} est en route.`}` +
      `\n\nCordialement,\nLe service client`,
  },
};

const wordsFor = (language: string): ExchangeWords => WORDS[language as keyof typeof WORDS] ?? WORDS.en;
const list = (items: string[] | undefined) => (items ?? []).join(', ');

/** An exchange just opened: `amount` a cheaper variant's difference refunded on receipt, null when it costs the same. */
export function exchangeOpenedReply(facts: ReturnReplyFacts & { language: string }, order: string, amount: string | null): string {
  return wordsFor(facts.language).opened({
    name: facts.returnName ?? '',
    order,
    items: list(facts.items),
    exchange: list(facts.exchange),
    amount,
    days: facts.sendWithinDays ?? 0,
    how: howToSend(facts.language, facts.instructions),
  });
}

/** The new item on its way: at once (nothing comes back), or now that the parcel arrived. */
export function exchangeShippedReply(facts: ReturnReplyFacts & { language: string }, order: string): string {
  return wordsFor(facts.language).shipped({
    name: facts.returnName ?? '',
    order,
    items: list(facts.items),
    exchange: list(facts.exchange),
    atOnce: facts.shipsAtOnce === true,
  });
}
