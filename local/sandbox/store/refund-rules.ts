// Shopify's refund arithmetic over one store order, with no server and no GraphQL: what remains
// refundable (per line, and on the order net of every refund), the suggested refund for some
// units, the financial status, and the @idempotent replay rule. The sandbox store and, in-process,
// the unit tests' fake transport share this one set of rules.
import { paymentsOf } from './payments.js';
import type { StoreLineItem, StoreOrder } from './state.js';

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

/** The order total (its lines) less every refund, amount-only ones included; never above what was received. */
export function maximumRefundableMinor(order: StoreOrder): number {
  const total = order.lineItems.reduce((n, li) => n + li.unitPriceMinor * li.quantity, 0);
  const refunded = order.refunds.reduce((n, r) => n + r.amountMinor, 0);
  return Math.max(0, Math.min(total, receivedMinor(order)) - refunded);
}

export interface SuggestedRefund {
  /** Only lines with units left to refund; unknown lines are dropped, as Shopify does. */
  lines: { lineItemId: string; quantity: number; subtotalMinor: number }[];
  subtotalMinor: number;
  /** The subtotal capped by the order-level remainder. */
  amountMinor: number;
  maximumRefundableMinor: number;
}

/** Shopify's Order.suggestedRefund: each asked quantity capped by what the line has left, the sum by the order's remainder. */
export function suggestRefund(order: StoreOrder, requested: { lineItemId: string; quantity: number }[]): SuggestedRefund {
  const lines = requested.flatMap((req) => {
    const item = order.lineItems.find((li) => li.id === req.lineItemId);
    if (!item) return [];
    const quantity = Math.min(req.quantity, refundableQuantity(order, item));
    return quantity > 0 ? [{ lineItemId: item.id, quantity, subtotalMinor: item.unitPriceMinor * quantity }] : [];
  });
  const subtotalMinor = lines.reduce((n, l) => n + l.subtotalMinor, 0);
  // Amount-only refunds lower the order's remainder without touching any line.
  const max = maximumRefundableMinor(order);
  return { lines, subtotalMinor, amountMinor: Math.min(subtotalMinor, max), maximumRefundableMinor: max };
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
