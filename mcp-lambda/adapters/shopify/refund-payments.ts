// Where a refund paid back, from its REFUND transactions: a card (the brand and last four digits
// Shopify's CardPaymentDetails give), the customer's store credit, or another gateway (a gift card,
// PayPal, a manual payment), each with its status and when the gateway processed it. get_order reads
// them so a "where is my refund?" answer can say which card, or store credit, the money went to.
import type { Money, RefundPayment } from '#shared/contracts/tools.js';

/** The gateway Shopify records a refund to store credit on. */
export const STORE_CREDIT_GATEWAY = 'shopify_store_credit';

/** One of a refund's transactions as get_order reads it. `paymentDetails` is null (or `{}`) when they are not a card's. */
export interface RefundTransactionNode<M> {
  kind: string;
  status: string;
  gateway: string | null;
  amountSet: M;
  processedAt?: string | null;
  paymentDetails?: { company?: string | null; number?: string | null } | null;
}

/** The last four digits of a masked card number ("•••• •••• •••• 4242"), or null when it does not end in four digits. */
export function cardLast4(number: string | null | undefined): string | null {
  const match = /(?:^|\D)(\d{4})\s*$/.exec(number ?? '');
  return match ? match[1]! : null;
}

/** A card when Shopify gave card details (an inline fragment on another kind of details answers `{}`). */
function isCard(details: RefundTransactionNode<unknown>['paymentDetails']): details is { company?: string | null; number?: string | null } {
  return details !== null && details !== undefined && ('company' in details || 'number' in details);
}

function methodOf(t: RefundTransactionNode<unknown>): RefundPayment['method'] {
  if (t.gateway === STORE_CREDIT_GATEWAY) return 'store_credit';
  return isCard(t.paymentDetails) ? 'card' : 'other';
}

/** The refund's payments: its REFUND transactions only (Shopify lists none other on a refund, but says so in each). */
export function toRefundPayments<M>(transactions: readonly RefundTransactionNode<M>[], toMoney: (node: M) => Money): RefundPayment[] {
  return transactions
    .filter((t) => t.kind.toUpperCase() === 'REFUND')
    .map((t) => {
      const method = methodOf(t);
      const card = method === 'card' && isCard(t.paymentDetails) ? t.paymentDetails : null;
      return {
        method,
        gateway: t.gateway ?? '',
        status: t.status,
        amount: toMoney(t.amountSet),
        processedAt: t.processedAt ?? null,
        cardBrand: card?.company ?? null,
        cardLast4: card ? cardLast4(card.number) : null,
      };
    });
}
