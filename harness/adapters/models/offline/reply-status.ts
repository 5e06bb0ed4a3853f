// The offline reply agent's answer to a question about an earlier refund (outcome status_answered),
// in the languages it writes (en, es, de, fr): each refund on record as the facts give it (the day,
// the amount, the items, where it went), then the tenant's bank-time words as given. Every figure and
// name comes from the facts (functions/shared/reply-status.ts); nothing is promised.
import { deEs } from './spanish.js';

type PaidTo = { method: 'card'; brand: string | null; last4: string | null } | { method: 'store_credit' } | { method: 'original_payment' };
export type StatusRefundFacts = { date: string; amount: string; items: string[]; paidTo: PaidTo[]; pending: boolean };
export type StatusReplyFacts = { language: string; status?: { refunds: StatusRefundFacts[]; bankTimes: string } };

type Words = {
  hello: string;
  intro: (order: string) => string;
  refund: (r: { date: string; amount: string; items: string; to: string }) => string;
  card: (brand: string | null, last4: string | null) => string;
  storeCredit: string;
  original: string;
  pending: string;
  bye: string;
};

const WORDS: Record<'en' | 'es' | 'de' | 'fr', Words> = {
  en: {
    hello: 'Hello,',
    intro: (order) => `Thank you for asking about the refund on ${order}. Here is what our records show:`,
    refund: (r) => `- On ${r.date} we refunded ${r.amount}${r.items ? ` for ${r.items}` : ''} to ${r.to}.`,
    card: (brand, last4) => `your ${brand ?? 'card'}${last4 ? ` ending in ${last4}` : ''}`,
    storeCredit: 'your account as store credit',
    original: 'your original payment method',
    pending: 'The payment back is still being processed.',
    bye: 'Best regards,\nCustomer support',
  },
  es: {
    hello: 'Hola:',
    intro: (order) => `Gracias por consultarnos sobre el reembolso ${deEs(order)}. Esto es lo que muestran nuestros registros:`,
    refund: (r) => `- El ${r.date} reembolsamos ${r.amount}${r.items ? ` por ${r.items}` : ''} a ${r.to}.`,
    card: (brand, last4) => `su tarjeta ${brand ?? ''}${last4 ? ` terminada en ${last4}` : ''}`.replace('  ', ' '),
    storeCredit: 'su cuenta como crédito de tienda',
    original: 'su método de pago original',
    pending: 'La devolución del pago todavía se está procesando.',
    bye: 'Saludos cordiales,\nAtención al cliente',
  },
  de: {
    hello: 'Hallo,',
    intro: (order) => `vielen Dank für Ihre Nachfrage zur Erstattung für ${order}. Laut unseren Unterlagen:`,
    refund: (r) => `- Am ${r.date} haben wir ${r.amount}${r.items ? ` für ${r.items}` : ''} auf ${r.to} erstattet.`,
    card: (brand, last4) => `Ihre ${brand ?? 'Karte'}${brand ? '-Karte' : ''}${last4 ? ` mit den Endziffern ${last4}` : ''}`,
    storeCredit: 'Ihr Kundenkonto als Guthaben',
    original: 'Ihre ursprüngliche Zahlungsart',
    pending: 'Die Rückzahlung wird noch bearbeitet.',
    bye: 'Mit freundlichen Grüßen\nKundenservice',
  },
  fr: {
    hello: 'Bonjour,',
    intro: (order) => `Merci pour votre question sur le remboursement de ${order}. Voici ce qu'indiquent nos dossiers :`,
    refund: (r) => `- Le ${r.date}, nous avons remboursé ${r.amount}${r.items ? ` pour ${r.items}` : ''} sur ${r.to}.`,
    card: (brand, last4) => `votre carte ${brand ?? ''}${last4 ? ` se terminant par ${last4}` : ''}`.replace('  ', ' '),
    storeCredit: 'votre compte sous forme d’avoir',
    original: "votre moyen de paiement d'origine",
    pending: 'Le remboursement est encore en cours de traitement.',
    bye: 'Cordialement,\nLe service client',
  },
};

const wordsFor = (language: string): Words => WORDS[language as keyof typeof WORDS] ?? WORDS.en;

function paidToWords(w: Words, to: readonly PaidTo[]): string {
  const each = to.map((p) => (p.method === 'card' ? w.card(p.brand, p.last4) : p.method === 'store_credit' ? w.storeCredit : w.original));
  return [...new Set(each)].join(' + ');
}

/** The answer: which refunds, when, how much, for what, to which payment; then the bank-time words as given. */
export function statusAnsweredReply(facts: StatusReplyFacts, order: string): string {
  const w = wordsFor(facts.language);
  const refunds = facts.status?.refunds ?? [];
  const lines = refunds.map((r) => w.refund({ date: r.date, amount: r.amount, items: r.items.join(', '), to: paidToWords(w, r.paidTo) }));
  const pending = refunds.some((r) => r.pending) ? [w.pending] : [];
  const bank = facts.status?.bankTimes ? [facts.status.bankTimes] : [];
  return [w.hello, `${w.intro(order)}\n${lines.join('\n')}`, ...pending, ...bank, w.bye].join('\n\n');
}
