// Turns an order read through get_order into the facts the policy decides on. The harness and
// CheckOrder both use it, so the gate and the dispatch check see the same numbers.
// Each line keeps its own fulfilment (a partially fulfilled order ships lines apart, a line in parts);
// the order's refunds, amount-only ones included (with where each paid back, when the store said),
// and Shopify's remainder come through as they are.
// The refund's parent is chosen here, in code (never by the model): the first payment, in the order
// the payments were made, that still has money to refund (refundablePayments says how that is counted).
import type { Fulfillment, Order, RefundPayment } from '#shared/contracts/tools.js';
import type { CustomerRefundFact, OrderFacts, OrderRefundFact } from './types.js';
import { presentmentFacts } from './presentment-facts.js';
import { lineMoneyFacts, orderMoneyFacts } from './money-facts.js';

const PAYMENT_KINDS = new Set(['SALE', 'CAPTURE']);
/** Refund transactions that took money from a payment: made, or on their way (a pending one is spoken for). */
const REFUND_TAKEN = new Set(['SUCCESS', 'PENDING']);
/** Fulfilments that shipped nothing: they neither start a line's window nor count its units. */
const VOID_FULFILLMENT = new Set(['CANCELLED', 'ERROR', 'FAILURE']);

interface LineFulfilment {
  fulfilledAt: string | null;
  fulfilledQuantity: number;
  deliveredAt: string | null;
}

const earlier = (a: string | null, b: string | null | undefined): string | null => (!b ? a : !a || b < a ? b : a);

/**
 * Units of each line a fulfilment shipped. Without per-line quantities (an older server, or Shopify
 * leaving one out) a line it names counts in full.
 */
function unitsShipped(f: Fulfillment, quantityOf: (lineItemId: string) => number): Map<string, number> {
  const units = new Map<string, number>();
  const lines = f.lineItems ?? f.lineItemIds.map((lineItemId) => ({ lineItemId, quantity: null }));
  for (const { lineItemId, quantity } of lines) {
    units.set(lineItemId, (units.get(lineItemId) ?? 0) + (quantity ?? quantityOf(lineItemId)));
  }
  return units;
}

/**
 * Per line: its first fulfilment, the units fulfilled (at most the line's quantity) and the first
 * delivery the carrier reported for it (the earliest, so a delivery-based window never starts late).
 */
function lineFulfilments(order: Order): Map<string, LineFulfilment> {
  const quantity = new Map(order.lineItems.map((li) => [li.id, li.quantity]));
  const byLine = new Map<string, LineFulfilment>();
  for (const f of order.fulfillments) {
    if (VOID_FULFILLMENT.has(f.status.toUpperCase())) continue;
    for (const [id, units] of unitsShipped(f, (lineItemId) => quantity.get(lineItemId) ?? 0)) {
      if (units <= 0) continue;
      const seen = byLine.get(id) ?? { fulfilledAt: null, fulfilledQuantity: 0, deliveredAt: null };
      byLine.set(id, {
        fulfilledAt: earlier(seen.fulfilledAt, f.createdAt),
        fulfilledQuantity: Math.min(quantity.get(id) ?? Infinity, seen.fulfilledQuantity + units),
        deliveredAt: earlier(seen.deliveredAt, f.deliveredAt),
      });
    }
  }
  return byLine;
}

type Transaction = Order['transactions'][number];

const isPayment = (t: Transaction) => PAYMENT_KINDS.has(t.kind.toUpperCase()) && t.status.toUpperCase() === 'SUCCESS';

/** The order's payments (successful sales and captures), in the order they were made: the refund parents it may have. */
export function paymentIds(order: Pick<Order, 'transactions'>): string[] {
  return order.transactions.filter(isPayment).map((t) => t.id);
}

/**
 * Each payment with what it still has to refund. get_order lists the refund transactions with their
 * gateway but not their parent, so what a gateway has refunded is taken from its payments in the
 * order they were made (Shopify's suggestion fills them in that order: local/sandbox/store/payments.ts).
 * Exact for an order paid once per gateway (a gift card and a card); for several captures of one
 * gateway it is that same assumption, and the store's preview checks the pick before anything is sent.
 */
