// Offline reply agent and reply checker. The agent states only what happened (refunded amount
// and order, or that a person is looking); the checker demands the exact order number and
// formatted amount and flags any other amount or a refund claim that did not happen.
import { formatMoney } from '#shared/money.js';
import { amountsIn } from './money-scan.js';
import { countMatches, normalizeText, phrases } from './text.js';

export interface ReplyFacts {
  language: string;
  orderNumber: string | null;
  outcome: string;
  /** refund (to the payments), store_credit or cancel; absent means refund. */
  remedy?: string;
  amountMinor: number | null;
  currency: string | null;
  reason?: string | null;
}

type Refunded = (amount: string, order: string) => string;
type Templates = { refunded: Refunded; storeCredit: Refunded; cancelled: Refunded; pending: (order: string) => string; order: (n: string | null) => string };

const TEMPLATES: Record<'en' | 'es' | 'de' | 'fr', Templates> = {
  en: {
    order: (n) => (n ? `order #${n}` : 'your order'),
    refunded: (amount, order) => `Hello,\n\nWe have refunded ${amount} for ${order} to your original payment method.\n\nBest regards,\nCustomer support`,
    storeCredit: (amount, order) => `Hello,\n\nWe have added ${amount} for ${order} to your account as store credit.\n\nBest regards,\nCustomer support`,
    cancelled: (amount, order) =>
      `Hello,\n\nWe have cancelled ${order} and refunded ${amount} to your original payment method.\n\nBest regards,\nCustomer support`,
    pending: (order) =>
      `Hello,\n\nThank you for your message about ${order}. A member of our team is reviewing your request and will get back to you.\n\nBest regards,\nCustomer support`,
  },
  es: {
    order: (n) => (n ? `el pedido #${n}` : 'su pedido'),
    refunded: (amount, order) => `Hola:\n\nHemos reembolsado ${amount} de ${order} a su método de pago original.\n\nSaludos cordiales,\nAtención al cliente`,
    storeCredit: (amount, order) =>
      `Hola:\n\nHemos añadido ${amount} de ${order} a su cuenta como crédito de tienda.\n\nSaludos cordiales,\nAtención al cliente`,
    cancelled: (amount, order) =>
      `Hola:\n\nHemos cancelado ${order} y reembolsado ${amount} a su método de pago original.\n\nSaludos cordiales,\nAtención al cliente`,
    pending: (order) =>
      `Hola:\n\nGracias por su mensaje sobre ${order}. Una persona de nuestro equipo está revisando su solicitud y le responderá.\n\nSaludos cordiales,\nAtención al cliente`,
  },
  de: {
    order: (n) => (n ? `die Bestellung #${n}` : 'Ihre Bestellung'),
    refunded: (amount, order) =>
      `Hallo,\n\nwir haben ${amount} für ${order} auf Ihre ursprüngliche Zahlungsart erstattet.\n\nMit freundlichen Grüßen\nKundenservice`,
    storeCredit: (amount, order) =>
      `Hallo,\n\nwir haben ${amount} für ${order} Ihrem Kundenkonto als Guthaben gutgeschrieben.\n\nMit freundlichen Grüßen\nKundenservice`,
    cancelled: (amount, order) =>
      `Hallo,\n\nwir haben ${order} storniert und ${amount} auf Ihre ursprüngliche Zahlungsart erstattet.\n\nMit freundlichen Grüßen\nKundenservice`,
    pending: (order) =>
      `Hallo,\n\nvielen Dank für Ihre Nachricht zu ${order}. Jemand aus unserem Team prüft Ihr Anliegen und meldet sich bei Ihnen.\n\nMit freundlichen Grüßen\nKundenservice`,
  },
  fr: {
    order: (n) => (n ? `la commande #${n}` : 'votre commande'),
    refunded: (amount, order) =>
      `Bonjour,\n\nNous avons remboursé ${amount} pour ${order} sur votre moyen de paiement d'origine.\n\nCordialement,\nLe service client`,
    storeCredit: (amount, order) =>
      `Bonjour,\n\nNous avons ajouté ${amount} pour ${order} à votre compte sous forme d'avoir.\n\nCordialement,\nLe service client`,
    cancelled: (amount, order) =>
      `Bonjour,\n\nNous avons annulé ${order} et remboursé ${amount} sur votre moyen de paiement d'origine.\n\nCordialement,\nLe service client`,
    pending: (order) =>
      `Bonjour,\n\nMerci pour votre message concernant ${order}. Une personne de notre équipe examine votre demande et reviendra vers vous.\n\nCordialement,\nLe service client`,
  },
};

function templatesFor(language: string): Templates {
  return TEMPLATES[language as keyof typeof TEMPLATES] ?? TEMPLATES.en;
}

export function writeReply(facts: ReplyFacts): { body: string } {
  const t = templatesFor(facts.language);
  const order = t.order(facts.orderNumber);
  if (facts.outcome === 'refunded' && facts.amountMinor !== null && facts.currency) {
    const write = facts.remedy === 'store_credit' ? t.storeCredit : facts.remedy === 'cancel' ? t.cancelled : t.refunded;
    return { body: write(formatMoney(facts.amountMinor, facts.currency, facts.language), order) };
  }
  return { body: t.pending(order) };
}

/** Non-breaking and narrow spaces differ by locale and by writer: compare with plain spaces. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ');
const REFUND_CLAIM = phrases(['refunded', 'have refunded', 'reembolsado', 'hemos reembolsado', 'erstattet', 'rembourse', 'remboursee']);

export function checkReply(draft: string, facts: ReplyFacts): { passed: boolean; problems: string[] } {
  const problems: string[] = [];
  const body = plainSpaces(draft);
  const orderNumber = facts.orderNumber?.replace(/[^0-9A-Za-z-]/g, '') ?? '';
  if (orderNumber && !new RegExp(`(^|\\D)${orderNumber}(\\D|$)`).test(body)) {
    problems.push(`the draft does not name order ${facts.orderNumber}`);
  }
  let rest = body;
  if (facts.outcome === 'refunded' && facts.amountMinor !== null && facts.currency) {
    const amount = plainSpaces(formatMoney(facts.amountMinor, facts.currency, facts.language));
    if (!body.includes(amount)) problems.push(`the draft does not state the refunded amount ${amount}`);
    rest = body.split(amount).join(' ');
  } else if (countMatches(REFUND_CLAIM, normalizeText(body)) > 0) {
    problems.push('the draft says a refund was made, but none was');
  }
  const others = amountsIn(rest);
  if (others.length > 0) problems.push(`the draft states an amount that did not happen: ${others.map((m) => m.trim()).join(', ')}`);
  return { passed: problems.length === 0, problems };
}
