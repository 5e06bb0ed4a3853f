// Offline reply agent and reply checker. The agent states only what happened (refunded amount
// and order, a return opened, refunded on receipt or closed, or that a person is looking) and, when
// the facts carry what the customer paid for each item, a sentence saying so with those figures as
// given; the checker demands the exact order number and formatted amount and flags any other amount
// (the facts' own figures aside) or a refund claim that did not happen.
import { formatMoney } from '#shared/money.js';
import { deEs } from './spanish.js';
import { amountsIn } from './money-scan.js';
import { givenPassages, returnClosedReply, returnOpenedReply, returnRefundedSentence, type ReturnReplyFacts } from './reply-returns.js';
import { countMatches, normalizeText, phrases } from './text.js';
import { exchangeOpenedReply, exchangeShippedReply } from './reply-exchanges.js';
import { statusAnsweredReply, type StatusReplyFacts } from './reply-status.js';

/** One refunded item as the customer paid for it, every figure already formatted (functions/shared/reply.ts). */
export interface PaidItem {
  item: string;
  paid: string;
  price: string;
  discount: string | null;
  tax: string | null;
  taxIncluded: boolean;
}

/** As functions/shared/reply.ts gives them; a return's moments add its own (reply-returns.ts). */
export interface ReplyFacts extends ReturnReplyFacts, StatusReplyFacts {
  language: string;
  orderNumber: string | null;
  /** refunded, escalated, return_opened, return_closed or exchange_shipped. */
  outcome: string;
  /** refund (to the payments), store_credit or cancel; absent or null means refund when refunded. */
  remedy?: string | null;
  /** The customer's first name, for the greeting. */
  firstName?: string | null;
  /** How the reply is signed, in its language. */
  signOff?: string;
  /** One part of a reply covering several requests: written without the greeting and the sign-off. */
  part?: { index: number; of: number };
  /** Escalated on an unclear reading: the question the draft asks. */
  question?: string;
  amountMinor: number | null;
  currency: string | null;
  reason?: string | null;
  paid?: PaidItem[];
  shipping?: string | null;
  duties?: string | null;
}

type Refunded = (amount: string, order: string) => string;
/** The words of the "what you paid" sentence. */
type PaidWords = {
  intro: string;
  unitPrice: string;
  less: string;
  plusTax: (tax: string) => string;
  taxIncluded: string;
  shipping: string;
  duties: string;
};
type Templates = {
  refunded: Refunded;
  storeCredit: Refunded;
  cancelled: Refunded;
  pending: (order: string) => string;
  order: (n: string | null) => string;
  paid: PaidWords;
};

