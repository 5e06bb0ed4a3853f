// Which card a sandbox payment was made with, as Shopify's OrderTransaction.paymentDetails shows it
// (CardPaymentDetails: the brand as `company`, the number masked to its last four digits). A payment
// on a card gateway carries the card it names (`StoreTransaction.card`) or, without one, a card
// derived from its order, so every sandbox card payment has one and a test can know it in advance:
// the order's first card is a Visa ending in the order number's last four digits (#1001: 1001), a
// second a Mastercard, a third an American Express, each ending 1111 further on (#1001: 2112, 3223).
// A capture is made with its authorisation's card; a refund reports the card it went back to (its
// parent payment). Store credit, gift cards and other gateways have no card details.
import type { StoreCard, StoreOrder, StoreTransaction } from './model.js';

/** Gateways that take cards: Shopify Payments and Shopify's test gateway ("Bogus Gateway"). */
export const CARD_GATEWAYS: ReadonlySet<string> = new Set(['shopify_payments', 'bogus']);

/** The brands the derived cards take, in turn, by the card's position among the order's cards. */
const DEFAULT_BRANDS = ['Visa', 'Mastercard', 'American Express'] as const;

/** Shopify's masked card number: only the last four digits shown. */
export const maskedCardNumber = (last4: string): string => `•••• •••• •••• ${last4}`;

/** The transaction a card was presented on: an authorisation for its captures, else the payment itself. */
function cardHolderOf(order: StoreOrder, t: StoreTransaction): StoreTransaction {
  if (t.kind !== 'CAPTURE' || t.parentId === null) return t;
  return order.transactions.find((p) => p.id === t.parentId && p.kind === 'AUTHORIZATION') ?? t;
}

/** The order's `k`-th card (from 0), derived from its number. */
export function defaultCard(order: StoreOrder, k: number): StoreCard {
  const number = Number(order.name.replace(/\D/g, '') || '0');
  return {
    brand: DEFAULT_BRANDS[k % DEFAULT_BRANDS.length]!,
    last4: String((number + 1111 * k) % 10000).padStart(4, '0'),
  };
}

/** The card a payment (sale, authorisation or capture) was made with; null off a card gateway. */
function paymentCard(order: StoreOrder, payment: StoreTransaction): StoreCard | null {
  if (!CARD_GATEWAYS.has(payment.gateway)) return null;
  const holder = cardHolderOf(order, payment);
  if (holder.card) return holder.card;
  if (payment.card) return payment.card;
  const presented = order.transactions.filter((t) => CARD_GATEWAYS.has(t.gateway) && (t.kind === 'SALE' || t.kind === 'AUTHORIZATION'));
  const k = presented.findIndex((t) => t.id === holder.id);
  return defaultCard(order, Math.max(0, k));
}

/** The card a transaction moved money on: a refund's is its parent payment's. */
export function cardOf(order: StoreOrder, t: StoreTransaction): StoreCard | null {
  if (t.kind !== 'REFUND') return paymentCard(order, t);
  const parent = order.transactions.find((p) => p.id === t.parentId);
  return parent ? paymentCard(order, parent) : null;
}

/** OrderTransaction.paymentDetails: CardPaymentDetails for a card, else null. */
export function paymentDetailsView(order: StoreOrder, t: StoreTransaction): Record<string, unknown> | null {
  const card = cardOf(order, t);
  if (!card) return null;
  return { __typename: 'CardPaymentDetails', company: card.brand, number: maskedCardNumber(card.last4) };
}