export function refundablePayments(order: Pick<Order, 'transactions'>): { payment: Transaction; leftMinor: number }[] {
  const refunded = new Map<string, number>();
  for (const t of order.transactions) {
    if (t.kind.toUpperCase() !== 'REFUND' || !REFUND_TAKEN.has(t.status.toUpperCase())) continue;
    refunded.set(t.gateway, (refunded.get(t.gateway) ?? 0) + t.amount.amountMinor);
  }
  return order.transactions.filter(isPayment).map((payment) => {
    const taken = Math.min(payment.amount.amountMinor, refunded.get(payment.gateway) ?? 0);
    refunded.set(payment.gateway, (refunded.get(payment.gateway) ?? 0) - taken);
    return { payment, leftMinor: payment.amount.amountMinor - taken };
  });
}

/**
 * The refund's parent: the first payment with money left to refund. When none has (everything is
 * refunded, or the list is not what it seems) the first payment, as before: the policy and the
 * store's preview then refuse a refund with nothing behind it.
 */
function refundParent(order: Order): Transaction | undefined {
  const payments = refundablePayments(order);
  return (payments.find((p) => p.leftMinor > 0) ?? payments[0])?.payment;
}

/** Where a refund paid back, as the facts keep it: the shop's amount, the card's brand and last four digits. */
function refundPaymentFact(p: RefundPayment): NonNullable<OrderRefundFact['payments']>[number] {
  return {
    method: p.method,
    status: p.status,
    amountMinor: p.amount.amountMinor,
    processedAt: p.processedAt,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
  };
}

/** The line's variant and its product's variants, when the store names them (nothing otherwise: rows stay small). */
function variantFacts(li: Order['lineItems'][number]): Pick<OrderFacts['lineItems'][number], 'variant' | 'variants'> {
  const variants = li.product?.variants ?? [];
  return {
    ...(li.variant ? { variant: { id: li.variant.id, title: li.variant.title } } : {}),
    ...(variants.length > 0 && li.variant
      ? { variants: variants.map((v) => ({ id: v.id, title: v.title, sku: v.sku, unitPriceMinor: v.price.amountMinor, available: v.available })) }
      : {}),
  };
}

/**
 * `recentRefunds` (the customer's refunds across the store, from get_refund_history) is carried
 * as given; without it the facts have only the count.
 */
export function toOrderFacts(order: Order, refundsLast90Days: number, recentRefunds?: CustomerRefundFact[]): OrderFacts {
  const fulfilment = lineFulfilments(order);
  const parent = refundParent(order);
  return {
    orderId: order.id,
    orderNumber: order.number,
    placedAt: order.createdAt,
    currency: order.currency,
    customerId: order.customer?.id ?? null,
    customerEmail: order.customer?.email ?? null,
    lineItems: order.lineItems.map((li) => ({
      id: li.id,
      title: li.title,
      quantity: li.quantity,
      refundableQuantity: li.refundableQuantity,
      unitPriceMinor: li.unitPrice.amountMinor,
      fulfilledAt: fulfilment.get(li.id)?.fulfilledAt ?? null,
      fulfilledQuantity: fulfilment.get(li.id)?.fulfilledQuantity ?? 0,
      deliveredAt: fulfilment.get(li.id)?.deliveredAt ?? null,
      giftCard: li.giftCard === true,
      ...variantFacts(li),
      ...lineMoneyFacts(li),
    })),
    ...orderMoneyFacts(order),
    maximumRefundableMinor: order.maximumRefundable.amountMinor,
    parentTransaction: parent ? { id: parent.id, gateway: parent.gateway } : null,
    refunds: order.refunds.map((r) => ({
      refundId: r.id,
      createdAt: r.createdAt,
      amountMinor: r.amount.amountMinor,
      lineItems: r.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      ...(r.shipping ? { shippingMinor: r.shipping.amountMinor } : {}),
      ...(r.duties && r.duties.length > 0 ? { dutyIds: r.duties.flatMap((d) => (d.dutyId ? [d.dutyId] : [])) } : {}),
      ...(r.payments ? { payments: r.payments.map(refundPaymentFact) } : {}),
    })),
    ...presentmentFacts(order),
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt } : {}),
    refundsLast90Days,
    ...(recentRefunds ? { recentRefunds } : {}),
  };
}