const TEMPLATES: Record<'en' | 'es' | 'de' | 'fr', Templates> = {
  en: {
    paid: {
      intro: 'What you paid:',
      unitPrice: 'unit price',
      less: 'less',
      plusTax: (tax) => `plus ${tax} tax`,
      taxIncluded: 'tax included',
      shipping: 'shipping',
      duties: 'duties',
    },
    order: (n) => (n ? `order #${n}` : 'your order'),
    refunded: (amount, order) => `Hello,\n\nWe have refunded ${amount} for ${order} to your original payment method.\n\nBest regards,\nCustomer support`,
    storeCredit: (amount, order) => `Hello,\n\nWe have added ${amount} for ${order} to your account as store credit.\n\nBest regards,\nCustomer support`,
    cancelled: (amount, order) =>
      `Hello,\n\nWe have cancelled ${order} and refunded ${amount} to your original payment method.\n\nBest regards,\nCustomer support`,
    pending: (order) =>
      `Hello,\n\nThank you for your message about ${order}. A member of our team is reviewing your request and will get back to you.\n\nBest regards,\nCustomer support`,
  },
  es: {
    paid: {
      intro: 'Lo que pagó:',
      unitPrice: 'precio unitario',
      less: 'menos',
      plusTax: (tax) => `más ${tax} de impuestos`,
      taxIncluded: 'impuestos incluidos',
      shipping: 'envío',
      duties: 'aranceles',
    },
    order: (n) => (n ? `el pedido #${n}` : 'su pedido'),
    refunded: (amount, order) => `Hola:\n\nHemos reembolsado ${amount} ${deEs(order)} a su método de pago original.\n\nSaludos cordiales,\nAtención al cliente`,
    storeCredit: (amount, order) =>
      `Hola:\n\nHemos añadido ${amount} ${deEs(order)} a su cuenta como crédito de tienda.\n\nSaludos cordiales,\nAtención al cliente`,
    cancelled: (amount, order) =>
      `Hola:\n\nHemos cancelado ${order} y reembolsado ${amount} a su método de pago original.\n\nSaludos cordiales,\nAtención al cliente`,
    pending: (order) =>
      `Hola:\n\nGracias por su mensaje sobre ${order}. Una persona de nuestro equipo está revisando su solicitud y le responderá.\n\nSaludos cordiales,\nAtención al cliente`,
  },
  de: {
    paid: {
      intro: 'Was Sie bezahlt haben:',
      unitPrice: 'Stückpreis',
      less: 'abzüglich',
      plusTax: (tax) => `zuzüglich ${tax} Steuern`,
      taxIncluded: 'inkl. Steuern',
      shipping: 'Versand',
      duties: 'Zölle',
    },
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
    paid: {
      intro: 'Ce que vous avez payé :',
      unitPrice: 'prix unitaire',
      less: 'moins',
      plusTax: (tax) => `plus ${tax} de taxes`,
      taxIncluded: 'taxes incluses',
      shipping: 'livraison',
      duties: 'droits de douane',
    },
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

/**
 * "What you paid: 1 × Stoneware mug, $16.33 (unit price $20.00, less 25%, plus $1.33 tax); shipping $7.50."
 * Null when the facts carry no breakdown, or one that says no more than the total (one item at its price).
 */
function paidSentence(facts: ReplyFacts, words: PaidWords): string | null {
  const items = facts.paid ?? [];
  const more = items.some((p) => p.discount || p.tax) || items.length > 1 || facts.shipping || facts.duties;
  if (items.length === 0 || !more) return null;
  const details = (p: PaidItem) => {
    if (!p.discount && !p.tax) return '';
    const tax = p.tax ? `, ${p.taxIncluded ? words.taxIncluded : words.plusTax(p.tax)}` : '';
    return ` (${words.unitPrice} ${p.price}${p.discount ? `, ${words.less} ${p.discount}` : ''}${tax})`;
  };
  const parts = [
    ...items.map((p) => `${p.item}, ${p.paid}${details(p)}`),
    ...(facts.shipping ? [`${words.shipping} ${facts.shipping}`] : []),
    ...(facts.duties ? [`${words.duties} ${facts.duties}`] : []),
  ];
  return `${words.intro} ${parts.join('; ')}.`;
}

/** The greeting of each language's templates, and the same greeting with the customer's first name. */
const GREETINGS: Record<'en' | 'es' | 'de' | 'fr', { plain: string; named: (name: string) => string; asks: string }> = {
  en: { plain: 'Hello,', named: (n) => `Hello ${n},`, asks: 'So that we can go on, could you tell us:' },
  es: { plain: 'Hola:', named: (n) => `Hola, ${n}:`, asks: 'Para poder continuar, ¿podría indicarnos lo siguiente?' },
  de: { plain: 'Hallo,', named: (n) => `Hallo ${n},`, asks: 'Damit wir weitermachen können, beantworten Sie uns bitte diese Frage:' },
  fr: { plain: 'Bonjour,', named: (n) => `Bonjour ${n},`, asks: 'Pour que nous puissions avancer, pourriez-vous nous répondre :' },
};

/**
 * The body as the facts address it: greeted by first name when the facts give one, and, while a
 * person takes over, with the question the agent could not answer put to the customer (as given:
 * the double does not translate it) before the sign-off.
 */
function addressed(written: string, facts: ReplyFacts): string {
  const g = GREETINGS[facts.language as keyof typeof GREETINGS] ?? GREETINGS.en;
  // A language the double has no words for is written in English, but signed as the facts say.
  const signed = facts.language in GREETINGS || !facts.signOff ? written : written.replace(/Customer support$/, facts.signOff);
  const body = signed;
  const named = facts.firstName && body.startsWith(`${g.plain}\n`) ? `${g.named(facts.firstName)}${body.slice(g.plain.length)}` : body;
  if (!facts.question || facts.outcome !== 'escalated') return named;
  const [greeting, said, ...rest] = named.split('\n\n');
  return [greeting, said, `${g.asks}\n${facts.question}`, ...rest].join('\n\n');
}

export function writeReply(facts: ReplyFacts): { body: string } {
  const body = addressed(replyBody(facts), facts);
  // A part of several: the paragraphs between the greeting and the sign-off.
  return { body: facts.part ? body.split('\n\n').slice(1, -1).join('\n\n') : body };
}

function replyBody(facts: ReplyFacts): string {
  const t = templatesFor(facts.language);
  const order = t.order(facts.orderNumber);
  const amount = facts.amountMinor !== null && facts.currency ? formatMoney(facts.amountMinor, facts.currency, facts.language) : null;
  if (facts.outcome === 'return_opened' && facts.exchange?.length) return exchangeOpenedReply(facts, order, amount);
  if (facts.outcome === 'exchange_shipped') return exchangeShippedReply(facts, order);
  if (facts.outcome === 'return_opened' && amount) return returnOpenedReply(facts, order, amount);
  if (facts.outcome === 'return_closed') return returnClosedReply(facts, order);
  if (facts.outcome === 'status_answered' && facts.status?.refunds.length) return statusAnsweredReply(facts, order);
  if (facts.outcome === 'refunded' && amount) {
    const write = facts.remedy === 'store_credit' ? t.storeCredit : facts.remedy === 'cancel' ? t.cancelled : t.refunded;
    const body = write(amount, order);
    const added = [returnRefundedSentence(facts), paidSentence(facts, t.paid)].filter((p) => p !== null);
    if (added.length === 0) return body;
    // Their own paragraphs after the one saying what was refunded, before the sign-off.
    const [greeting, said, ...rest] = body.split('\n\n');
    return [greeting, said, ...added, ...rest].join('\n\n');
  }
  return t.pending(order);
}

/** Non-breaking and narrow spaces differ by locale and by writer: compare with plain spaces. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ');
const REFUND_CLAIM = phrases(['refunded', 'have refunded', 'reembolsado', 'hemos reembolsado', 'erstattet', 'rembourse', 'remboursee']);

/** The figures of what the customer paid and a return's fee, as the facts give them (a percentage is no amount). */
function givenFigures(facts: ReplyFacts): string[] {
  const items = facts.paid ?? [];
  const told = (facts.status?.refunds ?? []).map((r) => r.amount);
  return [...items.flatMap((p) => [p.paid, p.price, p.discount ?? '', p.tax ?? '']), facts.shipping ?? '', facts.duties ?? '', facts.fee ?? '', ...told].filter(
    (f) => /\d/.test(f),
  );
}

/** An amount in the draft that is one of the given figures: the same digits, and its currency marks among the figure's. */
function givenFigure(found: string, facts: ReplyFacts): boolean {
  const digits = (s: string) => s.replace(/\D/g, '');
  const marks = plainSpaces(found).replace(/[\d.,' ]/g, '');
  return givenFigures(facts).some((f) => digits(f) === digits(found) && plainSpaces(f).includes(marks));
}

export function checkReply(draft: string, facts: ReplyFacts): { passed: boolean; problems: string[] } {
  const problems: string[] = [];
  const body = plainSpaces(draft);
  const orderNumber = facts.orderNumber?.replace(/[^0-9A-Za-z-]/g, '') ?? '';
  if (orderNumber && !new RegExp(`(^|\\D)${orderNumber}(\\D|$)`).test(body)) {
    problems.push(`the draft does not name order ${facts.orderNumber}`);
  }
  // The label's link and the return address are the facts' own text, digits and all.
  let rest = givenPassages(facts).reduce((text, given) => text.split(plainSpaces(given)).join(' '), body);
  // A refund made, or a return's refund on receipt: that amount, exactly.
  const written = facts.amountMinor !== null && facts.currency ? plainSpaces(formatMoney(facts.amountMinor, facts.currency, facts.language)) : null;
  const amount = facts.outcome === 'refunded' || facts.outcome === 'return_opened' ? written : null;
  if (amount) {
    const what = facts.outcome === 'refunded' ? 'the refunded amount' : 'the refund on receipt';
    if (!rest.includes(amount)) problems.push(`the draft does not state ${what} ${amount}`);
    rest = rest.split(amount).join(' ');
  }
  // An answer about an earlier refund tells refunds the record holds.
  const refunded = (facts.outcome === 'refunded' && amount) || (facts.outcome === 'status_answered' && (facts.status?.refunds.length ?? 0) > 0);
  if (!refunded && countMatches(REFUND_CLAIM, normalizeText(body)) > 0) {
    problems.push(
      facts.outcome === 'return_opened'
        ? 'the draft says the refund was made, but it is made when the parcel arrives'
        : 'the draft says a refund was made, but none was',
    );
  }
  const others = amountsIn(rest).filter((m) => !givenFigure(m, facts));
  if (others.length > 0) problems.push(`the draft states an amount that did not happen: ${others.map((m) => m.trim()).join(', ')}`);
  return { passed: problems.length === 0, problems };
}
