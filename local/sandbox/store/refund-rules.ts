// Shopify's refund arithmetic over one store order, with no server and no GraphQL: what remains
// refundable (per line, and on the order net of every refund), the suggested refund for some
// units, shipping and duties (docs/sandbox-money.md section 5), the financial status, and the
// @idempotent replay rule. The sandbox store and, in-process, the unit tests' fake transport share
// this one set of rules.
import { orderTotalMinor as ledgerTotalMinor } from './ledger.js';
import { ledgerOf, type Which } from './order-money.js';
import { paymentsOf } from './payments.js';
import { cappedLines, lineRefundedInFull, refundFigures, shippingLeftMinor, type StoreShippingAsk } from './refunds.js';
import type { StoreLineItem, StoreOrder, StoreTransaction } from './state.js';

export function refundedQuantity(order: StoreOrder, lineItemId: string): number {
  return order.refunds
    .flatMap((r) => r.lines)
    .filter((l) => l.lineItemId === lineItemId)
    .reduce((n, l) => n + l.quantity, 0);
}

export function refundableQuantity(order: StoreOrder, item: StoreLineItem): number {
  return item.quantity - refundedQuantity(order, item.id);
}

/** What the order's payments took in: its sales and captures (a gift card's part included). */
export function receivedMinor(order: StoreOrder): number {
  return paymentsOf(order).reduce((n, t) => n + t.amountMinor, 0);
}

export function refundedMinor(order: StoreOrder): number {
  return order.transactions.filter((t) => t.kind === 'REFUND').reduce((n, t) => n + t.amountMinor, 0);
}

/** Shopify's displayFinancialStatus from the order's payments: PAID until refunds pay back what was received. */
export function financialStatus(order: StoreOrder): 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' {
  const refunded = refundedMinor(order);
  if (refunded === 0) return 'PAID';
  return refunded >= receivedMinor(order) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** The order's total (docs/sandbox-money.md section 3: lines after discounts, tax, shipping, duties, tip) in one currency. */
export const orderTotalMinor = (order: StoreOrder, which: Which = 'shop'): number => ledgerTotalMinor(ledgerOf(order, which));

const transactionIn = (which: Which) => (t: StoreTransaction) => (which === 'presentment' ? (t.presentmentAmountMinor ?? t.amountMinor) : t.amountMinor);

/**
 * What the order still has to refund in one currency: what its payments took in (never above its
 * total) less every refund, amount-only ones included. The tip is in it.
 */
export function maximumRefundableIn(order: StoreOrder, which: Which): number {
  const received = paymentsOf(order).reduce((n, t) => n + transactionIn(which)(t), 0);
  const refunded = order.refunds.reduce((n, r) => n + (which === 'presentment' ? (r.presentmentAmountMinor ?? r.amountMinor) : r.amountMinor), 0);
  return Math.max(0, Math.min(orderTotalMinor(order, which), received) - refunded);
}

export const maximumRefundableMinor = (order: StoreOrder): number => maximumRefundableIn(order, 'shop');

/** A duty asked back, as suggestedRefund and refundCreate take it (RefundDutyInput). */
export type DutyAsk = { dutyId: string; refundType?: 'FULL' | 'PROPORTIONAL' | null };

/** What suggestedRefund is asked beside lines: shipping (all of it, or an amount) and duties. */
export interface SuggestOptions {
  shipping?: StoreShippingAsk;
  duties?: readonly DutyAsk[];
}

export interface SuggestedRefund {
  /** Only lines with units left to refund; unknown lines are dropped, as Shopify does. */
  lines: { lineItemId: string; quantity: number; subtotalMinor: number; totalTaxMinor: number }[];
  /** Σ of the lines' prorated discounted totals. */
  subtotalMinor: number;
  /** The lines' tax and the shipping's (reported, not added, when prices include tax). */
  totalTaxMinor: number;
  /** The shipping refunded (before tax) and its tax; the shipping left before tax. */
  shipping: { amountMinor: number; taxMinor: number; maximumRefundableMinor: number };
  /** The asked duties not refunded yet. */
  duties: { dutyId: string; amountMinor: number }[];
  dutiesMinor: number;
  /** Subtotal, shipping, duties and (prices excluding tax) tax, capped by the order's remainder. */
  amountMinor: number;
  maximumRefundableMinor: number;
}

/**
 * Shopify's Order.suggestedRefund in one currency: each asked quantity capped by what the line has
 * left, the shipping left when asked, the asked duties not refunded yet; the sum capped by the order's
 * remainder. A PROPORTIONAL duty counts only on a line the suggestion refunds in full (refunds.ts).
 */
export function suggestRefundIn(
  order: StoreOrder,
  requested: readonly { lineItemId: string; quantity: number }[],
  options: SuggestOptions,
  which: Which,
): SuggestedRefund {
  const refundable = (item: StoreLineItem) => refundableQuantity(order, item);
  const asked = cappedLines(order, requested, refundable);
  const dutyIds = (options.duties ?? [])
    .filter((d) => d.refundType !== 'PROPORTIONAL' || lineRefundedInFull(order, d.dutyId, asked, refundable))
    .map((d) => d.dutyId);
  const figures = refundFigures(order, { lines: asked, shipping: options.shipping ?? null, dutyIds });
  const parts = which === 'shop' ? figures.shop : figures.paid;
  const max = maximumRefundableIn(order, which);
  const ids = order.lineItems.map((li) => li.id);
  const dutyIdOf = (index: number) => order.lineItems[index]!.duty!.id;
  return {
    lines: parts.lines.map((l) => ({ lineItemId: ids[l.index]!, quantity: l.quantity, subtotalMinor: l.subtotalMinor, totalTaxMinor: l.taxMinor })),
    subtotalMinor: parts.subtotalMinor,
    totalTaxMinor: parts.lineTaxMinor + parts.shippingTaxMinor,
    shipping: { amountMinor: parts.shippingMinor, taxMinor: parts.shippingTaxMinor, maximumRefundableMinor: shippingLeftMinor(order, which) },
    duties: parts.duties.map((d) => ({ dutyId: dutyIdOf(d.index), amountMinor: d.amountMinor })),
    dutiesMinor: parts.dutiesMinor,
    // Amount-only refunds lower the order's remainder without touching any line.
    amountMinor: Math.min(parts.worthMinor, max),
    maximumRefundableMinor: max,
  };
}

/** suggestRefundIn in the shop's currency. */
export function suggestRefund(
  order: StoreOrder,
  requested: readonly { lineItemId: string; quantity: number }[],
  options: SuggestOptions = {},
): SuggestedRefund {
  return suggestRefundIn(order, requested, options, 'shop');
}

/** A key already used with other parameters: Shopify's IDEMPOTENCY_KEY_PARAMETER_MISMATCH. */
export class IdempotencyKeyMismatchError extends Error {
  override readonly name = 'IdempotencyKeyMismatchError';
  constructor(readonly key: string) {
    super('The idempotency key was already used with different parameters.');
  }
}

/**
 * Shopify's @idempotent: the same key with the same input answers what the first call created,
 * the same key with another input is refused. Returns undefined for a key not seen yet.
 */
export function replayIdempotent<T>(keys: ReadonlyMap<string, { fingerprint: string; refund: T }>, key: string, input: unknown): T | undefined {
  const seen = keys.get(key);
  if (!seen) return undefined;
  if (seen.fingerprint !== canonicalJson(input)) throw new IdempotencyKeyMismatchError(key);
  return seen.refund;
}

/** The input's fingerprint: JSON with sorted keys, undefined fields dropped. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
